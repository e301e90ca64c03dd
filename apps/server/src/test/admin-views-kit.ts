import { bearer, createAdminUser, insertClientBooking, JWT_SECRET, NOW, signIn } from './admin-test-kit.ts';
import { createDemoTestApp } from './test-app.ts';
import type { Backend } from './test-database.ts';

export const DAY = '2026-11-25';

/**
 * The demo clinic with an admin and a superadmin signed in, and on DAY one booking of each kind
 * for therapist 5 (plus one for therapist 1 on another day), which every admin view test reads.
 */
export async function startAdminViews(backend: Backend) {
  const { db, app, close } = await createDemoTestApp(backend, { now: () => NOW, env: { JWT_SECRET } });
  await createAdminUser(db, 'staff@example.com');
  await createAdminUser(db, 'boss@example.com', { superadmin: true });
  const token = await signIn(app, 'staff@example.com');
  const bossToken = await signIn(app, 'boss@example.com');
  const ids: Record<string, number> = {};

  // Therapist 5 (in person, East Branch, full day) on DAY: one of each kind of booking.
  const client = (fullName: string, email: string, mobile: string) => ({
    client: { fullName, email, mobile },
  });
  const at = (startTime: string) => ({ therapistId: 5, bookingDate: DAY, startTime, locationId: 2 });
  ids.paid = (
    await insertClientBooking(db, {
      ...at('09:00:00'),
      bookingType: 'OFFLINE',
      ...client('Anita Desai', 'anita@example.com', '9000000001'),
    })
  ).id;
  ids.pending = (
    await insertClientBooking(db, {
      ...at('10:00:00'),
      bookingType: 'OFFLINE',
      paymentStatus: 'PENDING',
      ...client('Anita Desai', 'ANITA@example.com', '9000000001'),
    })
  ).id;
  ids.failed = (
    await insertClientBooking(db, {
      ...at('11:00:00'),
      paymentStatus: 'FAILED',
      ...client('Bharat Singh', 'bharat@example.com', '9000000002'),
    })
  ).id;
  ids.cancelled = (
    await insertClientBooking(db, {
      ...at('12:00:00'),
      ...client('Chitra 100%_Rao', 'chitra@example.com', '9000000003'),
    })
  ).id;
  await db.query("UPDATE bookings SET cancelled = true, payment_status = 'CANCELLED' WHERE id = $1", [
    ids.cancelled,
  ]);
  ids.initiated = (
    await insertClientBooking(db, {
      ...at('14:00:00'),
      locationId: null,
      paymentStatus: 'INITIATED',
      ...client('Deepak Anand', 'deepak@example.com', '9000000004'),
    })
  ).id;
  const blocked = await app.inject({
    method: 'POST',
    url: '/api/admin/availability/block',
    headers: bearer(token),
    payload: { therapist_id: 5, date: DAY, start_time: '15:00' },
  });
  ids.block = blocked.json().booking_id;
  ids.other = (
    await insertClientBooking(db, {
      therapistId: 1,
      bookingDate: '2026-12-01',
      startTime: '09:00:00',
      ...client('Esha Gupta', 'esha@example.com', '9000000005'),
    })
  ).id;

  const get = (url: string, as = token) => app.inject({ method: 'GET', url, headers: bearer(as) });
  return { db, app, close, bossToken, ids, get };
}

export type AdminViewsKit = Awaited<ReturnType<typeof startAdminViews>>;
