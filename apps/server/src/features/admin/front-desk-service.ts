import type { AdminRescheduleRequest, AdminRescheduleResult } from '@therapy/shared/admin-move-schemas';
import type { AdminBooking } from '@therapy/shared/admin-schemas';
import { bookingState } from '@therapy/shared/booking-states';
import { zonedNow } from '@therapy/shared/clinic-time';
import {
  type AttendanceResult,
  type AttendanceStatus,
  CENTRE_PAYMENT_METHOD_LABELS,
  type CentrePaymentMethod,
  type CentrePaymentResult,
} from '@therapy/shared/front-desk-schemas';
import { formatPaise, toPaise, toRupees } from '@therapy/shared/money';
import type { Database } from '../../db/database.ts';
import type { AdminPrincipal } from '../admin-auth/admin-guard.ts';
import { insertAudit } from '../audit/audit-repo.ts';
import {
  type CentrePaymentRow,
  markAttendance,
  recordCentrePayment,
  voidCentrePayment,
} from '../bookings/centre-payments.ts';
import { moveBooking, planMove } from '../bookings/move-booking.ts';

export type FrontDeskDeps = {
  db: Database;
  clinicTimeZone: string;
  now?: () => Date;
  /** The booking as the admin's reads answer it (client note opened). */
  readBooking: (id: number) => Promise<AdminBooking>;
};

export type CentrePaymentInput = {
  method: CentrePaymentMethod;
  /** Rupees; the booking's amount when null or absent. */
  amount?: number | null;
  reference?: string | null;
};

const ATTENDANCE_WORDS: Record<AttendanceStatus, string> = { attended: 'Attended', no_show: 'No-show' };

function paymentAnswer(row: CentrePaymentRow) {
  return {
    payment_id: row.id,
    booking_id: row.booking_id,
    method: row.method,
    amount: toRupees(row.amount_paise),
    reference: row.reference,
    recorded_at: new Date(row.recorded_at).toISOString(),
  };
}

/**
 * The front desk's day (issue 10): payments taken at the centre, their undoing by a superadmin,
 * and attendance. Each is one transaction with its audit entry, which holds ids, amounts, the
 * method and statuses, never the client's details or the free-text reference.
 */
export function createFrontDeskService({
  db,
  clinicTimeZone,
  now = () => new Date(),
  readBooking,
}: FrontDeskDeps) {
  const actorOf = (admin: AdminPrincipal) => ({ actorAdminId: admin.id, actorLabel: admin.email });

  return {
    async recordPayment(
      admin: AdminPrincipal,
      bookingId: number,
      input: CentrePaymentInput,
    ): Promise<CentrePaymentResult> {
      const reference = input.reference?.trim() || null;
      const amountPaise = input.amount == null ? null : toPaise(input.amount);
      return db.transaction(async (tx) => {
        const { booking, payment } = await recordCentrePayment(
          tx,
          bookingId,
          {
            method: input.method,
            amountPaise,
            reference,
            adminId: admin.id,
          },
          { timeZone: clinicTimeZone, now },
        );
        await insertAudit(tx, {
          ...actorOf(admin),
          bookingId,
          therapistId: booking.therapist_id,
          action: 'booking.centre_payment',
          details: {
            payment_id: payment.id,
            method: payment.method,
            amount_paise: payment.amount_paise,
            previous_payment_status: booking.payment_status,
          },
        });
        return {
          booking_id: bookingId,
          payment_status: 'COMPLETED',
          payment: paymentAnswer(payment),
          message: `Payment of ${formatPaise(payment.amount_paise)} (${CENTRE_PAYMENT_METHOD_LABELS[payment.method]}) recorded for booking ${bookingId}.`,
        };
      });
    },

    /** A superadmin's undoing of a payment recorded by mistake: the booking is PENDING again. */
    async voidPayment(
      admin: AdminPrincipal,
      bookingId: number,
      paymentId: number,
    ): Promise<CentrePaymentResult> {
      return db.transaction(async (tx) => {
        const { booking, payment } = await voidCentrePayment(tx, bookingId, paymentId, admin.id, {
          timeZone: clinicTimeZone,
          now,
        });
        await insertAudit(tx, {
          ...actorOf(admin),
          bookingId,
          therapistId: booking.therapist_id,
          action: 'booking.centre_payment_void',
          details: {
            payment_id: payment.id,
            method: payment.method,
            amount_paise: payment.amount_paise,
            previous_payment_status: bookingState(booking),
          },
        });
        return {
          booking_id: bookingId,
          payment_status: 'PENDING',
          payment: paymentAnswer(payment),
          message: `Payment of ${formatPaise(payment.amount_paise)} for booking ${bookingId} undone: the booking is pending again.`,
        };
      });
    },

    /**
     * Moves a booking for a client who calls: the booking module's move, as the manage link's
     * (same rules, e-mails and invite update, same race), without the client's notice hours.
     */
    async moveBooking(
      admin: AdminPrincipal,
      bookingId: number,
      request: AdminRescheduleRequest,
    ): Promise<AdminRescheduleResult> {
      const clock = () => zonedNow(clinicTimeZone, now());
      const target = await planMove(db, bookingId, request, clock());
      await db.transaction(async (tx) => {
        const moved = await moveBooking(tx, bookingId, target, clock());
        await insertAudit(tx, {
          ...actorOf(admin),
          bookingId,
          therapistId: moved.therapistId,
          action: 'booking.rescheduled',
          details: { from: moved.from, to: moved.to, sequence: moved.sequence },
        });
      });
      return readBooking(bookingId);
    },

    async markAttendance(
      admin: AdminPrincipal,
      bookingId: number,
      status: AttendanceStatus,
    ): Promise<AttendanceResult> {
      return recordAttendance({ db, clinicTimeZone, now }, admin, bookingId, status);
    },
  };
}

/**
 * Marks a started session Attended or No-show, with its audit entry, in one transaction: the front
 * desk's rule (bookings' markAttendance), which a therapist's own call uses too (decision 052).
 */
export async function recordAttendance(
  { db, clinicTimeZone, now = () => new Date() }: Pick<FrontDeskDeps, 'db' | 'clinicTimeZone' | 'now'>,
  admin: AdminPrincipal,
  bookingId: number,
  status: AttendanceStatus,
): Promise<AttendanceResult> {
  return db.transaction(async (tx) => {
    const clock = zonedNow(clinicTimeZone, now());
    const { booking, previous } = await markAttendance(tx, bookingId, status, clock);
    await insertAudit(tx, {
      actorAdminId: admin.id,
      actorLabel: admin.email,
      bookingId,
      therapistId: booking.therapist_id,
      action: 'booking.attendance',
      details: {
        attendance: status,
        ...(previous ? { previous_attendance: previous } : {}),
        booking_date: booking.booking_date,
        start_time: booking.booking_time_slot_start,
      },
    });
    return {
      booking_id: bookingId,
      attendance: status,
      message: `Booking ${bookingId} marked ${ATTENDANCE_WORDS[status]}.`,
    };
  });
}

export type FrontDeskService = ReturnType<typeof createFrontDeskService>;
