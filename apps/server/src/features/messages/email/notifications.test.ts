import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ICAL from 'ical.js';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reactToBookingEvents } from '../../../test/booking-events-kit.ts';
import { BOOKING_TEST_NOW, offlineBooking } from '../../../test/booking-fixtures.ts';
import { startSmtpSink } from '../../../test/smtp-sink.ts';
import { createTestApp, TEST_NOTES } from '../../../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { insertBooking } from '../../bookings/bookings-repo.ts';
import { deriveManageLinkKey } from '../../bookings/manage-token.ts';
import { loadDemoData } from '../../demo-data/load-demo-data.ts';
import { createJobWorker } from '../../jobs/job-worker.ts';
import { enqueueJob } from '../../jobs/jobs-repo.ts';
import { createReminderPlanHandlers } from '../reminders/reminder-jobs.ts';
import { createMailer, type Mailer } from './mailer.ts';
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

describe('booking e-mails', () => {
  let db: TestDatabase;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;

  beforeAll(async () => {
    db = await createTestDatabase('pglite');
    await loadDemoData(db);
    smtp = await startSmtpSink();
  });
  // Pooled SMTP connections stay open until their mailer closes, and the sink waits for them.
  const mailers: Mailer[] = [];
  afterAll(async () => {
    for (const mailer of mailers) mailer.close();
    await smtp.close();
    await db.drop();
  });

  function smtpWorker() {
    const mailer = createMailer({ smtpUrl: smtp.url, from: context.from, dataDir: '/nonexistent' });
    mailers.push(mailer);
    return createJobWorker({
      db,
      log: silentLog,
      handlers: {
        ...createNotificationHandlers(db, mailer, context),
        ...createReminderPlanHandlers(db, {
          reminderOffsets: [],
          timeZone: context.timeZone,
          whatsappEnabled: false,
        }),
      },
      now: () => BOOKING_TEST_NOW,
    });
  }

  it('sends the client a confirmation with a calendar invite, and the therapist a notice, over SMTP', async () => {
    const { app, close } = await createTestApp(db, { now: () => BOOKING_TEST_NOW });
    const created = await app.inject({ method: 'POST', url: '/confirm-booking', payload: offlineBooking() });
    await close();
    expect(created.statusCode).toBe(201);
    const bookingId = created.json().booking_id;

    await reactToBookingEvents(db);
    // The confirmation, the therapist's notice and the reminders' plan.
    expect(await smtpWorker().runOnce()).toBe(3);
    const toClient = smtp.messages.find((message) => message.to.includes('client@example.com'));
    const toTherapist = smtp.messages.find((message) => message.to.includes('priya.nair@example.com'));
    expect(toClient).toBeDefined();
    expect(toTherapist).toBeDefined();

    const email = await PostalMime.parse(toClient!.raw);
    expect(email.from?.address).toBe('bookings@clinic.test');
    expect(email.subject).toBe('Booking confirmed: Monday, 23 November 2026 at 11:00 AM');
    expect(email.text).toContain(`Booking reference: ${bookingId}`);
    expect(email.text).toContain('Time: 11:00 AM – 11:45 AM (IST)');
    expect(email.text).toContain('Therapist: Priya Nair');
    expect(email.text).toContain('Location: West Branch, 2nd Floor, Sunrise Plaza');
    expect(email.text).toContain('Please arrive 10 minutes early.');
    expect(email.text).toContain('up to 24 hours before the session');
    expect(email.text).toMatch(/Manage your booking: http:\/\/book\.test\/manage\/[A-Za-z0-9_-]{43}\n/);
    expect(email.text).toContain('collected during your visit');
    expect(email.html).toContain('<th');
    // Signed with the (demo) clinic's profile; replies go to the clinic.
    expect(email.text).toContain(
      '—\nSunrise Therapy & Counselling\nPhone: +91 22 4000 0000\nEmail: contact@example.com',
    );
    expect(email.html).toContain('<a href="tel:+912240000000">+91 22 4000 0000</a>');
    expect(email.replyTo?.[0]?.address).toBe('contact@example.com');

    const invite = email.attachments.find((attachment) => attachment.mimeType === 'text/calendar');
    expect(invite?.filename).toBe('session.ics');
    const ics =
      typeof invite!.content === 'string' ? invite!.content : new TextDecoder().decode(invite!.content);
    const calendar = new ICAL.Component(ICAL.parse(ics));
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    ICAL.TimezoneService.register(new ICAL.Timezone(calendar.getFirstSubcomponent('vtimezone')!));
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
    expect(event.startDate.zone?.tzid).toBe('Asia/Kolkata');
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-11-23T05:30:00.000Z');
    expect(event.endDate.toJSDate().getTime() - event.startDate.toJSDate().getTime()).toBe(45 * 60_000);
    expect(event.attendees[0]?.getFirstValue()).toBe('mailto:client@example.com');
    expect(event.attendees[0]?.getParameter('cn')).toBe('Asha Client');
    expect(event.location).toContain('West Branch');

    const notice = await PostalMime.parse(toTherapist!.raw);
    expect(notice.subject).toBe('New booking: Monday, 23 November 2026 at 11:00 AM');
    expect(notice.text).toContain('Client: Asha Client');
  });

  it('retries with backoff when the SMTP server refuses, and sends once it accepts', async () => {
    const booking = await insertBooking(db, {
      therapistId: 1,
      serviceId: 1,
      bookingDate: '2026-11-24',
      startTime: '12:00:00',
      endTime: '12:45:00',
      bookingType: 'ONLINE',
      paymentStatus: 'COMPLETED',
      client: { fullName: 'Retry Client', email: 'retry@example.com', mobile: '9876543210' },
      termsAccepted: true,
      locationId: null,
      amountPaise: 150_000,
      therapistEmail: 'asha.menon@example.com',
    });
    await db.query("UPDATE bookings SET google_meet_link = 'https://meet.jit.si/Room-x' WHERE id = $1", [
      booking.id,
    ]);
    await enqueueJob(db, {
      kind: 'email.booking_confirmed',
      payload: { booking_id: booking.id },
      dedupeKey: `t:${booking.id}`,
    });
    const before = smtp.messages.length;
    smtp.refuse(1);
    const worker = smtpWorker();
    await worker.runOnce();
    const { rows } = await db.query<{
      attempts: number;
      last_error: string;
      retry_in: number;
      done_at: Date | null;
    }>(
      `SELECT attempts, last_error, done_at, extract(epoch FROM run_at - now())::integer AS retry_in FROM jobs WHERE dedupe_key = $1`,
      [`t:${booking.id}`],
    );
    expect(rows[0]).toMatchObject({ attempts: 1, done_at: null });
    expect(rows[0]!.last_error).toContain('Mailbox busy');
    expect(rows[0]!.retry_in).toBeGreaterThanOrEqual(25);
    expect(smtp.messages.length).toBe(before);

    expect(await worker.runOnce()).toBe(0); // not due yet
    await db.query('UPDATE jobs SET run_at = now() WHERE dedupe_key = $1', [`t:${booking.id}`]);
    expect(await worker.runOnce()).toBe(1);
    const sent = await PostalMime.parse(smtp.messages.at(-1)!.raw);
    expect(sent.text).toContain('Meeting link: https://meet.jit.si/Room-x');
    expect(sent.text).toContain('Session: Online Video Session');
  });

  it('holds back an online confirmation until the meeting link exists', async () => {
    const booking = await insertBooking(db, {
      therapistId: 1,
      serviceId: 1,
      bookingDate: '2026-11-26',
      startTime: '12:00:00',
      endTime: '12:45:00',
      bookingType: 'ONLINE',
      paymentStatus: 'COMPLETED',
      client: { fullName: 'Waiting Client', email: 'waiting@example.com', mobile: '9876543210' },
      termsAccepted: true,
      locationId: null,
      amountPaise: 150_000,
      therapistEmail: 'asha.menon@example.com',
    });
    await enqueueJob(db, {
      kind: 'email.booking_confirmed',
      payload: { booking_id: booking.id },
      dedupeKey: `w:${booking.id}`,
    });
    const worker = smtpWorker();
    await worker.runOnce();
    const sentTo = () => smtp.messages.filter((message) => message.to.includes('waiting@example.com'));
    expect(sentTo()).toHaveLength(0);
    const job = await db.query<{ last_error: string }>('SELECT last_error FROM jobs WHERE dedupe_key = $1', [
      `w:${booking.id}`,
    ]);
    expect(job.rows[0]!.last_error).toBe('the meeting link is not ready yet');

    await db.query("UPDATE bookings SET google_meet_link = 'https://meet.google.com/xyz' WHERE id = $1", [
      booking.id,
    ]);
    await db.query('UPDATE jobs SET run_at = now() WHERE dedupe_key = $1', [`w:${booking.id}`]);
    await worker.runOnce();
    expect(sentTo()).toHaveLength(1);
    expect(sentTo()[0]!.raw).toContain('https://meet.google.com/xyz');
  });

  it('tells client and therapist of a cancellation, one message each', async () => {
    const booking = await insertBooking(db, {
      therapistId: 3,
      serviceId: 1,
      bookingDate: '2026-11-25',
      startTime: '09:00:00',
      endTime: '09:45:00',
      bookingType: 'OFFLINE',
      paymentStatus: 'PENDING',
      client: { fullName: 'Cancel Client', email: 'cancel@example.com', mobile: '9876543210' },
      termsAccepted: true,
      locationId: 1,
      amountPaise: 100_000,
      therapistEmail: 'priya.nair@example.com',
    });
    await enqueueJob(db, {
      kind: 'email.booking_cancelled',
      payload: { booking_id: booking.id },
      dedupeKey: `c:${booking.id}`,
    });
    const worker = smtpWorker();
    await worker.runOnce();
    await worker.runOnce();
    const cancellations = smtp.messages.filter((message) =>
      message.raw.includes('Subject: Booking cancelled'),
    );
    expect(cancellations.map((message) => message.to[0]).sort()).toEqual([
      'cancel@example.com',
      'priya.nair@example.com',
    ]);
  });
});

describe('e-mail without SMTP_URL', () => {
  it('writes each message as an .eml file under DATA_DIR/mail', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'therapy-mail-'));
    try {
      const mailer = createMailer({ from: 'bookings@localhost', dataDir });
      await mailer.send({
        to: 'someone@example.com',
        subject: 'Hello',
        text: 'Plain part',
        html: '<p>HTML part</p>',
      });
      const files = await readdir(path.join(dataDir, 'mail'));
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/\.eml$/);
      const parsed = await PostalMime.parse(await readFile(path.join(dataDir, 'mail', files[0]!), 'utf8'));
      expect(parsed).toMatchObject({ subject: 'Hello', text: 'Plain part\n' });
      expect(parsed.html).toContain('HTML part');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
