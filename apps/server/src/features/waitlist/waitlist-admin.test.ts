import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createAdminUser,
  insertClientBooking,
  JWT_SECRET,
  NOW,
  signIn,
} from '../../test/admin-test-kit.ts';
import { createDemoTestApp } from '../../test/test-app.ts';
import { backends, type TestDatabase } from '../../test/test-database.ts';
import { join, offersOf, testSweep } from '../../test/waitlist-kit.ts';

/** The admins' waitlist (list, remove, audited) and the privacy desk's export and erasure of it. */
describe.each(backends)('the waitlist for admins on %s', (backend) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let admin: string;
  let boss: string;

  beforeAll(async () => {
    ({ db, app, close } = await createDemoTestApp(backend, { now: () => NOW, env: { JWT_SECRET } }));
    await createAdminUser(db, 'line-desk@example.com');
    await createAdminUser(db, 'line-boss@example.com', { superadmin: true });
    admin = await signIn(app, 'line-desk@example.com');
    boss = await signIn(app, 'line-boss@example.com');
  });
  afterAll(() => close());

  const audit = async (action: string) =>
    (
      await db.query<{ actor_label: string; details: Record<string, unknown> }>(
        'SELECT actor_label, details FROM audit_log WHERE action = $1 ORDER BY id',
        [action],
      )
    ).rows;

  it('lists each line in join order, paged, audited, and removes an entry, freeing its held slot', async () => {
    for (const start of ['09:00', '10:00', '11:00']) {
      await insertClientBooking(db, { therapistId: 1, bookingDate: '2026-11-23', startTime: start });
    }
    const a = await join(app, { client_email: 'a@example.com', client_full_name: 'Asha A' });
    const b = await join(app, { client_email: 'b@example.com', times_of_day: ['afternoon'] });
    const c = await join(app, { client_email: 'c@example.com' });
    // b is offered an afternoon slot (therapist 1's afternoon of that day is open).
    expect(await testSweep(db).run(NOW)).toBe(1);

    expect((await app.inject('/api/admin/waitlist')).statusCode).toBe(401);
    const first = await app.inject({
      url: '/api/admin/waitlist?therapist_id=1&limit=2',
      headers: bearer(admin),
    });
    expect(first.statusCode, first.body).toBe(200);
    const page = first.json();
    expect(page.items.map((item: { id: number }) => item.id)).toEqual([a.id, b.id]);
    expect(page.items[0]).toMatchObject({
      client_full_name: 'Asha A',
      client_email: 'a@example.com',
      client_mobile: '9876500001',
      position: 1,
      preferred_dates: ['2026-11-23'],
      times_of_day: ['morning'],
      status: 'waiting',
      offers_made: 0,
      latest_offer: null,
    });
    expect(page.items[1].latest_offer).toMatchObject({ booking_date: '2026-11-23', outcome: 'open' });
    const rest = await app.inject({
      url: `/api/admin/waitlist?therapist_id=1&limit=2&cursor=${page.next_cursor}`,
      headers: bearer(admin),
    });
    expect(rest.json()).toMatchObject({ items: [{ id: c.id, position: 3 }], next_cursor: null });
    const bad = await app.inject({ url: '/api/admin/waitlist?cursor=zz', headers: bearer(admin) });
    expect(bad.statusCode).toBe(400);
    expect((await audit('client_data.view')).map((row) => row.details)).toContainEqual({ view: 'waitlist' });

    // Removing b withdraws its offer and gives the held slot back.
    const [offer] = await offersOf(db, b.id);
    expect((await app.inject({ method: 'DELETE', url: `/api/admin/waitlist/${b.id}` })).statusCode).toBe(401);
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/admin/waitlist/${b.id}`,
      headers: bearer(admin),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ id: b.id, status: 'removed' });
    expect((await offersOf(db, b.id))[0]?.outcome).toBe('withdrawn');
    const held = await db.query<{ payment_status: string }>(
      'SELECT payment_status FROM bookings WHERE id = $1',
      [offer!.booking_id],
    );
    expect(held.rows[0]!.payment_status).toBe('FAILED');
    expect(await audit('waitlist.remove')).toEqual([
      { actor_label: 'line-desk@example.com', details: { entry_id: b.id, offers_withdrawn: 1 } },
    ]);
    const again = await app.inject({
      method: 'DELETE',
      url: `/api/admin/waitlist/${b.id}`,
      headers: bearer(admin),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: `Waitlist entry ${b.id} is no longer waiting (removed).` });
    const missing = await app.inject({
      method: 'DELETE',
      url: '/api/admin/waitlist/999999',
      headers: bearer(admin),
    });
    expect(missing.json()).toEqual({ detail: 'Waitlist entry 999999 not found' });
    const line = await app.inject({ url: '/api/admin/waitlist?therapist_id=1', headers: bearer(admin) });
    expect(line.json().items.map((item: { position: number }) => item.position)).toEqual([1, 2]);
  });

  it('exports and erases a client’s waitlist places at the privacy desk', async () => {
    const place = await join(app, {
      therapist_id: 2,
      client_email: 'Private.Person@example.com',
      client_mobile: '9000000077',
      preferred_dates: ['2026-11-30'],
      times_of_day: ['evening'],
    });
    const exported = await app.inject({
      url: '/api/admin/privacy/export?mobile=%2B91%2090000%2000077',
      headers: bearer(boss),
    });
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.json().waitlist_entries).toEqual([
      expect.objectContaining({
        entry_id: place.id,
        therapist_name: 'Mr.Rohan Kapoor',
        client_email: 'Private.Person@example.com',
        preferred_dates: ['2026-11-30'],
        status: 'waiting',
        terms_version: '1',
      }),
    ]);

    const erased = await app.inject({
      method: 'POST',
      url: '/api/admin/privacy/erase',
      payload: { email: 'private.person@example.com' },
      headers: bearer(boss),
    });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json()).toMatchObject({ erased_bookings: 0, erased_waitlist_entries: 1 });
    const { rows } = await db.query(
      'SELECT client_full_name, client_email, client_mobile, status FROM waitlist_entries WHERE id = $1',
      [place.id],
    );
    expect(rows[0]).toEqual({
      client_full_name: '[erased]',
      client_email: null,
      client_mobile: null,
      status: 'removed',
    });
    const after = await app.inject({
      url: '/api/admin/privacy/export?email=private.person@example.com',
      headers: bearer(boss),
    });
    expect(after.json().waitlist_entries).toEqual([]);
  });
});
