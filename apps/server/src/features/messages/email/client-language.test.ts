import ICAL from 'ical.js';
import PostalMime, { type Email } from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_TEST_NOW, offlineBooking } from '../../../test/booking-fixtures.ts';
import {
  bookConfirmedSession,
  clientMessageHandlers,
  MESSAGE_TEST_CONTEXT,
  makeRemindersDue,
} from '../../../test/message-kit.ts';
import { startSmtpSink } from '../../../test/smtp-sink.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { backends, createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { cancelBooking } from '../../bookings/cancel-booking.ts';
import { moveBooking } from '../../bookings/move-booking.ts';
import { loadDemoData } from '../../demo-data/load-demo-data.ts';
import { createJobWorker } from '../../jobs/job-worker.ts';
import { enqueueJob } from '../../jobs/jobs-repo.ts';
import type { RefundsService } from '../../payments/refunds-service.ts';
import { createSelfServiceJobHandlers } from '../../self-service/self-service-jobs.ts';
import { createMailer, type Mailer } from './mailer.ts';

/** 30 November 2026, 09:00 IST: before every session here, outside the quiet hours. */
const SEND_TIME = new Date('2026-11-30T03:30:00Z');
const GUARDIAN = {
  guardian_name: 'Sunita Rao',
  guardian_relation: 'Mother',
  guardian_mobile: '+91 98200 11111',
  guardian_email: 'sunita.rao@example.com',
  guardian_consent: true,
};
const MANAGE_LINK = 'http://book.test/manage/';
const DEVANAGARI_DIGIT = /[\u0966-\u096F]/;

