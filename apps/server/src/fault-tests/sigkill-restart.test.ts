import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { openDatabase } from '../db/open-database.ts';
import { type ServerProcess, startServerProcess } from '../test/server-process.ts';
import { seedEmbeddedDatabase } from '../test/test-images.ts';
import {
  createEmptyPostgresDatabase,
  type EmptyPostgresDatabase,
  getJson,
  postgresServerUrl,
} from './fault-kit.ts';
import { listOpenSlots, lookUpPayment } from './visitor-client.ts';
import { startVisitorStream, type VisitorRecord, waitFor } from './visitor-stream.ts';

/** Bookings acknowledged before the kill (which also waits for a payment and the worker's first e-mail). */
const ACKNOWLEDGED_BEFORE_KILL = 12;

const backends = postgresServerUrl ? (['pglite', 'postgres'] as const) : (['pglite'] as const);

describe.each(backends)('SIGKILL during bookings and payments, then restart, on %s', (backend) => {
  let dataDir: string;
  let postgres: EmptyPostgresDatabase | undefined;
  let server: ServerProcess | undefined;
  let env: Record<string, string>;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), `therapy-sigkill-${backend}-`));
    // The run's migrated embedded database (ADR 050): this test is about the kill, not initdb.
    if (backend === 'pglite') await seedEmbeddedDatabase(dataDir);
    postgres = backend === 'postgres' ? await createEmptyPostgresDatabase(postgresServerUrl!) : undefined;
    env = {
      DATA_DIR: dataDir,
      DEMO_DATA: 'true',
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
      // One address (the test's) makes every call: the public limits would refuse the stream.
      RATE_LIMIT_BOOKINGS: '0',
      RATE_LIMIT_PAYMENT_LINKS: '0',
      RATE_LIMIT_LOOKUPS: '0',
      // Reminders fall due days later: they would stay in the outbox this test expects drained.
      REMINDER_OFFSETS: '',
    };
  });
  afterAll(async () => {
    await server?.kill();
    await postgres?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** The database, opened by the test while no server runs (PGlite has one owner at a time). */
  async function inspect<T>(look: (db: Database) => Promise<T>): Promise<T> {
    const db = await openDatabase({ databaseUrl: postgres?.url, dataDir });
    try {
      return await look(db);
    } finally {
      await db.close();
    }
  }
  const mailFiles = async () => (await readdir(path.join(dataDir, 'mail')).catch(() => [])).length;

  it('keeps every acknowledged booking and payment, drains the outbox and expires the holds', {
    timeout: 150_000,
  }, async () => {
    // PGlite's first start runs initdb: about 10 s on an idle machine, much more on a busy one.
    server = await startServerProcess(env, 90_000);
    const slots = (await listOpenSlots(server.url))
      .sort((a, b) =>
        `${a.date}${a.start}${a.therapistId}`.localeCompare(`${b.date}${b.start}${b.therapistId}`),
      )
      .slice(0, 200);
    const stream = startVisitorStream(server.url, slots, { visitors: 6, pauseMs: 50 });
    await waitFor(
      () =>
        stream.acknowledged().length >= ACKNOWLEDGED_BEFORE_KILL &&
        stream.records.some((record) => record.confirmed),
      30_000,
      'bookings and a payment before the kill',
    );
    // Bookings go on as a trickle until the worker is writing e-mails, so the kill finds both busy.
    stream.slowDown(1000);
    await waitFor(async () => (await mailFiles()) > 0, 30_000, 'the first e-mail before the kill');
    await server.kill();
    await stream.stop();
    expect(stream.records.filter((record) => record.unexpected).map((record) => record.unexpected)).toEqual(
      [],
    );

    const acknowledged = stream.acknowledged();
    const confirmed = stream.records.filter((record) => record.confirmed);
    // Paid at the provider, but the status page never said so: the visitor will reload it.
    const paidUnconfirmed = stream.records.filter((record) => record.paidRedirect && !record.confirmed);
    const crashed = await inspect(async (db) => {
      await expectBookingsKept(db, stream.records, acknowledged, confirmed);
      return rewindClocks(db, paidUnconfirmed);
    });
    expect(crashed.rewoundHolds.length).toBeGreaterThan(0);
    const mailsBefore = await mailFiles();

    // At debug level the worker says when a pass found nothing due: how the test sees it caught up.
    server = await startServerProcess({ ...env, LOG_LEVEL: 'debug' }, 30_000);
    await expectVisitorsServed(server.url, acknowledged, paidUnconfirmed);
    // Each e-mail the kill left unsent writes one file; each confirmation made now enqueues two e-mails.
    const expectedMails = mailsBefore + crashed.pendingEmails + 2 * crashed.unpaidInDatabase;
    const explain = async (error: Error) => {
      // Stopped first: PGlite has one owner at a time.
      await server?.kill();
      const found = await mailFiles();
      const why = await inspect(describeOutbox);
      error.message += ` (${found} found: ${mailsBefore} before the restart, ${crashed.pendingEmails} e-mails the kill left to send, ${crashed.unpaidInDatabase} confirmed now; ${crashed.outboxAtKill})\n${why}\n${server?.output().slice(-4000) ?? ''}`;
      throw error;
    };
    await waitFor(
      async () => (await mailFiles()) >= expectedMails,
      30_000,
      `${expectedMails} e-mail files`,
    ).catch(explain);
    // The e-mails are out, but their events' other reactions (a freed slot offered to the waitlist)
    // may still be running: a pass that starts after this finds nothing due once they are done.
    const mailedAt = Date.now();
    const printed = server.output().length;
    await waitFor(
      () => caughtUpSince(server!.output(), printed, mailedAt),
      30_000,
      'a pass with no job due',
    ).catch(explain);
    // Each at most once: no e-mail beyond those counted.
    expect(await mailFiles()).toBe(expectedMails);
    expect(await server.stop()).toBe(0);
    server = undefined;

    await inspect((db) =>
      expectOutboxDrainedAndHoldsExpired(
        db,
        crashed.rewoundHolds,
        paidUnconfirmed.map((record) => record.booking!.id),
      ),
    );
  });
});

