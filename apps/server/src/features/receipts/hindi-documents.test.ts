import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MoneyPapersKit, startMoneyPapers, TAX_DETAILS } from '../../test/money-papers-kit.ts';
import { backends } from '../../test/test-database.ts';

/*
 * Documents in the booking's language where the clinic allows it (decision 063): a booking made
 * in Hindi gets its receipt, invoice or credit note in Hindi beside English once the clinic turns
 * `documents_in_client_language` on; English is always there, word for word as on an English
 * document. Read back from the PDF's text (pdf.js): a shaped Devanagari line comes back in the
 * order its glyphs are drawn, so 'चिकित्सक' reads 'िचिकत्सक' (the short i is drawn before its
 * consonant). Unshaped text would come back in typing order, which the test refuses.
 */
const DEVANAGARI = /[\u0900-\u097F]/;

describe.each(backends)('documents in the client’s language on %s', (backend) => {
  let kit: MoneyPapersKit;

  beforeAll(async () => {
    kit = await startMoneyPapers(backend);
    await kit.send('PATCH', '/api/admin/therapists/1', { registration_number: 'CRR A12345' });
  });
  afterAll(() => kit.close());

  const allowHindi = async (allowed: boolean) => {
    const { updated_at: _at, ...fields } = (await kit.send('GET', '/api/admin/clinic')).json();
    const saved = await kit.send('PUT', '/api/admin/clinic', {
      ...fields,
      ...TAX_DETAILS,
      documents_in_client_language: allowed,
    });
    expect(saved.statusCode, saved.body).toBe(200);
  };
  const paidIn = async (language: 'en' | 'hi', date: string, change = {}) => {
    const id = await kit.inPerson(date, { amountPaise: 118_000, ...change });
    await kit.db.query('UPDATE bookings SET client_language = $2 WHERE id = $1', [id, language]);
    const paid = await kit.payAtCentre(id);
    expect(paid.statusCode, paid.body).toBe(200);
    return { id, paymentId: paid.json().payment.payment_id as number };
  };
  const pdfOfBooking = async (id: number, index = 0) => kit.pdfOf((await kit.receiptsOf(id))[index].pdf_url);

  it('prints in English only while the clinic has not allowed the client’s language', async () => {
    const { id } = await paidIn('hi', '2026-11-10');
    const text = await pdfOfBooking(id);
    expect(text).toContain('Number: R/2026-27/000001');
    expect(text).toContain('Therapist: Dr.Asha Menon');
    expect(text).not.toMatch(DEVANAGARI);
  });

  it('prints a Hindi booking’s bill of supply in Hindi beside English once allowed, shaped', async () => {
    await allowHindi(true);
    const { id } = await paidIn('hi', '2026-11-11');
    const text = await pdfOfBooking(id);
    for (const expected of [
      'का िबल / Bill of Supply',
      'रसीद संख्या / Number: R/2026-27/000002',
      'पंजीकरण संख्या / Registration number: CRR A12345',
      'कुल / Total Rs. 1,180.00',
      'Amount in words: One Thousand One Hundred Eighty Rupees Only',
      'एक हज़ार एक सौ अस्सी',
      'GST not charged: exempt supply of health care services',
      'जीएसटी नहीं लगाया गया',
      // Shaped: the short i drawn before its consonant.
      'िचिकत्सक / Therapist: Dr.Asha Menon',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('चिकित्सक');
    // The first document, printed again, follows the setting too (the language is not stored).
    expect(await pdfOfBooking(id - 1)).toContain('रसीद संख्या / Number: R/2026-27/000001');
  });

  it('keeps an English booking’s documents in English when Hindi is allowed', async () => {
    const text = await pdfOfBooking((await paidIn('en', '2026-11-12')).id);
    expect(text).toContain('Number: R/2026-27/000003');
    expect(text).not.toMatch(DEVANAGARI);
  });

  it('prints a taxable invoice and its credit note in Hindi beside English', async () => {
    const tax = await kit.send('PATCH', '/api/admin/services/1', {
      tax: { rate_percent: 18, sac: '999312' },
    });
    expect(tax.statusCode, tax.body).toBe(200);
    const { id, paymentId } = await paidIn('hi', '2026-11-13', { clientState: 'Karnataka' });
    const invoice = await pdfOfBooking(id);
    for (const expected of [
      'कर बीजक / Tax Invoice',
      'जीएसटी लगाया गया: IGST 18%',
      'Taxable value Rs. 1,000.00',
      'IGST @ 18% Rs. 180.00',
      'कुल / Total Rs. 1,180.00',
      'GST charged: IGST at 18% (place of supply outside Maharashtra).',
    ]) {
      expect(invoice).toContain(expected);
    }
    const voided = await kit.send('POST', `/api/admin/bookings/${id}/payments/${paymentId}/void`);
    expect(voided.statusCode, voided.body).toBe(200);
    const note = await pdfOfBooking(id, 1);
    for (const expected of [
      'नोट संख्या / Number: C/2026-27/000001',
      'Credit Note (against R/2026-27/000004)',
      'This credit note reverses the original document in full',
      'Original document: R/2026-27/000004 dated 2026-11-22',
      'कुल / Total Rs. 1,180.00',
    ]) {
      expect(note).toContain(expected);
    }
  });
});
