import type { BookingConfirmation, PaymentDetails } from '@therapy/shared/booking-schemas';
import { isAwaitingPayment, isFailedAttempt } from '@therapy/shared/booking-states';
import { useEffect, useState } from 'react';
import type { MessageId } from '../../i18n/catalog';
import englishPayment from '../../i18n/en/payment.json';
import { ApiError, getJsonParsedLazily, queryString } from '../../lib/api-client';

/** The specification's words for a failed look-up (section 2), translated when shown. */
export const STATUS_MESSAGES = {
  invalidLink: 'payment.failed.invalidLink',
  lookupFailed: 'payment.failed.lookupFailed',
  notProcessed: 'payment.failed.notProcessed',
} as const satisfies Record<string, MessageId>;

/** Our own message (a catalogue id, translated when shown) or the server's words, shown as they are. */
export type StatusText = { id: MessageId } | { server: string };

const ours = (id: MessageId): StatusText => ({ id });
/** Whether the server's detail only repeats the message (ours as the specification words it in English). */
function repeats(detail: string | null, message: StatusText): boolean {
  if ('server' in message) return detail === message.server;
  return detail === (englishPayment as Record<string, string>)[message.id];
}

/** The server's words when it sent some, else ours. */
const serverOr = (text: string | null | undefined, id: MessageId): StatusText =>
  text ? { server: text } : { id };

export type LookupState =
  | { kind: 'verifying' }
  | { kind: 'confirmed'; booking: BookingConfirmation; paymentId: string | null }
  | {
      kind: 'failed';
      title: MessageId;
      message: StatusText;
      detail: string | null;
      paymentId: string | null;
      /** The server could not be asked just now (offline, busy, rate limited): asking again may work. */
      retryable: boolean;
      /**
       * The link says paid, or the booking is in person: the booking may stand, so the visitor is
       * sent to the clinic, never to pay or book again (a second booking, a second payment).
       */
      confirmationFailed: boolean;
      /** An online booking whose payment failed or was left: it may be paid again (try-payment-again.ts). */
      unpaidBookingId?: number;
    };

type LookupRequest =
  | { kind: 'offline'; url: string }
  | { kind: 'online'; url: string; paid: boolean; paymentId: string | null }
  | { kind: 'invalid'; paymentId: string | null };

/**
 * Which booking the address names: an in-person booking (`booking_id` and `token`) or the
 * payment provider's redirect (`razorpay_*`, specification section 2).
 */
export function lookupRequestOf(search: string): LookupRequest {
  const params = new URLSearchParams(search);
  const value = (name: string) => params.get(name)?.trim() || null;
  const bookingId = value('booking_id');
  const token = value('token');
  if (bookingId && token) {
    return {
      kind: 'offline',
      url: `/api/bookings/${encodeURIComponent(bookingId)}/confirmation${queryString({ token })}`,
    };
  }
  const paymentId = value('razorpay_payment_id');
  const linkId = value('razorpay_payment_link_id');
  const status = value('razorpay_payment_link_status');
  if (!linkId || !status) return { kind: 'invalid', paymentId };
  const query = queryString({
    payment_status: status,
    razorpay_payment_id: paymentId,
    razorpay_payment_link_reference_id: value('razorpay_payment_link_reference_id'),
    razorpay_signature: value('razorpay_signature'),
  });
  return {
    kind: 'online',
    url: `/api/get-razorpay-details/${encodeURIComponent(linkId)}${query}`,
    paid: status === 'paid',
    paymentId,
  };
}

const PENDING_RETRIES = 4;
const PENDING_RETRY_MS = 1500;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * No answer, a busy or failing server, a rate limit, or an answer not understood (an update
 * half-deployed): nothing is known yet about the booking.
 */
function isTransient(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 408 || error.status === 429 || error.status >= 500;
}

export async function lookUp(request: LookupRequest, isActive: () => boolean): Promise<LookupState> {
  const paymentId = request.kind === 'offline' ? null : request.paymentId;
  const paidOrInPerson = request.kind === 'offline' || (request.kind === 'online' && request.paid);
  const failed = (
    title: MessageId,
    message: StatusText,
    detail: string | null = null,
    retryable = false,
  ): LookupState => ({
    kind: 'failed',
    title,
    message,
    detail: repeats(detail, message) ? null : detail,
    paymentId,
    retryable,
    confirmationFailed: paidOrInPerson,
  });
  if (request.kind === 'invalid') return failed('payment.failed.title', ours(STATUS_MESSAGES.invalidLink));
  const title = paidOrInPerson ? 'payment.confirmationFailed.title' : 'payment.failed.title';

  for (let attempt = 0; ; attempt += 1) {
    let answer: PaymentDetails;
    try {
      // Parsed: a wrong shape must not show a booking as confirmed (or failed) when it is not.
      // The schema (and zod) load beside the answer, after the page has shown.
      answer = await getJsonParsedLazily(
        request.url,
        () => import('@therapy/shared/booking-schemas'),
        (schemas) => schemas.paymentDetailsSchema,
      );
    } catch (error) {
      const serverMessage = error instanceof ApiError ? error.serverMessage : undefined;
      return failed(title, serverOr(serverMessage, STATUS_MESSAGES.lookupFailed), null, isTransient(error));
    }
    // An in-person booking is 'pending' until it is paid at the visit: that is its confirmation.
    const booked =
      answer.status === 'confirmed' || (answer.status === 'pending' && request.kind === 'offline');
    if (booked) {
      if (!answer.data) return failed(title, ours(STATUS_MESSAGES.lookupFailed));
      return { kind: 'confirmed', booking: answer.data, paymentId };
    }
    // Paid, but the provider's word has not reached the server yet: ask again shortly.
    if (
      answer.status === 'pending' &&
      request.kind === 'online' &&
      request.paid &&
      attempt < PENDING_RETRIES
    ) {
      await wait(PENDING_RETRY_MS);
      if (!isActive()) return { kind: 'verifying' };
      continue;
    }
    if (!paidOrInPerson) {
      const unpaid = answer.data && (isFailedAttempt(answer.data) || isAwaitingPayment(answer.data));
      return {
        ...failed(title, ours(STATUS_MESSAGES.notProcessed), answer.message || null),
        ...(unpaid && answer.data ? { unpaidBookingId: answer.data.booking_id } : {}),
      };
    }
    return failed(title, serverOr(answer.message, STATUS_MESSAGES.lookupFailed));
  }
}

/**
 * 'Verifying your booking...' until the server has said what became of the booking; `checkAgain`
 * asks once more (after a failure the server could not answer).
 */
export function useBookingLookup(search: string): { state: LookupState; checkAgain: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{ key: string; result: LookupState } | null>(null);
  const key = `${attempt}|${search}`;

  useEffect(() => {
    let active = true;
    lookUp(lookupRequestOf(search), () => active).then((result) => {
      if (active) setState({ key: `${attempt}|${search}`, result });
    });
    return () => {
      active = false;
    };
  }, [search, attempt]);

  return {
    state: state?.key === key ? state.result : { kind: 'verifying' },
    checkAgain: () => setAttempt((count) => count + 1),
  };
}
