import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoData } from '../features/demo-data/load-demo-data.ts';
import { insertClientBooking } from '../test/admin-test-kit.ts';
import { backends, createTestDatabase, type TestDatabase } from '../test/test-database.ts';

/**
 * The day counts of migration 0012 (ADR 034) against the bookings themselves: whatever happens
 * to bookings and centre payments, each day's row says what counting the bookings would.
 */
describe.each(backends)('booking day counts on %s', (backend) => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    await loadDemoData(db);
  });
  afterAll(() => db.drop());

  const kept = async () =>
    (
      await db.query(
        `SELECT to_char(booking_date, 'YYYY-MM-DD') AS day, bookings, client_bookings, collected, collected_paise::int AS paise
         FROM booking_day_counts WHERE bookings <> 0 OR collected_paise <> 0 ORDER BY booking_date`,
      )
    ).rows;
  const counted = async () =>
    (
      await db.query(
        `SELECT to_char(b.booking_date, 'YYYY-MM-DD') AS day, count(*)::int AS bookings,
           count(*) FILTER (WHERE b.booking_type <> 'ADMIN_BLOCK')::int AS client_bookings,
           count(*) FILTER (WHERE b.payment_status = 'COMPLETED' AND NOT b.cancelled AND b.booking_type <> 'ADMIN_BLOCK')::int AS collected,
           COALESCE(sum(COALESCE(cp.amount_paise, b.amount_paise)) FILTER (
             WHERE b.payment_status = 'COMPLETED' AND NOT b.cancelled AND b.booking_type <> 'ADMIN_BLOCK'), 0)::int AS paise
         FROM bookings b LEFT JOIN centre_payments cp ON cp.booking_id = b.id AND cp.voided_at IS NULL
         GROUP BY b.booking_date ORDER BY b.booking_date`,
      )
    ).rows;

  it('follows every kind of change: new, paid, cancelled, moved, deleted, blocks, centre payments', async () => {
    const book = (day: string, start: string, extra = {}) =>
      insertClientBooking(db, {
        therapistId: 5,
        bookingDate: day,
        startTime: start,
        locationId: 2,
        ...extra,
      });
    const paid = await book('2026-12-01', '09:00:00', { bookingType: 'OFFLINE' });
    const pending = await book('2026-12-01', '10:00:00', {
      bookingType: 'OFFLINE',
      paymentStatus: 'PENDING',
    });
    const moved = await book('2026-12-01', '11:00:00');
    await book('2026-12-02', '09:00:00', { paymentStatus: 'FAILED' });
    await book('2026-12-02', '10:00:00', {
      bookingType: 'ADMIN_BLOCK',
      paymentStatus: 'BLOCKED',
      client: {},
    });
    const removed = await book('2026-12-03', '09:00:00');
    expect(await kept()).toEqual(await counted());

    // Paid at the centre for less than the price, then undone and paid again for more.
    await db.query(
      "INSERT INTO centre_payments (booking_id, method, amount_paise) VALUES ($1, 'cash', 90000)",
      [pending.id],
    );
    await db.query("UPDATE bookings SET payment_status = 'COMPLETED' WHERE id = $1", [pending.id]);
    expect(await kept()).toEqual(await counted());
    await db.query('UPDATE centre_payments SET voided_at = now() WHERE booking_id = $1', [pending.id]);
    expect(await kept()).toEqual(await counted());
    await db.query(
      "INSERT INTO centre_payments (booking_id, method, amount_paise) VALUES ($1, 'upi', 180000)",
      [pending.id],
    );
    expect(await kept()).toEqual(await counted());

    // Cancelled, moved to another day, its price changed, deleted.
    await db.query("UPDATE bookings SET cancelled = true, payment_status = 'CANCELLED' WHERE id = $1", [
      paid.id,
    ]);
    await db.query("UPDATE bookings SET booking_date = '2026-12-04' WHERE id = $1", [moved.id]);
    await db.query('UPDATE bookings SET amount_paise = 120000 WHERE id = $1', [moved.id]);
    await db.query('DELETE FROM bookings WHERE id = $1', [removed.id]);
    expect(await kept()).toEqual(await counted());
    expect((await kept()).find((day) => day.day === '2026-12-01')).toEqual({
      day: '2026-12-01',
      bookings: 2,
      client_bookings: 2,
      collected: 1,
      paise: 180000,
    });
  });

  it.runIf(backend === 'postgres')(
    'loses no count when bookings of one day are made at the same time',
    async () => {
      const starts = ['12:00:00', '13:00:00', '14:00:00', '15:00:00', '16:00:00', '17:00:00'];
      await Promise.all(
        starts.map((start, index) =>
          insertClientBooking(db, { therapistId: 1 + index, bookingDate: '2026-12-10', startTime: start }),
        ),
      );
      expect(await kept()).toEqual(await counted());
    },
  );
});
