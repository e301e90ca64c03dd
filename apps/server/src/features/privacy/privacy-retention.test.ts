import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminUser, insertClientBooking, NOW } from '../../test/admin-test-kit.ts';
import { backends, createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { loadDemoData } from '../demo-data/load-demo-data.ts';
import { monthsBefore, retentionSweep } from './retention.ts';

describe.each(backends)('the retention job on %s', (backend) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(backend);
    await loadDemoData(db, { now: NOW });
  });
  afterAll(() => db.drop());

  it('counts months back to the same day, or the month’s last', () => {
    expect(monthsBefore('2026-11-22', 36)).toBe('2023-11-22');
    expect(monthsBefore('2026-03-31', 1)).toBe('2026-02-28');
    expect(monthsBefore('2024-03-31', 1)).toBe('2024-02-29');
  });

  it('erases only sessions older than RETENTION_MONTHS, once a day, whichever instance runs first', async () => {
    const client = { fullName: 'Old Client', email: 'old@example.com', mobile: '9000000002' };
    const old = await insertClientBooking(db, {
      therapistId: 1,
      bookingDate: '2023-11-21',
      startTime: '10:00',
      client,
    });
    const edge = await insertClientBooking(db, {
      therapistId: 1,
      bookingDate: '2023-11-22',
      startTime: '10:00',
      client,
    });
    const recent = await insertClientBooking(db, {
      therapistId: 2,
      bookingDate: '2026-10-01',
      startTime: '10:00',
      client,
    });
    // A therapist's session notes on two of them (decision 052): they go with the old session.
    const author = await createAdminUser(db, 'retention-therapist@example.com', { therapistId: 1 });
    for (const booking of [old, edge]) {
      await db.query(
        `INSERT INTO session_notes (booking_id, therapist_id, author_admin_id, version, sealed_text)
         VALUES ($1, 1, $2, 1, 'v1.sealed')`,
        [booking.id, author],
      );
    }
    const first = retentionSweep(db, { months: 36, clinicTimeZone: 'Asia/Kolkata' });
    const second = retentionSweep(db, { months: 36, clinicTimeZone: 'Asia/Kolkata' });
    const [a, b] = await Promise.all([first.run(NOW), second.run(NOW)]);
    expect(a + b).toBe(1);
    expect(await first.run(NOW)).toBe(0);
    const { rows } = await db.query<{ id: number; client_full_name: string }>(
      'SELECT id, client_full_name FROM bookings WHERE id = ANY($1::int[]) ORDER BY id',
      [[old.id, edge.id, recent.id]],
    );
    expect(rows.map((row) => row.client_full_name)).toEqual(['[erased]', 'Old Client', 'Old Client']);
    const notes = await db.query<{ booking_id: number }>(
      'SELECT booking_id FROM session_notes ORDER BY booking_id',
    );
    expect(notes.rows).toEqual([{ booking_id: edge.id }]);
    const runs = await db.query(
      'SELECT erased_bookings, finished_at IS NOT NULL AS finished FROM retention_runs',
    );
    expect(runs.rows).toEqual([{ erased_bookings: 1, finished: true }]);
    // The next day, the edge has aged past the cutoff.
    const tomorrow = new Date(NOW.getTime() + 86_400_000);
    expect(await retentionSweep(db, { months: 36, clinicTimeZone: 'Asia/Kolkata' }).run(tomorrow)).toBe(1);
  });
});
