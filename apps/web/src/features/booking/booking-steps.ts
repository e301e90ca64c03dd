import type { BookingMode } from '../../lib/booking-draft-store';

/** The wizard's flows (specification section 2): online skips the location step. */
export type StepKind = 'type' | 'location' | 'therapist' | 'date-time' | 'details' | 'payment';

const ONLINE_FLOW: readonly StepKind[] = ['type', 'therapist', 'date-time', 'details', 'payment'];
const OFFLINE_FLOW: readonly StepKind[] = [
  'type',
  'location',
  'therapist',
  'date-time',
  'details',
  'payment',
];

export const STEP_LABELS: Record<StepKind, string> = {
  type: 'Booking Type',
  location: 'Location',
  therapist: 'Therapist',
  'date-time': 'Date & Time',
  details: 'Your Details',
  payment: 'Payment',
};

/** Before a type is chosen the shorter, online flow is shown. */
export function flowOf(bookingType: BookingMode | null): readonly StepKind[] {
  return bookingType === 'offline' ? OFFLINE_FLOW : ONLINE_FLOW;
}

export function lastStepOf(bookingType: BookingMode | null): number {
  return flowOf(bookingType).length;
}

/** The step at `step`; a number past the last is the hand-over to the payment page. */
export function stepKindAt(bookingType: BookingMode | null, step: number): StepKind | 'processing' {
  const flow = flowOf(bookingType);
  return step > flow.length ? 'processing' : (flow[Math.max(step, 1) - 1] ?? 'type');
}

export function stepNumberOf(bookingType: BookingMode | null, kind: StepKind): number {
  return flowOf(bookingType).indexOf(kind) + 1;
}
