import { CREATED_STATES } from '@therapy/shared/booking-states';
import type { Queryable } from '../../db/database.ts';
import { enqueueBookingConfirmedEmails, enqueueMeetingLinkJob } from './booking-jobs.ts';
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
  | { source: 'admin'; adminId: number; amountPaise: number; adminConfirmed: boolean }
);

export type CreatedBooking = {
  id: number;
  /** The visitor's key to the status page (only its hash is kept). */
  confirmationToken?: string;
};

export async function createBooking(
  tx: Queryable,
  request: BookingRequest,
  checked: CheckedBooking,
  details: NewBookingDetails,
): Promise<CreatedBooking> {
  const online = request.bookingType === 'ONLINE';
  const paymentStatus = CREATED_STATES[details.source][request.bookingType];
  await expireUnpaidHoldsOfDay(tx, request.therapistId, request.bookingDate, details.now);
  const visitor = details.source === 'visitor';
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
    termsAccepted: visitor,
    consent:
      details.source === 'visitor'
        ? { termsId: details.consents.termsId, noticeId: details.consents.noticeId, at: details.now }
        : null,
    locationId: checked.locationId,
    amountPaise: visitor ? checked.therapist.price_paise : details.amountPaise,
    therapistEmail: checked.therapist.email,
    holdExpiresAt:
      visitor && online ? new Date(details.now.getTime() + details.paymentHoldMinutes * 60_000) : null,
    createdByAdminId: visitor ? null : details.adminId,
  });

  if (details.source === 'visitor') {
    const { token, hash } = createConfirmationToken();
    await repo.setConfirmationTokenHash(tx, created.id, hash);
    // In-person bookings are confirmed now (paid at the visit); online ones once paid.
    if (!online) await enqueueBookingConfirmedEmails(tx, created.id);
    return { id: created.id, confirmationToken: token };
  }

  // The merchant reference a payment link for a pending manual booking is made with.
  await repo.setManualBookingFields(tx, created.id, {
    adminConfirmed: details.adminConfirmed,
    paymentTransactionId: `MANUAL-${created.id}`,
  });
  // The client's confirmation and the therapist's notice; an online session's meeting link is
  // made by a job, and its confirmation e-mail waits for it.
  await enqueueBookingConfirmedEmails(tx, created.id);
  if (online) await enqueueMeetingLinkJob(tx, created.id);
  return { id: created.id };
}
