import {
  BOOKING_WINDOW_DAYS,
  DEFAULT_SERVICE_ID,
  MANUAL_BOOKING_WINDOW_DAYS,
  offersSessionType,
  SESSION_MINUTES,
} from '@therapy/shared/booking-rules';
import { hasStarted } from '@therapy/shared/booking-states';
import { addDays, addMinutes, isCalendarDate, normalizeTime } from '@therapy/shared/clinic-time';
import { formatShortDate, formatSlotMoment, formatTime12 } from '@therapy/shared/display-format';
import { type SessionSlot, sessionsOn } from '@therapy/shared/open-slots';
import { mondayOf } from '@therapy/shared/series-rules';
import { isInBookingWindow } from '@therapy/shared/slot-rules';
import type { Queryable } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../http/app-error.ts';
import { loadSchedule } from '../schedules/schedule-reads.ts';
import * as repo from './bookings-repo.ts';

/**
 * The rules a new booking must meet, for the visitor's wizard and the admin's manual booking
 * alike: therapist, location, service (and its default), booking window, the therapist's schedule
 * and past slots. Where the two differ (wording, window, what is required), `source` says so, here only.
 */

export type BookingSource = 'visitor' | 'admin';

export type BookingRequest = {
  source: BookingSource;
  therapistId: number;
  bookingType: 'ONLINE' | 'OFFLINE';
  bookingDate: string;
  /** 'HH:MM:SS' */
  startTime: string;
  locationId: number | null;
  serviceId: number | null;
};

/** What the rules found, for the insert. */
export type CheckedBooking = {
  therapist: repo.TherapistForBooking;
  serviceId: number | null;
  locationId: number | null;
  /** The session's end, 'HH:MM:SS'. */
  endTime: string;
};

export const SLOT_NOT_OFFERED = 'This time is not one of the therapist’s slots. Please choose another time.';
export const SLOT_IN_PAST = 'This time has already passed. Please choose another time.';
export const DATE_OUTSIDE_WINDOW = 'Bookings can be made for today and the next 14 days only.';

/** 'Slot 10:00 AM on Mon, Nov 23': the slot as the admin's messages name it. */
export const slotName = (date: string, time: string) => `Slot ${formatSlotMoment(date, time)}`;

/** How many days ahead each source may book (the specification's two windows, section 9). */
const WINDOW_DAYS: Record<BookingSource, number> = {
  visitor: BOOKING_WINDOW_DAYS,
  admin: MANUAL_BOOKING_WINDOW_DAYS,
};

/** Checks a new booking's request against the catalogue, the window and the schedule. */
export async function checkBookingRequest(
  db: Queryable,
  request: BookingRequest,
  clock: { date: string; time: string },
  /** `slot: false` for a standing appointment: its sessions are checked one by one (book-series.ts). */
  options: { slot?: boolean; withinWeekOf?: string } = {},
): Promise<CheckedBooking> {
  const therapist = await repo.findTherapistForBooking(db, request.therapistId);
  if (!therapist?.is_active) throw notFound(`Therapist ${request.therapistId} not found`);
  if (request.source === 'visitor') checkTherapistType(therapist, request.bookingType);
  const locationId = await checkLocation(db, request, therapist);
  const serviceId = chooseService(request, therapist.services);
  if (options.withinWeekOf) checkSameWeek(request.bookingDate, options.withinWeekOf);
  else checkWindow(request, clock.date);
  if (options.slot === false) {
    return { therapist, serviceId, locationId, endTime: addMinutes(request.startTime, SESSION_MINUTES) };
  }
  const session = await checkSlot(db, request, locationId, clock);
  return { therapist, serviceId, locationId, endTime: normalizeTime(session.end_time) };
}

/**
 * The visitor books an online therapist online and an in-person one in person; a therapist of
 * type 3 (ADR 029) either way.
 */
function checkTherapistType(therapist: repo.TherapistForBooking, bookingType: 'ONLINE' | 'OFFLINE') {
  const online = bookingType === 'ONLINE';
  if (!offersSessionType(therapist.type, online ? 'online' : 'offline')) {
    throw badRequest(
      online
        ? 'This therapist does not offer online sessions.'
        : 'This therapist does not offer in-person sessions.',
    );
  }
}

