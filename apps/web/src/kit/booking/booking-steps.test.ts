import { describe, expect, it } from 'vitest';
import { translate } from '../../i18n/i18n';
import { flowOf, lastStepOf, STEP_LABELS, stepKindAt, stepNumberOf } from './booking-steps';

describe('wizard steps', () => {
  it('has five online steps and six in person', () => {
    expect(flowOf('online').map((step) => translate(STEP_LABELS[step]))).toEqual([
      'Booking Type',
      'Therapist',
      'Date & Time',
      'Your Details',
      'Payment',
    ]);
    expect(flowOf('offline').map((step) => translate(STEP_LABELS[step]))).toEqual([
      'Booking Type',
      'Location',
      'Therapist',
      'Date & Time',
      'Your Details',
      'Payment',
    ]);
    expect(lastStepOf(null)).toBe(5);
  });

  it('treats the step past the last as the hand-over to the payment page', () => {
    expect(stepKindAt('online', 6)).toBe('processing');
    expect(stepKindAt('offline', 6)).toBe('payment');
    expect(stepKindAt('offline', 7)).toBe('processing');
    expect(stepNumberOf('offline', 'date-time')).toBe(4);
    expect(stepNumberOf('online', 'date-time')).toBe(3);
  });
});
