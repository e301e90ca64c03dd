/**
 * Every job kind the server enqueues, with its payload: the one place a kind is declared (the
 * booking events' kinds are declared beside them, in bookings/booking-events.ts: this folder is
 * below bookings). A kind not listed, or a payload of the wrong shape, is a type error where it
 * is enqueued, and server-worker.ts must hand the worker a handler for each kind (JobHandlers and
 * BookingEventHandlers). The payloads are stored as JSON in `jobs.payload`, so their field names
 * stay as they are for jobs already queued.
 */
export type JobPayloads = {
  /** The client's confirmation (an online session's waits for its meeting link). */
  'email.booking_confirmed': { booking_id: number };
  /** The therapist's notice of a new booking. */
  'email.therapist_notice': { booking_id: number };
  /** A cancellation: fans out into one job per recipient. */
  'email.booking_cancelled': { booking_id: number };
  'email.booking_cancelled.client': { booking_id: number };
  'email.booking_cancelled.therapist': { booking_id: number };
  /** Tells the clinic a paid booking's money must go back. */
  'email.refund_needed': { booking_id: number };
  /** Tells the client a refund was made; `refund_id` names it, so a later refund's job is not confused. */
  'email.refund_issued': { booking_id: number; refund_id?: string };
  /** The client's receipt for a payment taken at the centre; `payment_id` names the record. */
  'email.payment_receipt': { booking_id: number; payment_id: number };
  /**
   * A booking moved by its client: the new time and an updated invite. `sequence` is the booking's
   * invite_sequence after that move; a job for an older one is skipped (a later move supersedes it).
   */
  'email.booking_rescheduled.client': BookingMovedPayload;
  'email.booking_rescheduled.therapist': BookingMovedPayload;
  /**
   * A later session of a standing appointment paid session by session (decision 056): its payment
   * link made SERIES_PAY_AHEAD_HOURS before it, then e-mailed ('email.series_payment_link').
   */
  'payment.series_session_link': { booking_id: number };
  'email.series_payment_link': { booking_id: number };
  /** Such a session released unpaid 24 hours before it: the client is told (decision 056). */
  'email.series_session_released': { booking_id: number };
  /** A standing appointment's one confirmation, listing every date, with its invite (decision 056). */
  'email.series_confirmed': { series_id: number };
  /** The therapist's one notice of a new standing appointment, listing every date. */
  'email.series_therapist_notice': { series_id: number };
  /** "This and every later one" cancelled by the client: one e-mail per recipient listing the dates. */
  'email.series_cancelled.client': { booking_ids: number[] };
  'email.series_cancelled.therapist': { booking_ids: number[] };
  /** Refunds in full a booking paid online that its client cancelled within the notice rule. */
  'payment.refund_cancelled_booking': { booking_id: number };
  /** Makes an online session's meeting link that could not be made while it was confirmed. */
  'meeting.create_link': { booking_id: number };
  /** Plans a confirmed booking's reminders for its current slot (features/messages/reminders). */
  'reminders.plan': { booking_id: number };
  /**
   * A reminder `offset` ('24h', a REMINDER_OFFSETS label) before the session at `slot`
   * ('YYYY-MM-DDTHH:MM', clinic time): nothing once the booking has moved from that slot.
   */
  'email.reminder': ReminderPayload;
  /** The client's confirmation as a WhatsApp template message (consent given, WhatsApp set up). */
  'whatsapp.confirmation': { booking_id: number };
  /** A reminder as a WhatsApp template message; as 'email.reminder'. */
  'whatsapp.reminder': ReminderPayload;
  /** A waitlist offer as a WhatsApp template message, to a client who consented (features/waitlist). */
  'whatsapp.waitlist_offer': { offer_id: number };
  /** Tells a waiting client of the time held for them, with the link that takes it (features/waitlist). */
  'waitlist.offer': { offer_id: number };
  /**
   * A slot of this therapist's was freed (a booking cancelled, moved, released): their open slots
   * are offered to their line at once, as the waitlist's sweep would on its next turn.
   */
  'waitlist.offer_freed_slot': { therapist_id: number };
  /**
   * A therapist's invitation e-mail (admin-auth, decision 052). `sealed_token` is the link's token
   * sealed with DATA_KEY: the database never holds a token that works, only its digest.
   */
  'therapist.invite_email': { invite_id: number; sealed_token: string };
  /**
   * A PHQ-9 item 9 answer above 0 (features/measures, decision 058): the therapist and the clinic
   * are e-mailed at once, with no answer in the mail, only a link to sign in.
   */
  'measures.risk_alert': { form_id: number };
  /** The nightly backup of the clinic date `date` ('YYYY-MM-DD'), into BACKUP_DIR (features/backup). */
  'backup.nightly': { date: string };
};

/** A move's e-mail: `from_*` is where the booking was (clinic-local date and start, 'HH:MM:SS'). */
export type BookingMovedPayload = {
  booking_id: number;
  sequence: number;
  from_date: string;
  from_start_time: string;
};

export type ReminderPayload = { booking_id: number; offset: string; slot: string };

export type JobKind = keyof JobPayloads;

/** A claimed job as the worker sees it (the kind as stored: an old row may name a retired kind). */
export type JobRow = {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
};

export type JobHandler<K extends JobKind> = (payload: JobPayloads[K], job: JobRow) => Promise<void>;

/** A handler for every kind: a kind without one is a type error in server-worker.ts. */
export type JobHandlers = { [K in JobKind]: JobHandler<K> };

/** The job to write in the transaction of the change that causes it (see enqueueJob). */
export type JobToEnqueue<K extends JobKind> = {
  kind: K;
  payload: JobPayloads[K];
  /** Once per key: a second job with the same key is not written. */
  dedupeKey: string;
  runAt?: Date;
};
