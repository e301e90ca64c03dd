import { sessionsOn } from '@therapy/shared/open-slots';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { loadSchedule } from '../schedules/schedule-reads.ts';
import { loadDemoData } from './load-demo-data.ts';

// Loaded as if on Sunday 2026-11-22 in Kolkata: the leave day is the Wednesday after.
const NOW = new Date('2026-11-22T04:00:00Z');
const WEEK = { from: '2026-11-22', to: '2026-12-06' };

describe.each(backends)('demo data on %s', (backend) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(backend);
  });
  afterAll(() => db.drop());

  const count = async (table: string) =>
    (await db.query<{ n: number }>(`SELECT count(*)::integer AS n FROM ${table}`)).rows[0]!.n;
  const starts = async (therapistId: number, date: string) =>
    sessionsOn(await loadSchedule(db, therapistId, WEEK), date).map((slot) => slot.start_time);

  it('fills an empty database once and leaves it alone after', async () => {
    expect(await loadDemoData(db, { now: NOW })).toBe(true);
    const counts = { locations: 2, services: 8, therapists: 8 };
    for (const [table, n] of Object.entries(counts)) expect(await count(table)).toBe(n);
    const hours = await count('weekly_hours');

    expect(await loadDemoData(db, { now: NOW })).toBe(false);
    for (const [table, n] of Object.entries(counts)) expect(await count(table)).toBe(n);
    expect(await count('weekly_hours')).toBe(hours);
    expect(await count('time_off')).toBe(1);
    expect(await count('holidays')).toBe(0);
  });

  it('gives every therapist weekly hours, weekends off for some, and new rows ids past the demo ones', async () => {
    const { rows } = await db.query<{ therapist_id: number; weekdays: number[] }>(
      `SELECT therapist_id, array_agg(DISTINCT weekday ORDER BY weekday) AS weekdays
       FROM weekly_hours GROUP BY therapist_id ORDER BY therapist_id`,
    );
    expect(rows.map((row) => [row.therapist_id, row.weekdays])).toEqual([
      [1, [0, 1, 2, 3, 4, 5, 6]],
      [2, [1, 2, 3, 4, 5, 6]],
      [3, [1, 2, 3, 4, 5]],
      [4, [1, 2, 3, 4, 5]],
      [5, [0, 1, 2, 3, 4, 5, 6]],
      [6, [0, 1, 2, 3, 4, 5, 6]],
      [7, [1, 2, 3, 4, 5]],
      [8, [0, 1, 2, 3, 4, 5, 6]],
    ]);
    const { rows: inserted } = await db.query<{ id: number }>(
      "INSERT INTO therapists (name, type, email) VALUES ('Ms.New Therapist', 1, 'new@example.com') RETURNING id",
    );
    expect(inserted[0]!.id).toBe(9);
  });

  it('keeps the session times on the hour (a 15-minute buffer) at the therapist’s centre', async () => {
    expect(await starts(4, '2026-11-23')).toEqual(['10:00', '11:00', '12:00', '16:00', '17:00', '18:00']);
    expect(await starts(1, '2026-11-22')).toEqual([
      '09:00',
      '10:00',
      '11:00',
      '12:00',
      '14:00',
      '15:00',
      '16:00',
      '17:00',
      '18:00',
      '19:00',
    ]);
    const saturday = sessionsOn(await loadSchedule(db, 3, WEEK), '2026-11-28');
    expect(saturday).toEqual([]);
    const monday = sessionsOn(await loadSchedule(db, 3, WEEK), '2026-11-23');
    expect(monday[0]).toEqual({ date: '2026-11-23', start_time: '08:00', end_time: '08:45', location_id: 1 });
  });

  it('puts Dr.Meera Joshi on leave for a weekday a few days after the load', async () => {
    const { rows } = await db.query(
      `SELECT therapist_id, to_char(from_date, 'YYYY-MM-DD') AS "from", to_char(to_date, 'YYYY-MM-DD') AS "to"
       FROM time_off`,
    );
    expect(rows).toEqual([{ therapist_id: 7, from: '2026-11-25', to: '2026-11-25' }]);
    expect(await starts(7, '2026-11-25')).toEqual([]);
    expect(await starts(7, '2026-11-24')).toHaveLength(8);
  });
});
