import type { PaymentDetails } from '@therapy/shared/booking-schemas';
import { isPaid, isPaidAtCentre } from '@therapy/shared/booking-states';
import type { Database } from '../../db/database.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import {
  BOOKING_CONFIRMED,
  findBookingConfirmationByLink,
  PAYMENT_NOT_PROCESSED,
  toConfirmation,
} from '../bookings/booking-confirmation.ts';
import {
  confirmedIntakeUrl,
  confirmedManageUrl,
  type ManageLinks,
} from '../bookings/confirmed-manage-url.ts';
import { markPaymentFailed } from '../bookings/expire-holds.ts';
import { seriesSessionsOf } from '../bookings/series-repo.ts';
import {
  callbackSignatureMatches,
  type PaymentProvider,
  type ProviderPaymentLink,
  ProviderUnavailableError,
} from './payment-provider.ts';

export const LOOKUP_UNAVAILABLE = 'Failed to retrieve booking details. Please contact support.';
export const PAID_BUT_SLOT_TAKEN =
  'Your payment was received, but the booking is no longer available (its time was taken or it was cancelled while the payment was pending). We will refund the full amount; please contact us to book another time.';
export const PAID_AT_CENTRE_REFUND =
  'This booking was already paid at the centre, so your online payment was not needed. Your booking stands, and we will refund your online payment in full.';

/** What confirming a paid link came to (payments-service.ts's confirmPaidLink). */
type ConfirmPaidLink = (
  link: ProviderPaymentLink,
) => Promise<'confirmed' | 'needs_refund' | 'paid_at_centre' | 'mismatch'>;

/** The provider's view of a link; a provider that cannot answer is a 502 for the status page. */
export async function fetchPaymentLink(provider: PaymentProvider, linkId: string) {
  try {
    return await provider.fetchPaymentLink(linkId);
  } catch (error) {
    if (error instanceof ProviderUnavailableError) throw new AppError(502, LOOKUP_UNAVAILABLE);
    throw error;
  }
}

type CallbackQuery = {
  payment_status?: string;
  razorpay_payment_id?: string;
  razorpay_payment_link_reference_id?: string;
  razorpay_signature?: string;
};

/** A signed callback must carry a valid signature (an unsigned one is only a hint). */
function checkCallbackSignature(provider: PaymentProvider, linkId: string, query: CallbackQuery) {
  if (query.razorpay_signature === undefined) return;
  const signed = callbackSignatureMatches(
    provider.callbackSecret,
    {
      paymentLinkId: linkId,
      referenceId: query.razorpay_payment_link_reference_id ?? '',
      status: query.payment_status ?? '',
      paymentId: query.razorpay_payment_id ?? '',
    },
    query.razorpay_signature,
  );
  if (!signed) throw new AppError(400, 'The payment details could not be verified.');
}

/** The status page's look-up of a payment link, over the payments service's confirmation. */
export function createPaymentLookup({
  db,
  provider,
  confirmPaidLink,
  manageLinks,
}: {
  db: Database;
  provider: PaymentProvider;
  confirmPaidLink: ConfirmPaidLink;
  manageLinks: ManageLinks;
}) {
  /**
   * The query string is only a hint: a signed callback must carry a valid signature, and whatever
   * it says, the provider is asked whether the link is paid.
   */
  return async function lookUpPayment(linkId: string, query: CallbackQuery): Promise<PaymentDetails> {
    const row = await findBookingConfirmationByLink(db, linkId);
    if (!row) throw notFound('Payment link not found');
    checkCallbackSignature(provider, linkId, query);

    // A booking paid at the centre is looked up too: the link sent before may have been paid as well.
    if (!isPaid(row) || isPaidAtCentre(row)) {
      const link = await fetchPaymentLink(provider, linkId);
      if (link.status === 'paid') {
        const outcome = await confirmPaidLink(link);
        if (outcome === 'needs_refund' || outcome === 'paid_at_centre') {
          return {
            status: 'failed',
            message: outcome === 'needs_refund' ? PAID_BUT_SLOT_TAKEN : PAID_AT_CENTRE_REFUND,
            data: toConfirmation((await findBookingConfirmationByLink(db, linkId))!),
          };
        }
      } else if (!isPaid(row) && (link.status === 'expired' || link.status === 'cancelled')) {
        await markPaymentFailed(db, row.booking_id);
      }
    }

    const current = (await findBookingConfirmationByLink(db, linkId))!;
    if (isPaid(current) && !current.cancelled) {
      const manageUrl = await confirmedManageUrl(db, manageLinks, current);
      const intakeUrl = await confirmedIntakeUrl(db, manageLinks, current);
      // A standing appointment paid online: its dates, as the in-person status page shows them.
      const sessions = await seriesSessionsOf(db, current.booking_id);
      return {
        status: 'confirmed',
        message: BOOKING_CONFIRMED,
        data: {
          ...toConfirmation(current),
          manage_url: manageUrl,
          intake_url: intakeUrl,
          ...(sessions.length > 0 ? { series_sessions: sessions } : {}),
        },
      };
    }
    return { status: 'failed', message: PAYMENT_NOT_PROCESSED, data: toConfirmation(current) };
  };
}
