import readXlsxFile from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdminUser, insertClientBooking, signIn } from '../../test/admin-test-kit.ts';
import { type MoneyPapersKit, startMoneyPapers } from '../../test/money-papers-kit.ts';
import { backends } from '../../test/test-database.ts';

/*
 * The register and the payouts on a fixed data set (issue 27), every figure worked out by hand.
 * November 2026, the clock on the 22nd; the clinic is in Maharashtra; service 1 taxable at 18%,
 * service 2 exempt.
 *
 * Dr.Asha Menon (therapist 1): 60% from 1 Nov, 50% from 20 Nov.
 *   a  2 Nov  held, paid at the centre ₹1,500 (client in Karnataka)   60% → 900
 *   b  3 Nov  no-show, paid ₹1,500                                     60% → 900
 *   c  4 Nov  cancelled                                                 —
 *   d 21 Nov  held, paid at the centre ₹1,500 (client in Maharashtra)  50% → 750
 *   gross 4,500, therapist 2,550, clinic 1,950
 * Ms.Priya Nair (therapist 3): ₹400 a session from 1 Nov.
 *   e  5 Nov  held, paid at the centre ₹1,000 (exempt service), undone and paid again → 400
 *   f  6 Nov  no-show, paid ₹1,000                                     → 400
 *   g  7 Nov  not paid                                                  —
 *   gross 2,000, therapist 800, clinic 1,200
 * All: gross 6,500 (the month's income), therapist 3,350, clinic 3,150.
 *
 * Documents, all dated 22 Nov: R1 a (IGST), R2 d (CGST+SGST), R3 e, C1 against R3, R4 e.
 * ₹1,500 at 18% is 1,271.19 taxable and 228.81 tax (114.40 CGST + 114.41 SGST).
 */