/** Every acknowledged booking is there once, under its id; every confirmed payment is recorded. */
async function expectBookingsKept(
  db: Database,
  records: VisitorRecord[],
  acknowledged: VisitorRecord[],
  confirmed: VisitorRecord[],
) {
  const { rows } = await db.query<{ id: number; client_email: string; payment_status: string }>(
    'SELECT id, client_email, payment_status FROM bookings WHERE client_email = ANY($1)',
    [records.map((record) => record.email)],
  );
  const byEmail = new Map<string, typeof rows>();
  for (const row of rows) byEmail.set(row.client_email, [...(byEmail.get(row.client_email) ?? []), row]);
  for (const record of records) expect(byEmail.get(record.email)?.length ?? 0).toBeLessThanOrEqual(1);
  for (const record of acknowledged) expect(byEmail.get(record.email)?.[0]?.id).toBe(record.booking!.id);
  for (const record of confirmed) {
    expect(byEmail.get(record.email)?.[0]?.payment_status).toBe('COMPLETED');
    const { rows: payments } = await db.query('SELECT status FROM payments WHERE booking_id = $1', [
      record.booking!.id,
    ]);
    expect(payments).toEqual([{ status: 'captured' }]);
  }
}

/**
 * Moves two clocks on, as if minutes had passed while the server was down: the leases of jobs
 * the killed worker had taken (2 minutes) and the holds of visitors who never paid (15 minutes).
 * The holds of visitors who paid at the provider stay: they come back to the status page.
 */
async function rewindClocks(db: Database, paidUnconfirmed: VisitorRecord[]) {
  await db.query(
    `UPDATE jobs SET locked_until = now() - interval '1 second' WHERE done_at IS NULL AND locked_until > now()`,
  );
  const paidIds = paidUnconfirmed.map((record) => record.booking!.id);
  const { rows: holds } = await db.query<{ id: number }>(
    `UPDATE bookings SET hold_expires_at = now() - interval '1 second'
     WHERE payment_status = 'INITIATED' AND NOT (id = ANY($1)) RETURNING id`,
    [paidIds],
  );
  const { rows } = await db.query<{ unpaid: number }>(
    `SELECT count(*)::integer AS unpaid FROM bookings WHERE id = ANY($1) AND payment_status = 'INITIATED'`,
    [paidIds],
  );
  const { rows: left } = await db.query<{ kind: string; count: number }>(
    'SELECT kind, count(*)::integer AS count FROM jobs WHERE done_at IS NULL GROUP BY kind ORDER BY kind',
  );
  const emails = await emailJobsLeft(db);
  return {
    /** The jobs the kill left, by kind, and the e-mails it caught: for a failure's message. */
    outboxAtKill: `at the kill: ${left.map((row) => `${row.count} ${row.kind}`).join(', ') || 'no jobs'} left; of the e-mail jobs left, ${emails.sending} caught sending and ${emails.sent} sent but not yet marked done; ${emails.announced} to come from confirmations announced`,
    rewoundHolds: holds.map((row) => row.id),
    pendingEmails: emails.toSend,
    // Paid at the provider with the confirmation lost in the crash, or never made.
    unpaidInDatabase: rows[0]!.unpaid,
  };
}

/**
 * Whether the worker logged a pass that found no job due after `since` (ms), in what the server
 * printed from `offset` on (a line's time read by pattern: the first may be cut, the last unfinished).
 */
function caughtUpSince(output: string, offset: number, since: number): boolean {
  const times = output.slice(offset).matchAll(/"time":(\d+)[^\n]*"msg":"no job due"/g);
  return [...times].some((match) => Number(match[1]) > since);
}

