import type {
  BookingConfirmation,
  BookingCreated,
  BookingPayload,
  PaymentDetails,
} from '@therapy/shared/booking-schemas';
import { CREATED_STATES, isPaid, isPaymentPending } from '@therapy/shared/booking-states';
import { isMinor, parseAge, validateClientDetails } from '@therapy/shared/client-details-rules';
import { normalizeTime, zonedNow } from '@therapy/shared/clinic-time';
import { normalizeMobile } from '@therapy/shared/mobile-number';
import { toRupees } from '@therapy/shared/money';
import type { Database } from '../../db/database.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import {
  BOOKING_CONFIRMED,
  findBookingConfirmation,
  PAYMENT_NOT_PROCESSED,
  toConfirmation,
} from './booking-confirmation.ts';
import { type BookingRequest, checkBookingRequest } from './booking-policy.ts';
import { confirmationTokenMatches } from './confirmation-token.ts';
import { confirmedIntakeUrl, confirmedManageUrl, type ManageLinks } from './confirmed-manage-url.ts';
import type { CurrentConsents } from './consent-documents.ts';
import { type NewBookingDetails, createBooking as writeBooking } from './create-booking.ts';
import type { NoteCipher } from './note-cipher.ts';
import { seriesSessionsOf } from './series-repo.ts';
import { createVisitorSeries, previewSeries, type SeriesLimits } from './series-service.ts';

export { DATE_OUTSIDE_WINDOW, SLOT_IN_PAST, SLOT_NOT_OFFERED } from './booking-policy.ts';

export type BookingsDeps = {
  db: Database;
  clinicTimeZone: string;
  paymentHoldMinutes: number;
  /** Makes the manage link the status page shows once the booking is confirmed. */
  manageLinks: ManageLinks;
  now?: () => Date;
  /** Seals the client's note before it is stored (decision 038). */
  notes: NoteCipher;
  /** The terms and privacy notice shown now: what the visitor accepts (decision 040). */
  consents: CurrentConsents;
  /**
   * Puts the client's meeting link in place of the stored room (the meetings feature's, given
   * by the composition root: a guest's token under jitsi-jwt, decision 053); as stored when absent.
   */
  clientMeetingLink?: (booking: BookingConfirmation) => Promise<BookingConfirmation>;
  /** SERIES_MAX_SESSIONS and SERIES_PAY_AHEAD_HOURS (standing appointments, decision 055). */
  series: SeriesLimits;
};

/** The form's client fields as the shared rules check them. */
function clientDetailsOf(payload: BookingPayload) {
  return {
    fullName: payload.client_full_name,
    email: payload.client_email,
    mobile: payload.client_mobile,
    age: payload.client_age ?? null,
    state: payload.client_state ?? '',
    city: payload.client_city ?? '',
    notes: payload.client_note ?? '',
    termsAccepted: payload.terms_accepted,
    sessionType: payload.client_session_type ?? '',
    guardianName: payload.guardian_name ?? '',
    guardianRelation: payload.guardian_relation ?? '',
    guardianMobile: payload.guardian_mobile ?? '',
    guardianEmail: payload.guardian_email ?? '',
    guardianConsent: payload.guardian_consent ?? false,
  } as const;
}

/** The client as the booking stores them, once the rules passed: trimmed, normalised, the note sealed. */
function newClient(
  details: ReturnType<typeof clientDetailsOf>,
  payload: BookingPayload,
  notes: NoteCipher,
): NewBookingDetails['client'] {
  return {
    fullName: details.fullName.trim(),
    email: details.email.trim(),
    // Validated first: `+91 98765 43210` and the like are stored as their 10 digits.
    mobile: normalizeMobile(details.mobile) ?? details.mobile.trim(),
    age: parseAge(details.age) ?? null,
    sessionType: details.sessionType || null,
    state: details.state.trim() || null,
    city: details.city.trim() || null,
    note: notes.seal(details.notes.trim() || null),
    whatsappConsent: payload.whatsapp_consent ?? false,
    language: payload.client_language ?? 'en',
    // Checked first: a minor's booking has them all, and the consent; an adult's keeps none.
    guardian: isMinor(details.age)
      ? {
          name: details.guardianName.trim(),
          relation: details.guardianRelation.trim(),
          mobile: normalizeMobile(details.guardianMobile) ?? details.guardianMobile.trim(),
          email: details.guardianEmail.trim(),
        }
      : null,
  };
}

