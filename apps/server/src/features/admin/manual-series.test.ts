import { addDays } from '@therapy/shared/clinic-time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminActionsKit, startAdminActions } from '../../test/admin-actions-kit.ts';
import { backends, type TestDatabase } from '../../test/test-database.ts';

describe.each(backends)('the front desk repeats a manual booking weekly on %s', (backend) => {
  let db: TestDatabase;
  let close: () => Promise<void>;
  let post: AdminActionsKit['post'];

  beforeAll(async () => {
    ({ db, close, post } = await startAdminActions(backend));
  });
  afterAll(() => close());

  const booking = {
    therapist_id: 1,
    booking_date: '2026-11-24',
    booking_time_slot_start: '16:00',
    client_full_name: 'Rahul Verma',
    client_email: 'rahul@example.com',
    client_mobile: '9123456780',
    booking_type: 'ONLINE',
    location_id: 0,
    amount: 1500,
  };
  const sessions = async () =>
    (
      await db.query<{ date: string; series_position: number; payment_status: string }>(
        `SELECT to_char(booking_date, 'YYYY-MM-DD') AS date, series_position, payment_status FROM bookings
         WHERE client_email = 'rahul@example.com' AND NOT cancelled ORDER BY booking_date`,
      )
    ).rows;

  it('books 4 weekly sessions as one series, each audited; a clash books none', async () => {
    const response = await post('/api/admin/bookings', { ...booking, repeat: { every_weeks: 1, count: 4 } });
    expect(response.statusCode).toBe(201);
    expect(response.json().booking_ids).toHaveLength(4);
    expect(await sessions()).toEqual(
      [0, 1, 2, 3].map((week) => ({
        date: addDays('2026-11-24', 7 * week),
        series_position: week + 1,
        payment_status: 'COMPLETED',
      })),
    );
    const audits = await db.query(
      `SELECT 1 FROM audit_log WHERE action = 'booking.manual_create' AND booking_id = ANY($1::int[])`,
      [response.json().booking_ids],
    );
    expect(audits.rows).toHaveLength(4);

    const again = await post('/api/admin/bookings', {
      ...booking,
      booking_date: '2026-12-01',
      client_email: 'other@example.com',
      repeat: { every_weeks: 2, count: 3 },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().clashes).toEqual([
      { booking_date: '2026-12-01', booking_time_slot_start: '16:00:00', reason: 'booked' },
      { booking_date: '2026-12-15', booking_time_slot_start: '16:00:00', reason: 'booked' },
    ]);
    const others = await db.query(`SELECT 1 FROM bookings WHERE client_email = 'other@example.com'`);
    expect(others.rows).toEqual([]);
  });

  it('previews the dates before Create: the ones taken with why, nothing held', async () => {
    const { therapist_id, booking_type, location_id, booking_time_slot_start } = booking;
    const body = {
      therapist_id,
      booking_type,
      location_id,
      booking_time_slot_start,
      booking_date: '2026-12-01',
    };
    const response = await post('/api/admin/bookings/series-preview', {
      ...body,
      repeat: { every_weeks: 1, count: 4 },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().sessions).toEqual(
      ['2026-12-01', '2026-12-08', '2026-12-15', '2026-12-22'].map((date, index) => ({
        position: index + 1,
        booking_date: date,
        booking_time_slot_start: '16:00:00',
        reason: date === '2026-12-22' ? null : 'booked',
      })),
    );
    const held = await db.query(`SELECT 1 FROM bookings WHERE booking_date = '2026-12-22'`);
    expect(held.rows).toEqual([]);
    const refused = await post('/api/admin/bookings/series-preview', {
      ...body,
      repeat: { every_weeks: 3, count: 4 },
    });
    expect(refused.statusCode).toBe(400);
    expect(typeof refused.json().detail).toBe('string');
  });

  it('refuses every 3 weeks with 400', async () => {
    const response = await post('/api/admin/bookings', { ...booking, repeat: { every_weeks: 3, count: 4 } });
    expect(response.statusCode).toBe(400);
  });

  it('answers 400 for a block with repeat and blocks nothing', async () => {
    const response = await post('/api/admin/availability/block', {
      therapist_id: 1,
      date: '2026-11-24',
      start_time: '09:00',
      repeat: { every_weeks: 1, count: 4 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toContain('cannot repeat');
    const blocks = await db.query(`SELECT 1 FROM bookings WHERE booking_type = 'ADMIN_BLOCK'`);
    expect(blocks.rows).toEqual([]);
  });
});
