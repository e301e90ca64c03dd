import type { Overview } from '@therapy/shared/overview-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASHA, type OverviewKit, PERIOD, PRIYA, startOverview } from '../../test/overview-kit.ts';
import { backends } from '../../test/test-database.ts';

/*
 * Every figure of the owner's overview on the fixed data set of overview-kit.ts, counted by hand.
 * September 2026 (30 days), so the period before is 2 to 31 August.
 *
 * September, client sessions (not b7, a failed payment, nor b8, an admin block): b1, b2, b4, b5,
 * b6, b9, k1 (Asha), c1, c2, c3 (Priya): 10 booked.
 * Held (paid, not cancelled, not a no-show): b1, b2, b9 (moved to Monday 14th), k1, c1 = 5.
 * No-show: b4 (paid: its ₹1,500 is income, not a session held). Cancelled: b5, b6, c3; late
 * (less than 24 hours before): b5 only, cancelled at 20:00 the evening before a 10:00 session.
 * Income: b1, b2, b4, b9, k1 online at ₹1,500 = ₹7,500; c1 at the centre ₹1,200 (not its price
 * of ₹1,600) = ₹8,700. Refunds: c3's ₹1,600.
 * New clients (first session held in September): a (1st), f (2nd), e (14th), k (25th) = 4;
 * returning: a (again on the 8th); k's second is on 1 December, past 60 days. Sessions within 60
 * days of the first: a 2, f 1, e 1, k 1 = 5, so 1.25 a client.
 * Offered: weekdays 10:00–12:15, three sessions a day. Asha: 22 weekdays less the holiday on the
 * 15th = 21 days, 63 sessions; booked b1, b2, b4, b9, k1 = 5. Priya on leave from the 16th:
 * weekdays 1–14 (10) less none = 10 days, 30 sessions; booked c1, c2 = 2.
 * Lead times of the sessions held: b1 7 days, b2 7, b9 4, c1 0 (same day), k1 24: average 8.4.
 */
