import { CREATED_STATES } from '@therapy/shared/booking-states';
import { zonedNow } from '@therapy/shared/clinic-time';
import type { ManualBookingResult, ValidManualBooking } from '@therapy/shared/manual-booking-schemas';
import type { SeriesRepeat } from '@therapy/shared/series-schemas';
import type { Database } from '../../db/database.ts';
import type { AdminPrincipal } from '../admin-auth/admin-guard.ts';
import { insertAudit } from '../audit/audit-repo.ts';
import { bookSeries } from '../bookings/book-series.ts';
import { type BookingRequest, checkBookingRequest } from '../bookings/booking-policy.ts';
import type { NoteCipher } from '../bookings/note-cipher.ts';
import { occurrencesOf, type SeriesLimits } from '../bookings/series-service.ts';

/**
 * The front desk's "Repeat weekly…" in Manual Booking (decision 055): a standing appointment for
 * a client on the phone, booked all or nothing like the visitor's (book-series.ts), each session
 * audited as a manual booking of its series.
 */
export async function createManualSeries(
  db: Database,
  input: {
    admin: AdminPrincipal;
    booking: ValidManualBooking;
    request: BookingRequest;
    repeat: SeriesRepeat;
    notes: NoteCipher;
    limits: SeriesLimits;
    now: Date;
    clinicTimeZone: string;
  },
): Promise<ManualBookingResult> {
  const { admin, booking, request, repeat } = input;
  const clock = zonedNow(input.clinicTimeZone, input.now);
  const occurrences = occurrencesOf(
    repeat,
    { date: request.bookingDate, time: request.startTime },
    input.limits,
  );
  const checked = await checkBookingRequest(db, request, clock, { slot: false });
  const paymentStatus = CREATED_STATES.admin[booking.bookingType];
  const booked = await db.transaction(async (tx) => {
    const made = await bookSeries(
      tx,
      request,
      checked,
      {
        source: 'admin',
        client: {
          fullName: booking.clientFullName,
          email: booking.clientEmail,
          mobile: booking.clientMobile,
          note: input.notes.seal(booking.clientNote),
        },
        now: input.now,
        adminId: admin.id,
        amountPaise: booking.amountPaise,
        adminConfirmed: booking.adminConfirmed,
        receiptClock: { timeZone: input.clinicTimeZone, now: () => input.now },
      },
      { everyWeeks: repeat.every_weeks, patternCount: repeat.count, pay: 'each', occurrences },
      clock,
    );
    for (const [index, created] of made.bookings.entries()) {
      await insertAudit(tx, {
        actorAdminId: admin.id,
        actorLabel: admin.email,
        bookingId: created.id,
        therapistId: booking.therapistId,
        action: 'booking.manual_create',
        details: {
          booking_date: occurrences[index]!.booking_date,
          start_time: occurrences[index]!.booking_time_slot_start,
          booking_type: booking.bookingType,
          payment_status: paymentStatus,
          amount_paise: booking.amountPaise,
          location_id: booking.locationId,
          series_id: made.seriesId,
        },
      });
    }
    return made;
  });
  const ids = booked.bookings.map((created) => created.id);
  return {
    booking_id: ids[0]!,
    payment_status: paymentStatus,
    message: `Standing appointment of ${ids.length} sessions created successfully!`,
    series_id: booked.seriesId,
    booking_ids: ids,
  };
}
