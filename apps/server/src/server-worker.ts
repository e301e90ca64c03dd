import type { FastifyBaseLogger } from 'fastify';
import { BOOKING_SUBSCRIBERS } from './booking-subscribers.ts';
import type { AppConfig } from './config.ts';
import type { Database } from './db/database.ts';
import { createBackupJobHandlers, nightlyBackupSweep } from './features/backup/nightly-backup.ts';
import {
  BOOKING_EVENT_KINDS,
  type BookingEventHandlers,
  createBookingEventHandlers,
} from './features/bookings/booking-events.ts';
import { unpaidHoldsSweep } from './features/bookings/expire-holds.ts';
import { deriveManageLinkKey } from './features/bookings/manage-token.ts';
import type { NoteCipher } from './features/bookings/note-cipher.ts';
import type { BookingReadsCache } from './features/catalog/booking-reads-cache.ts';
import type { JobHandlers } from './features/jobs/job-kinds.ts';
import { createJobWorker, type JobSweep } from './features/jobs/job-worker.ts';
import { deriveMeasureLinkKey } from './features/measures/measure-links.ts';
import { createMeetingJobHandlers } from './features/meetings/meeting-jobs.ts';
import { configuredMeetingUrls, createMeetingLinkProvider } from './features/meetings/meeting-provider.ts';
import { createMailer, type Mailer } from './features/messages/email/mailer.ts';
import { createNotificationHandlers } from './features/messages/email/notification-handlers.ts';
import { createRiskAlertHandlers } from './features/messages/email/risk-alert-email.ts';
import { createSeriesEmailHandlers } from './features/messages/email/series-email-handlers.ts';
import { createReminderPlanHandlers } from './features/messages/reminders/reminder-jobs.ts';
import { createWhatsAppHandlers } from './features/messages/whatsapp/whatsapp-handlers.ts';
import type { AppMetrics } from './features/metrics/app-metrics.ts';
import { createConfiguredPaymentProvider } from './features/payments/configured-provider.ts';
import type { PaymentProvider } from './features/payments/payment-provider.ts';
import { createPaymentsService } from './features/payments/payments-service.ts';
import { createRefundsService } from './features/payments/refunds-service.ts';
import { createSeriesPayAheadHandlers } from './features/payments/series-pay-ahead.ts';
import { retentionSweep } from './features/privacy/retention.ts';
import { createSelfServiceJobHandlers } from './features/self-service/self-service-jobs.ts';
import { createInviteEmailHandlers } from './features/therapists/invite-email.ts';
import { deriveWaitlistKey, type WaitlistKey } from './features/waitlist/offer-token.ts';
import { createWaitlistJobHandlers } from './features/waitlist/waitlist-jobs.ts';
import { waitlistSweep } from './features/waitlist/waitlist-sweep.ts';

/*
 * The job worker as main.ts runs it: a handler for every job kind (the booking events with their
 * subscribers, decision 043), and the sweeps of every pass.
 */

export type WorkerDeps = {
  config: AppConfig;
  db: Database;
  jwtSecret: string;
  /** DATA_KEY: the nightly backup names it by fingerprint, or seals it with BACKUP_PASSPHRASE. */
  dataKey: string;
  notes: NoteCipher;
  bookingReads: BookingReadsCache;
  log: FastifyBaseLogger;
  /** What the worker records into: messages sent and failed, holds expired, jobs run (decision 049). */
  metrics: Pick<AppMetrics, 'onDelivery' | 'onHoldsExpired' | 'onJobRun'>;
  /** The worker's clock (tests move it); the holds' sweep goes by it. */
  now?: () => Date;
};

/** What the e-mails and WhatsApp messages are written with, and whom they tell of each sent. */
function messageContext({ config, jwtSecret, notes, metrics }: WorkerDeps) {
  return {
    timeZone: config.clinicTimeZone,
    from: config.mailFrom,
    publicUrl: config.publicUrl,
    productName: 'Therapy & Counselling',
    manageLinkKey: deriveManageLinkKey(jwtSecret),
    cancellationNoticeHours: config.cancellationNoticeHours,
    notes,
    meetingUrls: configuredMeetingUrls(config),
    onDelivery: metrics.onDelivery,
    // The questionnaire links of the confirmation and the day-ahead reminder (decision 058).
    measureLinks: {
      key: deriveMeasureLinkKey(jwtSecret),
      publicUrl: config.publicUrl,
      every: config.measuresEvery,
    },
  };
}

