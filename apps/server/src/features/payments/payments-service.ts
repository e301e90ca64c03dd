import type { PaymentLink } from '@therapy/shared/booking-schemas';
import {
  bookingState,
  holdLapsed,
  isAwaitingPayment,
  isCancelled,
  isPaid,
  isPaidAtCentre,
  isPaymentPending,
} from '@therapy/shared/booking-states';
import { parseDbId } from '@therapy/shared/schema-limits';
import { SERIES_DEFAULT_PAY_AHEAD_HOURS } from '@therapy/shared/series-rules';
import type { Database } from '../../db/database.ts';
import { AppError, conflict, notFound } from '../../http/app-error.ts';
import type { ManageLinks } from '../bookings/confirmed-manage-url.ts';
import { markPaymentFailed } from '../bookings/expire-holds.ts';
import { BOOKING_CANNOT_BE_PAID, holdFailedBookingOrSeriesAgain } from '../bookings/hold-again.ts';
import { markBookingPaid } from '../bookings/mark-paid.ts';
import { attachPaymentLink } from '../bookings/payment-link.ts';
import { markLatePaymentForRefund } from '../bookings/refund-marks.ts';
import type { MeetingLinkProvider } from '../meetings/meeting-links.ts';
import { type MeetingUrls, withClientMeetingLink } from '../meetings/meeting-urls.ts';
import { recordPaymentAfterCentrePayment } from './paid-at-centre.ts';
import {
  createPaymentLookup,
  fetchPaymentLink,
  PAID_AT_CENTRE_REFUND,
  PAID_BUT_SLOT_TAKEN,
} from './payment-lookup.ts';
import {
  type PaymentProvider,
  type ProviderPaymentLink,
  ProviderUnavailableError,
} from './payment-provider.ts';
import * as repo from './payments-repo.ts';
import { planLaterSessionLinks } from './series-pay-ahead.ts';
import { confirmSeriesPayment, linkTermsOf, sessionMeetingLink } from './series-payment.ts';

export type PaymentsDeps = {
  db: Database;
  provider: PaymentProvider;
  meetings: MeetingLinkProvider;
  publicUrl: string;
  clinicTimeZone: string;
  /** How long a visitor's online booking holds its slot while the payment is made. */
  paymentHoldMinutes: number;
  /** Makes the manage link the status page shows once the booking is confirmed. */
  manageLinks: ManageLinks;
  now?: () => Date;
  /** The client's meeting link on the status page, from the stored room (decision 053). */
  meetingUrls?: MeetingUrls;
  /** SERIES_PAY_AHEAD_HOURS: a later session of a series paid session by session gets its link then. */
  seriesPayAheadHours?: number;
};

