import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOW, signIn } from '../../test/admin-test-kit.ts';
import { type ReportsKit, startReports } from '../../test/reports-kit.ts';
import { backends } from '../../test/test-database.ts';
import { demoTherapists } from '../demo-data/demo-catalog.ts';

describe.each(backends)('reports and income on %s', (backend) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let clock = NOW;
  let seed: ReportsKit['seed'];
  let get: ReportsKit['get'];

  beforeAll(async () => {
    ({ app, close, seed, get } = await startReports(backend, () => clock));
  });
  afterAll(() => close());

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
});
