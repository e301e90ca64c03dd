import type { AdminBlockRequest, AdminBlockResult } from '@therapy/shared/admin-slot-schemas';
import { CREATED_STATES, isAwaitingPayment } from '@therapy/shared/booking-states';
import { normalizeTime, zonedNow } from '@therapy/shared/clinic-time';
import { formatShortDate, formatTime12 } from '@therapy/shared/display-format';
import {
  MANUAL_BOOKING_DAYS,
  MANUAL_BOOKING_FIELD_ORDER,
  type ManualBookingRequest,
  type ManualBookingResult,
  type ValidManualBooking,
  validateManualBooking,
} from '@therapy/shared/manual-booking-schemas';
import { sessionsOn } from '@therapy/shared/open-slots';
import type { CancelScope } from '@therapy/shared/series-schemas';
import { lastBookableDate } from '@therapy/shared/slot-rules';
import type { Database } from '../../db/database.ts';
import { AppError, badRequest, conflict, notFound } from '../../http/app-error.ts';
import type { AdminPrincipal } from '../admin-auth/admin-guard.ts';
import { insertAudit } from '../audit/audit-repo.ts';
import { blockSlot, type SlotToBlock, unblockSlot } from '../bookings/block-slot.ts';
import { type BookingRequest, checkBookingRequest, slotName } from '../bookings/booking-policy.ts';
import { createBooking } from '../bookings/create-booking.ts';
import type { NoteCipher } from '../bookings/note-cipher.ts';
import { DEFAULT_SERIES_LIMITS, previewSeries, type SeriesLimits } from '../bookings/series-service.ts';
import { loadSchedule } from '../schedules/schedule-reads.ts';
import * as repo from './admin-actions-repo.ts';
import { cancelAsAdmin } from './admin-cancel.ts';
import { createManualSeries } from './manual-series.ts';

export type AdminActionsDeps = {
  db: Database;
  clinicTimeZone: string;
  now?: () => Date;
  notes: NoteCipher;
  series?: SeriesLimits;
};

