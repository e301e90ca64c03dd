import { addDays, clinicInstant } from '@therapy/shared/clinic-time';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { insertClientBooking, JWT_SECRET } from '../../test/admin-test-kit.ts';
import { reactToBookingEvents } from '../../test/booking-events-kit.ts';
import { BOOKING_TEST_NOW, offlineBooking, onlineBooking } from '../../test/booking-fixtures.ts';
import { MESSAGE_TEST_CONTEXT } from '../../test/message-kit.ts';
import { createSandboxVisitor } from '../../test/sandbox-visitor.ts';
import { createDemoTestApp } from '../../test/test-app.ts';
import { backends, type TestDatabase } from '../../test/test-database.ts';
import { join, offersOf, WAITLIST_KEY } from '../../test/waitlist-kit.ts';
import { expireUnpaidHolds, markPaymentFailed } from '../bookings/expire-holds.ts';
import type { JobRow } from '../jobs/job-kinds.ts';
import { completeJob } from '../jobs/jobs-repo.ts';
import type { Mailer, OutgoingMail } from '../messages/email/mailer.ts';
import { createSeriesEmailHandlers } from '../messages/email/series-email-handlers.ts';
import { createWaitlistJobHandlers } from '../waitlist/waitlist-jobs.ts';
import { createConfiguredPaymentProvider } from './configured-provider.ts';
import { createPaymentsService } from './payments-service.ts';
import { createSeriesPayAheadHandlers } from './series-pay-ahead.ts';

/** Tuesday after the tests' "now" (Sunday 2026-11-22, 09:30 IST). */
const TUESDAY = '2026-11-24';
const tuesdays = (count: number) => Array.from({ length: count }, (_, i) => addDays(TUESDAY, 7 * i));
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Set for these tests (the default is 72): the link goes out when the configuration says. */
const PAY_AHEAD_HOURS = 48;
/** Demo therapist 1's evening times (online, every day). */
const EVENING = ['17:00', '18:00', '19:00'];

/**
 * A visitor's online standing appointment, paid as the clinic chooses (decision 056): the whole
 * series with one link, or session by session with each later link sent by a job before it. The
 * clock is the test's (the app's and the jobs' handlers'), never the wall clock: jobs are run by
 * their handlers, their planned time read from the table.
 */