/** Issue 15: every message to a client comes in the booking's language; the therapist's in English. */
describe.each(backends)('client messages in the booking’s language on %s', (backend) => {
  let db: TestDatabase;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  const mailers: Mailer[] = [];

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    await loadDemoData(db, { now: BOOKING_TEST_NOW });
    smtp = await startSmtpSink();
  });
  afterAll(async () => {
    for (const mailer of mailers) mailer.close();
    await smtp.close();
    await db.drop();
  });

  /** A few passes of the worker over the client's messages' jobs (e-mails, reminders, moves). */
  async function runPasses(options: { now?: Date; reminders?: boolean } = {}) {
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'bookings@clinic.test', dataDir: '/nonexistent' });
    mailers.push(mailer);
    const now = () => options.now ?? SEND_TIME;
    const handlers = {
      ...clientMessageHandlers(db, mailer, { now, ...(options.reminders === false ? { offsets: [] } : {}) }),
      // No refund here: a booking paid at the centre.
      ...createSelfServiceJobHandlers(db, mailer, MESSAGE_TEST_CONTEXT, {} as RefundsService),
    };
    const worker = createJobWorker({ db, log: { info() {}, warn() {}, error() {} }, handlers });
    for (let pass = 0; pass < 3; pass++) await worker.runOnce();
  }
  /** The one message to `address` whose subject starts so, parsed. */
  async function mailTo(address: string, subjectStart: string): Promise<Email> {
    const parsed = await Promise.all(
      smtp.messages.filter((message) => message.to.includes(address)).map((m) => PostalMime.parse(m.raw)),
    );
    const found = parsed.filter((email) => email.subject?.startsWith(subjectStart));
    expect(found.map((email) => email.subject)).toHaveLength(1);
    return found[0]!;
  }

  it('sends a Hindi booking’s confirmation, its guardian copied, in Hindi; the therapist’s and an English one’s as before', async () => {
    const { app, close } = await createTestApp(db, { now: () => BOOKING_TEST_NOW });
    const book = (payload: object) => app.inject({ method: 'POST', url: '/confirm-booking', payload });
    const hindi = await book(
      offlineBooking({ client_language: 'hi', client_email: 'hi@example.com', client_age: 16, ...GUARDIAN }),
    );
    const english = await book(
      offlineBooking({
        client_language: 'en',
        client_email: 'en@example.com',
        booking_time_slot_start: '12:00',
      }),
    );
    await close();
    expect([hindi.statusCode, english.statusCode], hindi.body + english.body).toEqual([201, 201]);
    await runPasses({ now: BOOKING_TEST_NOW, reminders: false });

    const toClient = await mailTo('hi@example.com', 'बुकिंग की पुष्टि');
    expect(toClient.subject).toBe('बुकिंग की पुष्टि: सोमवार, 23 नवंबर 2026, सुबह 11:00');
    expect(toClient.cc?.[0]?.address).toBe('sunita.rao@example.com');
    for (const phrase of [
      'प्रिय Asha Client,\n\nPriya Nair के साथ आपके सत्र की पुष्टि हो गई है।',
      `बुकिंग संख्या: ${hindi.json().booking_id}`,
      'तारीख: सोमवार, 23 नवंबर 2026',
      'समय: सुबह 11:00 – सुबह 11:45 (IST)',
      'सत्र: केंद्र पर आमने-सामने सत्र',
      'स्थान: West Branch, 2nd Floor, Sunrise Plaza',
      `अपनी बुकिंग देखें या बदलें: ${MANAGE_LINK}`,
      'राशि: ₹1,000.00, केंद्र पर आपके आने पर लिया जाएगा',
      'कृपया 10 मिनट पहले पहुँचें।',
      'आप ऊपर दिए गए लिंक से सत्र के 24 घंटे पहले तक अपनी बुकिंग रद्द कर सकते हैं',
      'कैलेंडर आमंत्रण साथ में भेजा गया है।',
      '—\nSunrise Therapy & Counselling\nफ़ोन: +91 22 4000 0000\nई-मेल: contact@example.com',
    ]) {
      expect(toClient.text).toContain(phrase);
    }
    expect(toClient.text).not.toMatch(/Dear|Booking|Phone/);
    expect(toClient.text).not.toMatch(DEVANAGARI_DIGIT);
    expect(toClient.html).toContain('<html lang="hi">');
    expect(toClient.html).toContain('तारीख</th><td style="padding:4px 0">सोमवार, 23 नवंबर 2026</td>');
    const ics = toClient.attachments.find((attachment) => attachment.mimeType === 'text/calendar')!;
    const icsText = typeof ics.content === 'string' ? ics.content : new TextDecoder().decode(ics.content);
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(icsText)).getFirstSubcomponent('vevent')!);
    expect(event.summary).toBe('Priya Nair के साथ थेरेपी सत्र');
    expect(event.description).toMatch(/^कृपया 10 मिनट पहले पहुँचें।\nअपनी बुकिंग देखें या बदलें: http/);

    const notice = await mailTo(
      'priya.nair@example.com',
      'New booking: Monday, 23 November 2026 at 11:00 AM',
    );
    expect(notice.text).toContain('Dear Priya Nair,\n\nA session has been booked with you.');
    expect(notice.text).toContain('Date: Monday, 23 November 2026');
    expect(notice.text).toContain('Phone: +91 22 4000 0000');
    expect(notice.html).toContain('<html lang="en">');

    const unchanged = await mailTo('en@example.com', 'Booking confirmed');
    expect(unchanged.subject).toBe('Booking confirmed: Monday, 23 November 2026 at 12:00 PM');
    expect(unchanged.text).toContain('Dear Asha Client,\n\nYour session with Priya Nair is confirmed.');
    expect(unchanged.text).toContain('Amount: ₹1,000.00, collected during your visit');
    expect(unchanged.text).toContain('Phone: +91 22 4000 0000\nEmail: contact@example.com');
    expect(unchanged.html).toContain('<html lang="en">');
  });

  it('sends a Hindi booking’s reminders in Hindi', async () => {
    const email = 'hindi-client@example.com';
    await bookConfirmedSession(db, { date: '2026-12-01', time: '11:00' }, { email, language: 'hi' });
    await runPasses();
    await makeRemindersDue(db);
    await runPasses();
    const sent = await Promise.all(
      smtp.messages.filter((message) => message.to.includes(email)).map((m) => PostalMime.parse(m.raw)),
    );
    // The confirmation, then a reminder at each offset (24h, 2h).
    expect(sent.map((parsed) => parsed.subject?.split(':')[0])).toEqual([
      'बुकिंग की पुष्टि',
      'रिमाइंडर',
      'रिमाइंडर',
    ]);
    const reminder = sent[1]!;
    expect(reminder.subject).toBe('रिमाइंडर: मंगलवार, 1 दिसंबर 2026 को सुबह 11:00 बजे आपका सत्र');
    expect(reminder.text).toContain('प्रिय Rhea Client,\n\nयह Priya Nair के साथ आपके सत्र का रिमाइंडर है।');
    expect(reminder.text).toContain('तारीख: मंगलवार, 1 दिसंबर 2026');
    expect(reminder.html).toContain('<html lang="hi">');
  });

  it('sends a Hindi booking’s move, receipt and cancellation in Hindi, the therapist’s in English', async () => {
    const email = 'hindi-changes@example.com';
    const id = await bookConfirmedSession(
      db,
      { date: '2026-12-02', time: '11:00' },
      { email, language: 'hi' },
    );
    await runPasses();
    // The client moves it (as the manage link does) to 9 December, 16:00.
    await db.transaction(async (tx) => {
      // The booking module's move (it enqueues the e-mails of the move, from 2 December 11:00).
      const to = { date: '2026-12-09', start: '16:00:00', end: '16:45:00' };
      await moveBooking(tx, id, to, { date: '2026-11-30', time: '09:00:00' });
    });
    await runPasses();
    const moved = await mailTo(email, 'बुकिंग का समय बदला');
    expect(moved.subject).toBe('बुकिंग का समय बदला: अब बुधवार, 9 दिसंबर 2026, शाम 4:00');
    expect(moved.text).toContain(
      'आपके अनुरोध पर Priya Nair के साथ आपका सत्र अब बुधवार, 9 दिसंबर 2026 को शाम 4:00 बजे कर दिया गया है।',
    );
    expect(moved.text).toContain('पहले का समय: बुधवार, 2 दिसंबर 2026, सुबह 11:00');
    expect(moved.text).toContain('बदला हुआ कैलेंडर आमंत्रण साथ में भेजा गया है।');
    const movedNotice = await mailTo(
      'priya.nair@example.com',
      'Booking moved: now Wednesday, 9 December 2026',
    );
    expect(movedNotice.text).toContain('Previously: Wednesday, 2 December 2026 at 11:00 AM');

    // Paid in cash at the centre on 30 November.
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO centre_payments (booking_id, method, amount_paise, recorded_at)
       VALUES ($1, 'cash', 100000, '2026-11-30T05:00:00Z') RETURNING id`,
      [id],
    );
    const paymentId = rows[0]!.id;
    await enqueueJob(db, {
      kind: 'email.payment_receipt',
      payload: { booking_id: id, payment_id: paymentId },
      dedupeKey: `receipt:${paymentId}`,
    });
    await runPasses();
    const receipt = await mailTo(email, `बुकिंग ${id} `);
    expect(receipt.subject).toBe(`बुकिंग ${id} के भुगतान की रसीद`);
    expect(receipt.text).toContain(
      `धन्यवाद: आपकी बुकिंग ${id} के लिए West Branch पर आपका ₹1,000.00 का भुगतान हमें मिल गया है।`,
    );
    expect(receipt.text).toContain('भुगतान का तरीका: नकद\nभुगतान की तारीख: सोमवार, 30 नवंबर 2026');
    expect(receipt.text).toContain(`रसीद संख्या: C-${paymentId}`);

    await db.transaction((tx) => cancelBooking(tx, id, '2026-11-30', 'client'));
    await runPasses();
    const cancelled = await mailTo(email, 'बुकिंग रद्द');
    expect(cancelled.subject).toBe('बुकिंग रद्द: बुधवार, 9 दिसंबर 2026, शाम 4:00');
    expect(cancelled.text).toContain('आपके अनुरोध पर आपका सत्र रद्द कर दिया गया है।');
    expect(cancelled.text).toContain('फिर से बुक करें: http://book.test/book');
    const cancelledNotice = await mailTo(
      'priya.nair@example.com',
      'Booking cancelled: Wednesday, 9 December',
    );
    expect(cancelledNotice.text).toContain('The session with Rhea Client has been cancelled.');
  });
});
