import { bearer, createAdminUser, insertClientBooking, JWT_SECRET, NOW, signIn } from './admin-test-kit.ts';
import { createDemoTestApp } from './test-app.ts';
import type { Backend } from './test-database.ts';

// NOW is 2026-11-22 09:30 in Kolkata: a 09:00 session has started, an 11:00 one has not.
export const CLIENT = { fullName: 'Kavya Sharma', email: 'kavya@example.com', mobile: '9876543210' };

/** The demo clinic with an admin and a superadmin signed in, and what the front desk tests ask of it. */
export async function startFrontDesk(backend: Backend) {
  const { db, app, close } = await createDemoTestApp(backend, { now: () => NOW, env: { JWT_SECRET } });
  await createAdminUser(db, 'staff@example.com');
  await createAdminUser(db, 'boss@example.com', { superadmin: true });
  const staff = await signIn(app, 'staff@example.com');
  const boss = await signIn(app, 'boss@example.com');

  const post = (token: string, url: string, payload?: object) =>
    app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const get = async (url: string) => (await app.inject({ method: 'GET', url, headers: bearer(boss) })).json();
  const inPerson = (bookingDate: string, startTime = '10:00', change: object = {}) =>
    insertClientBooking(db, {
      therapistId: 1,
      bookingDate,
      startTime,
      bookingType: 'OFFLINE',
      paymentStatus: 'PENDING',
      locationId: 1,
      client: CLIENT,
      ...change,
    });
  const statusOf = async (id: number) =>
    (await db.query<{ payment_status: string }>('SELECT payment_status FROM bookings WHERE id = $1', [id]))
      .rows[0]!.payment_status;
  const auditOf = async (id: number) =>
    (
      await db.query<{ action: string; actor_label: string; details: Record<string, unknown> }>(
        'SELECT action, actor_label, details FROM audit_log WHERE booking_id = $1 ORDER BY id',
        [id],
      )
    ).rows;
  const totals = async (date: string) => {
    const inventory = await get(`/api/admin/reports/inventory?from=${date}&to=${date}`);
    const income = await get(`/api/admin/income?from=${date}&to=${date}`);
    const eod = await get(`/api/admin/reports/eod?report_date=${date}`);
    const monthly = await get('/api/admin/reports/therapist-monthly?year=2026&month=11');
    const therapist = monthly.therapist_performance.find(
      (row: { therapist_id: number }) => row.therapist_id === 1,
    );
    return {
      inventory: inventory.total_amount,
      income: income.total_amount,
      eod: eod.total_income_today,
      eodCompleted: eod.completed_bookings_today,
      monthly: therapist.total_income,
      completed: therapist.completed_sessions,
      missed: therapist.missed_or_cancelled_sessions,
    };
  };
  return { db, close, staff, boss, post, get, inPerson, statusOf, auditOf, totals };
}

export type FrontDeskKit = Awaited<ReturnType<typeof startFrontDesk>>;
