import type { BookingCreated, BookingPayload } from '@therapy/shared/booking-schemas';
import { CREATED_STATES } from '@therapy/shared/booking-states';
import { normalizeTime, zonedNow } from '@therapy/shared/clinic-time';
import { toRupees } from '@therapy/shared/money';
import {
  SERIES_DEFAULT_MAX_SESSIONS,
  SERIES_DEFAULT_PAY_AHEAD_HOURS,
  type SeriesOccurrence,
  seriesOccurrences,
} from '@therapy/shared/series-rules';
import type { SeriesPreview, SeriesRepeat, seriesPreviewRequestSchema } from '@therapy/shared/series-schemas';
import type * as z from 'zod/mini';
import type { Database } from '../../db/database.ts';
import { badRequest } from '../../http/app-error.ts';
import { bookSeries } from './book-series.ts';
import { type BookingRequest, checkBookingRequest } from './booking-policy.ts';
import type { NewBookingDetails } from './create-booking.ts';
import { checkSeriesOccurrences } from './series-clashes.ts';

/**
 * Standing appointments for the wizard (decision 055): the preview of a series' dates and the
 * booking of the accepted list, all or nothing.
 */

export type SeriesLimits = { maxSessions: number; payAheadHours: number };

export const DEFAULT_SERIES_LIMITS: SeriesLimits = {
  maxSessions: SERIES_DEFAULT_MAX_SESSIONS,
  payAheadHours: SERIES_DEFAULT_PAY_AHEAD_HOURS,
};

/** The accepted list of a series' sessions, or a 400 saying why the choice is not allowed. */
export function occurrencesOf(
  repeat: SeriesRepeat,
  first: { date: string; time: string },
  limits: SeriesLimits,
): SeriesOccurrence[] {
  if (repeat.count > limits.maxSessions) {
    throw badRequest(`A standing appointment has at most ${limits.maxSessions} sessions.`);
  }
  const chosen = seriesOccurrences(first.date, first.time, repeat);
  if ('invalid' in chosen) throw badRequest(chosen.invalid);
  return chosen.occurrences;
}

type PreviewRequest = z.infer<typeof seriesPreviewRequestSchema>;

/**
 * The list before booking: each date open now, or why not. Nothing is held. The wizard's
 * (`visitor`) keeps to the visitor's window and the place's own hours; the front desk's (`admin`)
 * checks as its booking will (any date it may book, a session at any of the therapist's places).
 */
export async function previewSeries(
  db: Database,
  body: PreviewRequest,
  options: { limits: SeriesLimits; clinicTimeZone: string; now: Date; source?: 'visitor' | 'admin' },
): Promise<SeriesPreview> {
  const source = options.source ?? 'visitor';
  const request: BookingRequest = {
    source,
    therapistId: body.therapist_id,
    bookingType: body.booking_type,
    bookingDate: body.booking_date,
    startTime: normalizeTime(body.booking_time_slot_start),
    locationId: body.location_id || null,
    serviceId: null,
  };
  const clock = zonedNow(options.clinicTimeZone, options.now);
  const checked = await checkBookingRequest(db, request, clock, { slot: false });
  const occurrences = occurrencesOf(
    body.repeat,
    { date: request.bookingDate, time: request.startTime },
    options.limits,
  );
  const sessions = await checkSeriesOccurrences(db, request.therapistId, occurrences, {
    locationId: checked.locationId,
    anyLocation: source === 'admin',
    clock,
  });
  return {
    sessions: sessions.map(({ position, booking_date, booking_time_slot_start, reason }) => ({
      position,
      booking_date,
      booking_time_slot_start,
      reason,
    })),
  };
}

/** Books the visitor's standing appointment: every session or none (book-series.ts). */
export async function createVisitorSeries(
  db: Database,
  payload: BookingPayload & { repeat: SeriesRepeat },
  request: BookingRequest,
  details: NewBookingDetails,
  options: { limits: SeriesLimits; clinicTimeZone: string },
): Promise<BookingCreated> {
  const clock = zonedNow(options.clinicTimeZone, details.now);
  const occurrences = occurrencesOf(
    payload.repeat,
    { date: request.bookingDate, time: request.startTime },
    options.limits,
  );
  const checked = await checkBookingRequest(db, request, clock, { slot: false });
  const pay = payload.pay ?? 'all';
  const booked = await db.transaction((tx) =>
    bookSeries(
      tx,
      request,
      checked,
      details,
      { everyWeeks: payload.repeat.every_weeks, patternCount: payload.repeat.count, pay, occurrences },
      clock,
    ),
  );
  const first = booked.bookings[0]!;
  const sessions = booked.bookings.length;
  return {
    booking_id: first.id,
    payment_status: CREATED_STATES.visitor[payload.booking_type],
    amount: toRupees(amountDueNow(payload.booking_type, pay, checked.therapist.price_paise, sessions)),
    confirmation_token: first.confirmationToken!,
    message: seriesMessage(payload.booking_type, pay, sessions),
    series_id: booked.seriesId,
    booking_ids: booked.bookings.map((booking) => booking.id),
  };
}

/**
 * What the visitor pays now (decision 056): online and paid at once, every session's fee (the
 * one link, made on the first session, asks for it); paid session by session, the first's; in
 * person, each session's fee at its visit.
 */
function amountDueNow(type: 'ONLINE' | 'OFFLINE', pay: 'all' | 'each', pricePaise: number, sessions: number) {
  return type === 'ONLINE' && pay === 'all' ? pricePaise * sessions : pricePaise;
}

function seriesMessage(type: 'ONLINE' | 'OFFLINE', pay: 'all' | 'each', sessions: number): string {
  if (type === 'OFFLINE') {
    return `Standing appointment of ${sessions} sessions confirmed. Each session is paid at the visit.`;
  }
  return pay === 'all'
    ? `Standing appointment of ${sessions} sessions held. Complete the payment for all of them to confirm it.`
    : `Standing appointment of ${sessions} sessions held. Pay for the first session now; each later session's payment link is e-mailed before it.`;
}
