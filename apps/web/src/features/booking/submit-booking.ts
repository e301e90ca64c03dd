import type { BookingCreated, BookingPayload, PaymentLink } from '@therapy/shared/booking-schemas';
import { isMinor, parseAge } from '@therapy/shared/client-details-rules';
import { normalizeMobile } from '@therapy/shared/mobile-number';
import { currentLocale } from '../../i18n/i18n';
import { ApiError, postJson } from '../../lib/api-client';
import type { BookingDraft, PendingPayment } from '../../lib/booking-draft-store';
import { formatLongDate, formatTime12 } from '../../lib/format';
import { therapistDisplayName } from '../../lib/therapist-display';
import { BOOKING_MESSAGES } from './booking-messages';

/** What came of "Pay Now" or "Confirm Booking". */
export type SubmitOutcome =
  | { kind: 'payment-page'; url: string }
  | { kind: 'status-page'; path: string }
  | { kind: 'slot-taken'; message: string }
  | { kind: 'failed'; message: string };

export type CompleteDraft = BookingDraft & {
  bookingType: 'online' | 'offline';
  selectedTherapist: NonNullable<BookingDraft['selectedTherapist']>;
  selectedTimeSlot: NonNullable<BookingDraft['selectedTimeSlot']>;
  /** The details step's WhatsApp box; null or absent when the clinic does not offer WhatsApp. */
  whatsappConsent?: boolean | null;
};

type Hooks = {
  pendingPayment: PendingPayment | null;
  /** Remembers the online booking made for this slot, so a retry does not make a second one. */
  rememberPayment: (pending: PendingPayment | null) => void;
};

/** The booking payload of the specification, section 3 (the server fixes amount and e-mail). */
export function bookingPayload(draft: CompleteDraft): BookingPayload {
  const { clientInfo: info, selectedTherapist: therapist, selectedTimeSlot: slot } = draft;
  const offline = draft.bookingType === 'offline';
  return {
    therapist_id: therapist.id,
    booking_date: slot.date,
    booking_time_slot_start: slot.start_time.slice(0, 5),
    client_full_name: info.fullName.trim(),
    client_email: info.email.trim(),
    client_mobile: normalizeMobile(info.mobile) ?? info.mobile.trim(),
    client_note: info.notes.trim() || null,
    terms_accepted: info.termsAccepted,
    booking_type: offline ? 'OFFLINE' : 'ONLINE',
    location_id: offline ? (draft.selectedLocation?.id ?? 0) : 0,
    client_age: parseAge(info.age) ?? null,
    client_session_type: info.sessionType || null,
    client_state: info.state || null,
    client_city: info.city || null,
    service_id: draft.selectedService?.id ?? null,
    amount: therapist.price || 0,
    // Only when the box was offered: without WhatsApp the payload is as it always was.
    ...(typeof draft.whatsappConsent === 'boolean' ? { whatsapp_consent: draft.whatsappConsent } : {}),
    // The client's messages follow the language they booked in (issue 15).
    client_language: currentLocale(),
    // A minor's parent or guardian (issue 14); an adult's payload is as it always was.
    ...(isMinor(info.age)
      ? {
          guardian_name: info.guardianName?.trim() ?? '',
          guardian_relation: info.guardianRelation?.trim() ?? '',
          guardian_mobile: normalizeMobile(info.guardianMobile ?? '') ?? info.guardianMobile?.trim() ?? '',
          guardian_email: info.guardianEmail?.trim() ?? '',
          guardian_consent: info.guardianConsent === true,
        }
      : {}),
  };
}

/** An earlier online booking is reused only when nothing about it has changed since. */
export function slotKeyOf(draft: CompleteDraft): string {
  return JSON.stringify(bookingPayload(draft));
}

/** A failed call as an outcome; on the booking calls a 409 means the slot was just taken. */
function failure(error: unknown, fallback: string, conflictIsSlot: boolean): SubmitOutcome {
  if (!(error instanceof ApiError)) return { kind: 'failed', message: BOOKING_MESSAGES.unexpected };
  if (error.status === 409 && conflictIsSlot) {
    return { kind: 'slot-taken', message: error.serverMessage ?? BOOKING_MESSAGES.slotTaken };
  }
  return { kind: 'failed', message: error.serverMessage ?? fallback };
}

