import { bookingState, isPaid } from '@therapy/shared/booking-states';
import { formatShortDate, formatTime12 } from '@therapy/shared/display-format';
import { therapistDisplayName } from '@therapy/shared/therapist-name';
import type { Queryable } from '../../db/database.ts';
import { markBookingPaid } from '../bookings/mark-paid.ts';
import { markLatePaymentForRefund } from '../bookings/refund-marks.ts';
import { seriesPaymentOf, seriesSessionIds } from '../bookings/series-pay.ts';
import type { MeetingLinkProvider } from '../meetings/meeting-links.ts';
import type { IssueClock } from '../receipts/issue-documents.ts';
import type { ProviderPaymentLink } from './payment-provider.ts';
import * as repo from './payments-repo.ts';

/**
 * A standing appointment paid at once (`pay: "all"`, decision 056): one payment link, made on
 * its first session (the payer), for what every session awaiting its payment comes to; once paid,
 * every session is confirmed by the one payment, recorded on the payer with the series named.
 */

export type LinkTerms = { amountPaise: number; description: string; seriesId: number | null };

/** What a payment link for `booking` asks: its own amount, or the whole series' on its payer. */
export async function linkTermsOf(db: Queryable, booking: repo.PayableBooking): Promise<LinkTerms> {
  const therapist = therapistDisplayName(booking.therapist_name);
  const single: LinkTerms = {
    amountPaise: booking.amount_paise,
    description: `Session with ${therapist} on ${formatShortDate(booking.booking_date)} at ${formatTime12(booking.booking_time_slot_start)}`,
    seriesId: null,
  };
  const series = await seriesPaymentOf(db, booking.id);
  if (series?.pay !== 'all' || series.payer_id !== booking.id || series.awaiting < 2) return single;
  return {
    amountPaise: series.awaiting_paise,
    description: `${series.awaiting} sessions with ${therapist} from ${formatShortDate(series.first_date)} at ${formatTime12(booking.booking_time_slot_start)}`,
    seriesId: series.series_id,
  };
}

type Outcome = 'confirmed' | 'needs_refund';

/**
 * A paid online session's meeting link. The meeting service failing must not stop a paid
 * booking's confirmation: `meetingLinkMissing`, and a job makes the link later (announced with the
 * confirmation), the e-mail waiting for it.
 */
export async function sessionMeetingLink(meetings: MeetingLinkProvider, booking: repo.PayableBooking) {
  if (booking.booking_type !== 'ONLINE') return { meetingLink: null, meetingLinkMissing: false };
  try {
    const meetingLink = await meetings.createMeetingLink({
      id: booking.id,
      date: booking.booking_date,
      startTime: booking.booking_time_slot_start,
      endTime: booking.booking_time_slot_end,
    });
    return { meetingLink, meetingLinkMissing: false };
  } catch {
    return { meetingLink: null, meetingLinkMissing: true };
  }
}

/** One session's part of the series' payment: confirmed, or (cancelled, or its time taken) marked for refund. */
async function settleSession(
  tx: Queryable,
  session: repo.PayableBooking,
  paymentId: string,
  meetings: MeetingLinkProvider,
): Promise<Outcome> {
  const refund = async () => {
    await markLatePaymentForRefund(tx, { id: session.id, state: bookingState(session) }, paymentId);
    return 'needs_refund' as const;
  };
  if (session.cancelled) return refund();
  const { meetingLink, meetingLinkMissing } = await sessionMeetingLink(meetings, session);
  const paid = await markBookingPaid(tx, session, { paymentId, meetingLink, meetingLinkMissing });
  return paid === 'slot_taken' ? refund() : 'confirmed';
}

/**
 * The series' link was paid (the caller holds the payer's lock, in its transaction). Each session
 * not paid otherwise takes its share, in order (cancelled ones last), while the payment lasts: confirmed (a session
 * whose hold ran out only if its time is still free) or marked for refund of its share. A replay
 * changes nothing. Answers the payer's outcome.
 */
export async function confirmSeriesPayment(
  tx: Queryable,
  payer: repo.PayableBooking,
  link: ProviderPaymentLink,
  context: { seriesId: number; providerName: string; meetings: MeetingLinkProvider; clock: IssueClock },
): Promise<Outcome | 'mismatch'> {
  if (link.status !== 'paid' || !link.paymentId || link.amountPaidPaise < link.amountPaise) return 'mismatch';
  const paymentId = link.paymentId;
  const sessions: repo.PayableBooking[] = [];
  for (const id of await seriesSessionIds(tx, context.seriesId)) {
    sessions.push((await repo.findPayableBooking(tx, id, { lock: true }))!);
  }
  if (sessions.some((session) => session.payment_transaction_id === paymentId)) {
    return isPaid(payer) && payer.payment_transaction_id === paymentId ? 'confirmed' : 'needs_refund';
  }
  await repo.recordPayment(tx, {
    id: paymentId,
    bookingId: payer.id,
    linkId: link.id,
    provider: context.providerName,
    amountPaise: link.amountPaidPaise,
    seriesId: context.seriesId,
    receiptClock: context.clock,
  });
  let left = link.amountPaidPaise;
  let outcome: Outcome = 'needs_refund';
  // Those still to take place first; a cancelled one's share is refunded from what is left.
  const inOrder = [...sessions.filter((s) => !s.cancelled), ...sessions.filter((s) => s.cancelled)];
  for (const session of inOrder) {
    const paidOtherwise = isPaid(session) || session.needs_refund || session.has_refund;
    if (paidOtherwise || session.amount_paise > left) continue;
    left -= session.amount_paise;
    const settled = await settleSession(tx, session, paymentId, context.meetings);
    if (session.id === payer.id) outcome = settled;
  }
  return outcome;
}
