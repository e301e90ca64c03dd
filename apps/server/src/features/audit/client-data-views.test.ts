import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdminUser, insertClientBooking, NOW, signIn } from '../../test/admin-test-kit.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { loadDemoData } from '../demo-data/load-demo-data.ts';

/** Issue 14: every admin view of a client's data is written to the audit log, never the data. */
describe('the audit of client data views', () => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let token: string;
  let bookingId: number;

  beforeAll(async () => {
    db = await createTestDatabase('pglite');
    await loadDemoData(db, { now: NOW });
    ({ app, close } = await createTestApp(db, { now: () => NOW }));
    await createAdminUser(db, 'viewer@example.com');
    token = await signIn(app, 'viewer@example.com');
    ({ id: bookingId } = await insertClientBooking(db, {
      therapistId: 1,
      bookingDate: '2026-11-24',
      startTime: '10:00',
      client: { fullName: 'Kavya Sharma', email: 'kavya@example.com', mobile: '9876543210' },
    }));
  });
  afterAll(async () => {
    await close();
    await db.drop();
  });

  /** The view entries written since `afterId`, once the answer's hook has run. */
  async function viewsAfter(afterId: number) {
    for (let tries = 0; tries < 50; tries++) {
      const { rows } = await db.query<{
        id: number;
        actor_label: string;
        booking_id: number | null;
        details: object;
      }>(
        "SELECT id::int AS id, actor_label, booking_id, details FROM audit_log WHERE action = 'client_data.view' AND id > $1 ORDER BY id",
        [afterId],
      );
      if (rows.length > 0 || tries === 49) return rows;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return [];
  }
  const lastId = async () =>
    (await db.query<{ id: number }>('SELECT COALESCE(max(id), 0)::int AS id FROM audit_log')).rows[0]!.id;

  it('records who looked at which view, and the booking for one booking, without the search', async () => {
    let from = await lastId();
    const searched = await app.inject({ url: '/api/admin/bookings?q=kavya', headers: bearer(token) });
    expect(searched.statusCode).toBe(200);
    const entries = await viewsAfter(from);
    expect(entries.map(({ actor_label, details }) => ({ actor_label, details }))).toEqual([
      { actor_label: 'viewer@example.com', details: { view: 'bookings' } },
    ]);
    expect(JSON.stringify(entries)).not.toMatch(/kavya/i);

    from = await lastId();
    expect(
      (await app.inject({ url: `/api/admin/bookings/${bookingId}`, headers: bearer(token) })).statusCode,
    ).toBe(200);
    const one = await viewsAfter(from);
    expect(one.map(({ booking_id, details }) => ({ booking_id, details }))).toEqual([
      { booking_id: bookingId, details: { view: 'booking' } },
    ]);
  });

  it('records nothing for reads without client data, refused reads, or a visitor', async () => {
    const from = await lastId();
    await app.inject({ url: '/api/admin/therapists', headers: bearer(token) });
    await app.inject({ url: '/api/admin/bookings' }); // 401
    await app.inject({ url: '/api/admin/bookings/999999', headers: bearer(token) }); // 404
    await app.inject('/booked-slots?therapist_id=1');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const { rows } = await db.query("SELECT 1 FROM audit_log WHERE action = 'client_data.view' AND id > $1", [
      from,
    ]);
    expect(rows).toEqual([]);
  });
});
