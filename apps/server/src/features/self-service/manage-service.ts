import { normalizeTime, zonedNow } from '@therapy/shared/clinic-time';
import { formatSlotMoment } from '@therapy/shared/display-format';
import type {
  CancelResult,
  ManageView,
  RescheduleRequest,
  RescheduleResult,
} from '@therapy/shared/manage-schemas';
import { type Database, EXCLUSION_VIOLATION, isDatabaseError, type Queryable } from '../../db/database.ts';
import { conflict, notFound } from '../../http/app-error.ts';
import { insertAudit } from '../audit/audit-repo.ts';
import { enqueueBookingMovedJobs } from '../bookings/booking-jobs.ts';
import { checkBookingRequest } from '../bookings/booking-policy.ts';
import { lockBooking, lockTherapistSchedule, SLOT_TAKEN_MESSAGE } from '../bookings/bookings-repo.ts';
import { cancelBooking } from '../bookings/cancel-booking.ts';
import { readClinicProfile } from '../clinic/clinic-service.ts';
import { findManageLink, type ManageLinkKey, replaceManageLink } from './manage-link.ts';
import { findManagedBooking, type ManagedBookingRow, moveBooking } from './manage-repo.ts';
import {
  assertMayChange,
  assertNotPassed,
  LINK_NOT_VALID,
  type ManageRules,
  toManageView,
} from './manage-view.ts';

export type ManageDeps = {
  db: Database;
  manageLinkKey: ManageLinkKey;
  clinicTimeZone: string;
  cancellationNoticeHours: number;
  now?: () => Date;
};

/**
 * The client's manage link: see the booking, cancel it, or move it to another open slot of the
 * same therapist, type and centre. Every action re-checks the link, the booking's state and the
 * notice window inside its transaction, with the booking locked (decision 032).
 */