/** Creating visitors' bookings: every rule checked here, whatever the browser already checked. */
export function createBookingsService({
  db,
  clinicTimeZone,
  paymentHoldMinutes,
  manageLinks,
  now = () => new Date(),
  notes,
  consents,
  clientMeetingLink = async (booking) => booking,
  series,
}: BookingsDeps) {
  async function createBooking(payload: BookingPayload): Promise<BookingCreated> {
    const online = payload.booking_type === 'ONLINE';
    const details = clientDetailsOf(payload);
    const errors = validateClientDetails(details, online ? 'online' : 'offline');
    const firstError = Object.values(errors)[0];
    if (firstError) throw new AppError(422, firstError);

    const instant = now();
    const request: BookingRequest = {
      source: 'visitor',
      therapistId: payload.therapist_id,
      bookingType: payload.booking_type,
      bookingDate: payload.booking_date,
      startTime: normalizeTime(payload.booking_time_slot_start),
      locationId: payload.location_id ?? null,
      serviceId: payload.service_id ?? null,
    };
    const client = newClient(details, payload, notes);
    if (payload.repeat) {
      const visitor = { source: 'visitor', client, now: instant, paymentHoldMinutes, consents } as const;
      const repeat = payload.repeat;
      return createVisitorSeries(db, { ...payload, repeat }, request, visitor, {
        limits: series,
        clinicTimeZone,
      });
    }
    const checked = await checkBookingRequest(db, request, zonedNow(clinicTimeZone, instant));
    const booking = await db.transaction((tx) =>
      writeBooking(tx, request, checked, {
        source: 'visitor',
        client,
        now: instant,
        paymentHoldMinutes,
        consents,
      }),
    );

    return {
      booking_id: booking.id,
      payment_status: CREATED_STATES.visitor[payload.booking_type],
      amount: toRupees(checked.therapist.price_paise),
      confirmation_token: booking.confirmationToken!,
      message: online
        ? `Booking ${booking.id} created. Complete the payment to confirm it.`
        : `Booking ${booking.id} confirmed. The amount is collected during your visit.`,
    };
  }

  /** The status page's answer for whoever holds the booking's token (the visitor who made it). */
  async function findConfirmation(bookingId: number, token: string): Promise<PaymentDetails> {
    const row = await findBookingConfirmation(db, bookingId);
    if (!row || !confirmationTokenMatches(token, row.confirmation_token_hash)) {
      throw notFound('Booking not found');
    }
    const sessions = await seriesSessionsOf(db, bookingId);
    const booking = await clientMeetingLink({
      ...toConfirmation(row),
      manage_url: await confirmedManageUrl(db, manageLinks, row),
      intake_url: await confirmedIntakeUrl(db, manageLinks, row),
      ...(sessions.length > 0 ? { series_sessions: sessions } : {}),
    });
    if (isPaid(booking)) {
      return { status: 'confirmed', message: BOOKING_CONFIRMED, data: booking };
    }
    if (isPaymentPending(booking)) {
      const message =
        booking.booking_type === 'OFFLINE'
          ? 'Your booking is confirmed. The amount is collected during your visit.'
          : 'Your booking is awaiting payment.';
      return { status: 'pending', message, data: booking };
    }
    return { status: 'failed', message: PAYMENT_NOT_PROCESSED, data: booking };
  }

  const preview = (body: Parameters<typeof previewSeries>[1]) =>
    previewSeries(db, body, { limits: series, clinicTimeZone, now: now() });

  return { createBooking, findConfirmation, previewSeries: preview };
}

export type BookingsService = ReturnType<typeof createBookingsService>;
