import { DEFAULT_SERVICE_ID, SESSION_MINUTES, THERAPIST_TYPE } from '@therapy/shared/booking-rules';
import type { BookingCreated, BookingPayload, PaymentDetails } from '@therapy/shared/booking-schemas';
import { parseAge, validateClientDetails } from '@therapy/shared/client-details-rules';
import { addMinutes, normalizeTime, zonedNow } from '@therapy/shared/clinic-time';
import { isInBookingWindow } from '@therapy/shared/slot-rules';
import type { Database } from '../../db/database.ts';
import { AppError, badRequest, conflict, notFound } from '../../http/app-error.ts';
import {
  BOOKING_CONFIRMED,
  PAYMENT_NOT_PROCESSED,
  toConfirmation,
} from '../booking-records/booking-confirmation.ts';
import * as records from '../booking-records/booking-records-repo.ts';
import * as repo from './bookings-repo.ts';
import { confirmationTokenMatches, createConfirmationToken } from './confirmation-token.ts';

export type BookingsDeps = {
  db: Database;
  clinicTimeZone: string;
  paymentHoldMinutes: number;
  now?: () => Date;
};

export const SLOT_NOT_OFFERED = 'This time is not one of the therapist’s slots. Please choose another time.';
export const SLOT_IN_PAST = 'This time has already passed. Please choose another time.';
export const DATE_OUTSIDE_WINDOW = 'Bookings can be made for today and the next 14 days only.';

/** Creating visitors' bookings: every rule checked here, whatever the browser already checked. */
export function createBookingsService({
  db,
  clinicTimeZone,
  paymentHoldMinutes,
  now = () => new Date(),
}: BookingsDeps) {
  async function createBooking(payload: BookingPayload): Promise<BookingCreated> {
    const online = payload.booking_type === 'ONLINE';
    const details = {
      fullName: payload.client_full_name,
      email: payload.client_email,
      mobile: payload.client_mobile,
      age: payload.client_age ?? null,
      state: payload.client_state ?? '',
      city: payload.client_city ?? '',
      notes: payload.client_note ?? '',
      termsAccepted: payload.terms_accepted,
      sessionType: payload.client_session_type ?? '',
    } as const;
    const errors = validateClientDetails(details, online ? 'online' : 'offline');
    const firstError = Object.values(errors)[0];
    if (firstError) throw new AppError(422, firstError);

    const therapist = await repo.findActiveTherapist(db, payload.therapist_id);
    if (!therapist) throw notFound(`Therapist ${payload.therapist_id} not found`);
    const expectedType = online ? THERAPIST_TYPE.online : THERAPIST_TYPE.offline;
    if (therapist.type !== expectedType) {
      throw badRequest(
        online
          ? 'This therapist does not offer online sessions.'
          : 'This therapist does not offer in-person sessions.',
      );
    }
    const locationId = online ? null : (payload.location_id ?? 0);
    if (!online) {
      if (!locationId || !(await records.locationExists(db, locationId)))
        throw badRequest('Please choose a location.');
      if (!therapist.locations.includes(locationId)) {
        throw badRequest('This therapist does not see clients at the chosen location.');
      }
    }
    const serviceId = chooseService(payload.service_id ?? null, therapist.services);

    const instant = now();
    const clock = zonedNow(clinicTimeZone, instant);
    if (!isInBookingWindow(payload.booking_date, clock.date) || !isRealDate(payload.booking_date)) {
      throw badRequest(DATE_OUTSIDE_WINDOW);
    }
    const startTime = normalizeTime(payload.booking_time_slot_start);
    const template = await records.findSlotTemplate(db, therapist.id, startTime);
    if (!template?.is_available || template.admin_blocked) throw conflict(SLOT_NOT_OFFERED);
    if (payload.booking_date === clock.date && startTime <= clock.time) throw conflict(SLOT_IN_PAST);

    const { token, hash } = createConfirmationToken();
    const booking = await db.transaction(async (tx) => {
      await repo.releaseExpiredHolds(tx, therapist.id, payload.booking_date, instant);
      const created = await records.insertBooking(tx, {
        therapistId: therapist.id,
        serviceId,
        bookingDate: payload.booking_date,
        startTime,
        endTime: addMinutes(startTime, SESSION_MINUTES),
        bookingType: payload.booking_type,
        paymentStatus: online ? 'INITIATED' : 'PENDING',
        client: {
          fullName: details.fullName.trim(),
          email: details.email.trim(),
          mobile: details.mobile.trim(),
          age: parseAge(details.age) ?? null,
          sessionType: details.sessionType || null,
          state: details.state.trim() || null,
          city: details.city.trim() || null,
          note: details.notes.trim() || null,
        },
        termsAccepted: true,
        locationId,
        amountPaise: therapist.price_paise,
        therapistEmail: therapist.email,
        holdExpiresAt: online ? new Date(instant.getTime() + paymentHoldMinutes * 60_000) : null,
      });
      await repo.setConfirmationTokenHash(tx, created.id, hash);
      // In-person bookings are confirmed now (paid at the visit); online ones once paid.
      if (!online) await records.enqueueBookingConfirmedEmails(tx, created.id);
      return created;
    });

    return {
      booking_id: booking.id,
      payment_status: online ? 'INITIATED' : 'PENDING',
      amount: therapist.price_paise / 100,
      confirmation_token: token,
      message: online
        ? `Booking ${booking.id} created. Complete the payment to confirm it.`
        : `Booking ${booking.id} confirmed. The amount is collected during your visit.`,
    };
  }

  /** The status page's answer for whoever holds the booking's token (the visitor who made it). */
  async function findConfirmation(bookingId: number, token: string): Promise<PaymentDetails> {
    const row = await records.findBookingConfirmation(db, bookingId);
    if (!row || !confirmationTokenMatches(token, row.confirmation_token_hash)) {
      throw notFound('Booking not found');
    }
    const booking = toConfirmation(row);
    if (booking.payment_status === 'COMPLETED') {
      return { status: 'confirmed', message: BOOKING_CONFIRMED, data: booking };
    }
    if (booking.payment_status === 'PENDING') {
      const message =
        booking.booking_type === 'OFFLINE'
          ? 'Your booking is confirmed. The amount is collected during your visit.'
          : 'Your booking is awaiting payment.';
      return { status: 'pending', message, data: booking };
    }
    return { status: 'failed', message: PAYMENT_NOT_PROCESSED, data: booking };
  }

  return { createBooking, findConfirmation };
}

export type BookingsService = ReturnType<typeof createBookingsService>;

/** Service 1 is the default; a requested service must be one the therapist offers. */
function chooseService(requested: number | null, offered: number[]): number | null {
  if (requested !== null) {
    if (!offered.includes(requested)) throw badRequest('This therapist does not offer the chosen service.');
    return requested;
  }
  return offered.includes(DEFAULT_SERVICE_ID) ? DEFAULT_SERVICE_ID : null;
}

function isRealDate(isoDate: string): boolean {
  const date = new Date(`${isoDate}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(isoDate);
}
