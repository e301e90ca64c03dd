import { BOOKING_SUBSCRIBERS } from '../booking-subscribers.ts';
import type { Database } from '../db/database.ts';
import { dispatch } from '../features/bookings/booking-events.ts';
import { insertBooking } from '../features/bookings/bookings-repo.ts';

const SLOTS_PER_DAY = 10;

/**
 * A burst of confirmation e-mails, as a busy day of confirmed bookings leaves them in the outbox:
 * `bookings` in-person bookings of demo therapist 3 (Priya Nair, West Branch), each with its
 * client's confirmation and the therapist's notice queued by the reactions to its confirmation.
 * One transaction, so a running worker sees the whole burst at once. Returns the client
 * addresses, one per booking (`burst-<n>@example.com`).
 */
export async function queueConfirmationBurst(db: Database, bookings: number): Promise<string[]> {
  const clients = Array.from({ length: bookings }, (_, n) => `burst-${n}@example.com`);
  await db.transaction(async (tx) => {
    for (const [n, email] of clients.entries()) {
      const day = new Date(Date.UTC(2027, 0, 1 + Math.floor(n / SLOTS_PER_DAY)));
      const hour = String(8 + (n % SLOTS_PER_DAY)).padStart(2, '0');
      const booking = await insertBooking(tx, {
        therapistId: 3,
        serviceId: 1,
        bookingDate: day.toISOString().slice(0, 10),
        startTime: `${hour}:00:00`,
        endTime: `${hour}:45:00`,
        bookingType: 'OFFLINE',
        paymentStatus: 'COMPLETED',
        client: { fullName: `Burst Client ${n}`, email, mobile: '9876543210' },
        termsAccepted: true,
        locationId: 1,
        amountPaise: 100_000,
        therapistEmail: null,
      });
      await dispatch(tx, BOOKING_SUBSCRIBERS, 'booking.confirmed', {
        booking_id: booking.id,
        meeting_link_missing: false,
      });
    }
  });
  return clients;
}
