import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OverviewKit, PERIOD, startOverview } from '../../test/overview-kit.ts';
import { backends } from '../../test/test-database.ts';
import { createOverviewService } from './overview-service.ts';

type Monthly = {
  therapist_performance: {
    total_sessions: number;
    completed_sessions: number;
    missed_or_cancelled_sessions: number;
    total_income: number;
  }[];
};

/*
 * The overview against the reports and the income call for the same period (issue 29): its
 * tables of facts are kept by triggers, so after every kind of change they must still say what
 * the reports, reading the bookings themselves, say.
 */
describe.each(backends)('the overview beside the reports on %s', (backend) => {
  let kit: OverviewKit;

  beforeAll(async () => {
    kit = await startOverview(backend);
  });
  afterAll(() => kit.close());

  const json = async (url: string) => {
    const response = await kit.call('GET', url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  /** A month's overview and its monthly report and income, compared figure by figure. */
  async function expectSameAsReports(year: number, month: number) {
    const first = `${year}-${String(month).padStart(2, '0')}-01`;
    const last = new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
    const overview = await json(`/api/admin/overview?from=${first}&to=${last}`);
    const monthly: Monthly = await json(`/api/admin/reports/therapist-monthly?year=${year}&month=${month}`);
    const income = await json(`/api/admin/income?from=${first}&to=${last}`);
    const sum = (pick: (row: Monthly['therapist_performance'][number]) => number) =>
      monthly.therapist_performance.reduce((total, row) => total + pick(row), 0);
    expect(overview.sessions_booked).toBe(sum((row) => row.total_sessions));
    expect(overview.sessions_held).toBe(sum((row) => row.completed_sessions));
    expect(overview.no_shows + overview.cancellations).toBe(sum((row) => row.missed_or_cancelled_sessions));
    expect(overview.income).toBeCloseTo(
      sum((row) => row.total_income),
      2,
    );
    expect(overview.income).toBeCloseTo(income.total_amount, 2);
    return overview;
  }

  it('says what the monthly report and the income call say', async () => {
    const september = await expectSameAsReports(2026, 9);
    expect(september.sessions_held).toBe(5);
    const august = await expectSameAsReports(2026, 8);
    expect(august.sessions_held).toBe(2);
    // The income call for the period before, as the overview's `previous` counts it.
    const before = await json(`/api/admin/income?from=2026-08-02&to=2026-08-31`);
    const overview = await json(`/api/admin/overview?from=${PERIOD.from}&to=${PERIOD.to}`);
    expect(overview.previous.income).toBeCloseTo(before.total_amount, 2);
  });

  it('still does after moves, payments voided, attendance and cancellations', async () => {
    const { db, ids } = kit;
    // b2 moves to August; c1's centre payment is voided (its price is its income again);
    // k1 becomes a no-show; b1 is cancelled; a new centre payment for c2.
    await db.query(
      "UPDATE bookings SET booking_date = '2026-08-20', booking_time_slot_start = '11:30', booking_time_slot_end = '12:15' WHERE id = $1",
      [ids.b2],
    );
    await db.query('UPDATE centre_payments SET voided_at = now() WHERE booking_id = $1', [ids.c1]);
    await db.query("UPDATE bookings SET attendance = 'no_show' WHERE id = $1", [ids.k1]);
    await db.query("UPDATE bookings SET cancelled = true, payment_status = 'CANCELLED' WHERE id = $1", [
      ids.b1,
    ]);
    await db.query("UPDATE bookings SET payment_status = 'COMPLETED' WHERE id = $1", [ids.c2]);
    await db.query(
      "INSERT INTO centre_payments (booking_id, method, amount_paise) VALUES ($1, 'upi', 99900)",
      [ids.c2],
    );
    const september = await expectSameAsReports(2026, 9);
    // Held: b9, c1, c2 (k1 a no-show now, b1 cancelled, b2 in August). New: e, f and g; client a's
    // first session is now b2 on 20 August, k's on 1 December.
    expect(september).toMatchObject({ sessions_held: 3, income_centre: 999, new_clients: 3 });
    // Clients i and a are new in August.
    const august = await expectSameAsReports(2026, 8);
    expect(august.new_clients).toBe(2);
  });

  it('reckons lead times again in another clinic zone', async () => {
    // c1 was made at 08:00 in Kolkata on 2 September: still 1 September in Los Angeles.
    const elsewhere = createOverviewService({
      db: kit.db,
      clinicTimeZone: 'America/Los_Angeles',
      cancellationNoticeHours: 24,
    });
    const there = await elsewhere.overview(PERIOD);
    expect(there.lead_time.ranges.find((range) => range.range === '0')?.sessions).toBe(0);
    const home = createOverviewService({
      db: kit.db,
      clinicTimeZone: 'Asia/Kolkata',
      cancellationNoticeHours: 24,
    });
    const here = await home.overview(PERIOD);
    expect(here.lead_time.ranges.find((range) => range.range === '0')?.sessions).toBe(1);
  });
});
