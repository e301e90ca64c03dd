import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reactToBookingEvents } from '../../test/booking-events-kit.ts';
import { BOOKING_TEST_NOW, offlineBooking } from '../../test/booking-fixtures.ts';
import { MESSAGE_TEST_CONTEXT } from '../../test/message-kit.ts';
import { startSmtpSink } from '../../test/smtp-sink.ts';
import { createTestApp } from '../../test/test-app.ts';
import { backends, createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { loadDemoData } from '../demo-data/load-demo-data.ts';
import { createJobWorker } from '../jobs/job-worker.ts';
import { createMailer } from '../messages/email/mailer.ts';
import { createNotificationHandlers } from '../messages/email/notification-handlers.ts';
import { createReminderPlanHandlers } from '../messages/reminders/reminder-jobs.ts';

const GUARDIAN = {
  guardian_name: 'Sunita Rao',
  guardian_relation: 'Mother',
  guardian_mobile: '+91 98200 11111',
  guardian_email: 'sunita.rao@example.com',
  guardian_consent: true,
};

/** Issue 14: a client under 18 books only with a parent or guardian, who is copied on the confirmation. */
describe.each(backends)('a booking for a minor on %s', (backend) => {
  let db: TestDatabase;
  let app: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    await loadDemoData(db, { now: BOOKING_TEST_NOW });
    app = await createTestApp(db, { now: () => BOOKING_TEST_NOW });
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  const book = (payload: object) => app.app.inject({ method: 'POST', url: '/confirm-booking', payload });

  it('is refused without a parent or guardian, with a clear message, and nothing is stored', async () => {
    const count = async () =>
      (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM bookings')).rows[0]!.n;
    const before = await count();
    const alone = await book(offlineBooking({ client_age: 16 }));
    expect(alone.statusCode).toBe(422);
    expect(alone.json().detail).toBe('For a client under 18, the name of a parent or guardian is required');
    const noConsent = await book(offlineBooking({ client_age: 16, ...GUARDIAN, guardian_consent: false }));
    expect(noConsent.statusCode).toBe(422);
    expect(noConsent.json().detail).toBe(
      'For a client under 18, a parent or guardian must give their consent',
    );
    const badMobile = await book(offlineBooking({ client_age: 16, ...GUARDIAN, guardian_mobile: '12345' }));
    expect(badMobile.json().detail).toBe('The parent or guardian’s mobile number must be 10 digits');
    expect(await count()).toBe(before);
  });

  it('is taken with them, keeps the guardian, and copies them on the confirmation', async () => {
    const smtp = await startSmtpSink();
    const booked = await book(offlineBooking({ client_age: 16, ...GUARDIAN }));
    expect(booked.statusCode, booked.body).toBe(201);
    const id = booked.json().booking_id;
    const { rows } = await db.query(
      'SELECT guardian_name, guardian_relation, guardian_mobile, guardian_email, guardian_consent FROM bookings WHERE id = $1',
      [id],
    );
    expect(rows[0]).toEqual({
      guardian_name: 'Sunita Rao',
      guardian_relation: 'Mother',
      guardian_mobile: '9820011111',
      guardian_email: 'sunita.rao@example.com',
      guardian_consent: true,
    });

    const mailer = createMailer({ smtpUrl: smtp.url, from: 'bookings@clinic.test', dataDir: '/nonexistent' });
    const context = MESSAGE_TEST_CONTEXT;
    const worker = createJobWorker({
      db,
      log: { info() {}, warn() {}, error() {} },
      handlers: {
        ...createNotificationHandlers(db, mailer, context),
        ...createReminderPlanHandlers(db, {
          reminderOffsets: [],
          timeZone: 'Asia/Kolkata',
          whatsappEnabled: false,
        }),
      },
      now: () => BOOKING_TEST_NOW,
    });
    await reactToBookingEvents(db);
    await worker.runOnce();
    mailer.close();
    const confirmation = smtp.messages.find((message) => message.to.includes('client@example.com'));
    expect(confirmation?.to).toEqual(['client@example.com', 'sunita.rao@example.com']);
    const parsed = await PostalMime.parse(confirmation!.raw);
    expect(parsed.cc?.[0]?.address).toBe('sunita.rao@example.com');
    // The therapist's notice is not copied to the guardian.
    const notice = smtp.messages.find((message) => !message.to.includes('client@example.com'));
    expect(notice?.to).not.toContain('sunita.rao@example.com');
    await smtp.close();
  });

  it('keeps no guardian for an adult, even if the form sent one', async () => {
    const booked = await book(
      offlineBooking({
        client_age: 30,
        booking_time_slot_start: '12:00',
        client_email: 'adult@example.com',
        ...GUARDIAN,
      }),
    );
    expect(booked.statusCode, booked.body).toBe(201);
    const { rows } = await db.query('SELECT guardian_name, guardian_consent FROM bookings WHERE id = $1', [
      booked.json().booking_id,
    ]);
    expect(rows[0]).toEqual({ guardian_name: null, guardian_consent: false });
  });
});
