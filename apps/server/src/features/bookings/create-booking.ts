import { CREATED_STATES } from '@therapy/shared/booking-states';
import type { Queryable } from '../../db/database.ts';
import { type IssueClock, issueReceipt } from '../receipts/issue-documents.ts';
import { announce } from './booking-events.ts';
import type { BookingRequest, CheckedBooking } from './booking-policy.ts';
import * as repo from './bookings-repo.ts';
import { createConfirmationToken } from './confirmation-token.ts';
import type { CurrentConsents } from './consent-documents.ts';
import { expireUnpaidHoldsOfDay } from './expire-holds.ts';

/**
 * Writes a booking that booking-policy.ts has checked, in the caller's transaction, with what
 * follows from it: the visitor's confirmation token, the admin's merchant reference, the e-mails
 * and the meeting-link job. The database's exclusion constraint has the last word on the slot (a
 * lost race is a 409, SLOT_TAKEN_MESSAGE).
 */

export type NewBookingDetails = {
  client: NonNullable<repo.NewBooking['client']>;
  now: Date;
} & (
  | { source: 'visitor'; paymentHoldMinutes: number; consents: CurrentConsents }
  | {
      source: 'admin';
      adminId: number;
      amountPaise: number;
      adminConfirmed: boolean;
      /** The clinic's clock: the date of the receipt of a booking entered as paid. */
      receiptClock: IssueClock;
    }
  /**
   * A slot held for a waiting client (decision 041): INITIATED with a hold of `holdMinutes`,
   * whatever its type, until the client takes the offer (claimWaitlistHold).
   */
  | {
      source: 'waitlist';
      holdMinutes: number;
      consent: { termsId: number | null; noticeId: number | null; at: Date };
    }
);

export type CreatedBooking = {
  id: number;
  /** Until when a visitor's online booking or a waitlist hold keeps its slot unpaid. */
  holdExpiresAt: Date | null;
  /** The visitor's key to the status page (only its hash is kept). */
  confirmationToken?: string;
};

/** How long the new booking holds its slot unpaid: a visitor's online one, a waitlist offer. */
function holdMinutesOf(details: NewBookingDetails, online: boolean): number | null {
  if (details.source === 'waitlist') return details.holdMinutes;
  if (details.source === 'visitor' && online) return details.paymentHoldMinutes;
  return null;
}

/** The consent stored with the booking: the visitor's now, the waiting client's when they joined. */
function consentOf(details: NewBookingDetails): repo.NewBooking['consent'] {
  if (details.source === 'visitor') {
    return { termsId: details.consents.termsId, noticeId: details.consents.noticeId, at: details.now };
  }
  if (details.source === 'waitlist') {
    const { termsId, noticeId, at } = details.consent;
    return termsId && noticeId ? { termsId, noticeId, at } : null;
  }
  return null;
}

/**
 * The one way a booking row is born (admin blocks aside): a visitor's, a manual one, or a
 * waitlist hold, each with its options.
 */
export async function createBooking(
  tx: Queryable,
  request: BookingRequest,
  checked: CheckedBooking,
  details: NewBookingDetails,
): Promise<CreatedBooking> {
  const online = request.bookingType === 'ONLINE';
  const paymentStatus =
    details.source === 'waitlist' ? 'INITIATED' : CREATED_STATES[details.source][request.bookingType];
  await expireUnpaidHoldsOfDay(tx, request.therapistId, request.bookingDate, details.now);
  const byClient = details.source !== 'admin';
  const holdMinutes = holdMinutesOf(details, online);
  const holdExpiresAt = holdMinutes === null ? null : new Date(details.now.getTime() + holdMinutes * 60_000);
  const created = await repo.insertBooking(tx, {
    therapistId: request.therapistId,
    serviceId: checked.serviceId,
    bookingDate: request.bookingDate,
    startTime: request.startTime,
    // The session the schedule offers at that start (SESSION_MINUTES long).
    endTime: checked.endTime,
    bookingType: request.bookingType,
    paymentStatus,
    client: details.client,
    termsAccepted: byClient,
    consent: consentOf(details),
    locationId: checked.locationId,
    amountPaise: details.source === 'admin' ? details.amountPaise : checked.therapist.price_paise,
    therapistEmail: checked.therapist.email,
    holdExpiresAt,
    createdByAdminId: details.source === 'admin' ? details.adminId : null,
  });
  if (details.source === 'waitlist') return { id: created.id, holdExpiresAt };

  if (details.source === 'visitor') {
    const { token, hash } = createConfirmationToken();
    await repo.setConfirmationTokenHash(tx, created.id, hash);
    // In-person bookings are confirmed now (paid at the visit); online ones once paid.
    if (!online) {
      await announce(tx, { kind: 'booking.confirmed', booking_id: created.id, meeting_link_missing: false });
    }
    return { id: created.id, holdExpiresAt, confirmationToken: token };
  }

  await finishManualBooking(tx, created.id, details, { online, paid: paymentStatus === 'COMPLETED' });
  return { id: created.id, holdExpiresAt };
}

/**
 * A manual booking's own part: its merchant reference, its receipt when it is entered as paid,
 * and the announcement that it is confirmed.
 */
async function finishManualBooking(
  tx: Queryable,
  id: number,
  details: Extract<NewBookingDetails, { source: 'admin' }>,
  { online, paid }: { online: boolean; paid: boolean },
) {
  // The merchant reference a payment link for a pending manual booking is made with.
  await repo.setManualBookingFields(tx, id, {
    adminConfirmed: details.adminConfirmed,
    paymentTransactionId: `MANUAL-${id}`,
  });
  // Entered as paid (ONLINE: the money came to the clinic outside the app): a payment collected,
  // so its receipt is issued now, in this transaction (decision 063). A pending one gets its
  // document when it is paid (a link or at the centre).
  if (paid) {
    await issueReceipt(
      tx,
      { source: { kind: 'manual', id: id }, bookingId: id, amountPaise: details.amountPaise },
      details.receiptClock,
    );
  }
  // Confirmed: the client's confirmation and the therapist's notice follow; an online session's
  // meeting link is made by a job, and its confirmation e-mail waits for it.
  await announce(tx, { kind: 'booking.confirmed', booking_id: id, meeting_link_missing: online });
}
