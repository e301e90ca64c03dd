import { describe, expect, it } from 'vitest';
import { isInBookingWindow } from './slot-rules.ts';

describe('slot rules', () => {
  it('spans 15 days from today, month ends included', () => {
    expect(isInBookingWindow('2026-12-25', '2026-12-25')).toBe(true);
    expect(isInBookingWindow('2027-01-08', '2026-12-25')).toBe(true);
    expect(isInBookingWindow('2027-01-09', '2026-12-25')).toBe(false);
    expect(isInBookingWindow('2026-12-24', '2026-12-25')).toBe(false);
    expect(isInBookingWindow('2026-12-27', '2026-12-25', 2)).toBe(false);
  });
});