export function createManageService({
  db,
  manageLinkKey,
  clinicTimeZone,
  cancellationNoticeHours,
  now = () => new Date(),
}: ManageDeps) {
  const rules: ManageRules = { clinicTimeZone, noticeHours: cancellationNoticeHours };
  const clinicPhone = async (q: Queryable) => (await readClinicProfile(q)).phone || null;

  /** The link's booking, or 404 for a token that opens nothing. */
  async function open(q: Queryable, token: string) {
    const link = await findManageLink(q, token);
    const booking = link && (await findManagedBooking(q, link.booking_id));
    if (!link || !booking || booking.booking_type === 'ADMIN_BLOCK') throw notFound(LINK_NOT_VALID);
    return { link, booking };
  }

  async function viewOf(booking: ManagedBookingRow, current: boolean): Promise<ManageView> {
    return toManageView(booking, current, rules, { now: now(), clinicPhone: await clinicPhone(db) });
  }

  /** Opens the link under the booking's lock and refuses what it may not do now. */
  async function openForChange(tx: Queryable, token: string) {
    const { link } = await open(tx, token);
    await lockBooking(tx, link.booking_id);
    const { link: locked, booking } = await open(tx, token);
    assertMayChange(booking, locked.current, rules, { now: now(), clinicPhone: await clinicPhone(tx) });
    return booking;
  }

  async function view(token: string): Promise<ManageView> {
    const { link, booking } = await open(db, token);
    assertNotPassed(booking, rules, now());
    return viewOf(booking, link.current);
  }

  async function cancel(token: string): Promise<CancelResult> {
    const { bookingId, refunded } = await db.transaction(async (tx) => {
      const booking = await openForChange(tx, token);
      const today = zonedNow(clinicTimeZone, now()).date;
      const outcome = await cancelBooking(tx, booking.booking_id, today, 'client');
      await insertAudit(tx, {
        actorAdminId: null,
        actorLabel: 'client',
        action: 'booking.cancelled',
        bookingId: booking.booking_id,
        therapistId: booking.therapist_id,
        details: {
          booking_date: booking.booking_date,
          start_time: booking.booking_time_slot_start,
          previous_payment_status: booking.payment_status,
          ...(outcome.needsRefund ? { refund: 'full' } : {}),
        },
      });
      return { bookingId: booking.booking_id, refunded: outcome.needsRefund };
    });
    const booking = (await findManagedBooking(db, bookingId))!;
    return {
      message: refunded
        ? 'Your booking is cancelled. The amount you paid online is being refunded in full to the way you paid.'
        : 'Your booking is cancelled.',
      refund: refunded ? 'full' : 'none',
      view: await viewOf(booking, true),
    };
  }

  async function reschedule(token: string, request: RescheduleRequest): Promise<RescheduleResult> {
    const startTime = normalizeTime(request.booking_time_slot_start);
    // A link that may not act is told so first. Then the wizard's own rules: an open slot of this
    // therapist, at this place (0 online), in the window. Therapist, type and place never change,
    // so this may read outside the transaction (the schedule reads run side by side); who holds
    // the slot is the constraint's to decide, and the rest is checked again under the lock.
    const { link, booking: linked } = await open(db, token);
    assertMayChange(linked, link.current, rules, { now: now(), clinicPhone: await clinicPhone(db) });
    const checked = await checkBookingRequest(
      db,
      {
        source: 'visitor',
        therapistId: linked.therapist_id,
        bookingType: linked.booking_type === 'ONLINE' ? 'ONLINE' : 'OFFLINE',
        bookingDate: request.booking_date,
        startTime,
        locationId: linked.location_id,
        serviceId: null,
      },
      zonedNow(clinicTimeZone, now()),
    );
    const { bookingId, newToken } = await db.transaction(async (tx) => {
      const booking = await openForChange(tx, token);
      if (booking.booking_date === request.booking_date && booking.booking_time_slot_start === startTime) {
        throw conflict('Your booking is already at this time. Please choose another time.');
      }
      const to = { date: request.booking_date, start: startTime, end: checked.endTime };
      const sequence = await moveInPlace(tx, booking, to);
      const newToken = await replaceManageLink(tx, manageLinkKey, booking.booking_id);
      const from = { date: booking.booking_date, start_time: booking.booking_time_slot_start };
      await insertAudit(tx, {
        actorAdminId: null,
        actorLabel: 'client',
        action: 'booking.rescheduled',
        bookingId: booking.booking_id,
        therapistId: booking.therapist_id,
        details: { from, to: { date: to.date, start_time: to.start }, sequence },
      });
      await enqueueBookingMovedJobs(tx, booking.booking_id, sequence, from);
      return { bookingId: booking.booking_id, newToken };
    });
    const booking = (await findManagedBooking(db, bookingId))!;
    return {
      message: `Your booking is moved to ${formatSlotMoment(booking.booking_date, booking.booking_time_slot_start)}. We have e-mailed you the new details and a new link to manage it.`,
      manage_token: newToken,
      view: await viewOf(booking, true),
    };
  }

  return { view, cancel, reschedule };
}

/**
 * The one UPDATE that moves the booking, with the therapist's schedule locked: a slot someone else
 * holds is refused by the exclusion constraint (409, the booking unchanged).
 */
async function moveInPlace(
  tx: Queryable,
  booking: ManagedBookingRow,
  to: { date: string; start: string; end: string },
): Promise<number> {
  await lockTherapistSchedule(tx, booking.therapist_id);
  await tx.query('SAVEPOINT move_booking');
  try {
    const sequence = await moveBooking(tx, booking.booking_id, to);
    await tx.query('RELEASE SAVEPOINT move_booking');
    return sequence;
  } catch (error) {
    if (!isDatabaseError(error, EXCLUSION_VIOLATION)) throw error;
    await tx.query('ROLLBACK TO SAVEPOINT move_booking');
    throw conflict(SLOT_TAKEN_MESSAGE);
  }
}

export type ManageService = ReturnType<typeof createManageService>;
