import { describe, expect, it } from 'vitest';
import { isValidPeriod, presetPeriod, previousOf } from './overview-period';

describe("the overview's periods", () => {
  it('takes whole months, this one included', () => {
    expect(presetPeriod('thisMonth', '2026-11-22')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(presetPeriod('last3', '2026-02-10')).toEqual({ from: '2025-12-01', to: '2026-02-28' });
    expect(presetPeriod('last6', '2026-11-22')).toEqual({ from: '2026-06-01', to: '2026-11-30' });
    expect(presetPeriod('last12', '2026-12-31')).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    expect(presetPeriod('last12', '2024-02-29')).toEqual({ from: '2023-03-01', to: '2024-02-29' });
  });

  it('compares with the same number of days before', () => {
    expect(previousOf({ from: '2026-09-01', to: '2026-09-30' })).toEqual({
      from: '2026-08-02',
      to: '2026-08-31',
    });
  });

  it('accepts a from–to in order, at most 366 days', () => {
    expect(isValidPeriod({ from: '2026-01-01', to: '2026-12-31' })).toBe(true);
    expect(isValidPeriod({ from: '2026-01-01', to: '2027-01-02' })).toBe(false);
    expect(isValidPeriod({ from: '2026-02-01', to: '2026-01-31' })).toBe(false);
    expect(isValidPeriod({ from: '2026-02-01' })).toBe(false);
  });
});
