import { describe, expect, it } from 'vitest';
import {
  dropDate,
  keptRows,
  moveDate,
  repeatOf,
  restoreDate,
  seriesRows,
  unresolvedRows,
} from './series-rows';

const pattern = { first: '2026-12-01', start: '18:00:00', every_weeks: 1 as const, count: 4 };

describe("a standing appointment's list before it is booked", () => {
  it('lists the pattern, each date with the preview verdict of its position', () => {
    const rows = seriesRows(pattern, {
      preview: {
        sessions: [
          { position: 1, booking_date: '2026-12-01', booking_time_slot_start: '18:00:00', reason: null },
          { position: 2, booking_date: '2026-12-08', booking_time_slot_start: '18:00:00', reason: 'leave' },
          { position: 3, booking_date: '2026-12-15', booking_time_slot_start: '18:00:00', reason: null },
          { position: 4, booking_date: '2026-12-22', booking_time_slot_start: '18:00:00', reason: 'booked' },
        ],
      },
    });
    expect(rows.map((row) => [row.booking_date, row.state])).toEqual([
      ['2026-12-01', 'open'],
      ['2026-12-08', 'leave'],
      ['2026-12-15', 'open'],
      ['2026-12-22', 'booked'],
    ]);
    expect(unresolvedRows(rows).map((row) => row.position)).toEqual([2, 4]);
  });

  it('a dropped date stays in the list as left out, a moved one at its new time, and either may be put back', () => {
    const edited = moveDate(dropDate(pattern, '2026-12-08'), '2026-12-22', {
      date: '2026-12-24',
      start: '10:00',
    });
    const rows = seriesRows(edited);
    expect(rows[1]).toMatchObject({ state: 'dropped', patternDate: '2026-12-08' });
    expect(rows[3]).toMatchObject({
      booking_date: '2026-12-24',
      booking_time_slot_start: '10:00:00',
      moved: true,
    });
    expect(keptRows(rows)).toHaveLength(3);
    expect(repeatOf(edited)).toEqual({
      every_weeks: 1,
      count: 4,
      skip: ['2026-12-08'],
      moves: [{ from_date: '2026-12-22', booking_date: '2026-12-24', booking_time_slot_start: '10:00' }],
    });
    expect(repeatOf(restoreDate(restoreDate(edited, '2026-12-08'), '2026-12-22'))).toEqual({
      every_weeks: 1,
      count: 4,
    });
  });

  it("a refused booking's clashes mark exactly those dates; a verdict for another time says nothing", () => {
    const rows = seriesRows(pattern, {
      clashes: [{ booking_date: '2026-12-15', booking_time_slot_start: '18:00', reason: 'booked' }],
    });
    expect(rows.map((row) => row.state)).toEqual(['open', 'open', 'booked', 'open']);
    const moved = moveDate(pattern, '2026-12-15', { date: '2026-12-16', start: '18:00' });
    const stale = seriesRows(moved, {
      preview: {
        sessions: [
          { position: 3, booking_date: '2026-12-15', booking_time_slot_start: '18:00:00', reason: 'booked' },
        ],
      },
    });
    expect(stale[2]?.state).toBe('unchecked');
  });
});
