import { loadDemoData } from '../features/demo-data/load-demo-data.ts';
import { bearer, createAdminUser, insertClientBooking, NOW, signIn } from './admin-test-kit.ts';
import { createTestApp, TEST_NOTES } from './test-app.ts';
import { type Backend, createTestDatabase } from './test-database.ts';

export const KAVYA = { fullName: 'Kavya Sharma', email: 'Kavya.Sharma@example.com', mobile: '9876543210' };
export const RAVI = { fullName: 'Ravi Iyer', email: 'ravi@example.com', mobile: '9123456780' };

/**
 * The demo clinic with Kavya's and Ravi's sessions, a superadmin (boss) and a desk admin signed
 * in, and the calls the privacy desk tests make (as the boss unless told). `close` ends app and
 * database.
 */
export async function startPrivacyDesk(backend: Backend) {
  const db = await createTestDatabase(backend);
  await loadDemoData(db, { now: NOW });
  const { app, close: closeApp } = await createTestApp(db, { now: () => NOW });
  await createAdminUser(db, 'boss@example.com', { superadmin: true });
  await createAdminUser(db, 'desk@example.com');
  const boss = await signIn(app, 'boss@example.com');
  const admin = await signIn(app, 'desk@example.com');
  // Kavya: two paid past sessions (one with a note), a cancelled one; Ravi: one paid session.
  const client = (who: typeof KAVYA, note?: string) => ({
    ...who,
    note: note ? TEST_NOTES.seal(note) : null,
  });
  await insertClientBooking(db, {
    therapistId: 1,
    bookingDate: '2026-11-02',
    startTime: '10:00',
    client: client(KAVYA, 'Sleep trouble'),
  });
  await insertClientBooking(db, {
    therapistId: 2,
    bookingDate: '2026-11-09',
    startTime: '11:00',
    client: client(KAVYA),
  });
  await insertClientBooking(db, {
    therapistId: 1,
    bookingDate: '2026-11-16',
    startTime: '12:00',
    paymentStatus: 'CANCELLED',
    client: client(KAVYA),
  });
  await insertClientBooking(db, {
    therapistId: 1,
    bookingDate: '2026-11-09',
    startTime: '12:00',
    client: client(RAVI),
  });

  const get = (url: string, token = boss) => app.inject({ url, headers: bearer(token) });
  const post = (url: string, payload: object, token = boss) =>
    app.inject({ method: 'POST', url, payload, headers: bearer(token) });

  async function close() {
    await closeApp();
    await db.drop();
  }
  return { db, close, admin, get, post };
}

export type PrivacyDesk = Awaited<ReturnType<typeof startPrivacyDesk>>;
