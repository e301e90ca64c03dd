import type { AdminBooking } from '@therapy/shared/admin-schemas';
import { describe, expect, it } from 'vitest';
import { nextRepeatDate, requestFrom } from './repeat-booking-dialog';

describe('"Repeat weekly…" on a booking', () => {
  it('starts at the next date of the pattern after the booking that is today or later', () => {
    expect(nextRepeatDate('2026-12-01', 1, '2026-11-27')).toBe('2026-12-08');
    expect(nextRepeatDate('2026-12-01', 2, '2026-11-27')).toBe('2026-12-15');
    // A session held last week repeats from this week's date on, not from the past.
    expect(nextRepeatDate('2026-11-17', 1, '2026-11-27')).toBe('2026-12-01');
    expect(nextRepeatDate('2026-11-10', 2, '2026-11-27')).toBe('2026-12-08');
    expect(nextRepeatDate('2026-11-20', 1, '2026-11-27')).toBe('2026-11-27');
  });

  it("books the booking's client, therapist, place, time and price", () => {
    const booking = {
      therapist_id: 5,
      booking_date: '2026-12-01',
      booking_time_slot_start: '18:00:00',
      client_full_name: 'Asha',
      client_email: 'asha@example.com',
      client_mobile: '9876543210',
      booking_type: 'OFFLINE',
      location_id: 2,
      amount: 1800,
      service_id: 1,
    } as AdminBooking;
    expect(requestFrom(booking)).toMatchObject({
      therapist_id: 5,
      booking_time_slot_start: '18:00',
      client_full_name: 'Asha',
      booking_type: 'OFFLINE',
      location_id: 2,
      amount: 1800,
      service_id: 1,
    });
    expect(requestFrom({ ...booking, booking_type: 'ONLINE' }).location_id).toBe(0);
  });
});