export const PAYMENT_LINK_UNAVAILABLE = 'Failed to generate payment link. Please contact support.';
/** Payment links for bookings, and confirming bookings once the provider says they are paid. */
export function createPaymentsService({
  db,
  provider,
  meetings,
  publicUrl,
  clinicTimeZone,
  paymentHoldMinutes,
  manageLinks,
  now = () => new Date(),
  meetingUrls,
  seriesPayAheadHours = SERIES_DEFAULT_PAY_AHEAD_HOURS,
}: PaymentsDeps) {
  const paidBy = { providerName: provider.name, clock: { timeZone: clinicTimeZone, now } };
  /**
   * The visitor's payment link: for the booking's own amount and client, never what the request
   * says. `customerEmail` must match the booking's, so ids cannot be tried one after another.
   */
  async function generateLink(
    bookingId: number,
    customerEmail: string | null | undefined,
  ): Promise<PaymentLink> {
    const booking = await repo.findPayableBooking(db, bookingId);
    const emailMatches =
      booking?.client_email && customerEmail?.trim().toLowerCase() === booking.client_email.toLowerCase();
    if (!booking || !emailMatches || booking.booking_type !== 'ONLINE') throw notFound('Booking not found');
    if (holdLapsed(booking, now())) {
      await markPaymentFailed(db, booking.id);
    }
    const current = (await repo.findPayableBooking(db, bookingId))!;
    if (bookingState(current) === 'FAILED') return tryAgain(current);
    return linkForBooking(current, { holdRequired: true });
  }

  /**
   * "Try payment again" after a failed or lapsed payment: unless the earlier link was paid after
   * all (then the booking is confirmed, not charged twice), the booking holds its slot again
   * when it can (the booking module decides) and gets a new link.
   */
  async function tryAgain(booking: repo.PayableBooking): Promise<PaymentLink> {
    if (booking.needs_refund || booking.has_refund) throw conflict(BOOKING_CANNOT_BE_PAID);
    if (booking.payment_link_id) {
      const earlier = await fetchPaymentLink(provider, booking.payment_link_id);
      if (earlier.status === 'paid') {
        // Tell what the earlier payment came to: confirmed, or to be refunded (never "paid" then).
        const outcome = await confirmPaidLink(earlier);
        throw conflict(
          outcome === 'confirmed'
            ? 'This booking is already paid.'
            : outcome === 'needs_refund'
              ? PAID_BUT_SLOT_TAKEN
              : outcome === 'paid_at_centre'
                ? PAID_AT_CENTRE_REFUND
                : BOOKING_CANNOT_BE_PAID,
        );
      }
      if (earlier.status === 'created') {
        throw conflict('Your earlier payment is still being processed. Please check again in a moment.');
      }
    }
    await db.transaction((tx) =>
      holdFailedBookingOrSeriesAgain(tx, booking.id, {
        now: now(),
        holdMinutes: paymentHoldMinutes,
        clinicTimeZone,
      }),
    );
    return linkForBooking((await repo.findPayableBooking(db, booking.id))!, { holdRequired: true });
  }

  /** A link an administrator shares for a pending booking (in person or online). */
  async function generateShareableLink(bookingId: number): Promise<PaymentLink> {
    const booking = await repo.findPayableBooking(db, bookingId);
    if (!booking || booking.booking_type === 'ADMIN_BLOCK') throw notFound(`Booking ${bookingId} not found`);
    return linkForBooking(booking, { holdRequired: false });
  }

  /** Shared links stay open for a week; the visitor's own link only as long as the hold. */
  const SHAREABLE_LINK_DAYS = 7;

  async function linkForBooking(booking: repo.PayableBooking, { holdRequired }: { holdRequired: boolean }) {
    if (isPaid(booking)) throw conflict('This booking is already paid.');
    const payable = holdRequired
      ? isAwaitingPayment(booking)
      : isAwaitingPayment(booking) || isPaymentPending(booking);
    if (booking.cancelled || !payable) throw conflict(BOOKING_CANNOT_BE_PAID);
    if (holdLapsed(booking, now())) {
      await markPaymentFailed(db, booking.id);
      throw conflict('The time held for this booking has run out. Please book again.');
    }
    if (booking.amount_paise <= 0) throw conflict('This booking has no amount to pay.');

    if (booking.payment_link_id && booking.payment_link_url) {
      return { short_url: booking.payment_link_url, payment_link_id: booking.payment_link_id };
    }

    // A standing appointment paid at once: its first session's link is for the whole series.
    const terms = await linkTermsOf(db, booking);
    let link: ProviderPaymentLink;
    try {
      link = await provider.createPaymentLink({
        amountPaise: terms.amountPaise,
        referenceId: String(booking.id),
        description: terms.description,
        customer: {
          name: booking.client_full_name ?? '',
          email: booking.client_email ?? '',
          phone: booking.client_mobile ?? '',
        },
        callbackUrl: `${publicUrl}/payment-status`,
        expireBy: booking.hold_expires_at
          ? new Date(booking.hold_expires_at)
          : new Date(now().getTime() + SHAREABLE_LINK_DAYS * 86_400_000),
        notes: { booking_id: String(booking.id) },
      });
    } catch (error) {
      if (error instanceof ProviderUnavailableError) throw new AppError(502, PAYMENT_LINK_UNAVAILABLE);
      throw error;
    }

    const attached = await db.transaction(async (tx) => {
      await repo.insertPaymentLink(tx, {
        id: link.id,
        bookingId: booking.id,
        provider: provider.name,
        shortUrl: link.shortUrl,
        amountPaise: link.amountPaise,
        expiresAt: booking.hold_expires_at ? new Date(booking.hold_expires_at) : null,
        seriesId: terms.seriesId,
      });
      return attachPaymentLink(tx, booking.id, link.id, link.shortUrl);
    });
    if (!attached) {
      // A second request (a double click) attached its link first: everyone gets that one.
      const current = await repo.findPayableBooking(db, booking.id);
      return { short_url: current!.payment_link_url!, payment_link_id: current!.payment_link_id! };
    }
    return { short_url: link.shortUrl, payment_link_id: link.id };
  }

  /** The specification's "record payment link" call: only the link generated for that booking. */
  async function recordLink(bookingId: number, url: string, linkId: string) {
    const booking = await repo.findPayableBooking(db, bookingId);
    if (!booking) throw notFound('Booking not found');
    if (booking.payment_link_id !== linkId || booking.payment_link_url !== url) {
      throw conflict('This payment link does not belong to this booking.');
    }
    return { payment_link_url: url, razorpay_payment_link_id: linkId };
  }

  /** The admin's "update payment link" call: the URL must be the one generated for the booking. */
  async function findRecordedLink(bookingId: number, url: string) {
    const booking = await repo.findPayableBooking(db, bookingId);
    if (!booking) throw notFound(`Booking ${bookingId} not found`);
    if (!booking.payment_link_url || booking.payment_link_url !== url) {
      throw conflict('This payment link does not belong to this booking.');
    }
    return { id: booking.id, url };
  }

  /**
   * Confirms the booking of a link the provider reports as paid, once. A booking whose hold ran
   * out gets its slot back if it is still free; if someone else took it, the booking is marked
   * for refund instead: no double booking and no lost payment. A link paid after the booking was
   * paid at the centre is recorded and marked for refund too ('paid_at_centre').
   */
  async function confirmPaidLink(
    link: ProviderPaymentLink,
  ): Promise<'confirmed' | 'needs_refund' | 'paid_at_centre' | 'mismatch'> {
    return db.transaction(async (tx) => {
      const bookingId = parseDbId(link.referenceId);
      const booking =
        bookingId === undefined ? undefined : await repo.findPayableBooking(tx, bookingId, { lock: true });
      if (!booking || booking.payment_link_id !== link.id) return 'mismatch';
      // Paid at the centre: any online payment of the link came on top (the desk records a payment
      // only for a booking not paid yet), including its replays once it was recorded.
      if (isPaidAtCentre(booking)) return recordPaymentAfterCentrePayment(tx, paidBy, booking, link);
      if (isPaid(booking)) return 'confirmed';
      // Flagged or refunded already: a replayed webhook or a reload of the status page changes
      // nothing (a refunded payment must neither confirm the booking nor be flagged again).
      if (booking.needs_refund || booking.has_refund) return 'needs_refund';
      const seriesId = (await repo.findPaymentLinkRow(tx, link.id))?.series_id;
      if (seriesId) {
        return confirmSeriesPayment(tx, booking, link, { seriesId, meetings, ...paidBy });
      }
      if (link.status !== 'paid' || !link.paymentId || link.amountPaidPaise < booking.amount_paise) {
        return 'mismatch';
      }
      const refund = async (paymentId: string) => {
        await markLatePaymentForRefund(tx, { id: booking.id, state: bookingState(booking) }, paymentId);
        return 'needs_refund' as const;
      };

      await repo.recordPayment(tx, {
        id: link.paymentId,
        bookingId: booking.id,
        linkId: link.id,
        provider: provider.name,
        amountPaise: link.amountPaidPaise,
        receiptClock: paidBy.clock,
      });
      // Cancelled by the clinic while the visitor was paying: the money goes back.
      if (isCancelled(booking)) return refund(link.paymentId);
      const { meetingLink, meetingLinkMissing } = await sessionMeetingLink(meetings, booking);
      const paid = await markBookingPaid(tx, booking, {
        paymentId: link.paymentId,
        meetingLink,
        meetingLinkMissing,
      });
      if (paid === 'slot_taken') return refund(link.paymentId);
      // The first session of a series paid session by session: the later ones' links are planned.
      await planLaterSessionLinks(tx, booking.id, { clinicTimeZone, payAheadHours: seriesPayAheadHours });
      return 'confirmed';
    });
  }

  /** A later session's link of a series paid session by session (series-pay-ahead.ts); null: not awaited. */
  async function laterSessionLink(bookingId: number): Promise<PaymentLink | null> {
    const booking = await repo.findPayableBooking(db, bookingId);
    if (!booking || booking.cancelled || !isAwaitingPayment(booking) || holdLapsed(booking, now()))
      return null;
    return linkForBooking(booking, { holdRequired: true });
  }

  const lookUpAsStored = createPaymentLookup({ db, provider, confirmPaidLink, manageLinks });
  const lookUpPayment: typeof lookUpAsStored = async (linkId, query) => {
    const details = await lookUpAsStored(linkId, query);
    return details.data
      ? { ...details, data: await withClientMeetingLink(meetingUrls, details.data) }
      : details;
  };

  return {
    generateLink,
    generateShareableLink,
    recordLink,
    findRecordedLink,
    confirmPaidLink,
    lookUpPayment,
    laterSessionLink,
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
