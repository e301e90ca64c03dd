import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingNotificationHandlers } from '../../test/message-kit.ts';
import { type MoneyPapersKit, pdfText, startMoneyPapers } from '../../test/money-papers-kit.ts';
import { backends } from '../../test/test-database.ts';
import type { JobRow } from '../jobs/job-kinds.ts';

/*
 * A manual booking the front desk enters as paid (ONLINE: COMPLETED, the money taken outside the
 * app) is a payment collected: it gets its receipt in the same transaction (decision 063), as a
 * link paid or a payment at the centre does. The clock is 2026-11-22 (financial year 2026-27).
 */
describe.each(backends)('receipts of manual bookings entered as paid on %s', (backend) => {
  let kit: MoneyPapersKit;

  beforeAll(async () => {
    kit = await startMoneyPapers(backend);
  });
  afterAll(() => kit.close());

  const manual = (change: object) =>
    kit.send('POST', '/api/admin/bookings', {
      therapist_id: 1,
      booking_date: '2026-11-24',
      booking_time_slot_start: '14:00',
      client_full_name: 'Rahul Verma',
      client_email: 'rahul@example.com',
      client_mobile: '9123456780',
      client_note: '',
      booking_type: 'ONLINE',
      location_id: 0,
      amount: 1500,
      admin_confirmed: true,
      payment_status: 'COMPLETED',
      ...change,
    });

  it('issues the receipt of a manual booking entered as paid, and sends it with the confirmation', async () => {
    const created = await manual({});
    expect(created.statusCode, created.body).toBe(201);
    const { booking_id: id, payment_status } = created.json();
    expect(payment_status).toBe('COMPLETED');
    const receipts = await kit.receiptsOf(id);
    expect(receipts).toEqual([
      expect.objectContaining({ number: 'R/2026-27/000001', kind: 'bill_of_supply', amount: 1500 }),
    ]);
    const text = await kit.pdfOf(receipts[0].pdf_url);
    expect(text).toContain('Client: Rahul Verma');
    expect(text).toContain('Total Rs. 1,500.00');
    expect(text).toContain('One Thousand Five Hundred Rupees Only');

    const { sent, handlers } = recordingNotificationHandlers(kit.db, 'http://book.test');
    const lastTry = { attempts: 5, max_attempts: 5 } as JobRow;
    await handlers['email.booking_confirmed']({ booking_id: id }, lastTry);
    const attached = sent[0]!.attachments!.find((file) => file.contentType === 'application/pdf')!;
    expect(attached.filename).toBe('R-2026-27-000001.pdf');
    expect(await pdfText(Buffer.from(attached.content, 'base64'))).toContain('Number: R/2026-27/000001');
  });

  it('issues one receipt per session of a standing appointment entered as paid, numbers consecutive', async () => {
    const created = await manual({
      booking_date: '2026-11-25',
      booking_time_slot_start: '15:00',
      amount: 1200,
      repeat: { every_weeks: 1, count: 3 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const ids: number[] = created.json().booking_ids;
    const numbers = [];
    for (const id of ids) {
      const receipts = await kit.receiptsOf(id);
      expect(receipts).toHaveLength(1);
      expect(receipts[0].amount).toBe(1200);
      numbers.push(receipts[0].number);
    }
    expect(numbers).toEqual(['R/2026-27/000002', 'R/2026-27/000003', 'R/2026-27/000004']);
  });

  it('issues nothing for a manual booking to be paid at the visit, until it is paid there', async () => {
    const created = await manual({
      booking_type: 'OFFLINE',
      location_id: 1,
      booking_time_slot_start: '10:00',
      booking_date: '2026-11-26',
    });
    expect(created.statusCode, created.body).toBe(201);
    const { booking_id: id, payment_status } = created.json();
    expect(payment_status).toBe('PENDING');
    expect(await kit.receiptsOf(id)).toEqual([]);
    expect((await kit.payAtCentre(id)).statusCode).toBe(200);
    expect(await kit.receiptsOf(id)).toEqual([
      expect.objectContaining({ number: 'R/2026-27/000005', amount: 1500 }),
    ]);
  });
});
