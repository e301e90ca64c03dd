import type { BookingPayload } from '@therapy/shared/booking-schemas';
import { clinicInstant } from '@therapy/shared/clinic-time';
import type { FastifyInstance } from 'fastify';
import ICAL from 'ical.js';
import { expect } from 'vitest';
import { BOOKING_SUBSCRIBERS } from '../booking-subscribers.ts';
import { loadConfig } from '../config.ts';
import { createBookingEventHandlers } from '../features/bookings/booking-events.ts';
import { currentManageToken, deriveManageLinkKey } from '../features/bookings/manage-token.ts';
import { createJobWorker } from '../features/jobs/job-worker.ts';
import type { OutgoingMail } from '../features/messages/email/mailer.ts';
import { createNotificationHandlers } from '../features/messages/email/notification-handlers.ts';
import { createSeriesEmailHandlers } from '../features/messages/email/series-email-handlers.ts';
import { createReminderPlanHandlers } from '../features/messages/reminders/reminder-jobs.ts';
import { createConfiguredPaymentProvider } from '../features/payments/configured-provider.ts';
import { createRefundsService } from '../features/payments/refunds-service.ts';
import { createSelfServiceJobHandlers } from '../features/self-service/self-service-jobs.ts';
import { JWT_SECRET } from './admin-test-kit.ts';
import { BOOKING_TEST_NOW, offlineBooking, onlineBooking } from './booking-fixtures.ts';
import { holdPlannedReminders } from './message-kit.ts';
import { createSandboxVisitor } from './sandbox-visitor.ts';
import { createDemoTestApp, TEST_NOTES } from './test-app.ts';
import type { Backend } from './test-database.ts';

export const PUBLIC_URL = 'http://book.test';
export const TIME_ZONE = 'Asia/Kolkata';
const HOUR = 3_600_000;

/**
 * The demo clinic with a clock the test moves, the job worker of e-mails and self-service jobs
 * (e-mails kept in `mails`), and the client's steps: book, pay through the sandbox, open the link.
 */
