import { bearer, createAdminUser, JWT_SECRET, NOW, signIn } from './admin-test-kit.ts';
import { createDemoTestApp } from './test-app.ts';
import type { Backend, TestDatabase } from './test-database.ts';

/**
 * The demo clinic on Sunday 2026-11-22 09:30 in Kolkata, a superadmin and a staff admin, and
 * calls as either. Demo schedules: Asha Menon (1, online) every day 09:00–12:45 and 14:00–19:45,
 * Priya Nair (3, West Branch) Monday to Friday 08:00–13:45, Dr.Meera Joshi (7) on leave Wed 25.
 */
export async function scheduleTestApp(backend: Backend) {
  const testApp = await createDemoTestApp(backend, { now: () => NOW, env: { JWT_SECRET } });
  const { app, db } = testApp;
  await createAdminUser(db, 'owner@example.com', { superadmin: true });
  await createAdminUser(db, 'staff@example.com');
  const owner = await signIn(app, 'owner@example.com');
  const staff = await signIn(app, 'staff@example.com');
  const call =
    (token: string) => (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
      app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  return { ...testApp, asOwner: call(owner), asStaff: call(staff) };
}

export type ScheduleTestApp = Awaited<ReturnType<typeof scheduleTestApp>>;

/** The audit entries of an action, oldest first. */
export async function auditRows(db: TestDatabase, action: string) {
  const { rows } = await db.query<{
    actor_label: string;
    therapist_id: number | null;
    details: Record<string, unknown>;
  }>('SELECT actor_label, therapist_id, details FROM audit_log WHERE action = $1 ORDER BY id', [action]);
  return rows;
}