/** What the outbox holds: the jobs not done and the messages caught sending or failed (a failure's story). */
async function describeOutbox(db: Database): Promise<string> {
  const { rows: jobs } = await db.query(
    `SELECT id, kind, payload, attempts, run_at, locked_until, last_error FROM jobs WHERE done_at IS NULL ORDER BY id`,
  );
  const { rows: messages } = await db.query(
    `SELECT booking_id, kind, recipient, status, dedupe_key FROM booking_messages
     WHERE status IN ('sending', 'failed', 'unknown') ORDER BY id`,
  );
  const { rows: done } = await db.query(
    `SELECT kind, count(*)::integer AS done, count(last_error)::integer AS failed_once FROM jobs
     WHERE done_at IS NOT NULL GROUP BY kind ORDER BY kind`,
  );
  return [
    `jobs not done: ${JSON.stringify(jobs)}`,
    `messages sending, failed or unknown: ${JSON.stringify(messages)}`,
    `jobs done by kind: ${JSON.stringify(done)}`,
  ].join('\n');
}

/**
 * The message log's key of each e-mail job kind this test makes (a confirmation makes one of each:
 * notification-handlers.ts); the count below would be wrong for another kind, so it fails on one.
 */
const MESSAGE_KEY_OF_JOB = `CASE j.kind
  WHEN 'email.booking_confirmed' THEN 'confirmation:email:' || (j.payload->>'booking_id')
  WHEN 'email.therapist_notice' THEN 'therapist_notice:email:' || (j.payload->>'booking_id') END`;

/**
 * The e-mail jobs the kill left, and how many will still write a file. Every e-mail goes through
 * the message log at most once (deliverOnce), so a job whose message was claimed before the kill
 * writes nothing when it runs again: one caught 'sending' (sent or not, it is not sent twice), and
 * one already 'sent' whose job the kill stopped before it was marked done (the 'sent' record and
 * the job's completion are two statements).
 */
async function emailJobsLeft(db: Database) {
  const { rows } = await db.query<{ kind: string; status: string | null; count: number }>(
    `SELECT j.kind, m.status, count(*)::integer AS count
     FROM jobs j LEFT JOIN booking_messages m ON m.dedupe_key = ${MESSAGE_KEY_OF_JOB}
     WHERE j.done_at IS NULL AND j.kind LIKE 'email.%' GROUP BY j.kind, m.status`,
  );
  expect(
    rows.map((row) => row.kind).filter((kind) => !/^email\.(booking_confirmed|therapist_notice)$/.test(kind)),
  ).toEqual([]);
  const count = (status: string | null) =>
    rows.filter((row) => row.status === status).reduce((sum, row) => sum + row.count, 0);
  expect(rows.filter((row) => ![null, 'sending', 'sent'].includes(row.status))).toEqual([]);
  // A confirmation the kill caught announced but not yet handed to its subscribers (decision 043)
  // writes, when its event runs, those of its two e-mail jobs not written yet.
  const { rows: announced } = await db.query<{ count: number }>(
    `SELECT count(*)::integer AS count FROM jobs e
     CROSS JOIN (VALUES ('booking-confirmed:'), ('therapist-notice:')) AS k (prefix)
     WHERE e.done_at IS NULL AND e.kind = 'booking.confirmed'
       AND NOT EXISTS (SELECT 1 FROM jobs j WHERE j.dedupe_key = k.prefix || (e.payload->>'booking_id'))`,
  );
  return {
    toSend: count(null) + announced[0]!.count,
    sending: count('sending'),
    sent: count('sent'),
    announced: announced[0]!.count,
  };
}

/** After the restart, each visitor's status page answers, and a reload confirms a payment taken before the crash. */
async function expectVisitorsServed(
  baseUrl: string,
  acknowledged: VisitorRecord[],
  paidUnconfirmed: VisitorRecord[],
) {
  for (const record of acknowledged) {
    const { id, token } = record.booking!;
    const page = await getJson<{ data: { booking_id: number; payment_status: string } }>(
      baseUrl,
      `/api/bookings/${id}/confirmation?token=${token}`,
    );
    expect(page.data.booking_id).toBe(id);
    if (record.confirmed) expect(page.data.payment_status).toBe('COMPLETED');
  }
  for (const record of paidUnconfirmed) {
    const reload = await lookUpPayment(baseUrl, record.paidRedirect!);
    expect(reload.status).toBe(200);
    expect(reload.body.status).toBe('confirmed');
  }
}

async function expectOutboxDrainedAndHoldsExpired(
  db: Database,
  rewoundHolds: number[],
  lateConfirmed: number[],
) {
  const { rows: left } = await db.query('SELECT kind, attempts, last_error FROM jobs WHERE done_at IS NULL');
  expect(left).toEqual([]);
  const { rows: failedJobs } = await db.query(
    'SELECT kind, last_error FROM jobs WHERE last_error IS NOT NULL',
  );
  expect(failedJobs).toEqual([]);
  const { rows: holds } = await db.query<{ payment_status: string }>(
    'SELECT DISTINCT payment_status FROM bookings WHERE id = ANY($1)',
    [rewoundHolds],
  );
  expect(holds).toEqual([{ payment_status: 'FAILED' }]);
  const { rows: paid } = await db.query<{ id: number }>(
    "SELECT id FROM bookings WHERE id = ANY($1) AND payment_status = 'COMPLETED' ORDER BY id",
    [lateConfirmed],
  );
  expect(paid.map((row) => row.id)).toEqual([...lateConfirmed].sort((a, b) => a - b));
}