/** The payments service the worker's jobs need (a series session's link, decision 056). */
function createWorkerPayments({ config, db, jwtSecret, now }: WorkerDeps, provider: PaymentProvider) {
  return createPaymentsService({
    db,
    provider,
    // A later session's link is made while it is unpaid: no meeting link is made with it.
    meetings: { createMeetingLink: async () => '' },
    publicUrl: config.publicUrl,
    clinicTimeZone: config.clinicTimeZone,
    paymentHoldMinutes: config.paymentHoldMinutes,
    manageLinks: { key: deriveManageLinkKey(jwtSecret), publicUrl: config.publicUrl },
    now,
    seriesPayAheadHours: config.series.payAheadHours,
  });
}

/** Every job kind's handler (a missing one is a type error), in groups by feature. */
async function workerHandlers(deps: WorkerDeps, mailer: Mailer, waitlistKey: WaitlistKey) {
  const { config, db, bookingReads, metrics } = deps;
  const emailContext = messageContext(deps);
  const { provider } = await createConfiguredPaymentProvider(config, db);
  const handlers: JobHandlers & BookingEventHandlers = {
    ...createBookingEventHandlers(db, BOOKING_SUBSCRIBERS),
    ...createNotificationHandlers(db, mailer, emailContext),
    ...createSeriesEmailHandlers(db, mailer, emailContext),
    ...createSeriesPayAheadHandlers(db, createWorkerPayments(deps, provider)),
    ...createRiskAlertHandlers(db, mailer, emailContext),
    ...createSelfServiceJobHandlers(
      db,
      mailer,
      emailContext,
      createRefundsService({ db, provider, clinicTimeZone: config.clinicTimeZone }),
    ),
    ...createReminderPlanHandlers(db, {
      reminderOffsets: config.reminderOffsets,
      timeZone: config.clinicTimeZone,
      whatsappEnabled: config.whatsapp !== undefined,
    }),
    ...createWhatsAppHandlers(db, { whatsapp: config.whatsapp, context: emailContext }),
    ...createMeetingJobHandlers(db, await createMeetingLinkProvider(config)),
    ...createWaitlistJobHandlers(db, mailer, {
      timeZone: config.clinicTimeZone,
      publicUrl: config.publicUrl,
      productName: emailContext.productName,
      offerMinutes: config.waitlistOfferMinutes,
      key: waitlistKey,
      whatsapp: config.whatsapp,
      onOffered: bookingReads.invalidate,
      onDelivery: metrics.onDelivery,
    }),
    ...createInviteEmailHandlers(db, mailer, {
      publicUrl: config.publicUrl,
      productName: emailContext.productName,
      timeZone: config.clinicTimeZone,
      notes: deps.notes,
    }),
    ...createBackupJobHandlers(db, {
      backup: config.backup,
      dataDir: config.dataDir,
      secrets: { dataKey: deps.dataKey, jwtSecret: deps.jwtSecret },
      log: deps.log,
    }),
  };
  return handlers;
}

/** The work of every pass besides the jobs, in its order. */
function serverSweeps(
  { config, db, bookingReads }: WorkerDeps,
  waitlistKey: WaitlistKey,
  onHoldsExpired: (count: number) => void,
): JobSweep[] {
  return [
    unpaidHoldsSweep(db, { onExpired: onHoldsExpired }),
    // After the holds' sweep: a hold that lapsed this pass is offered to the next person waiting.
    waitlistSweep(db, {
      clinicTimeZone: config.clinicTimeZone,
      offerMinutes: config.waitlistOfferMinutes,
      key: waitlistKey,
      onOffered: bookingReads.invalidate,
    }),
    retentionSweep(db, { months: config.retentionMonths, clinicTimeZone: config.clinicTimeZone }),
    ...(config.backup.dir ? [nightlyBackupSweep(db, { clinicTimeZone: config.clinicTimeZone })] : []),
  ];
}

/** The worker and the mailer it sends with (closed with the app). */
export async function createServerWorker(deps: WorkerDeps) {
  const { config, db, bookingReads, metrics } = deps;
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir });
  const waitlistKey = deriveWaitlistKey(deps.jwtSecret);
  const onHoldsExpired = (count: number) => {
    bookingReads.invalidate();
    metrics.onHoldsExpired(count);
  };
  const worker = createJobWorker({
    db,
    log: deps.log,
    now: deps.now,
    handlers: await workerHandlers(deps, mailer, waitlistKey),
    onJobRun: metrics.onJobRun,
    // An event's reactions queue e-mails due at once: sent in the same wake, not a poll later.
    chainedKinds: BOOKING_EVENT_KINDS,
    sweeps: serverSweeps(deps, waitlistKey, onHoldsExpired),
  });
  return { worker, mailer };
}