describe.each(backends)('paying for a standing appointment online on %s', (backend) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let clock = BOOKING_TEST_NOW;
  const now = () => clock;
  const mails: OutgoingMail[] = [];
  let visitor: ReturnType<typeof createSandboxVisitor>;
  let payAhead: ReturnType<typeof createSeriesPayAheadHandlers>;
  let seriesEmails: ReturnType<typeof createSeriesEmailHandlers>;
  let waitlistJobs: ReturnType<typeof createWaitlistJobHandlers>;

  beforeAll(async () => {
    const env = {
      PUBLIC_URL: 'http://book.test',
      JWT_SECRET,
      SERIES_PAY_AHEAD_HOURS: String(PAY_AHEAD_HOURS),
    };
    let dataDir: string;
    ({ db, app, close, dataDir } = await createDemoTestApp(backend, { now, env }));
    visitor = createSandboxVisitor(app);
    // The worker's handlers of these jobs, as server-worker.ts wires them, on the test's clock.
    const config = loadConfig({ DATA_DIR: dataDir, ...env });
    const { provider } = await createConfiguredPaymentProvider(config, db, { now });
    const payments = createPaymentsService({
      db,
      provider,
      meetings: { createMeetingLink: async () => '' },
      publicUrl: config.publicUrl,
      clinicTimeZone: config.clinicTimeZone,
      paymentHoldMinutes: config.paymentHoldMinutes,
      manageLinks: { key: MESSAGE_TEST_CONTEXT.manageLinkKey, publicUrl: config.publicUrl },
      now,
      seriesPayAheadHours: PAY_AHEAD_HOURS,
    });
    payAhead = createSeriesPayAheadHandlers(db, payments);
    const mailer: Mailer = { send: async (mail) => void mails.push(mail), close() {} };
    seriesEmails = createSeriesEmailHandlers(db, mailer, {
      ...MESSAGE_TEST_CONTEXT,
      publicUrl: 'http://book.test',
    });
    waitlistJobs = createWaitlistJobHandlers(
      db,
      mailer,
      {
        timeZone: 'Asia/Kolkata',
        publicUrl: 'http://book.test',
        productName: 'Test',
        offerMinutes: 30,
        key: WAITLIST_KEY,
      },
      { now },
    );
  });
  afterAll(() => close());

  async function bookSeries(time: string, pay: 'all' | 'each', count = 4) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: onlineBooking({
        booking_date: TUESDAY,
        booking_time_slot_start: time,
        repeat: { every_weeks: 1, count },
        pay,
      }) as object,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as {
      booking_id: number;
      booking_ids: number[];
      amount: number;
      series_id: number;
    };
  }
  const states = async (ids: number[]) =>
    (
      await db.query<{ payment_status: string }>(
        'SELECT payment_status FROM bookings WHERE id = ANY($1::int[]) ORDER BY id',
        [ids],
      )
    ).rows.map((row) => row.payment_status);
  /** The jobs of `kind` not done yet, oldest first. */
  const jobsOf = async (kind: string) =>
    (
      await db.query<JobRow & { run_at: Date }>(
        `SELECT id, kind, payload, attempts, max_attempts, run_at FROM jobs
         WHERE kind = $1 AND done_at IS NULL ORDER BY id`,
        [kind],
      )
    ).rows;

  it('in person: each session is paid at its visit, whatever `pay` says', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/confirm-booking',
      payload: offlineBooking({
        booking_date: TUESDAY,
        booking_time_slot_start: '12:00',
        repeat: { every_weeks: 2, count: 3 },
        pay: 'all',
      }) as object,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ amount: 1000, payment_status: 'PENDING' });
    expect(await states(response.json().booking_ids)).toEqual(['PENDING', 'PENDING', 'PENDING']);
  });

  it('pay all: one link for the whole series; once paid, every session is confirmed by one payment', async () => {
    const series = await bookSeries('10:00', 'all');
    expect(series.amount).toBe(6000);
    expect(await states(series.booking_ids)).toEqual(['INITIATED', 'INITIATED', 'INITIATED', 'INITIATED']);

    const link = await visitor.generateLink(series.booking_id);
    expect(link.statusCode, link.body).toBe(200);
    const stored = await db.query<{ amount_paise: number; series_id: number | null }>(
      'SELECT amount_paise, series_id FROM payment_links WHERE id = $1',
      [link.json().payment_link_id],
    );
    expect(stored.rows).toEqual([{ amount_paise: 600_000, series_id: series.series_id }]);

    const status = await visitor.lookUp(await visitor.settle(link.json().short_url, 'paid'));
    expect(status.json()).toMatchObject({ status: 'confirmed', data: { payment_status: 'COMPLETED' } });
    expect(await states(series.booking_ids)).toEqual(['COMPLETED', 'COMPLETED', 'COMPLETED', 'COMPLETED']);
    const paid = await db.query<{ paid: boolean }>(
      `SELECT booking_paid_online(id, payment_transaction_id) AS paid FROM bookings WHERE id = ANY($1::int[])`,
      [series.booking_ids],
    );
    expect(paid.rows.every((row) => row.paid)).toBe(true);
    const payments = await db.query<{ booking_id: number; amount_paise: number }>(
      'SELECT booking_id, amount_paise FROM payments WHERE series_id = $1',
      [series.series_id],
    );
    expect(payments.rows).toEqual([{ booking_id: series.booking_id, amount_paise: 600_000 }]);
    // A session's refund is its own share of the one payment.
    const share = await db.query<{ amount: number }>(
      `SELECT CASE WHEN p.series_id IS NULL THEN p.amount_paise ELSE b.amount_paise END AS amount
       FROM bookings b JOIN payments p ON p.id = b.payment_transaction_id WHERE b.id = $1`,
      [series.booking_ids[2]],
    );
    expect(share.rows).toEqual([{ amount: 150_000 }]);
  });

  it('pay all: unpaid when the hold runs out, every session is released; trying again holds them all', async () => {
    const series = await bookSeries('11:00', 'all');
    const link = await visitor.generateLink(series.booking_id);
    expect(link.statusCode, link.body).toBe(200);

    clock = new Date(BOOKING_TEST_NOW.getTime() + 31 * MINUTE);
    await expireUnpaidHolds(db, clock);
    expect(await states(series.booking_ids)).toEqual(['FAILED', 'FAILED', 'FAILED', 'FAILED']);

    const again = await visitor.generateLink(series.booking_id);
    expect(again.statusCode, again.body).toBe(200);
    expect(await states(series.booking_ids)).toEqual(['INITIATED', 'INITIATED', 'INITIATED', 'INITIATED']);
    const relinked = await db.query<{ amount_paise: number }>(
      'SELECT amount_paise FROM payment_links WHERE id = $1',
      [again.json().payment_link_id],
    );
    expect(relinked.rows).toEqual([{ amount_paise: 600_000 }]);

    // The link expires at the provider (its webhook, or the status page's look-up): all released.
    await markPaymentFailed(db, series.booking_id, clock);
    expect(await states(series.booking_ids)).toEqual(['FAILED', 'FAILED', 'FAILED', 'FAILED']);
    clock = BOOKING_TEST_NOW;
  });

  it('pay each: a series whose first session is never paid is released whole when its hold runs out', async () => {
    const series = await bookSeries('12:00', 'each');
    clock = new Date(BOOKING_TEST_NOW.getTime() + 31 * MINUTE);
    await expireUnpaidHolds(db, clock);
    expect(await states(series.booking_ids)).toEqual(['FAILED', 'FAILED', 'FAILED', 'FAILED']);
    expect(await jobsOf('payment.series_session_link')).toEqual([]);
    clock = BOOKING_TEST_NOW;
  });

  it('Pay-each: the link goes out at the configured time; an unpaid session is released and offered to the waitlist', async () => {
    const [, second] = tuesdays(4);
    // Therapist 1's evening of the second Tuesday full but for the series' 18:00, and someone waiting for it.
    for (const start of EVENING.filter((time) => time !== '18:00')) {
      await insertClientBooking(db, { therapistId: 1, bookingDate: second!, startTime: start });
    }
    const series = await bookSeries('18:00', 'each');
    expect(series.amount).toBe(1500);
    const waiting = await join(app, {
      client_email: 'waiting@example.com',
      preferred_dates: [second!],
      times_of_day: ['evening'],
    });

    // The first session is paid now, as a single booking: its own link, its own amount.
    const link = await visitor.generateLink(series.booking_id);
    const firstLink = await db.query<{ amount_paise: number; series_id: number | null }>(
      'SELECT amount_paise, series_id FROM payment_links WHERE id = $1',
      [link.json().payment_link_id],
    );
    expect(firstLink.rows).toEqual([{ amount_paise: 150_000, series_id: null }]);
    await visitor.lookUp(await visitor.settle(link.json().short_url, 'paid'));
    expect(await states(series.booking_ids)).toEqual(['COMPLETED', 'INITIATED', 'INITIATED', 'INITIATED']);

    // Each later session: held until 24 hours before it, its link planned PAY_AHEAD_HOURS before it.
    const startOf = (date: string) => clinicInstant('Asia/Kolkata', date, '18:00').getTime();
    const holds = await db.query<{ hold_expires_at: Date }>(
      'SELECT hold_expires_at FROM bookings WHERE id = ANY($1::int[]) ORDER BY id',
      [series.booking_ids.slice(1)],
    );
    expect(holds.rows.map((row) => new Date(row.hold_expires_at).getTime())).toEqual(
      tuesdays(4)
        .slice(1)
        .map((date) => startOf(date) - 24 * HOUR),
    );
    const planned = await jobsOf('payment.series_session_link');
    expect(planned.map((job) => [job.payload.booking_id, new Date(job.run_at).getTime()])).toEqual(
      series.booking_ids.slice(1).map((id, i) => [id, startOf(tuesdays(4)[i + 1]!) - PAY_AHEAD_HOURS * HOUR]),
    );

    // At its time, the second session's job makes its link and e-mails it.
    clock = new Date(startOf(second!) - PAY_AHEAD_HOURS * HOUR);
    await payAhead['payment.series_session_link']({ booking_id: series.booking_ids[1]! }, planned[0]!);
    const sessionLink = await db.query<{ payment_link_url: string | null; amount_paise: number }>(
      `SELECT b.payment_link_url, l.amount_paise FROM bookings b JOIN payment_links l ON l.id = b.payment_link_id
       WHERE b.id = $1`,
      [series.booking_ids[1]],
    );
    expect(sessionLink.rows).toEqual([{ payment_link_url: expect.any(String), amount_paise: 150_000 }]);
    const [emailJob] = await jobsOf('email.series_payment_link');
    await seriesEmails['email.series_payment_link']({ booking_id: series.booking_ids[1]! }, emailJob!);
    expect(mails.at(-1)).toMatchObject({
      to: 'client@example.com',
      subject: expect.stringContaining('Payment due'),
    });
    expect(mails.at(-1)!.text).toContain(sessionLink.rows[0]!.payment_link_url!);

    // Unpaid 24 hours before: released by the holds' sweep; the client told, the waitlist offered it.
    clock = new Date(startOf(second!) - 24 * HOUR + MINUTE);
    expect(await expireUnpaidHolds(db, clock)).toEqual([series.booking_ids[1]]);
    expect(await states(series.booking_ids)).toEqual(['COMPLETED', 'FAILED', 'INITIATED', 'INITIATED']);
    await reactToBookingEvents(db);
    const [released] = await jobsOf('email.series_session_released');
    expect(released?.payload).toEqual({ booking_id: series.booking_ids[1] });
    await seriesEmails['email.series_session_released'](
      released!.payload as { booking_id: number },
      released!,
    );
    expect(mails.at(-1)).toMatchObject({
      to: 'client@example.com',
      subject: expect.stringContaining('released'),
    });
    for (const job of await jobsOf('waitlist.offer_freed_slot')) {
      await waitlistJobs['waitlist.offer_freed_slot'](job.payload as { therapist_id: number }, job);
      await completeJob(db, job.id);
    }
    expect(await offersOf(db, waiting.id)).toMatchObject([{ slot: `${second} 18:00`, outcome: 'open' }]);
    clock = BOOKING_TEST_NOW;
  });
});
