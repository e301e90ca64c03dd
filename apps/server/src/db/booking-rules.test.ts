import {
  bookingState,
  holdLapsed,
  isPaidOnline,
  PAYMENT_STATUSES,
  type PaymentStatus,
} from '@therapy/shared/booking-states';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBooking, type NewBooking } from '../features/bookings/bookings-repo.ts';
import { loadDemoData } from '../features/demo-data/load-demo-data.ts';
import { findBookingForEmail } from '../features/messages/email/notifications-repo.ts';
import { findManagedBooking } from '../features/self-service/manage-repo.ts';
import { backends, createTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { onlinePaymentJoinSql, stateInSql, stateNotInSql } from './booking-state-sql.ts';

/*
 * Issue 23 (decision 044): the SQL answers of migration 0017 and booking-state-sql.ts are the
 * shared table's, and every reader of "paid online" gets the same one.
 */

const booking = (date: string, startTime: string): NewBooking => ({
  therapistId: 1,
  serviceId: 1,
  bookingDate: date,
  startTime,
  endTime: startTime.replace(':00:00', ':45:00'),
  bookingType: 'ONLINE',
  paymentStatus: 'COMPLETED',
  client: { fullName: 'Test Client', email: 'client@example.com', mobile: '9876543210' },
  termsAccepted: true,
  locationId: null,
  amountPaise: 150_000,
  therapistEmail: 'asha.menon@example.com',
});

describe.each(backends)('one answer to each booking question on %s', (backend) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(backend);
    await loadDemoData(db);
  });
  afterAll(() => db.drop());

  const pay = (id: string, bookingId: number) =>
    db.query(
      `INSERT INTO payments (id, booking_id, provider, amount_paise, status, paid_at)
       VALUES ($1, $2, 'sandbox', 150000, 'captured', now())`,
      [id, bookingId],
    );
  const paidOnline = async (id: number) => {
    const managed = await findManagedBooking(db, id);
    const emailed = await findBookingForEmail(db, id);
    const { rows } = await db.query<{ joined: boolean }>(
      `SELECT p.id IS NOT NULL AS joined FROM bookings b ${onlinePaymentJoinSql('b', 'p')} WHERE b.id = $1`,
      [id],
    );
    return { page: managed?.paid_online, email: emailed?.paid_online, refund: rows[0]?.joined };
  };

  it('tells the manage page, the e-mail and the refund the same "paid online", a booking paid twice included', async () => {
    const outside = await insertBooking(db, booking('2026-12-07', '10:00:00'));
    expect(await paidOnline(outside.id)).toEqual({ page: false, email: false, refund: false });

    // Its own payment, then a second captured payment that is not the booking's (a booking paid
    // twice): the client sees the payment the booking names, which is the one a refund returns.
    const twice = await insertBooking(db, booking('2026-12-07', '11:00:00'));
    await pay('pay_own', twice.id);
    await db.query('UPDATE bookings SET payment_transaction_id = $2 WHERE id = $1', [twice.id, 'pay_own']);
    await pay('pay_extra', twice.id);
    expect(await paidOnline(twice.id)).toEqual({ page: true, email: true, refund: true });

    // A captured payment the booking does not name (a manual booking's outside reference stays).
    const stray = await insertBooking(db, booking('2026-12-07', '12:00:00'));
    await pay('pay_stray', stray.id);
    await db.query('UPDATE bookings SET payment_transaction_id = $2 WHERE id = $1', [stray.id, 'bank-ref-1']);
    expect(await paidOnline(stray.id)).toEqual({ page: false, email: false, refund: false });
    expect(isPaidOnline({ paid_online: false })).toBe(false);
  });

  it('reads a standing centre payment as paid at the centre, a voided one not', async () => {
    const { id } = await insertBooking(db, booking('2026-12-08', '10:00:00'));
    const atCentre = async () =>
      (await db.query<{ paid: boolean }>('SELECT booking_paid_at_centre($1) AS paid', [id])).rows[0]!.paid;
    expect(await atCentre()).toBe(false);
    await db.query(
      `INSERT INTO centre_payments (booking_id, method, amount_paise, voided_at) VALUES ($1, 'cash', 150000, now())`,
      [id],
    );
    expect(await atCentre()).toBe(false);
    await db.query(
      `INSERT INTO centre_payments (booking_id, method, amount_paise) VALUES ($1, 'upi', 150000)`,
      [id],
    );
    expect(await atCentre()).toBe(true);
  });

  it('lapses a hold as holdLapsed does', async () => {
    const at = new Date('2026-12-01T10:00:00Z');
    for (const hold of [null, new Date('2026-12-01T09:59:59Z'), at, new Date('2026-12-01T10:00:01Z')]) {
      const { rows } = await db.query<{ lapsed: boolean }>(
        'SELECT booking_hold_lapsed($1::timestamptz, $2::timestamptz) AS lapsed',
        [hold, at],
      );
      expect(rows[0]!.lapsed).toBe(holdLapsed({ hold_expires_at: hold }, at));
    }
  });

  it("asks a booking's state in SQL as bookingState does, for every status and flag", async () => {
    const sets: PaymentStatus[][] = [
      ['COMPLETED'],
      ['CANCELLED'],
      ['PENDING', 'COMPLETED'],
      ['FAILED', 'CANCELLED'],
    ];
    for (const payment_status of PAYMENT_STATUSES) {
      for (const cancelled of [false, true]) {
        for (const states of sets) {
          const { rows } = await db.query<{ is_in: boolean; not_in: boolean }>(
            `SELECT ${stateInSql('b', states)} AS is_in, ${stateNotInSql('b', states)} AS not_in
             FROM (SELECT $1::text AS payment_status, $2::boolean AS cancelled) b`,
            [payment_status, cancelled],
          );
          const inStates = states.includes(bookingState({ payment_status, cancelled }));
          expect(rows[0]).toEqual({ is_in: inStates, not_in: !inStates });
        }
      }
    }
  });
});