export async function confirmOfflineBooking(draft: CompleteDraft): Promise<SubmitOutcome> {
  try {
    const created = await postJson<BookingCreated>('/confirm-booking', bookingPayload(draft));
    const query = new URLSearchParams({
      booking_id: String(created.booking_id),
      token: created.confirmation_token,
    });
    return { kind: 'status-page', path: `/payment-status?${query}` };
  } catch (error) {
    return failure(error, BOOKING_MESSAGES.bookingFailed, true);
  }
}

async function createOnlineBooking(draft: CompleteDraft, hooks: Hooks): Promise<number> {
  const created = await postJson<BookingCreated>('/api/bookings', bookingPayload(draft));
  hooks.rememberPayment({ bookingId: created.booking_id, slotKey: slotKeyOf(draft) });
  return created.booking_id;
}

export function paymentLinkRequest(draft: CompleteDraft, bookingId: number) {
  const slot = draft.selectedTimeSlot;
  const name = therapistDisplayName(draft.selectedTherapist.name);
  return {
    booking_id: bookingId,
    // The server charges the booking's own amount; 1 is the specification's default without a price.
    amount: draft.selectedTherapist.price || 1,
    currency: 'INR',
    description: `Online therapy session with ${name} on ${formatLongDate(slot.date)} at ${formatTime12(slot.start_time)}`,
    customer_name: draft.clientInfo.fullName.trim(),
    customer_email: draft.clientInfo.email.trim(),
    customer_phone: normalizeMobile(draft.clientInfo.mobile) ?? draft.clientInfo.mobile.trim(),
  };
}

/**
 * Online: create the booking, get its payment link and record it, then hand over to the payment
 * page. A booking made by an earlier attempt for the same slot is reused while it can still be
 * paid; once it cannot (409 from the link call), a new one is made.
 */
export async function startOnlinePayment(draft: CompleteDraft, hooks: Hooks): Promise<SubmitOutcome> {
  const reused = hooks.pendingPayment?.slotKey === slotKeyOf(draft) ? hooks.pendingPayment.bookingId : null;
  let bookingId: number;
  try {
    bookingId = reused ?? (await createOnlineBooking(draft, hooks));
  } catch (error) {
    return failure(error, BOOKING_MESSAGES.bookingFailed, true);
  }
  const generateLink = (id: number) =>
    postJson<Partial<PaymentLink>>('/api/payment/generate-link', paymentLinkRequest(draft, id));
  let link: Partial<PaymentLink>;
  try {
    link = await generateLink(bookingId);
  } catch (error) {
    const expired = reused !== null && error instanceof ApiError && error.status === 409;
    if (!expired) return failure(error, BOOKING_MESSAGES.paymentLinkFailed, false);
    hooks.rememberPayment(null);
    try {
      bookingId = await createOnlineBooking(draft, hooks);
    } catch (retryError) {
      return failure(retryError, BOOKING_MESSAGES.bookingFailed, true);
    }
    try {
      link = await generateLink(bookingId);
    } catch (retryError) {
      return failure(retryError, BOOKING_MESSAGES.paymentLinkFailed, false);
    }
  }
  if (!link.short_url) return { kind: 'failed', message: BOOKING_MESSAGES.paymentLinkFailed };
  await recordPaymentLink(bookingId, link.short_url, link.payment_link_id ?? '');
  return { kind: 'payment-page', url: link.short_url };
}

/** The server records the link as it makes it; this call only confirms it, so a failure is not fatal. */
async function recordPaymentLink(bookingId: number, url: string, linkId: string): Promise<void> {
  try {
    await postJson(`/api/bookings/${bookingId}/payment-link`, {
      payment_link_url: url,
      razorpay_payment_link_id: linkId,
    });
  } catch (error) {
    console.warn('Recording the payment link failed; the server already holds it.', error);
  }
}
