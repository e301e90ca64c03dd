import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOW, TODAY } from '../../test/admin-test-kit.ts';
import { LAST_MONTH_DAY, type ReportsKit, startReports, YESTERDAY } from '../../test/reports-kit.ts';
import { backends } from '../../test/test-database.ts';

describe.each(backends)('reports and income on %s', (backend) => {
  let close: () => Promise<void>;
  let get: ReportsKit['get'];

  beforeAll(async () => {
    ({ close, get } = await startReports(backend, () => NOW));
  });
  afterAll(() => close());

  const collected = {
    paidOdd: {
      amount: 1234.56,
      payment_transaction_id: 'pay_B2',
      client_name: 'Bharat Singh',
      client_phone: '9000000002',
      booking_date: TODAY,
    },
    paid: {
      amount: 1500,
      payment_transaction_id: 'pay_A1',
      client_name: 'Anita Desai',
      client_phone: '9000000001',
      booking_date: TODAY,
    },
    paidYesterday: {
      amount: 1500,
      payment_transaction_id: 'pay_F6',
      client_name: 'Farah Khan',
      client_phone: '9000000006',
      booking_date: YESTERDAY,
    },
    paidLastMonth: {
      amount: 1000,
      payment_transaction_id: 'pay_I9',
      client_name: 'Isha Verma',
      client_phone: '9000000009',
      booking_date: LAST_MONTH_DAY,
    },
  };

  it('lists collected payments newest booking first, with the total in rupees (inventory and income)', async () => {
    const expected = {
      total_amount: 5234.56,
      total_count: 4,
      payments: [collected.paidOdd, collected.paid, collected.paidYesterday, collected.paidLastMonth],
      limit: 10,
      next_cursor: null,
    };
    const inventory = await get('/api/admin/reports/inventory');
    expect(inventory.statusCode, inventory.body).toBe(200);
    expect(inventory.json()).toEqual(expected);
    const income = await get('/api/admin/income');
    expect(income.statusCode, income.body).toBe(200);
    expect(income.json()).toEqual(expected);
  });

  it('filters collected payments by booking date, from and to included', async () => {
    expect((await get(`/api/admin/reports/inventory?from=${TODAY}`)).json()).toMatchObject({
      total_amount: 2734.56,
      total_count: 2,
      payments: [collected.paidOdd, collected.paid],
    });
    expect((await get(`/api/admin/reports/inventory?from=2026-11-01&to=${YESTERDAY}`)).json()).toMatchObject({
      total_amount: 1500,
      total_count: 1,
      payments: [collected.paidYesterday],
    });
    expect((await get('/api/admin/income?to=2026-10-31')).json()).toMatchObject({
      total_amount: 1000,
      payments: [collected.paidLastMonth],
    });
    expect((await get('/api/admin/reports/inventory?from=2027-01-01')).json()).toEqual({
      total_amount: 0,
      total_count: 0,
      payments: [],
      limit: 10,
      next_cursor: null,
    });
  });

  it('pages collected payments by cursor, each page carrying the totals of all pages', async () => {
    const all = [collected.paidOdd, collected.paid, collected.paidYesterday, collected.paidLastMonth];
    for (const path of ['/api/admin/income', '/api/admin/reports/inventory']) {
      const pages = [];
      let cursor: string | null = null;
      do {
        const response = await get(`${path}?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
        expect(response.statusCode, response.body).toBe(200);
        const page = response.json();
        expect(page).toMatchObject({ total_amount: 5234.56, total_count: 4, limit: 3 });
        pages.push(page.payments);
        cursor = page.next_cursor;
      } while (cursor);
      expect(pages.map((page) => page.length)).toEqual([3, 1]);
      expect(pages.flat()).toEqual(all);
    }
    expect((await get('/api/admin/income?limit=101')).statusCode).toBe(400);
    expect((await get('/api/admin/income?cursor=2026-11-01~10:00:00')).statusCode).toBe(400);
  });

  it('refuses bad date filters with 400', async () => {
    for (const query of ['from=2026-11-31', 'to=yesterday', 'from=2026-11-30&to=2026-11-01']) {
      const response = await get(`/api/admin/reports/inventory?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().detail, query).toEqual(expect.any(String));
    }
    expect((await get('/api/admin/income?from=2026-1-1')).statusCode).toBe(400);
  });
});
