import type { AdminBlockRequest, AdminBlockResult, AdminCancelResult } from '@therapy/shared/admin-schemas';
import { DEFAULT_SERVICE_ID } from '@therapy/shared/booking-rules';
import { addDays, normalizeTime, zonedNow } from '@therapy/shared/clinic-time';
import {
  MANUAL_BOOKING_DAYS,
  MANUAL_BOOKING_FIELD_ORDER,
  type ManualBookingRequest,
  type ManualBookingResult,
  validateManualBooking,
} from '@therapy/shared/manual-booking-schemas';
import type { Database } from '../../db/database.ts';
import { AppError, badRequest, conflict, notFound } from '../../http/app-error.ts';
import type { AdminPrincipal } from '../admin-auth/admin-guard.ts';
import { insertAudit } from '../audit/audit-repo.ts';
import {
  enqueueBookingConfirmedEmails,
  findSlotTemplate,
  insertBooking,
  locationExists,
} from '../booking-records/booking-records-repo.ts';
import { enqueueJob } from '../jobs/jobs-repo.ts';
import * as repo from './admin-actions-repo.ts';

export type AdminActionsDeps = { db: Database; clinicTimeZone: string; now?: () => Date };

/** The job that tells the client their booking was cancelled (processed by the notifications worker). */
export const BOOKING_CANCELLED_JOB = 'email.booking_cancelled';
/** The job that tells the clinic a paid booking needs a refund (as payments-service does). */
const REFUND_NEEDED_JOB = 'email.refund_needed';

const hhmm = (time: string) => time.slice(0, 5);
const slotName = (date: string, time: string) => `Slot ${hhmm(time)} on ${date}`;

