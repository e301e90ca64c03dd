import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOW } from '../../test/admin-test-kit.ts';
import { onlineBooking } from '../../test/booking-fixtures.ts';
import { type MoneyPapersKit, payOnline, pdfText, startMoneyPapers } from '../../test/money-papers-kit.ts';
import { backends } from '../../test/test-database.ts';
import { issueCreditNote } from './issue-documents.ts';

/*
 * A standing appointment paid at once (decision 056) is one payment: one receipt for it, on its
 * first session; a session refunded later gets a credit note of its own share (decision 057).
 */
describe.each(backends)('the receipt of a series paid at once on %s', (backend) => {
  let kit: MoneyPapersKit;

  beforeAll(async () => {
    kit = await startMoneyPapers(backend);
  });
  afterAll(() => kit.close());

  it('issues one receipt for the whole payment and a credit note of one session’s share when it is refunded', async () => {
    const booked = await kit.app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: onlineBooking({
        booking_date: '2026-11-24',
        booking_time_slot_start: '18:00',
        repeat: { every_weeks: 1, count: 4 },
        pay: 'all',
      }) as object,
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const { booking_id: payer, booking_ids: sessions } = booked.json() as {
      booking_id: number;
      booking_ids: number[];
    };
    const link = await kit.app.inject({
      method: 'POST',
      url: '/api/payment/generate-link',
      payload: { booking_id: payer, customer_email: 'client@example.com' },
    });
    expect(link.statusCode, link.body).toBe(200);
    const paid = await payOnline(kit.app, {
      linkId: link.json().payment_link_id,
      shortUrl: link.json().short_url,
    });
    expect(paid.status).toBe('confirmed');

    const [receipt] = await kit.receiptsOf(payer);
    expect(receipt).toMatchObject({ number: 'R/2026-27/000001', kind: 'bill_of_supply', amount: 6000 });
    expect(await kit.receiptsOf(sessions[2]!)).toEqual([]);
    expect(await pdfText(await pdfBytes(kit, receipt.pdf_url))).toContain('Six Thousand Rupees Only');

    // One session refunded (its share, as refunds-service asks the provider for; the sandbox
    // provider refunds whole payments only, so the credit note is issued here as the refund's
    // transaction issues it).
    const third = sessions[2]!;
    const { rows } = await kit.db.query<{ id: string }>('SELECT id FROM payments WHERE booking_id = $1', [
      payer,
    ]);
    const clock = { timeZone: 'Asia/Kolkata', now: () => NOW };
    const part = { amountPaise: 150_000, bookingId: third };
    await kit.db.transaction((tx) => issueCreditNote(tx, { kind: 'payment', id: rows[0]!.id }, clock, part));
    // Asked again (a retried refund): the same note, no second one.
    await kit.db.transaction((tx) => issueCreditNote(tx, { kind: 'payment', id: rows[0]!.id }, clock, part));
    const [note] = await kit.receiptsOf(third);
    expect(note).toMatchObject({ number: 'C/2026-27/000001', kind: 'credit_note', amount: 1500 });
    const text = await pdfText(await pdfBytes(kit, note.pdf_url));
    expect(text).toContain('Original document: R/2026-27/000001');
    expect(text).toContain('One Thousand Five Hundred Rupees Only');

    expect(await kit.receiptsOf(third)).toHaveLength(1);
    const register = (await kit.send('GET', '/api/admin/receipts?from=2026-11-22&to=2026-11-22')).json();
    expect(register.totals.total).toBe(4500);
    // Never more credited than the receipt's total: the other three sessions' shares, then nothing.
    for (const session of [sessions[0]!, sessions[1]!, sessions[3]!, payer]) {
      const more = { amountPaise: 150_000, bookingId: session };
      await kit.db.transaction((tx) =>
        issueCreditNote(tx, { kind: 'payment', id: rows[0]!.id }, clock, more),
      );
    }
    const credited = await kit.db.query<{ total: number }>(
      "SELECT sum(total_paise)::int AS total FROM money_documents WHERE kind = 'credit_note'",
    );
    expect(credited.rows[0]!.total).toBe(600_000);
  });
});

async function pdfBytes(kit: MoneyPapersKit, url: string): Promise<Buffer> {
  const response = await kit.app.inject({ url, headers: { authorization: `Bearer ${kit.staff}` } });
  expect(response.statusCode).toBe(200);
  return response.rawPayload;
}
