import type { AdminBooking } from '@therapy/shared/admin-schemas';
import { type BadgeTone, STATUS_MEANINGS, statusBadge } from '@therapy/shared/booking-badges';
import type { PaymentStatus } from '@therapy/shared/booking-states';

/** A word and its colour (specification section 4): never the colour alone. */
export function Badge({ tone, children, title }: { tone: BadgeTone; children: string; title?: string }) {
  return (
    <span className={`admin-badge admin-badge--${tone}`} title={title}>
      {children}
    </span>
  );
}

/**
 * A booking's payment status; a cancelled one reads 'Cancelled' (a lifted block 'Unblocked'), a
 * held waitlist offer 'Offered to waitlist'.
 */
export function StatusBadge({
  status,
  cancelled = false,
  waitlistOffer = false,
}: {
  status: PaymentStatus;
  cancelled?: boolean;
  waitlistOffer?: boolean;
}) {
  const badge = statusBadge(status, cancelled, waitlistOffer);
  const meaning = cancelled || waitlistOffer ? undefined : STATUS_MEANINGS[status];
  return (
    <Badge tone={badge.tone} title={meaning}>
      {badge.label}
    </Badge>
  );
}

type RefundFacts = Pick<AdminBooking, 'needs_refund' | 'refund_status' | 'refund_id'>;

/** Beside the status: 'Refund due' while an online payment must go back, 'Refunded' once it did. */
export function RefundBadge({ booking }: { booking: RefundFacts }) {
  if (booking.needs_refund) return <Badge tone="warning">Refund due</Badge>;
  if (booking.refund_status === 'pending' || booking.refund_status === 'processed') {
    return <Badge tone="neutral">Refunded</Badge>;
  }
  return null;
}

/** The line under the refund badge: the refund's id, or how the last attempt went. */
export function refundNote(booking: RefundFacts): string | null {
  if (booking.needs_refund) {
    if (booking.refund_status === 'failed') return 'Last refund attempt failed';
    if (booking.refund_status === 'requested') return 'Refund under way';
    return null;
  }
  if (booking.refund_status === 'pending') return `${booking.refund_id} (processing)`;
  if (booking.refund_status === 'processed') return booking.refund_id;
  return null;
}
