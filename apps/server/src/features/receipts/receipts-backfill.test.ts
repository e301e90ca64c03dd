import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertClientBooking } from '../../test/admin-test-kit.ts';
import { type MoneyPapersKit, startMoneyPapers } from '../../test/money-papers-kit.ts';
import { backends } from '../../test/test-database.ts';
import { BACKFILL_DEFAULT_LIMIT, backfillReceipts, parseBackfillArgs } from './backfill-receipts.ts';

/*
 * The backfill (decision 063): payments recorded before the money papers existed get their
 * documents, in payment order, dated the day they were paid (so numbered in that financial
 * year's series, after what is already issued there), with a credit note for what was given back
 * on them; a run stopped by its limit goes on where it stopped, and a further run issues nothing.
 */
const TIME_ZONE = 'Asia/Kolkata';

describe.each(backends)('the receipts backfill on %s', (backend) => {
  let kit: MoneyPapersKit;

  beforeAll(async () => {
    kit = await startMoneyPapers(backend);
  });
  afterAll(() => kit.close());

  /** A booking paid before receipts existed: no document, as such rows were left. */
  const oldBooking = (bookingDate: string, change: object = {}) =>
    insertClientBooking(kit.db, { therapistId: 1, bookingDate, startTime: '10:00', ...change });
  const centrePayment = async (bookingId: number, recordedAt: string, voidedAt: string | null = null) => {
    await kit.db.query(
      `INSERT INTO centre_payments (booking_id, method, amount_paise, recorded_at, voided_at)
       VALUES ($1, 'cash', 150000, $2, $3)`,
      [bookingId, recordedAt, voidedAt],
    );
  };
  const onlinePayment = (id: string, bookingId: number, paidAt: string) =>
    kit.db.query(
      `INSERT INTO payments (id, booking_id, provider, amount_paise, status, paid_at)
       VALUES ($1, $2, 'razorpay', 150000, 'captured', $3)`,
      [id, bookingId, paidAt],
    );
  const documents = async () =>
    (
      await kit.db.query<{ number: string; issue_date: string; source: string; total_paise: number }>(
        'SELECT number, issue_date::text AS issue_date, source, total_paise FROM money_documents ORDER BY id',
      )
    ).rows;

  it('documents older payments in payment order, each in its own financial year, and then nothing more', async () => {
    // Issued live, before the backfill runs: the series goes on after it.
    const live = await kit.inPerson('2026-11-10');
    expect((await kit.payAtCentre(live)).statusCode).toBe(200);

    const atCentre = await oldBooking('2026-03-10', { bookingType: 'OFFLINE', locationId: 1 });
    await centrePayment(atCentre.id, '2026-03-10T06:00:00Z');
    // 20:00 UTC on 31 March is 1:30 on 1 April in the clinic: the new financial year.
    const online = await oldBooking('2026-03-25');
    await onlinePayment('pay_old_online', online.id, '2026-03-31T20:00:00Z');
    const manual = await oldBooking('2026-05-02');
    await kit.db.query(
      `UPDATE bookings SET payment_transaction_id = 'MANUAL-' || id, created_at = '2026-05-02T05:00:00Z'
       WHERE id = $1`,
      [manual.id],
    );
    const refunded = await oldBooking('2026-06-10', { paymentStatus: 'CANCELLED' });
    await onlinePayment('pay_old_refunded', refunded.id, '2026-06-05T06:00:00Z');
    await kit.db.query(
      `INSERT INTO refunds (booking_id, payment_id, provider, amount_paise, status, requested_at, refunded_at)
       VALUES ($1, 'pay_old_refunded', 'razorpay', 150000, 'processed', '2026-06-08T06:00:00Z', '2026-06-08T06:00:00Z')`,
      [refunded.id],
    );
    const undone = await oldBooking('2026-07-01', { bookingType: 'OFFLINE', locationId: 1 });
    await centrePayment(undone.id, '2026-07-01T06:00:00Z', '2026-07-01T07:00:00Z');
    await centrePayment(undone.id, '2026-07-02T06:00:00Z');
    // Never paid: nothing to document.
    await oldBooking('2026-07-05', { bookingType: 'OFFLINE', locationId: 1, paymentStatus: 'PENDING' });

    const first = await backfillReceipts(kit.db, { from: '2026-03-11', limit: 1 }, TIME_ZONE);
    expect(first).toEqual([
      'Documented 1 payment: 1 document issued',
      '  R/2026-27/000002',
      'More payments remain (--limit 1): run the command again.',
    ]);
    const second = await backfillReceipts(kit.db, { from: null, limit: 2 }, TIME_ZONE);
    expect(second).toEqual([
      'Documented 2 payments: 2 documents issued',
      '  R/2025-26/000001',
      '  R/2026-27/000003',
      'More payments remain (--limit 2): run the command again.',
    ]);
    const rest = await backfillReceipts(kit.db, { from: null, limit: BACKFILL_DEFAULT_LIMIT }, TIME_ZONE);
    expect(rest).toEqual([
      'Documented 3 payments: 5 documents issued',
      '  R/2026-27/000004 to R/2026-27/000006 (3)',
      '  C/2026-27/000001 to C/2026-27/000002 (2)',
    ]);

    expect(await documents()).toEqual([
      expect.objectContaining({ number: 'R/2026-27/000001', issue_date: '2026-11-22' }),
      {
        number: 'R/2026-27/000002',
        issue_date: '2026-04-01',
        source: 'payment:pay_old_online',
        total_paise: 150_000,
      },
      expect.objectContaining({ number: 'R/2025-26/000001', issue_date: '2026-03-10' }),
      {
        number: 'R/2026-27/000003',
        issue_date: '2026-05-02',
        source: `manual:${manual.id}`,
        total_paise: 150_000,
      },
      expect.objectContaining({ number: 'R/2026-27/000004', source: 'payment:pay_old_refunded' }),
      expect.objectContaining({ number: 'C/2026-27/000001', issue_date: '2026-06-08' }),
      expect.objectContaining({ number: 'R/2026-27/000005', issue_date: '2026-07-01' }),
      expect.objectContaining({ number: 'C/2026-27/000002', issue_date: '2026-07-01' }),
      expect.objectContaining({ number: 'R/2026-27/000006', issue_date: '2026-07-02' }),
    ]);
    const text = await kit.pdfOf((await kit.receiptsOf(atCentre.id))[0].pdf_url);
    expect(text).toContain('Number: R/2025-26/000001');
    expect(text).toContain('Date: 2026-03-10');
    expect(text).toContain('Total Rs. 1,500.00');

    const again = await backfillReceipts(kit.db, { from: null, limit: BACKFILL_DEFAULT_LIMIT }, TIME_ZONE);
    expect(again).toEqual(['Every payment collected has its document: nothing issued.']);
    expect(await documents()).toHaveLength(9);
  });

  it('reads its options, refusing anything else with the usage', () => {
    expect(parseBackfillArgs(['backfill'])).toEqual({ from: null, limit: BACKFILL_DEFAULT_LIMIT });
    expect(parseBackfillArgs(['backfill', '--from', '2025-04-01', '--limit', '50'])).toEqual({
      from: '2025-04-01',
      limit: 50,
    });
    for (const args of [
      [],
      ['backfil'],
      ['backfill', '--from', '2025-13-01'],
      ['backfill', '--limit', '0'],
      ['backfill', '--limit'],
      ['backfill', '--to', '2025-04-01'],
    ]) {
      expect(() => parseBackfillArgs(args), args.join(' ')).toThrow(
        /receipts backfill \[--from YYYY-MM-DD\]/,
      );
    }
  });
});