describe.each(backends)('the register and the payouts on %s', (backend) => {
  let kit: MoneyPapersKit;

  const booking = async (
    therapistId: 1 | 3,
    day: string,
    setup: {
      paid: 'centre' | 'online' | 'no';
      attendance?: 'attended' | 'no_show';
      state?: string;
      cancelled?: true;
    },
  ) => {
    const { id } = await insertClientBooking(kit.db, {
      therapistId,
      serviceId: therapistId === 1 ? 1 : 2,
      bookingDate: `2026-11-${day}`,
      startTime: '09:00',
      bookingType: setup.paid === 'online' ? 'ONLINE' : 'OFFLINE',
      paymentStatus: setup.paid === 'online' ? 'COMPLETED' : 'PENDING',
      locationId: setup.paid === 'online' ? null : 1,
      amountPaise: therapistId === 1 ? 150_000 : 100_000,
    });
    await kit.db.query(
      'UPDATE bookings SET client_state = $2, attendance = $3, cancelled = $4 WHERE id = $1',
      [id, setup.state ?? 'Maharashtra', setup.attendance ?? null, setup.cancelled ?? false],
    );
    if (setup.paid === 'centre') expect((await kit.payAtCentre(id)).statusCode).toBe(200);
    return id;
  };

  beforeAll(async () => {
    kit = await startMoneyPapers(backend);
    const patch = async (url: string, payload: object) =>
      expect((await kit.send('PATCH', url, payload)).statusCode).toBe(200);
    await patch('/api/admin/services/1', { tax: { rate_percent: 18, sac: '999312' } });
    await patch('/api/admin/therapists/1', { payout: { percent: 60, from: '2026-11-01' } });
    await patch('/api/admin/therapists/1', { payout: { percent: 50, from: '2026-11-20' } });
    await patch('/api/admin/therapists/3', { payout: { per_session: 400, from: '2026-11-01' } });
    await booking(1, '02', { paid: 'centre', attendance: 'attended', state: 'Karnataka' });
    await booking(1, '03', { paid: 'online', attendance: 'no_show' });
    await booking(1, '04', { paid: 'online', cancelled: true });
    await booking(1, '21', { paid: 'centre', attendance: 'attended' });
    const e = await booking(3, '05', { paid: 'centre', attendance: 'attended' });
    const [paymentId] = (
      await kit.db.query<{ id: number }>('SELECT id FROM centre_payments WHERE booking_id = $1', [e])
    ).rows.map((row) => row.id);
    expect((await kit.send('POST', `/api/admin/bookings/${e}/payments/${paymentId}/void`)).statusCode).toBe(
      200,
    );
    expect((await kit.payAtCentre(e)).statusCode).toBe(200);
    await booking(3, '06', { paid: 'online', attendance: 'no_show' });
    await booking(3, '07', { paid: 'no' });
  });
  afterAll(() => kit.close());

  it('lists every document of the period with the columns GST returns are filed from', async () => {
    const register = (await kit.send('GET', '/api/admin/receipts?from=2026-11-01&to=2026-11-30')).json();
    const rows = register.items.map((row: Record<string, unknown>) => [
      row.number,
      row.kind,
      row.client_state,
      row.taxable_value,
      row.cgst,
      row.sgst,
      row.igst,
      row.total,
      row.linked_number,
    ]);
    expect(rows).toEqual([
      ['R/2026-27/000001', 'tax_invoice', 'Karnataka', 1271.19, 0, 0, 228.81, 1500, null],
      ['R/2026-27/000002', 'tax_invoice', 'Maharashtra', 1271.19, 114.4, 114.41, 0, 1500, null],
      ['R/2026-27/000003', 'bill_of_supply', 'Maharashtra', 1000, 0, 0, 0, 1000, null],
      ['R/2026-27/000004', 'bill_of_supply', 'Maharashtra', 1000, 0, 0, 0, 1000, null],
      ['C/2026-27/000001', 'credit_note', 'Maharashtra', 1000, 0, 0, 0, 1000, 'R/2026-27/000003'],
    ]);
    expect(register.totals).toEqual({
      taxable_value: 3542.38,
      cgst: 114.4,
      sgst: 114.41,
      igst: 228.81,
      total: 4000,
    });
    expect((await kit.send('GET', '/api/admin/receipts?from=2026-11-23&to=2026-11-30')).json().items).toEqual(
      [],
    );
  });

  it('downloads the register as a workbook that reads back the same figures', async () => {
    const response = await kit.send('GET', '/api/admin/receipts?from=2026-11-01&to=2026-11-30&format=xlsx');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="Receipts_2026-11-01_2026-11-30.xlsx"',
    );
    const [sheet] = await readXlsxFile(response.rawPayload);
    const rows = sheet!.data as unknown[][];
    expect(rows[0]).toEqual([
      'Number',
      'Date',
      'Kind',
      'Booking',
      'Client state (place of supply)',
      'SAC',
      'Taxable value',
      'Rate %',
      'CGST',
      'SGST',
      'IGST',
      'Total',
      'Linked document',
    ]);
    expect(rows[2]?.slice(0, 3)).toEqual(['R/2026-27/000002', '2026-11-22', 'Tax Invoice']);
    expect(rows[2]?.slice(5)).toEqual(['999312', 1271.19, 18, 114.4, 114.41, 0, 1500, null]);
    expect(rows[5]?.[12]).toBe('R/2026-27/000003');
    expect(rows[6]?.slice(6)).toEqual([3542.38, null, 114.4, 114.41, 228.81, 4000, null]);
  });

  it('splits each therapist’s month by the share in force on each session’s date, adding up to the income', async () => {
    const report = (await kit.send('GET', '/api/admin/payouts?year=2026&month=11')).json();
    const byId = (id: number) =>
      report.items.find((row: { therapist_id: number }) => row.therapist_id === id);
    expect(byId(1)).toEqual({
      therapist_id: 1,
      therapist_name: 'Dr.Asha Menon',
      sessions_held: 2,
      no_shows_charged: 1,
      cancellations: 1,
      gross: 4500,
      clinic_share: 1950,
      therapist_share: 2550,
    });
    expect(byId(3)).toMatchObject({
      sessions_held: 1,
      no_shows_charged: 1,
      cancellations: 0,
      gross: 2000,
      clinic_share: 1200,
      therapist_share: 800,
    });
    expect(report.totals).toEqual({ gross: 6500, clinic_share: 3150, therapist_share: 3350 });
    const income = (await kit.send('GET', '/api/admin/income?from=2026-11-01&to=2026-11-30')).json();
    expect(income.total_amount).toBe(report.totals.gross);
    const monthly = (await kit.send('GET', '/api/admin/reports/therapist-monthly?year=2026&month=11')).json();
    const monthlyIncome = monthly.therapist_performance.reduce(
      (sum: number, row: { total_income: number }) => sum + row.total_income,
      0,
    );
    expect(monthlyIncome).toBe(report.totals.gross);

    const workbook = await kit.send('GET', '/api/admin/payouts?year=2026&month=11&format=xlsx');
    const rows = (await readXlsxFile(workbook.rawPayload))[0]!.data as unknown[][];
    expect(rows[1]).toEqual(['Dr.Asha Menon', 2, 1, 1, 4500, 1950, 2550]);
    expect(rows.at(-1)).toEqual(['Total', null, null, null, 6500, 3150, 3350]);
  });

  it('never rewrites a past month, refuses a share given both ways, and shows a therapist only their own', async () => {
    const refused = await kit.send('PATCH', '/api/admin/therapists/1', {
      payout: { percent: 10, from: '2026-10-31' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toContain('payout.from:');
    const both = await kit.send('PATCH', '/api/admin/therapists/1', {
      payout: { percent: 10, per_session: 300 },
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().detail).toContain('payout:');

    await createAdminUser(kit.db, 'priya@example.com', { therapistId: 3 });
    const priya = await signIn(kit.app, 'priya@example.com');
    const own = await kit.app.inject({
      url: '/api/therapist/payouts?year=2026&month=11',
      headers: bearer(priya),
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().items).toEqual([
      expect.objectContaining({ therapist_id: 3, gross: 2000, therapist_share: 800 }),
    ]);
    expect((await kit.app.inject({ url: '/api/admin/payouts', headers: bearer(priya) })).statusCode).toBe(
      403,
    );
    expect((await kit.send('GET', '/api/admin/payouts', undefined, kit.staff)).statusCode).toBe(403);
    expect(
      (await kit.send('GET', '/api/admin/receipts?from=2026-11-01&to=2026-11-30', undefined, kit.staff))
        .statusCode,
    ).toBe(403);
  });
});
