import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookConfirmedSession,
  clientMessageHandlers,
  makeRemindersDue,
  messageLog,
} from '../../../test/message-kit.ts';
import { startSmtpSink } from '../../../test/smtp-sink.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { startWhatsAppDouble } from '../../../test/whatsapp-double.ts';
import { loadDemoData } from '../../demo-data/load-demo-data.ts';
import { createJobWorker } from '../../jobs/job-worker.ts';
import { createMailer, type Mailer } from '../email/mailer.ts';
import { sendWhatsAppTemplate } from './whatsapp-client.ts';

const silentLog = { info() {}, warn() {}, error() {} };
const SEND_TIME = new Date('2026-11-30T03:30:00Z');

describe('WhatsApp confirmations and reminders', () => {
  let db: TestDatabase;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let whatsapp: Awaited<ReturnType<typeof startWhatsAppDouble>>;
  const mailers: Mailer[] = [];

  beforeAll(async () => {
    db = await createTestDatabase('pglite');
    await loadDemoData(db);
    smtp = await startSmtpSink();
    whatsapp = await startWhatsAppDouble();
  });
  afterAll(async () => {
    for (const mailer of mailers) mailer.close();
    await Promise.all([smtp.close(), whatsapp.close()]);
    await db.drop();
  });

  async function runPasses(options: { configured?: boolean } = {}) {
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'bookings@clinic.test', dataDir: '/nonexistent' });
    mailers.push(mailer);
    const handlers = clientMessageHandlers(db, mailer, {
      now: () => SEND_TIME,
      whatsapp: options.configured === false ? undefined : whatsapp.config,
    });
    const worker = createJobWorker({ db, log: silentLog, handlers });
    for (let pass = 0; pass < 3; pass++) await worker.runOnce();
  }
  /** The confirmation e-mails to `email` (a Hindi one's subject is MIME-encoded, so parsed). */
  async function confirmationTo(email: string, subject = 'Booking confirmed') {
    const sent = smtp.messages.filter((message) => message.to.includes(email));
    const parsed = await Promise.all(sent.map((message) => PostalMime.parse(message.raw)));
    return parsed.filter((mail) => mail.subject?.startsWith(subject));
  }

  it('sends a consenting client the confirmation and each reminder as template messages in their language', async () => {
    const id = await bookConfirmedSession(
      db,
      { date: '2026-12-01', time: '11:00' },
      { email: 'wa@example.com', whatsappConsent: true, language: 'hi' },
    );
    await runPasses();
    await makeRemindersDue(db);
    await runPasses();
    expect(whatsapp.rejected).toEqual([]);
    // The date and time as the Hindi template reads them (hi-IN, Latin digits).
    const expectedParameters = [
      'Rhea Client',
      'Priya Nair',
      'मंगलवार, 1 दिसंबर 2026',
      'सुबह 11:00',
      expect.stringMatching(/^http:\/\/book\.test\/manage\/[A-Za-z0-9_-]{43}$/),
    ];
    expect(whatsapp.received).toEqual([
      {
        to: '919876543210',
        template: 'booking_confirmation',
        language: 'hi',
        parameters: expectedParameters,
      },
      { to: '919876543210', template: 'session_reminder', language: 'hi', parameters: expectedParameters },
      { to: '919876543210', template: 'session_reminder', language: 'hi', parameters: expectedParameters },
    ]);
    // The e-mail went too, in Hindi like the WhatsApp messages.
    expect(await confirmationTo('wa@example.com', 'बुकिंग की पुष्टि')).toHaveLength(1);
    const log = await messageLog(db, id);
    expect(log.filter((message) => message.channel === 'whatsapp')).toEqual([
      { kind: 'confirmation', channel: 'whatsapp', status: 'sent', detail: null },
      { kind: 'reminder', channel: 'whatsapp', status: 'sent', detail: '24h' },
      { kind: 'reminder', channel: 'whatsapp', status: 'sent', detail: '2h' },
    ]);
  });

  it('sends nothing on WhatsApp without the client’s consent, or when WhatsApp is not set up', async () => {
    const before = whatsapp.received.length;
    const unconsented = await bookConfirmedSession(
      db,
      { date: '2026-12-02', time: '11:00' },
      { email: 'no-wa@example.com' },
    );
    await runPasses();
    const consentedUnconfigured = await bookConfirmedSession(
      db,
      { date: '2026-12-03', time: '11:00' },
      { email: 'unset@example.com', whatsappConsent: true },
    );
    await runPasses({ configured: false });
    await makeRemindersDue(db);
    await runPasses({ configured: false });
    expect(whatsapp.received.length).toBe(before);
    for (const id of [unconsented, consentedUnconfigured]) {
      const log = await messageLog(db, id);
      expect(log.filter((message) => message.channel === 'whatsapp')).toEqual([]);
      expect(log.filter((message) => message.channel === 'email').map((message) => message.kind)).toEqual([
        'confirmation',
        'reminder',
        'reminder',
      ]);
    }
  });

  it('still sends the e-mail when WhatsApp fails, retries the WhatsApp job, and shows the failure', async () => {
    whatsapp.fail(1);
    const id = await bookConfirmedSession(
      db,
      { date: '2026-12-04', time: '11:00' },
      { email: 'wa-down@example.com', whatsappConsent: true },
    );
    await runPasses();
    expect(await confirmationTo('wa-down@example.com')).toHaveLength(1);
    const { rows: jobs } = await db.query<{ attempts: number; last_error: string; done_at: Date | null }>(
      "SELECT attempts, last_error, done_at FROM jobs WHERE kind = 'whatsapp.confirmation' AND payload->>'booking_id' = $1",
      [String(id)],
    );
    expect(jobs[0]).toMatchObject({ attempts: 1, done_at: null });
    expect(jobs[0]!.last_error).toContain('WhatsApp refused the message: HTTP 500');
    const failed = (await messageLog(db, id)).find((message) => message.channel === 'whatsapp');
    expect(failed).toMatchObject({ kind: 'confirmation', status: 'failed' });
    expect(failed!.detail).toContain('HTTP 500');
    // The API's answer named the recipient: neither the log nor the job keeps the number.
    expect(failed!.detail).not.toMatch(/9876543210/);
    expect(jobs[0]!.last_error).not.toMatch(/9876543210/);

    await db.query("UPDATE jobs SET run_at = now() WHERE kind = 'whatsapp.confirmation' AND done_at IS NULL");
    await runPasses();
    const retried = (await messageLog(db, id)).find((message) => message.channel === 'whatsapp');
    expect(retried).toMatchObject({ kind: 'confirmation', status: 'sent', detail: null });
    expect(whatsapp.received.at(-1)).toMatchObject({
      template: 'booking_confirmation',
      language: 'en',
      parameters: ['Rhea Client', 'Priya Nair', 'Friday, 4 December 2026', '11:00 AM', expect.any(String)],
    });
  });

  it('gives up on an API that does not answer in time', async () => {
    whatsapp.stall(1);
    const message = {
      mobile: '9876543210',
      template: 'session_reminder',
      language: 'en' as const,
      parameters: ['x'],
    };
    await expect(sendWhatsAppTemplate(whatsapp.config, message, 200)).rejects.toThrow(
      'WhatsApp did not answer in time',
    );
  });
});
