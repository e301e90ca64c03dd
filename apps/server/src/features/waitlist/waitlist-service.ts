import { offersSessionType } from '@therapy/shared/booking-rules';
import { holdLapsed } from '@therapy/shared/booking-states';
import { isMinor, parseAge, validateWaitlistDetails } from '@therapy/shared/client-details-rules';
import { todayIn } from '@therapy/shared/clinic-time';
import { normalizeMobile } from '@therapy/shared/mobile-number';
import { toRupees } from '@therapy/shared/money';
import { isInBookingWindow } from '@therapy/shared/slot-rules';
import { WAITLIST_MAX_DATES } from '@therapy/shared/waitlist-rules';
import {
  WAITLIST_MESSAGES as M,
  type WaitlistClaim,
  type WaitlistJoin,
  type WaitlistJoined,
  type WaitlistOffer,
} from '@therapy/shared/waitlist-schemas';
import type { Database } from '../../db/database.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { findTherapistForBooking, locationExists } from '../bookings/bookings-repo.ts';
import { hashConfirmationToken } from '../bookings/confirmation-token.ts';
import type { CurrentConsents } from '../bookings/consent-documents.ts';
import { claimWaitlistHold } from '../bookings/waitlist-hold.ts';
import { hashOfferToken, isOfferTokenShape, offerStatusToken, type WaitlistKey } from './offer-token.ts';
import * as repo from './waitlist-repo.ts';

export type WaitlistDeps = {
  db: Database;
  clinicTimeZone: string;
  paymentHoldMinutes: number;
  key: WaitlistKey;
  consents: CurrentConsents;
  now?: () => Date;
};

const unprocessable = (message: string) => new AppError(422, message);
const gone = (message: string) => new AppError(410, message);

