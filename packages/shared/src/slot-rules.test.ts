import { describe, expect, it } from 'vitest';
import { bookingWindow, freeSlotsByDate, freeStartTimes, isInBookingWindow } from './slot-rules.ts';

const slot = (start_time: string, extra = {}) => ({
  start_time,
  end_time: '23:59:00',
  is_available: true,
  admin_blocked: false,
  ...extra,
});

describe('slot rules', () => {
  const templates = [
    slot('15:00:00'),
    slot('09:00:00'),
    slot('11:00'),
    slot('13:00:00', { is_available: false }),
  ];
  const clock = { today: '2026-11-22', time: '10:30:00' };

  it('spans 15 days from today, month ends included', () => {
    const window = bookingWindow('2026-12-25');
    expect(window).toHaveLength(15);
    expect(window[0]).toBe('2026-12-25');
    expect(window[14]).toBe('2027-01-08');
    expect(isInBookingWindow('2027-01-08', '2026-12-25')).toBe(true);
    expect(isInBookingWindow('2027-01-09', '2026-12-25')).toBe(false);
    expect(isInBookingWindow('2026-12-24', '2026-12-25')).toBe(false);
  });

  it("drops today's past slots, unavailable ones and held ones, and sorts the rest", () => {
    expect(freeStartTimes(templates, [], '2026-11-22', clock)).toEqual(['11:00:00', '15:00:00']);
    expect(freeStartTimes(templates, [], '2026-11-23', clock)).toEqual(['09:00:00', '11:00:00', '15:00:00']);
    const held = [{ booking_date: '2026-11-23', booking_time_slot_start: '11:00' }];
    expect(freeStartTimes(templates, held, '2026-11-23', clock)).toEqual(['09:00:00', '15:00:00']);
    expect(freeStartTimes(templates, [], '2026-11-21', clock)).toEqual([]);
  });

  it('leaves out dates without free slots', () => {
    const late = { today: '2026-11-22', time: '16:00:00' };
    const byDate = freeSlotsByDate(templates, [], late);
    expect(byDate.has('2026-11-22')).toBe(false);
    expect(byDate.size).toBe(14);
  });
});