/** Cancel, block and unblock, manual booking: each one transaction with its audit entry. */
export function createAdminActionsService({
  db,
  clinicTimeZone,
  now = () => new Date(),
  notes,
  series = DEFAULT_SERIES_LIMITS,
}: AdminActionsDeps) {
  const clock = () => zonedNow(clinicTimeZone, now());
  const actorOf = (admin: AdminPrincipal) => ({ actorAdminId: admin.id, actorLabel: admin.email });

  async function describeHolder(
    slot: Parameters<typeof repo.findSlotHolder>[1],
  ): Promise<string | undefined> {
    const holder = await repo.findSlotHolder(db, slot);
    if (!holder) return undefined;
    if (holder.booking_type === 'ADMIN_BLOCK')
      return `${slotName(slot.date, slot.startTime)} is already blocked.`;
    if (isAwaitingPayment(holder)) {
      return `${slotName(slot.date, slot.startTime)} is held by booking ${holder.id}, whose payment is in progress.`;
    }
    return `${slotName(slot.date, slot.startTime)} is already booked (booking ${holder.id}).`;
  }

  /** The session the schedule offers at `startTime` on `date` (any place), if any. */
  async function sessionAt(therapistId: number, date: string, startTime: string) {
    const schedule = await loadSchedule(db, therapistId, { from: date, to: date });
    return sessionsOn(schedule, date).find((session) => normalizeTime(session.start_time) === startTime);
  }

  /** Blocks a session nothing holds (date in the manual booking's window, not begun yet). */
  async function blockFreeSlot(admin: AdminPrincipal, slot: Omit<SlotToBlock, 'adminId'>) {
    const { therapistId, date, startTime } = slot;
    const details = { booking_date: date, start_time: startTime };
    const { date: today, time } = clock();
    const last = lastBookableDate(today, MANUAL_BOOKING_DAYS);
    if (date < today || date > last)
      throw badRequest(`Slots can be blocked from ${formatShortDate(today)} to ${formatShortDate(last)}.`);
    if (date === today && startTime <= time) {
      throw conflict(`${slotName(date, startTime)} has already started and cannot be blocked.`);
    }
    const taken = await describeHolder(slot);
    if (taken) throw conflict(`${taken} It cannot be blocked; cancel the booking first.`);

    try {
      const created = await db.transaction(async (tx) => {
        const booking = await blockSlot(tx, { ...slot, adminId: admin.id });
        await insertAudit(tx, {
          ...actorOf(admin),
          bookingId: booking.id,
          therapistId,
          action: 'slot.block',
          details,
        });
        return booking;
      });
      return {
        blocked: true,
        booking_id: created.id,
        message: `${slotName(date, startTime)} blocked successfully.`,
      };
    } catch (error) {
      // Lost a race: someone booked or blocked the slot since the check above.
      if (error instanceof AppError && error.statusCode === 409) {
        const holder = await describeHolder(slot);
        throw conflict(`${holder ?? `${slotName(date, startTime)} was just taken.`} It cannot be blocked.`);
      }
      throw error;
    }
  }

  return {
    /** "Repeat weekly…": the dates before Create, each open now or why not (nothing is held). */
    previewSeries: (body: Parameters<typeof previewSeries>[1]) =>
      previewSeries(db, body, { limits: series, clinicTimeZone, now: now(), source: 'admin' }),
    /**
     * Cancels a booking (with `following`, it and every later session of its series), or
     * unblocks the slot of an admin block (admin-cancel.ts).
     */
    cancelBooking(admin: AdminPrincipal, bookingId: number, scope: CancelScope = 'this') {
      return cancelAsAdmin(db, admin, { bookingId, scope, today: clock().date });
    },

    /**
     * Unblocks the slot when an admin block holds it; otherwise blocks it, when it is one of the
     * sessions the therapist's schedule offers that date and nothing holds it.
     */
    async toggleBlock(admin: AdminPrincipal, request: AdminBlockRequest): Promise<AdminBlockResult> {
      const { therapist_id: therapistId, date } = request;
      const startTime = normalizeTime(request.start_time);
      const therapist = await repo.findTherapist(db, therapistId);
      if (!therapist) throw notFound(`Therapist ${therapistId} not found`);
      const details = { booking_date: date, start_time: startTime };

      const unblocked = await db.transaction(async (tx) => {
        const blockId = await unblockSlot(tx, { therapistId, date, startTime });
        if (blockId === undefined) return undefined;
        await insertAudit(tx, {
          ...actorOf(admin),
          bookingId: blockId,
          therapistId,
          action: 'slot.unblock',
          details,
        });
        return blockId;
      });
      if (unblocked !== undefined) {
        return {
          blocked: false,
          booking_id: unblocked,
          message: `${slotName(date, startTime)} unblocked successfully.`,
        };
      }

      const session = await sessionAt(therapistId, date, startTime);
      if (!session) throw notFound(`Therapist ${therapistId} has no slot at ${formatTime12(startTime)}.`);
      return blockFreeSlot(admin, { therapistId, date, startTime, endTime: normalizeTime(session.end_time) });
    },

    /** A booking made by an administrator: ONLINE is paid (COMPLETED), OFFLINE is paid at the visit (PENDING). */
    async createManualBooking(
      admin: AdminPrincipal,
      input: ManualBookingRequest,
    ): Promise<ManualBookingResult> {
      const validated = validateManualBooking(input);
      if (!validated.ok) {
        const field = MANUAL_BOOKING_FIELD_ORDER.find((name) => validated.errors[name]);
        throw badRequest(field ? validated.errors[field]! : 'Invalid manual booking');
      }
      const booking = validated.value;
      const request = toBookingRequest(booking);
      if (input.repeat) {
        const repeat = input.repeat;
        return createManualSeries(db, {
          admin,
          booking,
          request,
          repeat,
          notes,
          limits: series,
          now: now(),
          clinicTimeZone,
        });
      }
      const checked = await checkBookingRequest(db, request, clock());
      const taken = await describeHolder({
        therapistId: booking.therapistId,
        date: booking.bookingDate,
        startTime: booking.startTime,
        endTime: checked.endTime,
      });
      if (taken) throw conflict(taken);

      const paymentStatus = CREATED_STATES.admin[booking.bookingType];
      const created = await db.transaction(async (tx) => {
        const created = await createBooking(tx, request, checked, {
          source: 'admin',
          client: {
            fullName: booking.clientFullName,
            email: booking.clientEmail,
            mobile: booking.clientMobile,
            note: notes.seal(booking.clientNote),
          },
          now: now(),
          adminId: admin.id,
          amountPaise: booking.amountPaise,
          adminConfirmed: booking.adminConfirmed,
          receiptClock: { timeZone: clinicTimeZone, now },
        });
        await insertAudit(tx, {
          ...actorOf(admin),
          bookingId: created.id,
          therapistId: booking.therapistId,
          action: 'booking.manual_create',
          details: {
            booking_date: booking.bookingDate,
            start_time: booking.startTime,
            booking_type: booking.bookingType,
            payment_status: paymentStatus,
            amount_paise: booking.amountPaise,
            location_id: booking.locationId,
          },
        });
        return created;
      });
      return {
        booking_id: created.id,
        payment_status: paymentStatus,
        message: `Manual booking ${created.id} created successfully!`,
      };
    },
  };
}

export type AdminActionsService = ReturnType<typeof createAdminActionsService>;

/** The manual booking as the shared creation policy reads it. */
function toBookingRequest(booking: ValidManualBooking): BookingRequest {
  return {
    source: 'admin',
    therapistId: booking.therapistId,
    bookingType: booking.bookingType,
    bookingDate: booking.bookingDate,
    startTime: booking.startTime,
    locationId: booking.locationId,
    serviceId: booking.serviceId,
  };
}