export async function createManageTestApp(backend: Backend) {
  const clock = { now: BOOKING_TEST_NOW };
  const env = { PUBLIC_URL, JWT_SECRET };
  const testApp = await createDemoTestApp(backend, { now: () => clock.now, env });
  const { db, app } = testApp;
  const key = deriveManageLinkKey(JWT_SECRET);
  const mails: OutgoingMail[] = [];
  const mailer = { send: async (mail: OutgoingMail) => void mails.push(mail), close() {} };
  const config = loadConfig({ DATA_DIR: testApp.dataDir, ...env });
  const { provider } = await createConfiguredPaymentProvider(config, db, { now: () => clock.now });
  const context = {
    timeZone: TIME_ZONE,
    from: 'bookings@clinic.test',
    publicUrl: PUBLIC_URL,
    productName: 'Test',
    manageLinkKey: key,
    cancellationNoticeHours: 24,
    notes: TEST_NOTES,
  };
  const now = () => clock.now;
  const handlers = {
    ...createBookingEventHandlers(db, BOOKING_SUBSCRIBERS),
    ...createNotificationHandlers(db, mailer, context, { now }),
    ...createReminderPlanHandlers(db, {
      reminderOffsets: [
        { label: '24h', minutes: 1440 },
        { label: '2h', minutes: 120 },
      ],
      timeZone: TIME_ZONE,
      whatsappEnabled: false,
      now,
    }),
    ...createSelfServiceJobHandlers(
      db,
      mailer,
      context,
      createRefundsService({ db, provider, clinicTimeZone: TIME_ZONE }),
    ),
    ...createSeriesEmailHandlers(db, mailer, context),
  };
  const log = { info() {}, warn() {}, error() {} };
  const worker = createJobWorker({ db, log, handlers, now: () => new Date(Date.now() + HOUR) });
  /**
   * Runs jobs until none is due (a cancellation fans out into more jobs). The worker claims jobs
   * by the database's real clock, while reminders are planned by the test's clock (days earlier):
   * they wait until a test releases them with makeRemindersDue, whatever today's real date.
   */
  async function runJobs() {
    do {
      await holdPlannedReminders(db);
    } while ((await worker.runOnce()) > 0);
  }
  const sandbox = createSandboxVisitor(app);

  async function openSlots(therapistId: number, locationId: number) {
    const response = await app.inject(`/api/open-slots?therapist_id=${therapistId}`);
    expect(response.statusCode, response.body).toBe(200);
    const slots = response.json() as { date: string; start_time: string; location_id: number }[];
    return slots.filter((slot) => slot.location_id === locationId);
  }

  /**
   * A visitor's booking at the first open slot on or after `from` (demo therapist 1 online, 3 at
   * West Branch), made as the wizard makes it.
   */
  async function book(kind: 'online' | 'offline', from = '2026-11-25', change: Partial<BookingPayload> = {}) {
    const online = kind === 'online';
    const slot = (await openSlots(online ? 1 : 3, online ? 0 : 1)).find((open) => open.date >= from)!;
    const payload = (online ? onlineBooking : offlineBooking)({
      booking_date: slot.date,
      booking_time_slot_start: slot.start_time,
      ...change,
    });
    const response = await app.inject({
      method: 'POST',
      url: online ? '/api/bookings' : '/confirm-booking',
      payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json() as { booking_id: number; confirmation_token: string };
    return { ...created, date: slot.date, start: slot.start_time };
  }

  /** Pays an online booking on the sandbox page, as the visitor does. */
  async function pay(bookingId: number) {
    const link = await sandbox.generateLink(bookingId);
    expect(link.statusCode, link.body).toBe(200);
    const params = await sandbox.settle(link.json().short_url, 'paid');
    const status = await sandbox.lookUp(params);
    expect(status.statusCode, status.body).toBe(200);
    return status.json() as { status: string; data: { manage_url?: string | null } };
  }

  /** The manage link's token as the status page gives it (null while not confirmed). */
  async function statusPageToken(booking: { booking_id: number; confirmation_token: string }) {
    const response = await app.inject(
      `/api/bookings/${booking.booking_id}/confirmation?token=${booking.confirmation_token}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const url = response.json().data.manage_url as string | null;
    return url ? url.replace(`${PUBLIC_URL}/manage/`, '') : null;
  }

  const tokenOf = (bookingId: number) => currentManageToken(db, key, bookingId);
  const view = (token: string) => app.inject(`/api/manage/${token}`);
  const cancel = (token: string) =>
    app.inject({ method: 'POST', url: `/api/manage/${token}/cancel`, payload: {} });
  const reschedule = (token: string, slot: { date: string; start_time: string }) =>
    app.inject({
      method: 'POST',
      url: `/api/manage/${token}/reschedule`,
      payload: { booking_date: slot.date, booking_time_slot_start: slot.start_time },
    });
  /** Sets the clock `hours` before the session at `date` `start`. */
  const hoursBefore = (hours: number, date: string, start: string) => {
    clock.now = new Date(clinicInstant(TIME_ZONE, date, start).getTime() - hours * HOUR);
  };

  return {
    ...testApp,
    app: app as FastifyInstance,
    clock,
    mails,
    runJobs,
    openSlots,
    book,
    pay,
    statusPageToken,
    tokenOf,
    view,
    cancel,
    reschedule,
    hoursBefore,
  };
}

export type ManageTestApp = Awaited<ReturnType<typeof createManageTestApp>>;

/** The invite a message carries: its METHOD, and the event's UID and SEQUENCE. */
export function inviteOf(mail: OutgoingMail | undefined): {
  method: unknown;
  uid: unknown;
  sequence: number;
  start: string;
} {
  const ics = mail?.attachments?.find((attachment) => attachment.contentType.startsWith('text/calendar'));
  expect(ics, 'a calendar invite').toBeDefined();
  const calendar = new ICAL.Component(ICAL.parse(ics!.content));
  const event = calendar.getFirstSubcomponent('vevent')!;
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: event.getFirstPropertyValue('uid'),
    sequence: Number(event.getFirstPropertyValue('sequence')),
    start: String(event.getFirstPropertyValue('dtstart')),
  };
}
