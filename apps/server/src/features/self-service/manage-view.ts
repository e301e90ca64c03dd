import { isCancelled, isConfirmedSession, isFailedAttempt } from '@therapy/shared/booking-states';
import { clinicInstant } from '@therapy/shared/clinic-time';
import type { ManageStatus, ManageView } from '@therapy/shared/manage-schemas';
import { toRupees } from '@therapy/shared/money';
import { AppError, conflict } from '../../http/app-error.ts';
import type { ManagedBookingRow } from './manage-repo.ts';

/*
 * What a manage link shows and allows, decided here only (the page reflects it): the booking's
 * state, and whether the session is still more than CANCELLATION_NOTICE_HOURS away.
 */

export const LINK_NOT_VALID =
  'This link is not valid. Please use the link in your latest e-mail from the clinic.';
export const SESSION_PASSED = 'This session has passed, so its link no longer works.';
export const LINK_REPLACED =
  'This link is from before your booking was moved. Please use the link in your latest e-mail.';
export const BOOKING_CANCELLED = 'This booking is cancelled.';
export const NOT_CONFIRMED_YET =
  'This booking is not confirmed yet: it can be changed once its payment is complete.';

export type ManageRules = { clinicTimeZone: string; noticeHours: number };

export function manageStatus(booking: ManagedBookingRow, linkCurrent: boolean): ManageStatus {
  if (!linkCurrent) return 'moved';
  if (isCancelled(booking) || isFailedAttempt(booking)) return 'cancelled';
  return isConfirmedSession(booking) ? 'confirmed' : 'awaiting_payment';
}

/** The last instant the client may still change the booking: its start less the notice hours. */
export function changeUntil(booking: ManagedBookingRow, rules: ManageRules): Date {
  const start = clinicInstant(rules.clinicTimeZone, booking.booking_date, booking.booking_time_slot_start);
  return new Date(start.getTime() - rules.noticeHours * 3_600_000);
}

/** 410 once the session has ended: the link has done its work. */
export function assertNotPassed(booking: ManagedBookingRow, rules: ManageRules, now: Date) {
  const end = clinicInstant(rules.clinicTimeZone, booking.booking_date, booking.booking_time_slot_end);
  if (now.getTime() >= end.getTime()) throw new AppError(410, SESSION_PASSED);
}

export function lateChangeMessage(noticeHours: number, clinicPhone: string | null): string {
  return `Your session is less than ${noticeHours} hours away, so it can no longer be cancelled or rescheduled here. Within ${noticeHours} hours of the session the full fee is charged. To talk about it, please call the clinic${clinicPhone ? ` at ${clinicPhone}` : ''}.`;
}

/** Refuses (409) any change the link may not make now, in words the client understands. */
export function assertMayChange(
  booking: ManagedBookingRow,
  linkCurrent: boolean,
  rules: ManageRules,
  context: { now: Date; clinicPhone: string | null },
) {
  const status = manageStatus(booking, linkCurrent);
  if (status === 'moved') throw conflict(LINK_REPLACED);
  if (status === 'cancelled') throw conflict(BOOKING_CANCELLED);
  if (status === 'awaiting_payment') throw conflict(NOT_CONFIRMED_YET);
  assertNotPassed(booking, rules, context.now);
  if (context.now.getTime() >= changeUntil(booking, rules).getTime()) {
    throw conflict(lateChangeMessage(rules.noticeHours, context.clinicPhone));
  }
}

export function toManageView(
  booking: ManagedBookingRow,
  linkCurrent: boolean,
  rules: ManageRules,
  context: { now: Date; clinicPhone: string | null },
): ManageView {
  const status = manageStatus(booking, linkCurrent);
  const until = changeUntil(booking, rules);
  return {
    status,
    booking: {
      booking_id: booking.booking_id,
      booking_type: booking.booking_type === 'ONLINE' ? 'ONLINE' : 'OFFLINE',
      booking_date: booking.booking_date,
      booking_time_slot_start: booking.booking_time_slot_start,
      booking_time_slot_end: booking.booking_time_slot_end,
      therapist_id: booking.therapist_id,
      therapist_name: booking.therapist_name,
      location_id: booking.location_id ?? 0,
      location_name: booking.location_name,
      location_address: booking.location_address,
      google_meet_link: booking.google_meet_link,
      amount: toRupees(booking.amount_paise),
      paid_online: booking.paid_online,
    },
    can_change: status === 'confirmed' && context.now.getTime() < until.getTime(),
    notice_hours: rules.noticeHours,
    change_until: until.toISOString(),
    clinic_phone: context.clinicPhone,
  };
}
