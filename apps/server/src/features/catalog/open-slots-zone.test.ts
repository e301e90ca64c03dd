import { afterAll, describe, expect, it } from 'vitest';
import { onlineBooking } from '../../test/booking-fixtures.ts';
import { createDemoTestApp } from '../../test/test-app.ts';

// 06:30 UTC on 2026-03-08: 01:30 in New York, half an hour before its clocks go forward to
// summer time (02:00 becomes 03:00); 12:00 in Kolkata, the clinic's zone, which has no such change.
const NOW = new Date('2026-03-08T06:30:00Z');
const savedZone = process.env.TZ;

type Slot = { date: string; start_time: string };

/** The open slots of demo therapist 1 around the change, with the server process in `zone`. */
async function openSlotsWithProcessIn(zone: string) {
  process.env.TZ = zone;
  const { app, close } = await createDemoTestApp('pglite', {
    now: () => NOW,
    env: { CLINIC_TIMEZONE: 'Asia/Kolkata' },
  });
  try {
    const booked = await app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: onlineBooking({ booking_date: '2026-03-08', booking_time_slot_start: '15:00' }),
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const response = await app.inject('/api/open-slots?therapist_id=1&from=2026-03-07&to=2026-03-09');
    expect(response.statusCode).toBe(200);
    return {
      hourHere: NOW.getHours(),
      slots: (response.json() as Slot[]).map((slot) => `${slot.date} ${slot.start_time}`),
    };
  } finally {
    await close();
  }
}

describe('open slots with the server process in a zone that changes to summer time', () => {
  afterAll(() => {
    if (savedZone === undefined) delete process.env.TZ;
    else process.env.TZ = savedZone;
  });

  it("are reckoned in the clinic's zone, the same as with the process in the clinic's zone", {
    timeout: 90_000,
  }, async () => {
    const newYork = await openSlotsWithProcessIn('America/New_York');
    expect(newYork.hourHere).toBe(1);
    // The process really is in New York: an hour later it is 03:00 there.
    expect(new Date('2026-03-08T07:30:00Z').getHours()).toBe(3);
    const kolkata = await openSlotsWithProcessIn('Asia/Kolkata');
    expect(kolkata.hourHere).toBe(12);

    expect(newYork.slots).toEqual(kolkata.slots);
    // 12:00 in Kolkata: today's 12:00 has begun, 15:00 is booked; tomorrow is whole.
    const tomorrow = ['09', '10', '11', '12', '14', '15', '16', '17', '18', '19'];
    expect(newYork.slots).toEqual([
      ...['14', '16', '17', '18', '19'].map((hour) => `2026-03-08 ${hour}:00`),
      ...tomorrow.map((hour) => `2026-03-09 ${hour}:00`),
    ]);
  });
});
