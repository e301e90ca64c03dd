import type { MessageId } from '../../i18n/catalog';
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

/** Each step's name in the progress indicator, as a catalogue id. */
export const STEP_LABELS: Record<StepKind, MessageId> = {
  type: 'booking.step.type',
  location: 'booking.step.location',
  therapist: 'booking.step.therapist',
  'date-time': 'booking.step.dateTime',
  details: 'booking.step.details',
  payment: 'booking.step.payment',
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
