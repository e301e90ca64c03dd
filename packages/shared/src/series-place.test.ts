import { describe, expect, it } from 'vitest';
import { seriesPlaceOf } from './series-place.ts';

describe('a session\'s place in its series ("3 of 8")', () => {
  it('reads `series` when the answer carries it, and nothing otherwise', () => {
    expect(seriesPlaceOf({ series: { series_id: 4, position: 3, count: 8 } })).toEqual({
      position: 3,
      count: 8,
    });
    expect(seriesPlaceOf({ series: null })).toBeNull();
    expect(seriesPlaceOf({})).toBeNull();
    expect(seriesPlaceOf({ series: { position: '3', count: 8 } })).toBeNull();
  });
});
