import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookConfirmedSession,
  clientMessageHandlers,
  makeRemindersDue,
  messageLog,
} from '../../../test/message-kit.ts';
import { startSmtpSink } from '../../../test/smtp-sink.ts';
import { backends, createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { cancelBooking } from '../../bookings/cancel-booking.ts';
import { loadDemoData } from '../../demo-data/load-demo-data.ts';
import { createJobWorker } from '../../jobs/job-worker.ts';
import { createMailer, type Mailer } from '../email/mailer.ts';
import { enqueueReminderPlanning } from './reminder-jobs.ts';

const silentLog = { info() {}, warn() {}, error() {} };
/** When the reminders run: 30 November 2026, 09:00 IST (before every session here, not quiet hours). */
const SEND_TIME = new Date('2026-11-30T03:30:00Z');

describe.each(backends)('reminders on %s', (backend) => {
  let db: TestDatabase;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  const mailers: Mailer[] = [];

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    await loadDemoData(db);
    smtp = await startSmtpSink();
  });
  afterAll(async () => {
    for (const mailer of mailers) mailer.close();
    await smtp.close();
    await db.drop();
  });

  function worker(now = SEND_TIME) {
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'bookings@clinic.test', dataDir: '/nonexistent' });
    mailers.push(mailer);
    return createJobWorker({
      db,
      log: silentLog,
      handlers: clientMessageHandlers(db, mailer, { now: () => now }),
    });
  }
  /** A few passes: the confirmation's jobs, then the plan's. */
  async function runPasses(runner = worker(), passes = 3) {
    for (let pass = 0; pass < passes; pass++) await runner.runOnce();
  }
  const remindersTo = (email: string) =>
    smtp.messages.filter(
      (message) => message.to.includes(email) && message.raw.includes('Subject: Reminder:'),
    );
  async function reminderJobs(bookingId: number) {
    const { rows } = await db.query<{ run_at: Date; payload: { offset: string; slot: string } }>(
      "SELECT run_at, payload FROM jobs WHERE kind = 'email.reminder' AND payload->>'booking_id' = $1 ORDER BY run_at",
      [String(bookingId)],
    );
    return rows.map((row) => [row.payload.offset, row.payload.slot, row.run_at.toISOString()]);
  }

  it('plans a confirmed booking’s reminders at each offset, and sends each with the manage link and the notice rule', async () => {
    const id = await bookConfirmedSession(
      db,
      { date: '2026-12-01', time: '11:00' },
      { email: 'plan@example.com' },
    );
    await runPasses();
    expect(await reminderJobs(id)).toEqual([
      ['24h', '2026-12-01T11:00', '2026-11-30T05:30:00.000Z'],
      ['2h', '2026-12-01T11:00', '2026-12-01T03:30:00.000Z'],
    ]);
    expect(remindersTo('plan@example.com')).toHaveLength(0); // not due yet

    await makeRemindersDue(db);
    await runPasses();
    const sent = remindersTo('plan@example.com');
    expect(sent).toHaveLength(2);
    const email = await PostalMime.parse(sent[0]!.raw);
    expect(email.subject).toBe('Reminder: your session on Tuesday, 1 December 2026 at 11:00 AM');
    expect(email.text).toContain('Time: 11:00 AM – 11:45 AM (IST)');
    expect(email.text).toContain('Location: West Branch');
    expect(email.text).toMatch(/Manage your booking: http:\/\/book\.test\/manage\/[A-Za-z0-9_-]{43}\n/);
    expect(email.text).toContain('up to 24 hours before the session');
    // Both reminders were due at once and went side by side: in either order.
    const log = await messageLog(db, id);
    expect(log).toHaveLength(3);
    expect(log).toEqual(
      expect.arrayContaining([
        { kind: 'confirmation', channel: 'email', status: 'sent', detail: null },
        { kind: 'reminder', channel: 'email', status: 'sent', detail: '24h' },
        { kind: 'reminder', channel: 'email', status: 'sent', detail: '2h' },
      ]),
    );
  });

  it('never sends the same reminder twice, with two workers on one database and the reminder queued twice', async () => {
    const clients = ['twin-0@example.com', 'twin-1@example.com', 'twin-2@example.com'];
    for (const [n, email] of clients.entries()) {
      await bookConfirmedSession(db, { date: '2026-12-02', time: `${10 + n}:00` }, { email });
    }
    await runPasses();
    // The same reminders queued again under other job keys (as a second plan of the slot would).
    await db.query(
      `INSERT INTO jobs (kind, payload, dedupe_key)
       SELECT kind, payload, dedupe_key || ':again' FROM jobs WHERE kind = 'email.reminder' AND done_at IS NULL`,
    );
    await makeRemindersDue(db);
    const [first, second] = [worker(), worker()];
    for (let round = 0; round < 4; round++) await Promise.all([first.runOnce(), second.runOnce()]);
    for (const email of clients) {
      const subjects = remindersTo(email).map((message) => message.raw.match(/Subject: (.*)/)?.[1]);
      expect(subjects).toHaveLength(2); // one per offset
    }
  });

  it('does not send again after a crash between sending and recording: the message shows as unknown', async () => {
    const id = await bookConfirmedSession(
      db,
      { date: '2026-12-03', time: '11:00' },
      { email: 'crash@example.com' },
    );
    await runPasses();
    // The 24-hour reminder was claimed and perhaps sent when the server stopped.
    await db.query(
      `INSERT INTO booking_messages (booking_id, kind, channel, dedupe_key, status, detail)
       VALUES ($1, 'reminder', 'email', $2, 'sending', '24h')`,
      [id, `reminder:email:${id}:24h:2026-12-03T11:00`],
    );
    await makeRemindersDue(db);
    await runPasses();
    expect(remindersTo('crash@example.com')).toHaveLength(1); // the 2-hour one only
    expect((await messageLog(db, id)).filter((message) => message.kind === 'reminder')).toEqual([
      { kind: 'reminder', channel: 'email', status: 'unknown', detail: '24h' },
      { kind: 'reminder', channel: 'email', status: 'sent', detail: '2h' },
    ]);
  });

  it('sends no reminder for a booking cancelled after its reminders were queued', async () => {
    const id = await bookConfirmedSession(
      db,
      { date: '2026-12-04', time: '11:00' },
      { email: 'gone@example.com' },
    );
    await runPasses();
    expect(await reminderJobs(id)).toHaveLength(2);
    await db.transaction((tx) => cancelBooking(tx, id, '2026-11-22'));
    await makeRemindersDue(db);
    await runPasses();
    expect(remindersTo('gone@example.com')).toHaveLength(0);
    expect(
      smtp.messages.some(
        (m) => m.to.includes('gone@example.com') && m.raw.includes('Subject: Booking cancelled'),
      ),
    ).toBe(true);
    const { rows } = await db.query(
      "SELECT 1 FROM jobs WHERE kind = 'email.reminder' AND payload->>'booking_id' = $1 AND (done_at IS NULL OR last_error IS NOT NULL)",
      [String(id)],
    );
    expect(rows).toHaveLength(0); // done, quietly
    // The admin's list shows the confirmation and the cancellation notice, no reminder.
    expect((await messageLog(db, id)).map((message) => [message.kind, message.status])).toEqual([
      ['confirmation', 'sent'],
      ['cancelled', 'sent'],
    ]);
  });

  it('reminds a moved booking of its new time only', async () => {
    const id = await bookConfirmedSession(
      db,
      { date: '2026-12-05', time: '11:00' },
      { email: 'moved@example.com' },
    );
    await runPasses();
    // Moved to 7 December 12:00, as a reschedule does, which then plans the new slot's reminders.
    await db.transaction(async (tx) => {
      await tx.query(
        `UPDATE bookings SET booking_date = '2026-12-07', booking_time_slot_start = '12:00',
           booking_time_slot_end = '12:45', invite_sequence = invite_sequence + 1 WHERE id = $1`,
        [id],
      );
      await enqueueReminderPlanning(tx, id);
    });
    await runPasses();
    expect(await reminderJobs(id)).toEqual([
      ['24h', '2026-12-05T11:00', '2026-12-04T05:30:00.000Z'],
      ['2h', '2026-12-05T11:00', '2026-12-05T03:30:00.000Z'],
      ['24h', '2026-12-07T12:00', '2026-12-06T06:30:00.000Z'],
      ['2h', '2026-12-07T12:00', '2026-12-07T04:30:00.000Z'],
    ]);
    await makeRemindersDue(db);
    await runPasses();
    const subjects = remindersTo('moved@example.com').map(
      (message) => message.raw.match(/Subject: (.*)/)?.[1],
    );
    expect(subjects).toEqual([
      'Reminder: your session on Monday, 7 December 2026 at 12:00 PM',
      'Reminder: your session on Monday, 7 December 2026 at 12:00 PM',
    ]);
  });

  it('puts off a reminder that comes due in the quiet hours until 08:00, without an error', async () => {
    const id = await bookConfirmedSession(
      db,
      { date: '2026-12-08', time: '11:00' },
      { email: 'night@example.com' },
    );
    await runPasses();
    await makeRemindersDue(db);
    // 22:00 IST on 7 December: the retry of a late reminder.
    await runPasses(worker(new Date('2026-12-07T16:30:00Z')), 1);
    expect(remindersTo('night@example.com')).toHaveLength(0);
    const { rows } = await db.query<{ run_at: Date; attempts: number; last_error: string | null }>(
      "SELECT run_at, attempts, last_error FROM jobs WHERE kind = 'email.reminder' AND payload->>'booking_id' = $1",
      [String(id)],
    );
    expect(rows.map((row) => [row.run_at.toISOString(), row.attempts, row.last_error])).toEqual([
      ['2026-12-08T02:30:00.000Z', 0, null],
      ['2026-12-08T02:30:00.000Z', 0, null],
    ]);
  });
});
