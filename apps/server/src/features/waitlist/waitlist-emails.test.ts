import type { FastifyInstance } from 'fastify';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JWT_SECRET, NOW } from '../../test/admin-test-kit.ts';
import { startSmtpSink } from '../../test/smtp-sink.ts';
import { createDemoTestApp } from '../../test/test-app.ts';
import type { TestDatabase } from '../../test/test-database.ts';
import { join, offersOf, testSweep, WAITLIST_KEY } from '../../test/waitlist-kit.ts';
import { startWhatsAppDouble } from '../../test/whatsapp-double.ts';
import { createJobWorker } from '../jobs/job-worker.ts';
import { createMailer, type Mailer } from '../messages/email/mailer.ts';
import type { WhatsAppConfig } from '../messages/whatsapp/whatsapp-client.ts';
import { createWaitlistJobHandlers } from './waitlist-jobs.ts';

const silentLog = { info() {}, warn() {}, error() {} };

/** The offer e-mail (decision 041): in the client's language, through the message log, over SMTP. */
describe('the waitlist offer e-mail', () => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let mailer: Mailer;

  beforeAll(async () => {
    ({ db, app, close } = await createDemoTestApp('pglite', { now: () => NOW, env: { JWT_SECRET } }));
    smtp = await startSmtpSink();
    mailer = createMailer({ smtpUrl: smtp.url, from: 'bookings@clinic.test', dataDir: '/nonexistent' });
  });
  afterAll(async () => {
    mailer.close();
    await smtp.close();
    await close();
  });

  const worker = (whatsapp?: WhatsAppConfig) =>
    createJobWorker({
      db,
      log: silentLog,
      now: () => NOW,
      handlers: createWaitlistJobHandlers(
        db,
        mailer,
        {
          timeZone: 'Asia/Kolkata',
          publicUrl: 'http://book.test',
          productName: 'Test',
          offerMinutes: 30,
          key: WAITLIST_KEY,
          whatsapp,
          timeoutMs: 2000,
        },
        { now: () => NOW },
      ),
    });

  it('arrives in Hindi for a Hindi-speaking client, with the link, once', async () => {
    const entry = await join(app, {
      client_full_name: 'सीमा वर्मा',
      client_email: 'seema@example.com',
      client_language: 'hi',
      times_of_day: ['evening'],
    });
    expect(await testSweep(db).run(NOW)).toBe(1);
    const [offer] = await offersOf(db, entry.id);
    // The e-mail, and the WhatsApp job, which does nothing: WhatsApp is not set up here.
    expect(await worker().runOnce()).toBe(2);

    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0]!.to).toEqual(['seema@example.com']);
    const email = await PostalMime.parse(smtp.messages[0]!.raw);
    expect(email.subject).toBe('Asha Menon के साथ एक समय उपलब्ध हुआ है');
    expect(email.text).toContain('प्रिय सीमा वर्मा,');
    expect(email.text).toContain('तारीख: सोमवार, 23 नवंबर 2026');
    expect(email.text).toContain('समय: शाम 5:00 – शाम 5:45 (IST)');
    expect(email.text).toContain('स्थान: ऑनलाइन (सुरक्षित वीडियो सत्र)');
    expect(email.text).toContain('शुल्क: ₹1,500.00');
    expect(email.text).toContain('यह समय आपके लिए 30 मिनट तक');
    expect(email.text).toContain(`http://book.test/waitlist/offer/${offer!.token}`);
    expect(email.text).toContain('आपको कुछ भी करने की ज़रूरत नहीं है');
    // The helpline's digits stay Latin.
    expect(email.text).toContain('14416');
    expect(email.html).toContain('lang="hi"');

    // In the held booking's message log, and not sent again.
    const logged = await db.query(
      'SELECT kind, channel, status FROM booking_messages WHERE booking_id = $1',
      [offer!.booking_id],
    );
    expect(logged.rows).toEqual([{ kind: 'waitlist_offer', channel: 'email', status: 'sent' }]);
    await db.query('UPDATE jobs SET done_at = NULL, attempts = 0 WHERE kind = $1', ['waitlist.offer']);
    await worker().runOnce();
    expect(smtp.messages).toHaveLength(1);
  });

  it('says it in English by default, and sends nothing for an offer that has lapsed', async () => {
    const entry = await join(app, { client_email: 'ravi@example.com', times_of_day: ['afternoon'] });
    expect(await testSweep(db).run(NOW)).toBe(1);
    const lapsedEntry = await join(app, {
      client_email: 'late@example.com',
      preferred_dates: ['2026-11-24'],
      times_of_day: ['afternoon'],
    });
    expect(await testSweep(db).run(NOW)).toBe(1);
    const [lapsed] = await offersOf(db, lapsedEntry.id);
    await db.query("UPDATE bookings SET payment_status = 'FAILED' WHERE id = $1", [lapsed!.booking_id]);
    const before = smtp.messages.length;
    await worker().runOnce();
    expect(smtp.messages).toHaveLength(before + 1);
    const email = await PostalMime.parse(smtp.messages.at(-1)!.raw);
    expect(smtp.messages.at(-1)!.to).toEqual(['ravi@example.com']);
    expect(email.subject).toBe('A time has opened with Asha Menon');
    expect(email.text).toContain('Date: Monday, 23 November 2026');
    expect(email.text).toContain('It is held for you for 30 minutes, until');
    expect(email.text).toContain("If you don't want this time, you need do nothing");
    expect(email.text).toContain(
      `http://book.test/waitlist/offer/${(await offersOf(db, entry.id))[0]!.token}`,
    );
  });

  it('goes by WhatsApp too to a client who consented, in their language, with the link, once', async () => {
    const whatsapp = await startWhatsAppDouble();
    try {
      const consenting = await join(app, {
        client_email: 'wa.wait@example.com',
        client_mobile: '+91 98111 22334',
        client_language: 'hi',
        whatsapp_consent: true,
        preferred_dates: ['2026-11-25'],
        times_of_day: ['morning'],
      });
      const silent = await join(app, {
        client_email: 'no.wa@example.com',
        whatsapp_consent: false,
        preferred_dates: ['2026-11-26'],
        times_of_day: ['morning'],
      });
      // (The earlier tests' people may be offered other times in the same pass.)
      await testSweep(db).run(NOW);
      const [offer] = await offersOf(db, consenting.id);
      expect(await offersOf(db, silent.id)).toHaveLength(1);
      await worker(whatsapp.config).runOnce();

      expect(whatsapp.received).toHaveLength(1);
      const [sent] = whatsapp.received;
      expect(sent).toMatchObject({ to: '919811122334', template: 'waitlist_offer', language: 'hi' });
      expect(sent!.parameters).toEqual([
        'Meena Waiting',
        'Asha Menon',
        'बुधवार, 25 नवंबर 2026',
        expect.stringMatching(/^सुबह \d{1,2}:\d{2}$/),
        `http://book.test/waitlist/offer/${offer!.token}`,
      ]);
      const logged = await db.query(
        "SELECT channel, status FROM booking_messages WHERE booking_id = $1 AND kind = 'waitlist_offer' ORDER BY channel",
        [offer!.booking_id],
      );
      expect(logged.rows).toEqual([
        { channel: 'email', status: 'sent' },
        { channel: 'whatsapp', status: 'sent' },
      ]);
      await db.query("UPDATE jobs SET done_at = NULL, attempts = 0 WHERE kind = 'whatsapp.waitlist_offer'");
      await worker(whatsapp.config).runOnce();
      expect(whatsapp.received).toHaveLength(1);
    } finally {
      await whatsapp.close();
    }
  });
});
