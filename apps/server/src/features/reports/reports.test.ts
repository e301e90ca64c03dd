import type { PaymentStatus } from '@therapy/shared/booking-states';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createAdminUser,
  insertClientBooking,
  JWT_SECRET,
  NOW,
  signIn,
  TODAY,
} from '../../test/admin-test-kit.ts';
import { createDemoTestApp } from '../../test/test-app.ts';
import { backends, type TestDatabase } from '../../test/test-database.ts';
import { demoTherapists } from '../demo-data/demo-catalog.ts';

const YESTERDAY = '2026-11-21';
const LAST_MONTH_DAY = '2026-10-15';

type Seed = {
  therapistId: number;
  bookingDate: string;
  startTime: string;
  paymentStatus: PaymentStatus;
  amountPaise: number;
  name?: string;
  mobile?: string;
  transactionId?: string;
  cancelled?: boolean;
  adminBlock?: boolean;
};

describe.each(backends)('reports and income on %s', (backend) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let clock = NOW;
  let bossToken: string;
  let staffToken: string;
  const ids: Record<string, number> = {};

  async function seed(key: string, booking: Seed) {
    const { id } = await insertClientBooking(db, {
      therapistId: booking.therapistId,
      bookingDate: booking.bookingDate,
      startTime: booking.startTime,
      paymentStatus: booking.paymentStatus,
      amountPaise: booking.amountPaise,
      bookingType: booking.adminBlock ? 'ADMIN_BLOCK' : 'ONLINE',
      client: booking.adminBlock
        ? undefined
        : {
            fullName: booking.name ?? 'Kavya Sharma',
            email: 'client@example.com',
            mobile: booking.mobile ?? '9876543210',
          },
    });
    await db.query('UPDATE bookings SET cancelled = $2, payment_transaction_id = $3 WHERE id = $1', [
      id,
      booking.cancelled ?? false,
      booking.transactionId ?? null,
    ]);
    ids[key] = id;
  }

  beforeAll(async () => {
    ({ db, app, close } = await createDemoTestApp(backend, { now: () => clock, env: { JWT_SECRET } }));
    await createAdminUser(db, 'staff@example.com');
    await createAdminUser(db, 'boss@example.com', { superadmin: true });
    staffToken = await signIn(app, 'staff@example.com');
    bossToken = await signIn(app, 'boss@example.com');

    // Today: two paid sessions, a pending one, a failed payment, a paid one cancelled by an
    // admin (status CANCELLED), one cancelled by the flag only, and an admin block.
    const today = { bookingDate: TODAY };
    await seed('paid', {
      ...today,
      therapistId: 1,
      startTime: '09:00',
      paymentStatus: 'COMPLETED',
      amountPaise: 150_000,
      name: 'Anita Desai',
      mobile: '9000000001',
      transactionId: 'pay_A1',
    });
    await seed('paidOdd', {
      ...today,
      therapistId: 1,
      startTime: '10:00',
      paymentStatus: 'COMPLETED',
      amountPaise: 123_456,
      name: 'Bharat Singh',
      mobile: '9000000002',
      transactionId: 'pay_B2',
    });
    await seed('pending', {
      ...today,
      therapistId: 2,
      startTime: '09:00',
      paymentStatus: 'PENDING',
      amountPaise: 200_000,
      name: 'Chitra Rao',
    });
    await seed('failed', {
      ...today,
      therapistId: 2,
      startTime: '10:00',
      paymentStatus: 'FAILED',
      amountPaise: 200_000,
      name: 'Deepak Anand',
    });
    await seed('adminCancelled', {
      ...today,
      therapistId: 2,
      startTime: '11:00',
      paymentStatus: 'CANCELLED',
      cancelled: true,
      amountPaise: 200_000,
      name: 'Esha Gupta',
      transactionId: 'pay_E5',
    });
    await seed('block', {
      ...today,
      therapistId: 3,
      startTime: '09:00',
      paymentStatus: 'BLOCKED',
      amountPaise: 0,
      adminBlock: true,
    });
    await seed('flagCancelled', {
      ...today,
      therapistId: 1,
      startTime: '11:00',
      paymentStatus: 'COMPLETED',
      cancelled: true,
      amountPaise: 150_000,
      name: 'Gita Pillai',
      transactionId: 'pay_G7',
    });
    // Yesterday: one paid, one awaiting payment, and an admin block marked COMPLETED with an
    // amount (never money: blocks are left out of every report).
    await seed('paidYesterday', {
      bookingDate: YESTERDAY,
      therapistId: 1,
      startTime: '09:00',
      paymentStatus: 'COMPLETED',
      amountPaise: 150_000,
      name: 'Farah Khan',
      mobile: '9000000006',
      transactionId: 'pay_F6',
    });
    await seed('initiatedYesterday', {
      bookingDate: YESTERDAY,
      therapistId: 2,
      startTime: '09:00',
      paymentStatus: 'INITIATED',
      amountPaise: 200_000,
      name: 'Hari Menon',
    });
    await seed('oddBlock', {
      bookingDate: YESTERDAY,
      therapistId: 3,
      startTime: '10:00',
      paymentStatus: 'COMPLETED',
      amountPaise: 99_900,
      adminBlock: true,
    });
    // Last month: one paid, one cancelled.
    await seed('paidLastMonth', {
      bookingDate: LAST_MONTH_DAY,
      therapistId: 1,
      startTime: '09:00',
      paymentStatus: 'COMPLETED',
      amountPaise: 100_000,
      name: 'Isha Verma',
      mobile: '9000000009',
      transactionId: 'pay_I9',
    });
    await seed('cancelledLastMonth', {
      bookingDate: LAST_MONTH_DAY,
      therapistId: 2,
      startTime: '09:00',
      paymentStatus: 'CANCELLED',
      cancelled: true,
      amountPaise: 200_000,
      name: 'Jai Kumar',
    });
  });
  afterAll(() => close());

  const get = (url: string, token = bossToken) => app.inject({ method: 'GET', url, headers: bearer(token) });

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

  it("gives the end-of-day report of today's bookings by default, admin blocks and failed payments left out", async () => {
    const response = await get('/api/admin/reports/eod');
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json();
    expect(report).toMatchObject({
      report_date: TODAY,
      total_bookings_today: 5,
      completed_bookings_today: 2,
      cancelled_bookings_today: 2,
      total_income_today: 2734.56,
    });
    // By start time, then booking id.
    expect(report.details.map((row: { booking_id: number }) => row.booking_id)).toEqual([
      ids.paid,
      ids.pending,
      ids.paidOdd,
      ids.adminCancelled,
      ids.flagCancelled,
    ]);
    expect(report.details[0]).toEqual({
      booking_id: ids.paid,
      client_name: 'Anita Desai',
      therapist_id: 1,
      therapist_name: 'Dr.Asha Menon',
      service_id: 1,
      payment_status: 'COMPLETED',
      cancelled: false,
      amount: 1500,
    });
    expect(report.details[3]).toMatchObject({ payment_status: 'CANCELLED', cancelled: true, amount: 2000 });
    expect(report.details[4]).toMatchObject({ payment_status: 'COMPLETED', cancelled: true, amount: 1500 });
    expect((await get(`/api/admin/reports/eod?report_date=${TODAY}`)).json()).toEqual(report);
  });

  it('gives the end-of-day report of another day, and zeros for a day without bookings', async () => {
    const yesterday = (await get(`/api/admin/reports/eod?report_date=${YESTERDAY}`)).json();
    expect(yesterday).toMatchObject({
      report_date: YESTERDAY,
      total_bookings_today: 2,
      completed_bookings_today: 1,
      cancelled_bookings_today: 0,
      total_income_today: 1500,
    });
    expect(yesterday.details.map((row: { booking_id: number }) => row.booking_id)).toEqual([
      ids.paidYesterday,
      ids.initiatedYesterday,
    ]);
    expect((await get('/api/admin/reports/eod?report_date=2026-11-23')).json()).toEqual({
      report_date: '2026-11-23',
      total_bookings_today: 0,
      completed_bookings_today: 0,
      cancelled_bookings_today: 0,
      total_income_today: 0,
      details: [],
    });
  });

  it('refuses an end-of-day date that is not a real day with 400', async () => {
    for (const date of ['2026-02-30', '2026-13-01', '22-11-2026', 'today', '']) {
      const response = await get(`/api/admin/reports/eod?report_date=${date}`);
      expect(response.statusCode, date).toBe(400);
      expect(response.json().detail, date).toMatch(/report_date/);
    }
  });

  const zeros = (therapist: { id: number; name: string }) => ({
    therapist_id: therapist.id,
    therapist_name: therapist.name,
    total_sessions: 0,
    completed_sessions: 0,
    missed_or_cancelled_sessions: 0,
    total_income: 0,
  });

  it("gives every therapist's month, this month by default, zero rows included", async () => {
    const response = await get('/api/admin/reports/therapist-monthly');
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json();
    expect(report.year).toBe(2026);
    expect(report.month).toBe(11);
    expect(report.therapist_performance).toHaveLength(demoTherapists.length);
    expect(report.therapist_performance[0]).toEqual({
      ...zeros(demoTherapists[0]!),
      total_sessions: 4,
      completed_sessions: 3,
      missed_or_cancelled_sessions: 1,
      total_income: 4234.56,
    });
    // The failed payment attempt is no session; the pending, initiated and cancelled ones are.
    expect(report.therapist_performance[1]).toEqual({
      ...zeros(demoTherapists[1]!),
      total_sessions: 3,
      missed_or_cancelled_sessions: 1,
    });
    // Therapist 3 has only admin blocks.
    expect(report.therapist_performance.slice(2)).toEqual(demoTherapists.slice(2).map(zeros));
    expect((await get('/api/admin/reports/therapist-monthly?year=2026&month=11')).json()).toEqual(report);
  });

  it('gives another month on request', async () => {
    const october = (await get('/api/admin/reports/therapist-monthly?year=2026&month=10')).json();
    expect(october).toMatchObject({ year: 2026, month: 10 });
    expect(october.therapist_performance.slice(0, 2)).toEqual([
      { ...zeros(demoTherapists[0]!), total_sessions: 1, completed_sessions: 1, total_income: 1000 },
      { ...zeros(demoTherapists[1]!), total_sessions: 1, missed_or_cancelled_sessions: 1 },
    ]);
    // Only the month is given: the current year.
    expect((await get('/api/admin/reports/therapist-monthly?month=10')).json()).toEqual(october);
    const farthest = (await get('/api/admin/reports/therapist-monthly?year=2031&month=12')).json();
    expect(farthest.therapist_performance).toEqual(demoTherapists.map(zeros));
    expect((await get('/api/admin/reports/therapist-monthly?year=2020&month=1')).statusCode).toBe(200);
  });

  it('refuses a year outside 2020 to this year + 5 and a month outside 1 to 12 with 400', async () => {
    for (const query of [
      'year=2019&month=5',
      'year=2032&month=1',
      'year=2026&month=13',
      'year=2026&month=0',
      'month=13',
      'year=2026.5',
      'month=two',
    ]) {
      const response = await get(`/api/admin/reports/therapist-monthly?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().detail, query).toMatch(/year|month/);
    }
    expect((await get('/api/admin/reports/therapist-monthly?year=2019')).json().detail).toMatch(/2020/);
    expect((await get('/api/admin/reports/therapist-monthly?year=2032')).json().detail).toMatch(/2031/);
  });

  it("takes today and this month in the clinic's time zone from the injected clock", async () => {
    // 20:00 UTC on 30 November is 01:30 on 1 December in Kolkata.
    clock = new Date('2026-11-30T20:00:00Z');
    try {
      // Tokens expire by the same clock: sign in again at each "now".
      let token = await signIn(app, 'boss@example.com');
      await seed('december', {
        bookingDate: '2026-12-01',
        therapistId: 4,
        startTime: '09:00',
        paymentStatus: 'COMPLETED',
        amountPaise: 180_000,
        name: 'Kiran Das',
      });
      const eod = (await get('/api/admin/reports/eod', token)).json();
      expect(eod).toMatchObject({
        report_date: '2026-12-01',
        total_bookings_today: 1,
        total_income_today: 1800,
      });
      const month = (await get('/api/admin/reports/therapist-monthly', token)).json();
      expect(month).toMatchObject({ year: 2026, month: 12 });
      expect(month.therapist_performance[3]).toMatchObject({ therapist_id: 4, completed_sessions: 1 });

      // 19:00 UTC on 31 December is already 2027 in Kolkata: 2032 becomes a valid year.
      clock = new Date('2026-12-31T19:00:00Z');
      token = await signIn(app, 'boss@example.com');
      expect((await get('/api/admin/reports/therapist-monthly', token)).json()).toMatchObject({
        year: 2027,
        month: 1,
      });
      expect((await get('/api/admin/reports/therapist-monthly?year=2032&month=1', token)).statusCode).toBe(
        200,
      );
    } finally {
      clock = NOW;
    }
  });

  it('keeps every report for superadmins: 401 without a token, 403 for an admin', async () => {
    for (const url of [
      '/api/admin/reports/inventory',
      `/api/admin/reports/eod?report_date=${TODAY}`,
      '/api/admin/reports/therapist-monthly?year=2026&month=11',
      '/api/admin/income',
    ]) {
      const anonymous = await app.inject({ method: 'GET', url });
      expect(anonymous.statusCode, url).toBe(401);
      expect(anonymous.json(), url).toEqual({ detail: 'Not authenticated' });
      const admin = await get(url, staffToken);
      expect(admin.statusCode, url).toBe(403);
      expect(admin.json(), url).toEqual({ detail: 'This action needs a superadmin.' });
      expect((await get(url)).statusCode, url).toBe(200);
    }
  });

  it('describes the reports in the OpenAPI document', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const path of [
      '/api/admin/reports/inventory',
      '/api/admin/reports/eod',
      '/api/admin/reports/therapist-monthly',
      '/api/admin/income',
    ]) {
      expect(document.paths[path]?.get?.security, path).toEqual([{ bearerAuth: [] }]);
      expect(document.paths[path]?.get?.responses?.['200'], path).toBeDefined();
    }
  });
});
