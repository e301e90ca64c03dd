import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../apps/server/src/config.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { openDatabase } from '../apps/server/src/db/open-database.ts';
import { deriveManageLinkKey } from '../apps/server/src/features/bookings/manage-token.ts';
import { createNoteCipher } from '../apps/server/src/features/bookings/note-cipher.ts';
import { loadDemoData } from '../apps/server/src/features/demo-data/load-demo-data.ts';
import { createJobWorker } from '../apps/server/src/features/jobs/job-worker.ts';
import { createMailer } from '../apps/server/src/features/messages/email/mailer.ts';
import { createNotificationHandlers } from '../apps/server/src/features/messages/email/notification-handlers.ts';
import { createReminderPlanHandlers } from '../apps/server/src/features/messages/reminders/reminder-jobs.ts';
import { loadDataKey } from '../apps/server/src/secrets.ts';
import { queueConfirmationBurst } from '../apps/server/src/test/mail-burst.ts';
import { startSmtpSink } from '../apps/server/src/test/smtp-sink.ts';
import { type Backend, createPostgresDatabase } from './bench-server.ts';
import { round2 } from './measure.ts';
import type { Report } from './report.ts';
import { targets } from './targets.ts';

export const MAIL_SETTINGS = {
  /** Confirmed bookings in the burst; each queues two e-mails (client and therapist). */
  bookings: 500,
  /** The scenario gives up waiting after this long (the old worker needed over 3 minutes). */
  giveUpAfterMs: 120_000,
};

/**
 * Scenario: a burst of 1,000 e-mails in the outbox. The real worker with the real mailer (as
 * main.ts builds them) drains it over SMTP into a loopback SMTP server (the tests' sink), on a
 * fresh database. The burst is queued in one transaction while the worker already runs, as a
 * busy hour's confirmations would be; the clock runs from that commit to the last message.
 */
export async function benchMailOutbox(backend: Backend, report: Report, group: string, signal?: AbortSignal) {
  const cleanups: Array<() => unknown> = [];
  try {
    const { db, smtp, worker, failures } = await startMailWorker(backend, cleanups);
    worker.start();
    await queueConfirmationBurst(db, MAIL_SETTINGS.bookings);
    const expected = MAIL_SETTINGS.bookings * 2;
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    const drained = await waitFor(
      () => smtp.messages.length >= expected || signal?.aborted === true,
      MAIL_SETTINGS.giveUpAfterMs,
    );
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    await worker.stop(); // lets the jobs under way end, so the counts below are final

    const sent = smtp.messages.length;
    const { rows } = await db.query<{ done: number; pending: number }>(
      `SELECT count(*) FILTER (WHERE done_at IS NOT NULL)::integer AS done,
         count(*) FILTER (WHERE done_at IS NULL)::integer AS pending
       FROM jobs WHERE kind LIKE 'email.%'`, // not the reminders' plan, queued with the confirmation
    );
    report.info(group, 'e-mails queued (500 confirmed bookings)', expected, '');
    if (drained && !signal?.aborted) {
      report.check(group, 'time to drain the outbox', round2(seconds), targets.mail.drainSeconds);
    } else {
      const why = signal?.aborted ? 'interrupted: ' : '';
      report.failed(group, `${why}only ${sent} of ${expected} sent after ${Math.round(seconds)} s`);
    }
    report.info(group, 'throughput', Math.round(sent / seconds), 'msgs/s');
    // The whole process: worker, database (PGlite), mailer and the SMTP server receiving.
    const cpuMs = (cpu.user + cpu.system) / 1000;
    report.check(
      group,
      'CPU per e-mail (this process)',
      round2(cpuMs / Math.max(1, sent)),
      targets.mail.cpuMsPerEmail,
    );
    report.check(group, 'jobs not done', rows[0]!.pending, targets.mail.notDone);
    // Each job sends one message: more messages than jobs done means a job's was sent twice.
    report.check(group, 'messages sent twice', Math.max(0, sent - rows[0]!.done), targets.mail.sentTwice);
    if (failures.length > 0) report.note(group, `${failures.length} failed sends, e.g. ${failures[0]}`);
  } finally {
    // Last made, first undone.
    for (const cleanup of cleanups.splice(0).reverse()) {
      await Promise.resolve()
        .then(cleanup)
        .catch((error: unknown) => console.warn('bench: cleaning up failed:', error));
    }
  }
}

/** A fresh demo database, the SMTP sink, and the mailer and job worker as main.ts makes them. */
async function startMailWorker(backend: Backend, cleanups: Array<() => unknown>) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'therapy-bench-mail-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const database = backend === 'postgres' ? await createPostgresDatabase() : undefined;
  if (database) cleanups.push(database.drop);
  const smtp = await startSmtpSink();
  cleanups.push(smtp.close);
  const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: database?.url, SMTP_URL: smtp.url });
  const db = await openDatabase(config);
  cleanups.push(() => db.close());
  await migrate(db);
  await loadDemoData(db);

  const failures: string[] = [];
  const log = {
    info() {},
    warn: (fields: { err?: unknown }) => failures.push(String(fields.err)),
    error: (fields: { err?: unknown }) => failures.push(String(fields.err)),
  };
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir });
  cleanups.push(() => mailer.close());
  const context = {
    timeZone: config.clinicTimeZone,
    from: config.mailFrom,
    publicUrl: config.publicUrl,
    productName: 'Therapy & Counselling',
    manageLinkKey: deriveManageLinkKey('bench-secret'),
    cancellationNoticeHours: 24,
    notes: createNoteCipher(await loadDataKey(dataDir, config.dataKey)),
  };
  // A confirmation also queues its reminders' plan: planned with no offsets here (REMINDER_OFFSETS
  // empty), so the burst measures the e-mails alone, not failed jobs retried.
  const handlers = {
    ...createNotificationHandlers(db, mailer, context),
    ...createReminderPlanHandlers(db, {
      reminderOffsets: [],
      timeZone: config.clinicTimeZone,
      whatsappEnabled: false,
    }),
  };
  const worker = createJobWorker({ db, log, handlers });
  cleanups.push(() => worker.stop());
  return { db, smtp, worker, failures };
}

async function waitFor(done: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  while (!done()) {
    if (performance.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}
