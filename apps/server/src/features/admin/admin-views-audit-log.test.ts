import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminViewsKit, startAdminViews } from '../../test/admin-views-kit.ts';
import { backends } from '../../test/test-database.ts';

describe.each(backends)('admin views on %s', (backend) => {
  let close: () => Promise<void>;
  let bossToken: string;
  let ids: AdminViewsKit['ids'];
  let get: AdminViewsKit['get'];

  beforeAll(async () => {
    ({ close, bossToken, ids, get } = await startAdminViews(backend));
  });
  afterAll(() => close());

  it('shows superadmins the audit log, newest first, and refuses it to admins', async () => {
    expect((await get('/api/admin/audit-log')).statusCode).toBe(403);
    const entries = (await get('/api/admin/audit-log', bossToken)).json().items;
    // The views of client data this file's tests made are audited too (issue 14); the newest change:
    expect(entries.find((e: { action: string }) => e.action !== 'client_data.view')).toMatchObject({
      action: 'slot.block',
      actor_label: 'staff@example.com',
      booking_id: ids.block,
      therapist_id: 5,
    });
    expect(entries.map((e: { action: string }) => e.action)).toContain('admin.login');
    expect(entries.map((e: { action: string }) => e.action)).toContain('admin_user.create');
    const times = entries.map((e: { at: string }) => e.at);
    expect(times).toEqual([...times].sort().reverse());
    const first = (await get('/api/admin/audit-log?limit=2', bossToken)).json();
    expect(first.items).toEqual(entries.slice(0, 2));
    const second = (await get(`/api/admin/audit-log?limit=2&cursor=${first.next_cursor}`, bossToken)).json();
    expect(second.items).toEqual(entries.slice(2, 4));
    expect((await get('/api/admin/audit-log?limit=500', bossToken)).statusCode).toBe(400);
  });
});
