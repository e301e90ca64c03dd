import type { BookingType, PaymentStatus } from '@therapy/shared/booking-states';
import {
  DEADLOCK_DETECTED,
  EXCLUSION_VIOLATION,
  isDatabaseError,
  type Queryable,
} from '../../db/database.ts';
import { conflict } from '../../http/app-error.ts';
import { enqueueJob } from '../jobs/jobs-repo.ts';

/*
 * The bookings table as every feature that writes or reads bookings shares it: the visitor's
 * wizard (bookings), payments and the admin's manual bookings. One place for the insert that
 * guards a therapist's time, the confirmation view and the confirmation e-mails.
 */

export const SLOT_TAKEN_MESSAGE =
  'This time slot has just been booked by someone else. Please choose another time.';

export type NewBooking = {
  therapistId: number;
  serviceId: number | null;
  bookingDate: string;
  startTime: string;
  endTime: string;
  bookingType: BookingType;
  paymentStatus: PaymentStatus;
  client?: {
    fullName: string;
    email: string;
    mobile: string;
    age?: number | null;
    sessionType?: 'individual' | 'couple' | null;
    state?: string | null;
    city?: string | null;
    note?: string | null;
  };
  termsAccepted: boolean;
  locationId: number | null;
  amountPaise: number;
  therapistEmail: string | null;
  holdExpiresAt?: Date | null;
  createdByAdminId?: number | null;
};

/**
 * Inserts a booking. The database refuses a booking that overlaps one already holding the
 * therapist's time (exclusion constraint), which is reported as a 409 here: whoever loses the
 * race gets a clear message, never a second booking. The statement takes the therapist's
 * schedule lock itself (see lockTherapistSchedule), inside a transaction or alone.
 */
export async function insertBooking(db: Queryable, booking: NewBooking): Promise<{ id: number }> {
  try {
    const { rows } = await db.query<{ id: number }>(
      `WITH schedule_lock AS (SELECT pg_advisory_xact_lock($22, $1))
       INSERT INTO bookings (
         therapist_id, service_id, booking_date, booking_time_slot_start, booking_time_slot_end,
         booking_type, payment_status, client_full_name, client_email, client_mobile, client_age,
         client_session_type, client_state, client_city, client_note, terms_accepted, location_id,
         amount_paise, therapist_email, hold_expires_at, created_by_admin_id)
       SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21
       FROM schedule_lock
       RETURNING id`,
      [
        booking.therapistId,
        booking.serviceId,
        booking.bookingDate,
        booking.startTime,
        booking.endTime,
        booking.bookingType,
        booking.paymentStatus,
        booking.client?.fullName ?? null,
        booking.client?.email ?? null,
        booking.client?.mobile ?? null,
        booking.client?.age ?? null,
        booking.client?.sessionType ?? null,
        booking.client?.state ?? null,
        booking.client?.city ?? null,
        booking.client?.note ?? null,
        booking.termsAccepted,
        booking.locationId,
        booking.amountPaise,
        booking.therapistEmail,
        booking.holdExpiresAt ?? null,
        booking.createdByAdminId ?? null,
        SCHEDULE_LOCK_SPACE,
      ],
    );
    return rows[0]!;
  } catch (error) {
    if (isDatabaseError(error, EXCLUSION_VIOLATION) || isDatabaseError(error, DEADLOCK_DETECTED)) {
      throw conflict(SLOT_TAKEN_MESSAGE);
    }
    throw error;
  }
}

/** The first key of the advisory locks that serialise one therapist's bookings. */
const SCHEDULE_LOCK_SPACE = 7_301;

/**
 * Writers that may put a booking on a therapist's time take this lock first, held until their
 * transaction ends. Without it, concurrent inserts checking the exclusion constraint wait on
 * each other's transactions and PostgreSQL can end them in a deadlock; with it, the second
 * writer sees the first one's committed row and gets a clean conflict at once.
 */
export async function lockTherapistSchedule(tx: Queryable, therapistId: number) {
  await tx.query('SELECT pg_advisory_xact_lock($1, $2)', [SCHEDULE_LOCK_SPACE, therapistId]);
}

export async function locationExists(db: Queryable, id: number): Promise<boolean> {
  return (await db.query('SELECT 1 FROM locations WHERE id = $1', [id])).rows.length > 0;
}

export type SlotTemplateRow = {
  start_time: string;
  end_time: string;
  is_available: boolean;
  admin_blocked: boolean;
};

export async function findSlotTemplate(
  db: Queryable,
  therapistId: number,
  startTime: string,
): Promise<SlotTemplateRow | undefined> {
  const { rows } = await db.query<SlotTemplateRow>(
    `SELECT to_char(start_time, 'HH24:MI:SS') AS start_time, to_char(end_time, 'HH24:MI:SS') AS end_time,
       is_available, admin_blocked
     FROM availability_slots WHERE therapist_id = $1 AND start_time = $2::time`,
    [therapistId, startTime],
  );
  return rows[0];
}

/** A booking as the status page shows it, with the hash that guards it. */
export type BookingConfirmationRow = {
  booking_id: number;
  booking_type: 'ONLINE' | 'OFFLINE';
  payment_status: string;
  cancelled: boolean;
  booking_date: string;
  booking_time_slot_start: string;
  booking_time_slot_end: string;
  therapist_name: string;
  amount_paise: number;
  payment_transaction_id: string | null;
  google_meet_link: string | null;
  location_name: string | null;
  location_address: string | null;
  confirmation_token_hash: string | null;
  payment_link_id: string | null;
};

const confirmationSelect = `
  SELECT b.id AS booking_id, b.booking_type, b.payment_status, b.cancelled,
    to_char(b.booking_date, 'YYYY-MM-DD') AS booking_date,
    to_char(b.booking_time_slot_start, 'HH24:MI:SS') AS booking_time_slot_start,
    to_char(b.booking_time_slot_end, 'HH24:MI:SS') AS booking_time_slot_end,
    t.name AS therapist_name, b.amount_paise, b.payment_transaction_id, b.google_meet_link,
    l.name AS location_name, l.address AS location_address, b.confirmation_token_hash, b.payment_link_id
  FROM bookings b
  JOIN therapists t ON t.id = b.therapist_id
  LEFT JOIN locations l ON l.id = b.location_id`;

export async function findBookingConfirmation(db: Queryable, bookingId: number) {
  const { rows } = await db.query<BookingConfirmationRow>(`${confirmationSelect} WHERE b.id = $1`, [
    bookingId,
  ]);
  return rows[0];
}

export async function findBookingConfirmationByLink(db: Queryable, paymentLinkId: string) {
  const { rows } = await db.query<BookingConfirmationRow>(
    `${confirmationSelect} WHERE b.payment_link_id = $1`,
    [paymentLinkId],
  );
  return rows[0];
}

/** The client's confirmation and the therapist's notice, each sent once per booking. */
export async function enqueueBookingConfirmedEmails(db: Queryable, bookingId: number) {
  await enqueueJob(db, {
    kind: 'email.booking_confirmed',
    payload: { booking_id: bookingId },
    dedupeKey: `booking-confirmed:${bookingId}`,
  });
  await enqueueJob(db, {
    kind: 'email.therapist_notice',
    payload: { booking_id: bookingId },
    dedupeKey: `therapist-notice:${bookingId}`,
  });
}
