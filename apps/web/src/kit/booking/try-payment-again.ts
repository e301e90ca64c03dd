import type { PaymentLink } from '@therapy/shared/booking-schemas';
import type { MessageId } from '../../i18n/catalog';
import { ApiError, postJson } from '../../lib/api-client';
import { type BookingDraftState, useBookingDraft } from '../../lib/booking-draft-store';
import { stepNumberOf } from './booking-steps';

/** What came of "Try payment again". */
export type TryAgainOutcome =
  | { kind: 'payment-page'; url: string }
  /**
   * The server cannot hold the booking's slot again (taken, passed, cancelled): choose another
   * time. `message` is the server's words, or null for ours (TRY_AGAIN_MESSAGES, translated when shown).
   */
  | { kind: 'choose-again'; message: string | null }
  | { kind: 'failed'; message: string | null };

export const TRY_AGAIN_MESSAGES = {
  unexpected: 'payment.tryAgain.unexpected',
} as const satisfies Record<string, MessageId>;

/**
 * The e-mail the booking was made with, when this browser made it (the wizard's draft keeps the
 * booking it is paying for): the server asks for it, so booking ids cannot be tried in turn.
 */
export function emailForRetry(draft: BookingDraftState, bookingId: number): string | null {
  const email = draft.clientInfo.email.trim();
  return draft.pendingPayment?.bookingId === bookingId && email ? email : null;
}

/**
 * A new payment link for the same booking, through the same call and server rules as the
 * wizard's "Pay Now": the server holds the slot again when it can, or answers 409 when it cannot.
 */
export async function tryPaymentAgain(bookingId: number, email: string): Promise<TryAgainOutcome> {
  let link: PaymentLink;
  try {
    // The schema (and zod) load on the click, not with the page that offers it.
    const { paymentLinkSchema } = await import('@therapy/shared/booking-schemas');
    link = await postJson(
      '/api/payment/generate-link',
      { booking_id: bookingId, currency: 'INR', customer_email: email },
      paymentLinkSchema,
    );
  } catch (error) {
    if (error instanceof ApiError && (error.status === 409 || error.status === 404)) {
      return { kind: 'choose-again', message: error.serverMessage ?? null };
    }
    const message = error instanceof ApiError ? error.serverMessage : undefined;
    return { kind: 'failed', message: message ?? null };
  }
  return { kind: 'payment-page', url: link.short_url };
}

/**
 * Back to the wizard's date and time step with the visitor's other choices kept; the old booking
 * is forgotten so "Pay Now" makes a new one. Answers the address to go to.
 */
export function returnToDateStep(notice: string | null): string {
  const draft = useBookingDraft.getState();
  draft.setPendingPayment(null);
  if (!draft.selectedTherapist) return '/book';
  const step = stepNumberOf(draft.bookingType, 'date-time');
  draft.clearTimeSlot(notice ?? undefined);
  draft.setStep(step);
  return `/book?step=${step}`;
}