describe.each(backends)("the owner's overview on %s", (backend) => {
  let kit: OverviewKit;
  // The answer as JSON: its shape is the schema's, checked by the route.
  let answer: Overview;

  beforeAll(async () => {
    kit = await startOverview(backend);
    const response = await kit.call('GET', `/api/admin/overview?from=${PERIOD.from}&to=${PERIOD.to}`);
    expect(response.statusCode, response.body).toBe(200);
    answer = response.json();
  });
  afterAll(() => kit.close());

  it('counts the sessions, no-shows and cancellations as the reports do', () => {
    expect(answer.period).toEqual(PERIOD);
    expect(answer).toMatchObject({
      sessions_booked: 10,
      sessions_held: 5,
      no_shows: 1,
      cancellations: 3,
      late_cancellations: 1,
      no_show_rate: 0.1,
      late_cancellation_rate: 0.1,
    });
  });

  it('counts income online and at the centre once, and refunds', () => {
    expect(answer).toMatchObject({ income: 8700, income_online: 7500, income_centre: 1200, refunds: 1600 });
    expect(answer.by_month).toEqual([
      { month: '2026-09-01', income: 8700, income_online: 7500, income_centre: 1200, sessions: 5 },
    ]);
    const week = (week_start: string, online: number, centre: number, sessions: number) => ({
      week_start,
      income: online + centre,
      income_online: online,
      income_centre: centre,
      sessions,
    });
    // b9 was moved from the week of the 7th to Monday 14th: it counts there, once.
    expect(answer.by_week).toEqual([
      week('2026-08-31', 3000, 1200, 2),
      week('2026-09-07', 1500, 0, 1),
      week('2026-09-14', 1500, 0, 1),
      week('2026-09-21', 1500, 0, 1),
      week('2026-09-28', 0, 0, 0),
    ]);
  });

  it('counts new and returning clients', () => {
    expect(answer).toMatchObject({ new_clients: 4, returning_clients: 1, sessions_per_client: 1.25 });
  });

  it('measures utilisation over the sessions offered, leave and the holiday left out', () => {
    const of = (id: number) =>
      answer.utilisation.find((row: { therapist_id: number }) => row.therapist_id === id);
    expect(of(ASHA)).toEqual({ therapist_id: ASHA, therapist_name: 'Dr.Asha Menon', offered: 63, booked: 5 });
    expect(of(PRIYA)).toMatchObject({ therapist_id: PRIYA, offered: 30, booked: 2 });
  });

  it('shows the waitlist per therapist and how many were offered a slot', () => {
    expect(answer.waitlist).toEqual([
      { therapist_id: ASHA, therapist_name: 'Dr.Asha Menon', waiting: 2, offered: 1 },
    ]);
    expect(answer.previous.waitlist).toMatchObject([{ therapist_id: PRIYA, waiting: 1, offered: 0 }]);
  });

  it('gives the lead time and the busiest weekdays and hours', () => {
    expect(answer.lead_time).toEqual({
      average_days: 8.4,
      ranges: [
        { range: '0', sessions: 1 },
        { range: '1-2', sessions: 0 },
        { range: '3-7', sessions: 3 },
        { range: '8-14', sessions: 0 },
        { range: '15-30', sessions: 1 },
        { range: '31+', sessions: 0 },
      ],
    });
    // Monday b9; Tuesday b1, b2; Wednesday c1; Friday k1.
    expect(answer.by_weekday.map((day: { sessions: number }) => day.sessions)).toEqual([0, 1, 2, 1, 0, 1, 0]);
    expect(answer.by_hour).toEqual([
      { hour: 10, sessions: 4 },
      { hour: 11, sessions: 1 },
    ]);
  });

  it('gives the same figures for the 30 days before', () => {
    // p1, p2 (client i, held, made 1 and 6 days ahead); p3 (j, a paid no-show at ₹1,600).
    expect(answer.previous).toMatchObject({
      from: '2026-08-02',
      to: '2026-08-31',
      income: 4600,
      income_centre: 0,
      refunds: 0,
      sessions_booked: 3,
      sessions_held: 2,
      no_shows: 1,
      cancellations: 0,
      late_cancellations: 0,
      new_clients: 1,
      returning_clients: 1,
      sessions_per_client: 2,
      lead_time: { average_days: 3.5 },
    });
    // 21 weekdays from Monday 3 August; no leave, no holiday then.
    const of = (id: number) =>
      answer.previous.utilisation.find((row: { therapist_id: number }) => row.therapist_id === id);
    expect(of(ASHA)).toMatchObject({ offered: 63, booked: 2 });
    expect(of(PRIYA)).toMatchObject({ offered: 63, booked: 1 });
  });

  it('answers a workbook of the same figures', async () => {
    const response = await kit.call(
      'GET',
      `/api/admin/overview?from=${PERIOD.from}&to=${PERIOD.to}&format=xlsx`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toContain('Overview_2026-09-01_2026-09-30.xlsx');
    expect(response.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('is for superadmins only, and refuses a bad period', async () => {
    const url = `/api/admin/overview?from=${PERIOD.from}&to=${PERIOD.to}`;
    expect((await kit.call('GET', url, undefined, kit.tokens.staff)).statusCode).toBe(403);
    expect((await kit.call('GET', url, undefined, kit.tokens.asha)).statusCode).toBe(403);
    const backwards = await kit.call('GET', '/api/admin/overview?from=2026-09-30&to=2026-09-01');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().detail).toBe('"from" must not be after "to"');
    const tooLong = await kit.call('GET', '/api/admin/overview?from=2025-01-01&to=2026-09-01');
    expect(tooLong.statusCode).toBe(400);
    expect((await kit.call('GET', '/api/admin/overview?from=2026-02-30&to=2026-03-01')).statusCode).toBe(400);
  });
});
