import { describe, expect, it } from 'vitest';
import { eventMeta } from './calendar-month';

describe("the month grid's event line", () => {
  it("names the time and the place, and a standing appointment's session its place in it", () => {
    const single = { booking_time_slot_start: '13:00:00', booking_type: 'OFFLINE', series: null } as const;
    expect(eventMeta(single)).toBe('1:00 PM · In-Person');
    expect(eventMeta({ ...single, booking_type: 'ONLINE' })).toBe('1:00 PM · Online');
    const session = { ...single, series: { series_id: 4, position: 3, count: 8 } };
    expect(eventMeta(session)).toBe('1:00 PM · In-Person · 3 of 8');
  });
});
