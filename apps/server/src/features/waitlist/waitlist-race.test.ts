import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPostgres } from '../../db/database.ts';
import { insertClientBooking, JWT_SECRET, NOW } from '../../test/admin-test-kit.ts';
import { createDemoTestApp } from '../../test/test-app.ts';
import { backends, type TestDatabase } from '../../test/test-database.ts';
import { join, testSweep } from '../../test/waitlist-kit.ts';

const DAY = '2026-11-23';

/**
 * Two job workers sweeping at once (on PostgreSQL, two server instances' pools on one database)
 * never offer one slot twice nor give one person two offers, and keep the line's order.
 */
describe.each(backends)('concurrent waitlist sweeps on %s', (backend) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let other: Database;

  beforeAll(async () => {
    ({ db, app, close } = await createDemoTestApp(backend, { now: () => NOW, env: { JWT_SECRET } }));
    other = backend === 'postgres' ? await openPostgres(db.url!, { max: 10 }) : db;
  });
  afterAll(async () => {
    if (other !== db) await other.close();
    await close();
  });

  it('offers each freed slot once, to the first people in the line, one slot each', async () => {
    // Mr.Rohan Kapoor's DAY (online, 13:00 to 20:00) is fully booked, then three times are freed.
    const starts = ['13:00', '14:00', '15:00', '16:00', '17:00', '18:00', '19:00', '20:00'];
    const taken = [];
    for (const start of starts) {
      taken.push(await insertClientBooking(db, { therapistId: 2, bookingDate: DAY, startTime: start }));
    }
    const line = [];
    for (let n = 1; n <= 6; n++) {
      line.push(
        await join(app, {
          therapist_id: 2,
          client_email: `line${n}@example.com`,
          times_of_day: ['afternoon', 'evening'],
        }),
      );
    }
    await db.query(
      "UPDATE bookings SET cancelled = true, payment_status = 'CANCELLED' WHERE id = ANY($1::int[])",
      [[taken[1]!.id, taken[4]!.id, taken[6]!.id]],
    );

    const workers = [testSweep(db), testSweep(other), testSweep(db), testSweep(other)];
    const counts = await Promise.all(workers.map((worker) => worker.run(NOW)));
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(3);
    await Promise.all(workers.map((worker) => worker.run(NOW)));

    const { rows } = await db.query<{ entry_id: number; slot: string }>(
      `SELECT entry_id, to_char(slot_start, 'HH24:MI') AS slot FROM waitlist_offers o
       JOIN waitlist_entries e ON e.id = o.entry_id WHERE e.therapist_id = 2 AND o.outcome = 'open'
       ORDER BY entry_id`,
    );
    expect(rows.map((row) => row.entry_id)).toEqual(line.slice(0, 3).map((entry) => entry.id));
    expect(rows.map((row) => row.slot).sort()).toEqual(['14:00', '17:00', '19:00']);
    const held = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM bookings
       WHERE therapist_id = 2 AND booking_date = $1 AND payment_status = 'INITIATED'`,
      [DAY],
    );
    expect(held.rows[0]!.n).toBe(3);
  });
});
