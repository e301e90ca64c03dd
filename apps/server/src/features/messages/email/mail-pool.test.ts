import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queueConfirmationBurst } from '../../../test/mail-burst.ts';
import { startSmtpSink } from '../../../test/smtp-sink.ts';
import { TEST_NOTES } from '../../../test/test-app.ts';
import { backends, createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { deriveManageLinkKey } from '../../bookings/manage-token.ts';
import { loadDemoData } from '../../demo-data/load-demo-data.ts';
import { createJobWorker } from '../../jobs/job-worker.ts';
import { createMailer, type Mailer, SMTP_POOL } from './mailer.ts';
import { createNotificationHandlers } from './notification-handlers.ts';

const context = {
  timeZone: 'Asia/Kolkata',
  from: 'bookings@clinic.test',
  publicUrl: 'http://book.test',
  productName: 'Test',
  manageLinkKey: deriveManageLinkKey('test-secret'),
  cancellationNoticeHours: 24,
  notes: TEST_NOTES,
};
const silentLog = { info() {}, warn() {}, error() {} };
const THERAPIST = 'priya.nair@example.com'; // demo therapist 3, whom the burst books

describe.each(backends)('a burst of e-mails on %s', (backend) => {
  let db: TestDatabase;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  const mailers: Mailer[] = [];

  beforeEach(async () => {
    db = await createTestDatabase(backend);
    await loadDemoData(db);
    // Each message answered after 20 ms, as a remote server would: sends overlap.
    smtp = await startSmtpSink({ answerDelayMs: 20 });
  });
  afterEach(async () => {
    for (const mailer of mailers.splice(0)) mailer.close();
    await smtp.close();
    await db.drop();
  });

  function mailWorker(options: { batchSize?: number } = {}) {
    const mailer = createMailer({ smtpUrl: smtp.url, from: context.from, dataDir: '/nonexistent' });
    mailers.push(mailer);
    const handlers = createNotificationHandlers(db, mailer, context);
    return createJobWorker({ db, log: silentLog, handlers, ...options });
  }

  /** Each client's confirmation exactly once, the therapist's 25 notices, every job done. */
  async function expectEachSentOnce(clients: string[]) {
    const recipients = smtp.messages.map((message) => message.to.join(','));
    expect(recipients.filter((to) => to !== THERAPIST).sort()).toEqual([...clients].sort());
    expect(recipients.filter((to) => to === THERAPIST)).toHaveLength(clients.length);
    const { rows } = await db.query<{ done: number; pending: number }>(
      `SELECT count(*) FILTER (WHERE done_at IS NOT NULL)::integer AS done,
         count(*) FILTER (WHERE done_at IS NULL)::integer AS pending
       FROM jobs WHERE kind LIKE 'email.%'`, // not the reminders' plan, queued with the confirmation
    );
    expect(rows[0]).toEqual({ done: clients.length * 2, pending: 0 });
  }

  it('sends 50 e-mails once each, several at a time over a few reused SMTP connections', async () => {
    const clients = await queueConfirmationBurst(db, 25);
    await mailWorker().drain();

    await expectEachSentOnce(clients);
    const perConnection = new Map<string, number>();
    for (const { connection } of smtp.messages) {
      perConnection.set(connection, (perConnection.get(connection) ?? 0) + 1);
    }
    expect(smtp.connections.peak).toBeGreaterThan(1);
    expect(smtp.connections.peak).toBeLessThanOrEqual(SMTP_POOL.maxConnections);
    expect(perConnection.size).toBeLessThanOrEqual(SMTP_POOL.maxConnections);
    expect(Math.max(...perConnection.values())).toBeGreaterThan(1);
  });

  it('never sends a job twice with two workers on one database', async () => {
    const clients = await queueConfirmationBurst(db, 25);
    const [first, second] = [mailWorker({ batchSize: 4 }), mailWorker({ batchSize: 4 })];
    // Each drain ends at its first pass short of a batch; a few rounds at most empty the outbox.
    for (let round = 0; round < 5; round++) {
      await Promise.all([first.drain(), second.drain()]);
      if (smtp.messages.length >= clients.length * 2) break;
    }

    await expectEachSentOnce(clients);
    expect(smtp.connections.peak).toBeLessThanOrEqual(2 * SMTP_POOL.maxConnections);
  });
});
