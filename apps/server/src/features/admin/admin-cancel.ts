import type { AdminCancelResult } from '@therapy/shared/admin-schemas';
import type { CancelScope } from '@therapy/shared/series-schemas';
import type { Database, Queryable } from '../../db/database.ts';
import type { AdminPrincipal } from '../admin-auth/admin-guard.ts';
import { insertAudit } from '../audit/audit-repo.ts';
import { slotName } from '../bookings/booking-policy.ts';
import type { CancelOutcome } from '../bookings/cancel-booking.ts';
import { cancelInScope } from '../bookings/cancel-series.ts';

/**
 * The front desk's cancel (specification section 4; issue 26 for a standing appointment): a
 * booking, or with `following` it and every later session of its series that still holds its
 * time, in one transaction, each audited; on an admin block, unblocks its slot ("A BLOCKED entry
 * offers Unblock, using the same cancel call").
 */
export async function cancelAsAdmin(
  db: Database,
  admin: AdminPrincipal,
  request: { bookingId: number; scope: CancelScope; today: string },
): Promise<AdminCancelResult> {
  const { bookingId, scope, today } = request;
  const outcomes = await db.transaction((tx) =>
    cancelInScope(tx, bookingId, { today, by: 'clinic', scope }, auditOf(tx, admin)),
  );
  const [first] = outcomes;
  if (first?.unblocked) {
    const { booking } = first;
    return {
      booking_id: bookingId,
      cancelled: true,
      payment_status: booking.payment_status,
      unblocked: true,
      cancelled_count: 1,
      message: `${slotName(booking.booking_date, booking.booking_time_slot_start)} unblocked successfully.`,
    };
  }
  return {
    booking_id: bookingId,
    cancelled: true,
    payment_status: 'CANCELLED',
    unblocked: false,
    cancelled_count: outcomes.length,
    message: cancelledMessage(bookingId, outcomes),
  };
}

/** What the front desk is told: which were cancelled, and which payments are now due a refund. */
function cancelledMessage(bookingId: number, outcomes: readonly CancelOutcome[]): string {
  const refunds = outcomes.filter((outcome) => outcome.needsRefund).length;
  if (outcomes.length === 1) {
    return refunds > 0
      ? `Booking ${bookingId} cancelled successfully. It was paid online: its payment is now due for a refund.`
      : `Booking ${bookingId} cancelled successfully.`;
  }
  const done = `${outcomes.length} sessions cancelled successfully: booking ${bookingId} and every later session of its standing appointment.`;
  if (refunds === 0) return done;
  return `${done} ${refunds === 1 ? '1 of them was' : `${refunds} of them were`} paid online: now due for a refund.`;
}

/** Each cancellation's audit entry: the admin's, as a single cancel or unblock always was. */
function auditOf(tx: Queryable, admin: AdminPrincipal) {
  return async ({ booking, unblocked, needsRefund }: CancelOutcome) => {
    const entry = {
      actorAdminId: admin.id,
      actorLabel: admin.email,
      bookingId: booking.id,
      therapistId: booking.therapist_id,
    };
    const when = { booking_date: booking.booking_date, start_time: booking.booking_time_slot_start };
    if (unblocked) {
      await insertAudit(tx, { ...entry, action: 'slot.unblock', details: when });
      return;
    }
    await insertAudit(tx, {
      ...entry,
      action: 'booking.cancel',
      details: {
        ...when,
        booking_type: booking.booking_type,
        previous_payment_status: booking.payment_status,
        ...(needsRefund ? { needs_refund: true } : {}),
      },
    });
  };
}
