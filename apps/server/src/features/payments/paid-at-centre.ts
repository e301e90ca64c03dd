import { bookingState, REFUNDABLE_WHEN_PAID_AT_CENTRE } from '@therapy/shared/booking-states';
import type { Queryable } from '../../db/database.ts';
import {
  markLatePaymentForRefund,
  markPaymentAfterCentrePaymentForRefund,
} from '../bookings/refund-marks.ts';
import type { IssueClock } from '../receipts/issue-documents.ts';
import type { ProviderPaymentLink } from './payment-provider.ts';
import * as repo from './payments-repo.ts';

/**
 * A paid link of a booking already paid at the centre (decision 024), under the booking's lock:
 * the client paid twice. The online payment is recorded and marked for refund; the booking and
 * its centre payment stay as they are. 'paid_at_centre' while the booking stands, 'needs_refund'
 * when it was cancelled since (the late payment rule). A replay changes nothing.
 */
export async function recordPaymentAfterCentrePayment(
  tx: Queryable,
  paidBy: { providerName: string; clock: IssueClock },
  booking: repo.PayableBooking,
  link: ProviderPaymentLink,
): Promise<'paid_at_centre' | 'needs_refund' | 'mismatch'> {
  const state = bookingState(booking);
  const outcome = state === REFUNDABLE_WHEN_PAID_AT_CENTRE ? 'paid_at_centre' : 'needs_refund';
  // Marked or refunded already: a replayed webhook or a reload of the status page changes nothing.
  if (booking.needs_refund || booking.has_refund) return outcome;
  if (link.status !== 'paid' || !link.paymentId || link.amountPaidPaise <= 0) return 'mismatch';
  await repo.recordPayment(tx, {
    id: link.paymentId,
    bookingId: booking.id,
    linkId: link.id,
    provider: paidBy.providerName,
    amountPaise: link.amountPaidPaise,
    receiptClock: paidBy.clock,
  });
  if (outcome === 'paid_at_centre') {
    await markPaymentAfterCentrePaymentForRefund(tx, { id: booking.id, state }, link.paymentId);
  } else {
    await markLatePaymentForRefund(tx, { id: booking.id, state }, link.paymentId);
  }
  return outcome;
}