/** Cancel, block and unblock, manual booking: each one transaction with its audit entry. */
export function createAdminActionsService({ db, clinicTimeZone, now = () => new Date() }: AdminActionsDeps) {
  const clock = () => zonedNow(clinicTimeZone, now());
  const actorOf = (admin: AdminPrincipal) => ({ actorAdminId: admin.id, actorLabel: admin.email });

  async function describeHolder(
    slot: Parameters<typeof repo.findSlotHolder>[1],
  ): Promise<string | undefined> {
    const holder = await repo.findSlotHolder(db, slot);
    if (!holder) return undefined;
    if (holder.booking_type === 'ADMIN_BLOCK')
      return `${slotName(slot.date, slot.startTime)} is already blocked.`;
    if (holder.payment_status === 'INITIATED') {
      return `${slotName(slot.date, slot.startTime)} is held by booking ${holder.id}, whose payment is in progress.`;
    }
    return `${slotName(slot.date, slot.startTime)} is already booked (booking ${holder.id}).`;
  }

  return {
    /**
     * Cancels a booking, or unblocks the slot of an admin block (specification section 4: "A
     * BLOCKED entry offers Unblock, using the same cancel call").
     */
    async cancelBooking(admin: AdminPrincipal, bookingId: number): Promise<AdminCancelResult> {
      const today = clock().date;
      return db.transaction(async (tx) => {
        const booking = await repo.lockBooking(tx, bookingId);
        if (!booking) throw notFound(`Booking ${bookingId} not found`);
        if (booking.cancelled || booking.payment_status === 'CANCELLED') {
          throw conflict(`Booking ${bookingId} is already cancelled.`);
        }
        if (booking.booking_date < today) {
          throw conflict(
            `Booking ${bookingId} was on ${booking.booking_date}, in the past: it can no longer be cancelled.`,
          );
        }
        const where = { bookingId, therapistId: booking.therapist_id };
        const when = { booking_date: booking.booking_date, start_time: booking.booking_time_slot_start };

        if (booking.booking_type === 'ADMIN_BLOCK' || booking.payment_status === 'BLOCKED') {
          await repo.markCancelled(tx, bookingId, null);
          await insertAudit(tx, { ...actorOf(admin), ...where, action: 'slot.unblock', details: when });
          return {
            booking_id: bookingId,
            cancelled: true,
            payment_status: booking.payment_status,
            unblocked: true,
            message: `${slotName(booking.booking_date, booking.booking_time_slot_start)} unblocked successfully.`,
          };
        }

        await repo.markCancelled(tx, bookingId, 'CANCELLED');
        // Paid online through the app: the money must go back. The booking is marked for refund
        // (a superadmin refunds it from the dashboard) and the clinic is told, as for a late payment.
        const needsRefund =
          booking.payment_status === 'COMPLETED' && (await repo.markPaidOnlineForRefund(tx, bookingId));
        if (needsRefund) {
          await enqueueJob(tx, {
            kind: REFUND_NEEDED_JOB,
            payload: { booking_id: bookingId },
            dedupeKey: `refund-needed:${bookingId}`,
          });
        }
        // Notification hook: the cancellation e-mail to the client is queued here, in the same
        // transaction, and sent by the notifications worker.
        await enqueueJob(tx, {
          kind: BOOKING_CANCELLED_JOB,
          payload: { booking_id: bookingId },
          dedupeKey: `${BOOKING_CANCELLED_JOB}:${bookingId}`,
        });
        await insertAudit(tx, {
          ...actorOf(admin),
          ...where,
          action: 'booking.cancel',
          details: {
            ...when,
            booking_type: booking.booking_type,
            previous_payment_status: booking.payment_status,
            ...(needsRefund ? { needs_refund: true } : {}),
          },
        });
        return {
          booking_id: bookingId,
          cancelled: true,
          payment_status: 'CANCELLED',
          unblocked: false,
          message: needsRefund
            ? `Booking ${bookingId} cancelled successfully. It was paid online: its payment is now due for a refund.`
            : `Booking ${bookingId} cancelled successfully.`,
        };
      });
    },

    /** Blocks a free template slot on a date, or unblocks it when an admin block holds it. */
    async toggleBlock(admin: AdminPrincipal, request: AdminBlockRequest): Promise<AdminBlockResult> {
      const { therapist_id: therapistId, date } = request;
      const startTime = normalizeTime(request.start_time);
      const therapist = await repo.findTherapist(db, therapistId);
      if (!therapist) throw notFound(`Therapist ${therapistId} not found`);
      const template = await findSlotTemplate(db, therapistId, startTime);
      if (!template) throw notFound(`Therapist ${therapistId} has no slot at ${hhmm(startTime)}`);
      const details = { booking_date: date, start_time: startTime };

      const unblocked = await db.transaction(async (tx) => {
        const block = await repo.lockActiveBlock(tx, therapistId, date, startTime);
        if (!block) return undefined;
        await repo.markCancelled(tx, block.id, null);
        await insertAudit(tx, {
          ...actorOf(admin),
          bookingId: block.id,
          therapistId,
          action: 'slot.unblock',
          details,
        });
        return block.id;
      });
      if (unblocked !== undefined) {
        return {
          blocked: false,
          booking_id: unblocked,
          message: `${slotName(date, startTime)} unblocked successfully.`,
        };
      }

      const { date: today, time } = clock();
      const last = addDays(today, MANUAL_BOOKING_DAYS - 1);
      if (date < today || date > last) throw badRequest(`Slots can be blocked from ${today} to ${last}.`);
      if (date === today && startTime <= time) {
        throw conflict(`${slotName(date, startTime)} has already started and cannot be blocked.`);
      }
      const slot = { therapistId, date, startTime, endTime: template.end_time };
      const taken = await describeHolder(slot);
      if (taken) throw conflict(`${taken} It cannot be blocked; cancel the booking first.`);

      try {
        const created = await db.transaction(async (tx) => {
          const booking = await insertBooking(tx, {
            therapistId,
            serviceId: null,
            bookingDate: date,
            startTime,
            endTime: template.end_time,
            bookingType: 'ADMIN_BLOCK',
            paymentStatus: 'BLOCKED',
            termsAccepted: false,
            locationId: null,
            amountPaise: 0,
            therapistEmail: null,
            createdByAdminId: admin.id,
          });
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
      const therapist = await repo.findTherapist(db, booking.therapistId);
      if (!therapist?.is_active) throw notFound(`Therapist ${booking.therapistId} not found`);
      if (booking.locationId !== null && !(await locationExists(db, booking.locationId))) {
        throw notFound(`Location ${booking.locationId} not found`);
      }
      let serviceId = booking.serviceId;
      if (serviceId !== null && !therapist.services.includes(serviceId)) {
        throw badRequest(`Service ${serviceId} is not offered by this therapist`);
      }
      serviceId ??= therapist.services.includes(DEFAULT_SERVICE_ID)
        ? DEFAULT_SERVICE_ID
        : (therapist.services[0] ?? null);

      const { date: today, time } = clock();
      const last = addDays(today, MANUAL_BOOKING_DAYS - 1);
      if (booking.bookingDate < today || booking.bookingDate > last) {
        throw badRequest(`Booking date must be from ${today} to ${last}`);
      }
      const template = await findSlotTemplate(db, booking.therapistId, booking.startTime);
      const slotLabel = slotName(booking.bookingDate, booking.startTime);
      if (!template) throw conflict(`${hhmm(booking.startTime)} is not one of this therapist's time slots.`);
      if (booking.bookingDate === today && booking.startTime <= time)
        throw conflict(`${slotLabel} has already passed.`);
      if (!template.is_available || template.admin_blocked) throw conflict(`${slotLabel} is not available.`);
      const taken = await describeHolder({
        therapistId: booking.therapistId,
        date: booking.bookingDate,
        startTime: booking.startTime,
        endTime: template.end_time,
      });
      if (taken) throw conflict(taken);

      const paymentStatus = booking.bookingType === 'ONLINE' ? 'COMPLETED' : 'PENDING';
      const id = await db.transaction(async (tx) => {
        const created = await insertBooking(tx, {
          therapistId: booking.therapistId,
          serviceId,
          bookingDate: booking.bookingDate,
          startTime: booking.startTime,
          endTime: template.end_time,
          bookingType: booking.bookingType,
          paymentStatus,
          client: {
            fullName: booking.clientFullName,
            email: booking.clientEmail,
            mobile: booking.clientMobile,
            note: booking.clientNote,
          },
          termsAccepted: false,
          locationId: booking.locationId,
          amountPaise: booking.amountPaise,
          therapistEmail: therapist.email,
          createdByAdminId: admin.id,
        });
        // The merchant reference a payment link for a pending manual booking is made with.
        await repo.setManualBookingFields(tx, created.id, {
          adminConfirmed: booking.adminConfirmed,
          paymentTransactionId: `MANUAL-${created.id}`,
        });
        // The client's confirmation and the therapist's notice; an online session's meeting link
        // is made by a job, and its confirmation e-mail waits for it.
        await enqueueBookingConfirmedEmails(tx, created.id);
        if (booking.bookingType === 'ONLINE') {
          await enqueueJob(tx, {
            kind: 'meeting.create_link',
            payload: { booking_id: created.id },
            dedupeKey: `meeting-link:${created.id}`,
          });
        }
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
        return created.id;
      });
      return {
        booking_id: id,
        payment_status: paymentStatus,
        message: `Manual booking ${id} created successfully!`,
      };
    },
  };
}

export type AdminActionsService = ReturnType<typeof createAdminActionsService>;
