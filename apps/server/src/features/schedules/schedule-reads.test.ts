import { sessionsOn } from '@therapy/shared/open-slots';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { loadBusyTimes, loadSchedule, loadSchedules } from './schedule-reads.ts';

describe.each(backends)('schedule reads on %s', (backend) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(backend);
    await db.query(`INSERT INTO locations (id, name, short_name, description, address)
                    VALUES (1, 'West Branch', 'West', '', 'Mumbai')`);
    await db.query(`INSERT INTO therapists (id, name, type, email) VALUES
                    (1, 'Dr.One', 1, 'one@example.com'), (2, 'Dr.Two', 2, 'two@example.com')`);
    await db.query('INSERT INTO therapist_locations (therapist_id, location_id) VALUES (2, 1)');
    await db.query(`INSERT INTO therapist_schedules (therapist_id, buffer_minutes) VALUES (1, 15)`);
    await db.query(`INSERT INTO weekly_hours (therapist_id, weekday, start_time, end_time, location_id) VALUES
                    (1, 1, '09:00', '12:00', NULL), (2, 2, '10:00', '11:00', 1)`);
    await db.query(`INSERT INTO date_overrides (therapist_id, override_date, hours) VALUES
                    (1, '2026-11-28', '[{"start":"10:00","end":"11:00","location_id":0}]'),
                    (1, '2027-03-01', '[]')`);
    await db.query(`INSERT INTO time_off (therapist_id, from_date, to_date) VALUES
                    (1, '2026-11-20', '2026-11-24'), (1, '2027-01-01', '2027-01-05')`);
    await db.query(`INSERT INTO holidays (holiday_date, name) VALUES ('2026-11-25', 'Festival')`);
    await db.query(`INSERT INTO bookings (therapist_id, booking_date, booking_time_slot_start,
                      booking_time_slot_end, booking_type, payment_status) VALUES
                    (1, '2026-11-30', '09:00', '09:45', 'ONLINE', 'COMPLETED'),
                    (1, '2026-11-30', '10:00', '10:45', 'ONLINE', 'FAILED')`);
  });
  afterAll(() => db.drop());

  const range = { from: '2026-11-23', to: '2026-12-07' };

  it('reads the week, buffer, overrides, leave and holidays of the range only', async () => {
    const schedule = await loadSchedule(db, 1, range);
    expect(schedule.weekly).toEqual([
      { therapist_id: 1, weekday: 1, start: '09:00', end: '12:00', location_id: 0 },
    ]);
    expect(schedule.buffer_minutes).toBe(15);
    expect([...schedule.overrides.keys()]).toEqual(['2026-11-28']);
    expect(schedule.time_off).toEqual([{ therapist_id: 1, from: '2026-11-20', to: '2026-11-24' }]);
    expect([...schedule.holidays]).toEqual(['2026-11-25']);
    expect(sessionsOn(schedule, '2026-11-23')).toEqual([]);
    expect(sessionsOn(schedule, '2026-11-30').map((slot) => slot.start_time)).toEqual([
      '09:00',
      '10:00',
      '11:00',
    ]);
    expect(sessionsOn(schedule, '2026-11-28').map((slot) => slot.start_time)).toEqual(['10:00']);
  });

  it('reads many therapists at once, with in-person hours at their location', async () => {
    const schedules = await loadSchedules(db, [1, 2, 3], range);
    expect(schedules.get(2)?.weekly[0]?.location_id).toBe(1);
    expect(schedules.get(3)?.weekly).toEqual([]);
  });

  it('drops hours at a place the therapist no longer sees clients at', async () => {
    await db.query('UPDATE locations SET is_active = false WHERE id = 1');
    expect((await loadSchedule(db, 2, range)).weekly).toEqual([]);
    await db.query('UPDATE locations SET is_active = true WHERE id = 1');
    await db.query('DELETE FROM therapist_locations WHERE therapist_id = 2');
    expect((await loadSchedule(db, 2, range)).weekly).toEqual([]);
    await db.query('INSERT INTO therapist_locations (therapist_id, location_id) VALUES (2, 1)');
    expect((await loadSchedule(db, 2, range)).weekly).toHaveLength(1);
    // Online hours (and an online override) of a therapist whose type no longer offers online.
    await db.query('UPDATE therapists SET type = 2 WHERE id = 1');
    const inPersonOnly = await loadSchedule(db, 1, range);
    expect(inPersonOnly.weekly).toEqual([]);
    expect(inPersonOnly.overrides.get('2026-11-28')).toEqual([]);
    await db.query('UPDATE therapists SET type = 1 WHERE id = 1');
  });

  it('lists only the times that hold a slot', async () => {
    const busy = await loadBusyTimes(db, [1], range);
    expect(busy.get(1)).toEqual([{ date: '2026-11-30', start: '09:00', end: '09:45' }]);
  });
});