/** The visitor's side of the waitlist (decision 041): join, see an offer, take it. */
export function createWaitlistService({
  db,
  clinicTimeZone,
  paymentHoldMinutes,
  key,
  consents,
  now = () => new Date(),
}: WaitlistDeps) {
  /** The wishes, by the rules the schema leaves to the server: 1 to 15 dates within the booking window. */
  function checkWishes(payload: WaitlistJoin, today: string) {
    const dates = [...new Set(payload.preferred_dates)].sort();
    if (dates.length === 0) throw unprocessable(M.datesRequired);
    if (dates.length > WAITLIST_MAX_DATES) throw unprocessable(M.tooManyDates);
    if (!dates.every((date) => isInBookingWindow(date, today))) throw unprocessable(M.datesOutsideWindow);
    const times = [...new Set(payload.times_of_day)];
    if (times.length === 0) throw unprocessable(M.timesRequired);
    return { dates, times };
  }

  /** The therapist, place and service as a booking's rules would take them (their words too). */
  async function checkTherapist(payload: WaitlistJoin) {
    const therapist = await findTherapistForBooking(db, payload.therapist_id);
    if (!therapist?.is_active) throw notFound(`Therapist ${payload.therapist_id} not found`);
    const online = payload.booking_type === 'ONLINE';
    if (!offersSessionType(therapist.type, online ? 'online' : 'offline')) {
      throw unprocessable(
        online
          ? 'This therapist does not offer online sessions.'
          : 'This therapist does not offer in-person sessions.',
      );
    }
    const locationId = online ? 0 : (payload.location_id ?? 0);
    if (!online) {
      if (!locationId || !(await locationExists(db, locationId)))
        throw unprocessable('Please choose a location.');
      if (!therapist.locations.includes(locationId)) {
        throw unprocessable('This therapist does not see clients at the chosen location.');
      }
    }
    const serviceId = payload.service_id ?? null;
    if (serviceId !== null && !therapist.services.includes(serviceId)) {
      throw unprocessable('This therapist does not offer the chosen service.');
    }
    return { locationId, serviceId };
  }

  async function join(payload: WaitlistJoin): Promise<WaitlistJoined> {
    const details = {
      fullName: payload.client_full_name,
      email: payload.client_email,
      mobile: payload.client_mobile,
      age: payload.client_age ?? undefined,
      termsAccepted: payload.terms_accepted,
      guardianName: payload.guardian_name ?? '',
      guardianRelation: payload.guardian_relation ?? '',
      guardianMobile: payload.guardian_mobile ?? '',
      guardianEmail: payload.guardian_email ?? '',
      guardianConsent: payload.guardian_consent ?? false,
    };
    const firstError = Object.values(validateWaitlistDetails(details))[0];
    if (firstError) throw unprocessable(firstError);
    const at = now();
    const { dates, times } = checkWishes(payload, todayIn(clinicTimeZone, at));
    const { locationId, serviceId } = await checkTherapist(payload);
    const age = parseAge(details.age ?? null) ?? null;
    const entry = await repo.upsertEntry(db, {
      therapistId: payload.therapist_id,
      bookingType: payload.booking_type,
      locationId,
      serviceId,
      fullName: details.fullName.trim(),
      email: details.email.trim(),
      // Validated above: kept as its 10 digits, as a booking keeps it.
      mobile: normalizeMobile(details.mobile) ?? details.mobile.trim(),
      age,
      language: payload.client_language ?? 'en',
      whatsappConsent: payload.whatsapp_consent ?? false,
      guardian: isMinor(age)
        ? {
            name: details.guardianName.trim(),
            relation: details.guardianRelation.trim(),
            mobile: normalizeMobile(details.guardianMobile) ?? details.guardianMobile.trim(),
            email: details.guardianEmail.trim(),
          }
        : null,
      termsId: consents.termsId,
      noticeId: consents.noticeId,
      at,
      dates,
      times,
    });
    return {
      id: entry.id,
      position: await repo.positionOf(db, entry.id),
      expires_on: entry.last_date,
      updated: entry.updated,
    };
  }

  /** The offer a token names, or why it can no longer be taken (404 unknown, 410 lapsed or gone). */
  async function findLiveOffer(token: string) {
    const offer = isOfferTokenShape(token)
      ? await repo.findOfferByTokenHash(db, hashOfferToken(token))
      : undefined;
    if (!offer) throw notFound(M.offerUnknown);
    const lapsed = holdLapsed(offer, now());
    if (offer.outcome === 'open' && (lapsed || !offer.holds_slot)) throw gone(M.offerExpired);
    if (offer.outcome === 'expired') throw gone(M.offerExpired);
    if (offer.outcome === 'withdrawn' || !offer.holds_slot) throw gone(M.offerGone);
    return offer;
  }

  async function showOffer(token: string): Promise<WaitlistOffer> {
    const offer = await findLiveOffer(token);
    return {
      therapist_name: offer.therapist_name,
      booking_type: offer.booking_type,
      booking_date: offer.booking_date,
      start_time: offer.start_time,
      end_time: offer.end_time,
      location_name: offer.location_name,
      location_address: offer.location_address,
      amount: toRupees(offer.amount_paise),
      expires_at: new Date(offer.hold_expires_at ?? now()).toISOString(),
      client_language: offer.client_language,
      claimed: offer.outcome === 'claimed',
    };
  }

  /** Takes the offer, once: taking it again answers the same while the booking still holds the slot. */
  async function claim(token: string): Promise<WaitlistClaim> {
    const offer = await findLiveOffer(token);
    const statusToken = offerStatusToken(key, offer.salt);
    const answer = (paymentStatus: WaitlistClaim['payment_status']): WaitlistClaim => ({
      booking_id: offer.booking_id,
      booking_type: offer.booking_type,
      payment_status: paymentStatus,
      confirmation_token: statusToken,
      amount: toRupees(offer.amount_paise),
      client_email: offer.booking_client_email ?? '',
    });
    if (offer.outcome === 'claimed') return answer(offer.payment_status as WaitlistClaim['payment_status']);
    const at = now();
    return db.transaction(async (tx) => {
      // Against the sweep settling it, and a second claim at the same moment.
      await repo.lockOfferByTokenHash(tx, hashOfferToken(token));
      const current = await repo.findOffer(tx, offer.id);
      if (current?.outcome === 'claimed') {
        return answer(current.payment_status as WaitlistClaim['payment_status']);
      }
      if (current?.outcome !== 'open') throw gone(M.offerGone);
      const claimed = await claimWaitlistHold(tx, offer.booking_id, {
        now: at,
        paymentHoldMinutes,
        confirmationTokenHash: hashConfirmationToken(statusToken),
      });
      if (!claimed) throw gone(M.offerExpired);
      await repo.markOfferClaimed(tx, offer.id, at);
      return answer(claimed.payment_status);
    });
  }

  return { join, showOffer, claim };
}

export type WaitlistService = ReturnType<typeof createWaitlistService>;
