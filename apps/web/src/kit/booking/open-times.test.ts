import { describe, expect, it } from 'vitest';
import { openTimesByDate } from './open-times';

const slot = (date: string, start_time: string, location_id: number) => ({
  date,
  start_time,
  end_time: `${start_time.slice(0, 2)}:45`,
  location_id,
});

describe('open times by date', () => {
  const slots = [
    slot('2026-11-23', '09:00', 1),
    slot('2026-11-23', '10:00', 0),
    slot('2026-11-23', '11:00', 2),
    slot('2026-11-24', '09:00', 2),
    slot('2026-11-25', '09:00', 1),
  ];

  it('keeps online sessions (location 0) for an online booking', () => {
    expect([...openTimesByDate(slots, 0)]).toEqual([['2026-11-23', new Map([['10:00:00', '10:45:00']])]]);
  });

  it('keeps only the chosen centre in person, leaving out dates without a time there', () => {
    const atWest = openTimesByDate(slots, 1);
    expect([...atWest.keys()]).toEqual(['2026-11-23', '2026-11-25']);
    expect([...atWest.get('2026-11-23')!.keys()]).toEqual(['09:00:00']);
    expect(openTimesByDate(slots, Number.NaN).size).toBe(0);
  });
});
