import { describe, expect, it } from 'vitest';
import { citiesOf, INDIAN_STATE_CITIES, INDIAN_STATES, isCityOf } from './indian-states.ts';

describe('Indian states and cities', () => {
  it('lists the 28 states and 8 union territories, Delhi and Chandigarh included', () => {
    expect(INDIAN_STATES).toHaveLength(36);
    expect(INDIAN_STATES).toContain('Delhi');
    expect(INDIAN_STATES).toContain('Chandigarh');
    expect([...INDIAN_STATES]).toEqual([...INDIAN_STATES].sort((a, b) => a.localeCompare(b)));
  });

  it('gives every entry its cities, without repeats', () => {
    for (const [state, cities] of Object.entries(INDIAN_STATE_CITIES)) {
      expect(cities.length, state).toBeGreaterThan(0);
      expect(new Set(cities).size, state).toBe(cities.length);
    }
  });

  it('answers which cities belong to which state', () => {
    expect(citiesOf('Maharashtra')).toContain('Mumbai');
    expect(citiesOf('')).toEqual([]);
    expect(citiesOf('toString')).toEqual([]);
    expect(isCityOf('Karnataka', 'Bengaluru')).toBe(true);
    expect(isCityOf('Karnataka', 'Mumbai')).toBe(false);
  });
});
