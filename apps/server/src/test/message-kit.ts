import { BOOKING_SUBSCRIBERS } from '../booking-subscribers.ts';
import type { ReminderOffset } from '../config.ts';
import type { Database } from '../db/database.ts';
import {
  type BookingEventHandlers,
  createBookingEventHandlers,
  dispatch,
} from '../features/bookings/booking-events.ts';
import { insertBooking } from '../features/bookings/bookings-repo.ts';
import { deriveManageLinkKey } from '../features/bookings/manage-token.ts';
import type { JobHandlers } from '../features/jobs/job-kinds.ts';
import type { EmailContext } from '../features/messages/email/booking-emails.ts';
import type { Mailer, OutgoingMail } from '../features/messages/email/mailer.ts';
import { createNotificationHandlers } from '../features/messages/email/notification-handlers.ts';
import type { SeriesEmailJobKind } from '../features/messages/email/series-email-handlers.ts';
import { createReminderPlanHandlers } from '../features/messages/reminders/reminder-jobs.ts';
import type { WhatsAppConfig } from '../features/messages/whatsapp/whatsapp-client.ts';
import { createWhatsAppHandlers } from '../features/messages/whatsapp/whatsapp-handlers.ts';
import type { SelfServiceJobKind } from '../features/self-service/self-service-jobs.ts';
import { TEST_NOTES } from './test-app.ts';

export const MESSAGE_TEST_CONTEXT: EmailContext = {
  timeZone: 'Asia/Kolkata',
  from: 'bookings@clinic.test',
  publicUrl: 'http://book.test',
  productName: 'Test',
  manageLinkKey: deriveManageLinkKey('test-secret'),
  cancellationNoticeHours: 24,
  notes: TEST_NOTES,
};

/**
 * The e-mail jobs' handlers with a mailer that only records what it is given, as a job would send
 * it for the clinic at `publicUrl`.
 */
export function recordingNotificationHandlers(db: Database, publicUrl: string) {
  const sent: OutgoingMail[] = [];
  const mailer: Mailer = { send: async (mail) => void sent.push(mail), close() {} };
  const handlers = createNotificationHandlers(db, mailer, { ...MESSAGE_TEST_CONTEXT, publicUrl });
  return { sent, handlers };
}

export const DEFAULT_TEST_OFFSETS: ReminderOffset[] = [
  { label: '24h', minutes: 1440 },
  { label: '2h', minutes: 120 },
];

/** Every handler of a client's messages (e-mails, reminders, WhatsApp) and of the booking events, as server-worker.ts wires them. */
export function clientMessageHandlers(
  db: Database,
  mailer: Mailer,
  options: { now?: () => Date; whatsapp?: WhatsAppConfig; offsets?: ReminderOffset[] } = {},
): Omit<
  JobHandlers,
  | 'meeting.create_link'
  | 'waitlist.offer'
  | 'whatsapp.waitlist_offer'
  | 'waitlist.offer_freed_slot'
  | 'backup.nightly'
  | 'therapist.invite_email'
  | 'payment.series_session_link'
  | SeriesEmailJobKind
  | 'measures.risk_alert'
  | SelfServiceJobKind
> &
  BookingEventHandlers {
  const context = MESSAGE_TEST_CONTEXT;
  return {
    ...createBookingEventHandlers(db, BOOKING_SUBSCRIBERS),
    ...createNotificationHandlers(db, mailer, context, { now: options.now }),
    ...createReminderPlanHandlers(db, {
      reminderOffsets: options.offsets ?? DEFAULT_TEST_OFFSETS,
      timeZone: context.timeZone,
      whatsappEnabled: options.whatsapp !== undefined,
      now: options.now,
    }),
    ...createWhatsAppHandlers(db, { whatsapp: options.whatsapp, context, now: options.now, timeoutMs: 2000 }),
  };
}

/** A confirmed in-person booking of demo therapist 3, its confirmation jobs queued as the reactions to it do. */
export async function bookConfirmedSession(
  db: Database,
  at: { date: string; time: string },
  client: { email: string; whatsappConsent?: boolean; language?: 'en' | 'hi' },
): Promise<number> {
  const [hours, minutes] = at.time.split(':').map(Number) as [number, number];
  const end = `${String(hours).padStart(2, '0')}:${String(minutes + 45).padStart(2, '0')}:00`;
  return db.transaction(async (tx) => {
    const booking = await insertBooking(tx, {
      therapistId: 3,
      serviceId: 1,
      bookingDate: at.date,
      startTime: `${at.time}:00`,
      endTime: end,
      bookingType: 'OFFLINE',
      paymentStatus: 'PENDING',
      client: {
        fullName: 'Rhea Client',
        email: client.email,
        mobile: '98765 43210',
        whatsappConsent: client.whatsappConsent,
        language: client.language,
      },
      termsAccepted: true,
      locationId: 1,
      amountPaise: 100_000,
      therapistEmail: 'priya.nair@example.com',
    });
    await dispatch(tx, BOOKING_SUBSCRIBERS, 'booking.confirmed', {
      booking_id: booking.id,
      meeting_link_missing: false,
    });
    return booking.id;
  });
}

/** Makes the reminders queued so far due now (the database's clock is not the tests' "now"). */
export async function makeRemindersDue(db: Database) {
  // A thousand years back: due at once, and never taken for a freshly planned one by holdPlannedReminders.
  await db.query(
    "UPDATE jobs SET run_at = now() - interval '1000 years' WHERE kind LIKE '%.reminder' AND done_at IS NULL",
  );
}

/** Reminders just planned wait (a thousand years ahead) until makeRemindersDue releases them. */
export async function holdPlannedReminders(db: Database) {
  await db.query(
    `UPDATE jobs SET run_at = run_at + interval '1000 years'
     WHERE kind LIKE '%.reminder' AND done_at IS NULL AND run_at BETWEEN now() - interval '500 years' AND now() + interval '500 years'`,
  );
}

/** The client's messages in the booking's message log (`recipient`: another's), oldest first. */
export async function messageLog(
  db: Database,
  bookingId: number,
  recipient: 'client' | 'therapist' | 'clinic' = 'client',
) {
  const { rows } = await db.query<{ kind: string; channel: string; status: string; detail: string | null }>(
    'SELECT kind, channel, status, detail FROM booking_messages WHERE booking_id = $1 AND recipient = $2 ORDER BY id',
    [bookingId, recipient],
  );
  return rows;
}
