import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookOnlineWithLink } from '../../test/booking-fixtures.ts';
import { recordingNotificationHandlers } from '../../test/message-kit.ts';
import { type MoneyPapersKit, payOnline, pdfText, startMoneyPapers } from '../../test/money-papers-kit.ts';
import { backends } from '../../test/test-database.ts';
import type { JobRow } from '../jobs/job-kinds.ts';

/*
 * The money papers (issue 27): a numbered document for every payment collected, issued in the
 * payment's transaction, each read back from its PDF's text. The clinic is in Maharashtra with a
 * GSTIN; the clock is 2026-11-22, so every number is of the financial year 2026-27.
 */
describe.each(backends)('receipts, invoices and credit notes on %s', (backend) => {
  let kit: MoneyPapersKit;

  beforeAll(async () => {
    kit = await startMoneyPapers(backend);
    await kit.send('PATCH', '/api/admin/therapists/1', { registration_number: 'CRR A12345' });
  });
  afterAll(() => kit.close());

  const setService1Tax = async (tax: object) => {
    const response = await kit.send('PATCH', '/api/admin/services/1', { tax });
    expect(response.statusCode, response.body).toBe(200);
  };

  it('issues a Tax Invoice with CGST and SGST for a taxable session paid at the centre within the state', async () => {
    await setService1Tax({ rate_percent: 18, sac: '999312' });
    const id = await kit.inPerson('2026-11-10', { amountPaise: 118_000 });
    expect((await kit.payAtCentre(id)).statusCode).toBe(200);

    const receipts = await kit.receiptsOf(id);
    expect(receipts).toEqual([
      {
        number: 'R/2026-27/000001',
        kind: 'tax_invoice',
        date: '2026-11-22',
        amount: 1180,
        pdf_url: '/api/admin/receipts/R%2F2026-27%2F000001.pdf',
      },
    ]);
    const text = await kit.pdfOf(receipts[0].pdf_url);
    for (const expected of [
      'Calm Minds Health LLP',
      'GSTIN: 27AAPFU0939F1ZV',
      'Tax Invoice',
      'Number: R/2026-27/000001',
      'Date: 2026-11-22',
      'Client: Kavya Sharma',
      'Place of supply: Maharashtra (27)',
      'Therapist: Dr.Asha Menon',
      'Registration number: CRR A12345',
      'SAC: 999312',
      'Taxable value Rs. 1,000.00',
      'CGST @ 9% Rs. 90.00',
      'SGST @ 9% Rs. 90.00',
      'Total Rs. 1,180.00',
      'One Thousand One Hundred Eighty Rupees Only',
      'GST charged: CGST at 9% and SGST at 9%.',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('IGST');
  });

  it('charges IGST to a client in another state', async () => {
    const id = await kit.inPerson('2026-11-11', { amountPaise: 118_000, clientState: 'Karnataka' });
    expect((await kit.payAtCentre(id)).statusCode).toBe(200);
    const [receipt] = await kit.receiptsOf(id);
    expect(receipt).toMatchObject({ number: 'R/2026-27/000002', kind: 'tax_invoice', amount: 1180 });
    const text = await kit.pdfOf(receipt.pdf_url);
    expect(text).toContain('Place of supply: Karnataka (29)');
    expect(text).toContain('IGST @ 18% Rs. 180.00');
    expect(text).toContain('Taxable value Rs. 1,000.00');
    expect(text).not.toContain('CGST @');
    expect(text).toContain('GST charged: IGST at 18% (place of supply outside Maharashtra).');
  });

  it('issues a Bill of Supply for an exempt session, with no tax and the exemption named', async () => {
    await setService1Tax({ exempt: true });
    const id = await kit.inPerson('2026-11-12');
    expect((await kit.payAtCentre(id)).statusCode).toBe(200);
    const [receipt] = await kit.receiptsOf(id);
    expect(receipt).toMatchObject({ number: 'R/2026-27/000003', kind: 'bill_of_supply', amount: 1500 });
    const text = await kit.pdfOf(receipt.pdf_url);
    expect(text).toContain('Bill of Supply');
    expect(text).toContain('Total Rs. 1,500.00');
    expect(text).toContain('One Thousand Five Hundred Rupees Only');
    expect(text).toContain('GST not charged: exempt supply of health care services');
    expect(text).toContain('SAC: Not applicable (exempt)');
    expect(text).not.toMatch(/[CSI]GST @/);
  });

  it('reverses a refunded online payment with a credit note of its own series, pointing at the invoice', async () => {
    await setService1Tax({ rate_percent: 18, sac: '999312' });
    const link = await bookOnlineWithLink(kit.app, '2026-11-25');
    await kit.db.query('UPDATE bookings SET client_state = $2 WHERE id = $1', [link.bookingId, 'Goa']);
    expect((await payOnline(kit.app, link)).status).toBe('confirmed');
    const [invoice] = await kit.receiptsOf(link.bookingId);
    expect(invoice).toMatchObject({ number: 'R/2026-27/000004', kind: 'tax_invoice', amount: 1500 });
    // The confirmation e-mail carries the invoice's PDF beside the calendar invite.
    const { sent, handlers } = recordingNotificationHandlers(kit.db, 'http://book.test');
    const lastTry = { attempts: 5, max_attempts: 5 } as JobRow;
    await handlers['email.booking_confirmed']({ booking_id: link.bookingId }, lastTry);
    const attached = sent[0]!.attachments!.find((file) => file.contentType === 'application/pdf')!;
    expect(attached.filename).toBe('R-2026-27-000004.pdf');
    expect(await pdfText(Buffer.from(attached.content, 'base64'))).toContain('Number: R/2026-27/000004');

    expect((await kit.send('POST', `/api/admin/bookings/${link.bookingId}/cancel`)).statusCode).toBe(200);
    const refund = await kit.send('POST', `/api/admin/bookings/${link.bookingId}/refund`);
    expect(refund.statusCode, refund.body).toBe(200);
    const documents = await kit.receiptsOf(link.bookingId);
    expect(documents).toHaveLength(2);
    expect(documents[1]).toMatchObject({ number: 'C/2026-27/000001', kind: 'credit_note', amount: 1500 });
    const text = await kit.pdfOf(documents[1].pdf_url);
    expect(text).toContain('Credit Note (against R/2026-27/000004)');
    expect(text).toContain('Original document: R/2026-27/000004 dated 2026-11-22');
    // ₹1,500 at 18%: 1,271.19 taxable and 228.81 IGST (Goa is another state).
    expect(text).toContain('Taxable value Rs. 1,271.19');
    expect(text).toContain('IGST @ 18% Rs. 228.81');
    expect(text).toContain('Total Rs. 1,500.00');
    expect(text).toContain('One Thousand Five Hundred Rupees Only');
    // The refund is given once: asking again neither refunds nor issues another note.
    expect((await kit.send('POST', `/api/admin/bookings/${link.bookingId}/refund`)).statusCode).toBe(409);
    expect(await kit.receiptsOf(link.bookingId)).toHaveLength(2);
  });

  it('reverses an undone centre payment with a credit note, and the new payment gets a new number', async () => {
    const id = await kit.inPerson('2026-11-13', { amountPaise: 118_000 });
    const paid = await kit.payAtCentre(id);
    const undone = await kit.send(
      'POST',
      `/api/admin/bookings/${id}/payments/${paid.json().payment.payment_id}/void`,
    );
    expect(undone.statusCode, undone.body).toBe(200);
    expect((await kit.payAtCentre(id)).statusCode).toBe(200);
    expect(
      (await kit.receiptsOf(id)).map((row: { number: string; kind: string }) => [row.number, row.kind]),
    ).toEqual([
      ['R/2026-27/000005', 'tax_invoice'],
      ['C/2026-27/000002', 'credit_note'],
      ['R/2026-27/000006', 'tax_invoice'],
    ]);
  });

  it('gives the client the documents of their own booking through the manage link, and 404 for any other', async () => {
    const id = await kit.inPerson('2026-11-14');
    await kit.payAtCentre(id);
    const token = await kit.manageToken(id);
    const listed = (await kit.app.inject(`/api/manage/${token}/receipts`)).json();
    expect(listed).toEqual([
      expect.objectContaining({
        number: 'R/2026-27/000007',
        pdf_url: `/api/manage/${token}/receipts/R%2F2026-27%2F000007.pdf`,
      }),
    ]);
    const pdf = await kit.app.inject(listed[0].pdf_url);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Another booking's invoice through this link: not found, as a number that does not exist.
    const other = await kit.app.inject(`/api/manage/${token}/receipts/R%2F2026-27%2F000001.pdf`);
    expect(other.statusCode).toBe(404);
    expect((await kit.app.inject(`/api/manage/${token}/receipts/nonsense`)).statusCode).toBe(404);
    expect((await kit.app.inject(`/api/manage/${'x'.repeat(43)}/receipts`)).statusCode).toBe(404);
  });

  it('refuses any change or deletion of an issued document in the database itself', async () => {
    await expect(
      kit.db.query("UPDATE money_documents SET total_paise = 1 WHERE number = 'R/2026-27/000001'"),
    ).rejects.toThrow(/can not be changed or deleted/);
    await expect(
      kit.db.query("DELETE FROM money_documents WHERE number = 'R/2026-27/000001'"),
    ).rejects.toThrow(/can not be changed or deleted/);
    const { rows } = await kit.db.query<{ total_paise: number }>(
      "SELECT total_paise FROM money_documents WHERE number = 'R/2026-27/000001'",
    );
    expect(rows[0]!.total_paise).toBe(118_000);
  });

  it('leaves neither payment nor document when the document cannot be made, and then no gap in the numbers', async () => {
    const id = await kit.inPerson('2026-11-15');
    // The document's write fails inside the payment's transaction (as a crash there would stop it).
    await kit.db.exec(`CREATE FUNCTION fail_document() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'disk gone'; END $$;
      CREATE TRIGGER fail_document BEFORE INSERT ON money_documents FOR EACH ROW EXECUTE FUNCTION fail_document();`);
    try {
      expect((await kit.payAtCentre(id)).statusCode).toBe(500);
    } finally {
      await kit.db.exec('DROP TRIGGER fail_document ON money_documents; DROP FUNCTION fail_document();');
    }
    const payments = await kit.db.query('SELECT 1 FROM centre_payments WHERE booking_id = $1', [id]);
    expect(payments.rows).toHaveLength(0);
    const status = await kit.db.query<{ payment_status: string }>(
      'SELECT payment_status FROM bookings WHERE id = $1',
      [id],
    );
    expect(status.rows[0]!.payment_status).toBe('PENDING');
    expect(await kit.receiptsOf(id)).toEqual([]);

    expect((await kit.payAtCentre(id)).statusCode).toBe(200);
    expect((await kit.receiptsOf(id))[0].number).toBe('R/2026-27/000008');
  });

  it('refuses a wrong SAC, a rate outside 0–28 and a half-given tax, naming the field and saving nothing', async () => {
    for (const [tax, field] of [
      [{ rate_percent: 18, sac: '9993' }, 'tax.sac'],
      [{ rate_percent: 29, sac: '999312' }, 'tax.rate_percent'],
      [{ rate_percent: -1, sac: '999312' }, 'tax.rate_percent'],
      [{ rate_percent: 18 }, 'tax'],
      [{ exempt: true, sac: '999312' }, 'tax'],
    ] as const) {
      const response = await kit.send('PATCH', '/api/admin/services/1', { tax });
      expect(response.statusCode, JSON.stringify(tax)).toBe(400);
      expect(response.json().detail).toContain(`${field}:`);
    }
    const services = (await kit.send('GET', '/api/admin/catalogue/services')).json();
    expect(services.find((service: { id: number }) => service.id === 1).tax).toEqual({
      rate_percent: 18,
      sac: '999312',
    });
  });
});
