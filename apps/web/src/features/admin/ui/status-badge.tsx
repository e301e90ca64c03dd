import type { PaymentStatus } from '@therapy/shared/booking-rules';

type Tone = 'success' | 'warning' | 'danger' | 'blocked' | 'neutral';

const TONES: Record<PaymentStatus, Tone> = {
  COMPLETED: 'success',
  PENDING: 'warning',
  INITIATED: 'warning',
  CANCELLED: 'danger',
  FAILED: 'danger',
  BLOCKED: 'blocked',
};

const LABELS: Record<PaymentStatus, string> = {
  COMPLETED: 'Completed',
  PENDING: 'Pending',
  INITIATED: 'Initiated',
  CANCELLED: 'Cancelled',
  FAILED: 'Failed',
  BLOCKED: 'Blocked',
};

/** A word and its colour (specification section 4): never the colour alone. */
export function Badge({ tone, children }: { tone: Tone; children: string }) {
  return <span className={`admin-badge admin-badge--${tone}`}>{children}</span>;
}

/** A booking's payment status; a cancelled booking reads 'Cancelled' whatever its status. */
export function StatusBadge({ status, cancelled = false }: { status: PaymentStatus; cancelled?: boolean }) {
  if (cancelled && status !== 'BLOCKED') return <Badge tone="danger">Cancelled</Badge>;
  return <Badge tone={TONES[status] ?? 'neutral'}>{LABELS[status] ?? status}</Badge>;
}
