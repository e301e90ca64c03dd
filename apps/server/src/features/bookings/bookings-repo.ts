import type { BookingType, PaymentStatus } from '@therapy/shared/booking-states';
import {
  DEADLOCK_DETECTED,
  EXCLUSION_VIOLATION,
  isDatabaseError,
  type Queryable,
} from '../../db/database.ts';
import { conflict } from '../../http/app-error.ts';

/*
 * The SQL the booking module's operations share: the insert that guards a therapist's time, the
 * therapist's schedule lock, the look-ups the creation policy needs, and the locked read of one
 * booking that every state change starts from.
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
    whatsappConsent?: boolean;
    language?: 'en' | 'hi';
    /** A minor's parent or guardian, who consented (issue 14). */
    guardian?: { name: string; relation: string; mobile: string; email: string } | null;
  };
  termsAccepted: boolean;
  /** The versions of the terms and the privacy notice the client accepted, and when (visitors). */
  consent?: { termsId: number; noticeId: number; at: Date } | null;
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
         amount_paise, therapist_email, hold_expires_at, created_by_admin_id, whatsapp_consent, client_language,
         guardian_name, guardian_relation, guardian_mobile, guardian_email, guardian_consent,
         terms_document_id, notice_document_id, consented_at)
       SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $23, $24,
         $25, $26, $27, $28, $29, $30, $31, $32
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
        booking.client?.whatsappConsent ?? false,
        booking.client?.language ?? 'en',
        booking.client?.guardian?.name ?? null,
        booking.client?.guardian?.relation ?? null,
        booking.client?.guardian?.mobile ?? null,
        booking.client?.guardian?.email ?? null,
        Boolean(booking.client?.guardian),
        booking.consent?.termsId ?? null,
        booking.consent?.noticeId ?? null,
        booking.consent?.at ?? null,
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

/** A booking's state and slot, as every state change reads it under its lock. */
export type LockedBooking = {
  id: number;
  therapist_id: number;
  booking_date: string;
  booking_time_slot_start: string;
  booking_type: BookingType;
  payment_status: PaymentStatus;
  cancelled: boolean;
};

/**
 * The booking, locked until the transaction ends. The lock is taken by a statement of its own and
 * the row read after it (decision 013), so callers may join whatever they like in later reads.
 */
export async function lockBooking(tx: Queryable, id: number): Promise<LockedBooking | undefined> {
  await tx.query('SELECT id FROM bookings WHERE id = $1 FOR UPDATE', [id]);
  const { rows } = await tx.query<LockedBooking>(
    `SELECT id, therapist_id, to_char(booking_date, 'YYYY-MM-DD') AS booking_date,
       to_char(booking_time_slot_start, 'HH24:MI:SS') AS booking_time_slot_start,
       booking_type, payment_status, cancelled
     FROM bookings WHERE id = $1`,
    [id],
  );
  return rows[0];
}

/** A centre that takes bookings: it exists and is not deactivated. */
/** Whose booking it is (a reaction to an event announced before its payload named the therapist). */
export async function therapistOfBooking(db: Queryable, id: number): Promise<number | undefined> {
  const { rows } = await db.query<{ therapist_id: number }>(
    'SELECT therapist_id FROM bookings WHERE id = $1',
    [id],
  );
  return rows[0]?.therapist_id;
}

export async function locationExists(db: Queryable, id: number): Promise<boolean> {
  return (await db.query('SELECT 1 FROM locations WHERE id = $1 AND is_active', [id])).rows.length > 0;
}

export type TherapistForBooking = {
  id: number;
  name: string;
  type: 1 | 2 | 3;
  price_paise: number;
  email: string;
  is_active: boolean;
  locations: number[];
  /** By id: the manual booking falls back to the first one. */
  services: number[];
};

export async function findTherapistForBooking(
  db: Queryable,
  id: number,
): Promise<TherapistForBooking | undefined> {
  const { rows } = await db.query<TherapistForBooking>(
    `SELECT t.id, t.name, t.type, t.price_paise, t.email, t.is_active,
       COALESCE((SELECT array_agg(location_id) FROM therapist_locations WHERE therapist_id = t.id), '{}') AS locations,
       COALESCE((SELECT array_agg(ts.service_id ORDER BY ts.service_id) FROM therapist_services ts
                 JOIN services s ON s.id = ts.service_id AND s.is_active
                 WHERE ts.therapist_id = t.id), '{}') AS services
     FROM therapists t WHERE t.id = $1`,
    [id],
  );
  return rows[0];
}

export async function setConfirmationTokenHash(db: Queryable, bookingId: number, hash: string) {
  await db.query('UPDATE bookings SET confirmation_token_hash = $2 WHERE id = $1', [bookingId, hash]);
}

/** What insertBooking does not set for a manual booking. */
export async function setManualBookingFields(
  tx: Queryable,
  id: number,
  fields: { adminConfirmed: boolean; paymentTransactionId: string },
) {
  await tx.query('UPDATE bookings SET admin_confirmed = $2, payment_transaction_id = $3 WHERE id = $1', [
    id,
    fields.adminConfirmed,
    fields.paymentTransactionId,
  ]);
}
