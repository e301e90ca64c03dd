import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_SUBSCRIBERS } from '../../../booking-subscribers.ts';
import { bearer, createAdminUser, JWT_SECRET, NOW, signIn } from '../../../test/admin-test-kit.ts';
import { bookConfirmedSession, clientMessageHandlers, messageLog } from '../../../test/message-kit.ts';
import { startSmtpSink } from '../../../test/smtp-sink.ts';
import { createDemoTestApp } from '../../../test/test-app.ts';
import { backends, type TestDatabase } from '../../../test/test-database.ts';
import { dispatch } from '../../bookings/booking-events.ts';
import { cancelBooking } from '../../bookings/cancel-booking.ts';
import { createJobWorker } from '../../jobs/job-worker.ts';
import { createMailer } from '../email/mailer.ts';

const silentLog = { info() {}, warn() {}, error() {} };

describe.each(backends)('the therapist’s and the clinic’s e-mails in the message log on %s', (backend) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let token: string;

  beforeAll(async () => {
    ({ db, app, close } = await createDemoTestApp(backend, { now: () => NOW, env: { JWT_SECRET } }));
    smtp = await startSmtpSink();
    await createAdminUser(db, 'staff@example.com');
    token = await signIn(app, 'staff@example.com');
  });
  afterAll(async () => {
    await smtp.close();
    await close();
  });

  async function runPasses() {
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'bookings@clinic.test', dataDir: '/nonexistent' });
    const handlers = clientMessageHandlers(db, mailer, { now: () => new Date('2026-11-30T03:30:00Z') });
    const worker = createJobWorker({ db, log: silentLog, handlers });
    for (let pass = 0; pass < 4; pass++) await worker.runOnce();
    mailer.close();
  }

  it('records the therapist’s notice and cancellation, and the clinic’s refund notice, apart from the client’s', async () => {
    const id = await bookConfirmedSession(
      db,
      { date: '2026-12-02', time: '11:00' },
      { email: 'staff-log@example.com' },
    );
    await runPasses();
    await db.transaction((tx) => cancelBooking(tx, id, '2026-11-22'));
    await db.transaction((tx) =>
      dispatch(tx, BOOKING_SUBSCRIBERS, 'booking.paid', {
        booking_id: id,
        centre_payment_id: null,
        refund_needed: true,
      }),
    );
    await runPasses();

    const rows = (log: Awaited<ReturnType<typeof messageLog>>) =>
      log.map((message) => [message.kind, message.channel, message.status]);
    expect(rows(await messageLog(db, id, 'therapist'))).toEqual([
      ['therapist_notice', 'email', 'sent'],
      ['therapist_cancelled', 'email', 'sent'],
    ]);
    expect(rows(await messageLog(db, id, 'clinic'))).toEqual([['refund_needed', 'email', 'sent']]);
    expect(rows(await messageLog(db, id))).toEqual([
      ['confirmation', 'email', 'sent'],
      ['cancelled', 'email', 'sent'],
    ]);
    // Each went once: the therapist's and the clinic's e-mails were sent as before.
    expect(smtp.messages.filter((message) => message.to.includes('priya.nair@example.com'))).toHaveLength(2);

    // The admin's list of the client's messages stays the client's.
    const response = await app.inject({
      method: 'GET',
      url: `/api/admin/bookings/${id}/messages`,
      headers: bearer(token),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(
      response
        .json()
        .items.map((item: { kind: string }) => item.kind)
        .sort(),
    ).toEqual(['cancelled', 'confirmation']);
  });
});
