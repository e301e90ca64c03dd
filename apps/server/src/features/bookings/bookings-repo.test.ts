import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { loadDemoData } from '../demo-data/load-demo-data.ts';
import { insertBooking, type NewBooking, SLOT_TAKEN_MESSAGE } from './bookings-repo.ts';

const booking = (change: Partial<NewBooking> = {}): NewBooking => ({
  therapistId: 1,
  serviceId: 1,
  bookingDate: '2026-12-01',
  startTime: '10:00:00',
  endTime: '10:45:00',
  bookingType: 'ONLINE',
  paymentStatus: 'INITIATED',
  client: { fullName: 'Test Client', email: 'client@example.com', mobile: '9876543210' },
  termsAccepted: true,
  locationId: null,
  amountPaise: 150_000,
  therapistEmail: 'asha.menon@example.com',
  ...change,
});

async function countHolding(db: TestDatabase, date: string) {
  const { rows } = await db.query<{ count: number }>(
    `SELECT count(*)::integer AS count FROM bookings
     WHERE booking_date = $1 AND NOT cancelled AND payment_status NOT IN ('FAILED', 'CANCELLED')`,
    [date],
  );
  return rows[0]!.count;
}

describe.each(backends)('one slot, one booking on %s', (backend) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(backend);
    await loadDemoData(db);
  });
  afterAll(() => db.drop());

  it('refuses a second booking of the same slot with a clear conflict', async () => {
    await insertBooking(db, booking({ bookingDate: '2026-12-02' }));
    await expect(insertBooking(db, booking({ bookingDate: '2026-12-02' }))).rejects.toMatchObject({
      statusCode: 409,
      message: SLOT_TAKEN_MESSAGE,
    });
    expect(await countHolding(db, '2026-12-02')).toBe(1);
  });

  it('refuses a booking that overlaps another of the same therapist, and allows other therapists', async () => {
    await insertBooking(db, booking({ bookingDate: '2026-12-03' }));
    await expect(
      insertBooking(db, booking({ bookingDate: '2026-12-03', startTime: '10:30:00', endTime: '11:15:00' })),
    ).rejects.toMatchObject({ statusCode: 409 });
    await insertBooking(
      db,
      booking({ bookingDate: '2026-12-03', startTime: '10:45:00', endTime: '11:30:00' }),
    );
    await insertBooking(db, booking({ bookingDate: '2026-12-03', therapistId: 2 }));
    expect(await countHolding(db, '2026-12-03')).toBe(3);
  });

  it('lets an admin block hold the slot like a booking', async () => {
    await insertBooking(
      db,
      booking({ bookingDate: '2026-12-04', bookingType: 'ADMIN_BLOCK', paymentStatus: 'BLOCKED' }),
    );
    await expect(insertBooking(db, booking({ bookingDate: '2026-12-04' }))).rejects.toMatchObject({
      statusCode: 409,
    });
  });

  it('frees the slot of a cancelled or failed booking', async () => {
    const first = await insertBooking(db, booking({ bookingDate: '2026-12-05' }));
    await db.query("UPDATE bookings SET payment_status = 'FAILED' WHERE id = $1", [first.id]);
    const second = await insertBooking(db, booking({ bookingDate: '2026-12-05' }));
    await db.query("UPDATE bookings SET cancelled = true, payment_status = 'CANCELLED' WHERE id = $1", [
      second.id,
    ]);
    await insertBooking(db, booking({ bookingDate: '2026-12-05' }));
    expect(await countHolding(db, '2026-12-05')).toBe(1);
  });

  it('refuses to bring a cancelled booking back onto a slot someone else now holds', async () => {
    const first = await insertBooking(db, booking({ bookingDate: '2026-12-06' }));
    await db.query('UPDATE bookings SET cancelled = true WHERE id = $1', [first.id]);
    await insertBooking(db, booking({ bookingDate: '2026-12-06' }));
    await expect(
      db.query('UPDATE bookings SET cancelled = false WHERE id = $1', [first.id]),
    ).rejects.toMatchObject({
      code: '23P01',
    });
  });

  it('lets exactly one of many concurrent bookings of one slot win', async () => {
    const attempts = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        insertBooking(
          db,
          booking({
            bookingDate: '2026-12-07',
            client: { fullName: `Client ${i}`, email: `c${i}@example.com`, mobile: '9876543210' },
          }),
        ),
      ),
    );
    const won = attempts.filter((attempt) => attempt.status === 'fulfilled');
    const lost = attempts.filter((attempt) => attempt.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(19);
    for (const attempt of lost) {
      expect((attempt as PromiseRejectedResult).reason).toMatchObject({
        statusCode: 409,
        message: SLOT_TAKEN_MESSAGE,
      });
    }
    expect(await countHolding(db, '2026-12-07')).toBe(1);
  });
});