/**
 * The visitor's in-person booking needs a location the therapist sees clients at, and an online
 * one has none; the admin's location (required for in person by the request's own rules) must
 * exist.
 */
async function checkLocation(
  db: Queryable,
  request: BookingRequest,
  therapist: repo.TherapistForBooking,
): Promise<number | null> {
  if (request.source === 'admin') {
    if (request.locationId !== null && !(await repo.locationExists(db, request.locationId))) {
      throw notFound(`Location ${request.locationId} not found`);
    }
    return request.locationId;
  }
  if (request.bookingType === 'ONLINE') return null;
  const locationId = request.locationId ?? 0;
  if (!locationId || !(await repo.locationExists(db, locationId))) {
    throw badRequest('Please choose a location.');
  }
  if (!therapist.locations.includes(locationId)) {
    throw badRequest('This therapist does not see clients at the chosen location.');
  }
  return locationId;
}

/**
 * A requested service must be one the therapist offers. Without one, service 1 (the default) when
 * offered; otherwise the visitor's booking has none and the admin's takes the therapist's first.
 */
function chooseService(request: BookingRequest, offered: number[]): number | null {
  const requested = request.serviceId;
  if (requested !== null) {
    if (offered.includes(requested)) return requested;
    throw badRequest(
      request.source === 'visitor'
        ? 'This therapist does not offer the chosen service.'
        : `Service ${requested} is not offered by this therapist`,
    );
  }
  if (offered.includes(DEFAULT_SERVICE_ID)) return DEFAULT_SERVICE_ID;
  return request.source === 'admin' ? (offered[0] ?? null) : null;
}

/** A series' session moves within its own week (Monday to Sunday); the clock refuses the past. */
function checkSameWeek(date: string, sessionDate: string) {
  if (isCalendarDate(date) && mondayOf(date) === mondayOf(sessionDate)) return;
  throw badRequest('A session of a standing appointment can only be moved within its own week.');
}

function checkWindow(request: BookingRequest, today: string) {
  const days = WINDOW_DAYS[request.source];
  if (isCalendarDate(request.bookingDate) && isInBookingWindow(request.bookingDate, today, days)) return;
  throw badRequest(
    request.source === 'visitor'
      ? DATE_OUTSIDE_WINDOW
      : `Booking date must be from ${formatShortDate(today)} to ${formatShortDate(addDays(today, days - 1))}.`,
  );
}

/**
 * The start must be one of the sessions the therapist's schedule offers that date (the one
 * open-slot function's sessionsOn): the visitor's at the place booked (online is location 0),
 * the admin's at any place of that day's hours; and not already begun today. What holds the
 * slot is the database's to refuse (409). The visitor hears of a time not offered before a past
 * one, the admin of a past one first, each in their own words.
 */
async function checkSlot(
  db: Queryable,
  request: BookingRequest,
  locationId: number | null,
  clock: { date: string; time: string },
): Promise<SessionSlot> {
  const { bookingDate: date, startTime } = request;
  const schedule = await loadSchedule(db, request.therapistId, { from: date, to: date });
  const sessions = sessionsOn(schedule, date);
  const atStart = sessions.filter((slot) => normalizeTime(slot.start_time) === startTime);
  const visitor = request.source === 'visitor';
  const session = visitor ? atStart.find((slot) => slot.location_id === (locationId ?? 0)) : atStart[0];
  const past = hasStarted({ booking_date: date, booking_time_slot_start: startTime }, clock);
  if (visitor) {
    if (!session) throw conflict(SLOT_NOT_OFFERED);
    if (past) throw conflict(SLOT_IN_PAST);
    return session;
  }
  if (past) throw conflict(`${slotName(date, startTime)} has already passed.`);
  if (session) return session;
  throw conflict(
    sessions.length > 0
      ? `${formatTime12(startTime)} is not one of this therapist's time slots.`
      : `${slotName(date, startTime)} is not available.`,
  );
}
