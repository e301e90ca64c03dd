import { bearer, createAdminUser, JWT_SECRET, NOW, signIn } from './admin-test-kit.ts';
import { createDemoTestApp } from './test-app.ts';
import type { Backend } from './test-database.ts';

export const TOMORROW = '2026-11-23';

type AuditEntry = {
  action: string;
  actor_admin_id: number;
  actor_label: string;
  therapist_id: number;
  details: object;
};

/** The demo clinic with one signed-in admin, and the calls the admin action tests make. */
export async function startAdminActions(backend: Backend) {
  const { db, app, close } = await createDemoTestApp(backend, { now: () => NOW, env: { JWT_SECRET } });
  const adminId = await createAdminUser(db, 'staff@example.com');
  const token = await signIn(app, 'staff@example.com');

  const post = (url: string, payload?: object) =>
    app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const get = (url: string) => app.inject({ method: 'GET', url, headers: bearer(token) });
  const block = (therapist_id: number, date: string, start_time: string) =>
    post('/api/admin/availability/block', { therapist_id, date, start_time });
  const heldSlots = async (therapistId: number) =>
    (await app.inject({ method: 'GET', url: `/booked-slots?therapist_id=${therapistId}` })).json();
  const auditOf = async (bookingId: number) =>
    (
      await db.query<AuditEntry>(
        'SELECT action, actor_admin_id, actor_label, therapist_id, details FROM audit_log WHERE booking_id = $1 ORDER BY id',
        [bookingId],
      )
    ).rows;
  return { db, app, close, adminId, post, get, block, heldSlots, auditOf };
}

export type AdminActionsKit = Awaited<ReturnType<typeof startAdminActions>>;
