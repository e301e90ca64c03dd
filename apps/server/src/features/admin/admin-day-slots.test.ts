import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createAdminUser,
  insertClientBooking,
  JWT_SECRET,
  NOW,
  signIn,
} from '../../test/admin-test-kit.ts';
import { addScheduledTherapist } from '../../test/schedule-fixtures.ts';
import { createDemoTestApp } from '../../test/test-app.ts';
import { backends, type TestDatabase } from '../../test/test-database.ts';

// "Now" is Sunday 2026-11-22, 09:30 in Kolkata. Therapist 30: weekdays 10:00 to 12:00 online
// (sessions at 10:00 and 10:45; one at 11:30 would end after 12:00), on leave on Tuesday the 24th.
const THERAPIST = 30;
const MONDAY = '2026-11-23';
const LEAVE = '2026-11-24';

describe.each(backends)(
  "the admin's day panel, blocks and manual bookings from the schedule on %s",
  (backend) => {
    let db: TestDatabase;
    let app: FastifyInstance;
    let close: () => Promise<void>;
    let token: string;
    let heldOnLeave: number;

    beforeAll(async () => {
      ({ db, app, close } = await createDemoTestApp(backend, { now: () => NOW, env: { JWT_SECRET } }));
      await createAdminUser(db, 'staff@example.com');
      token = await signIn(app, 'staff@example.com');
      await addScheduledTherapist(db, {
        id: THERAPIST,
        type: 1,
        weekly: [1, 2, 3, 4, 5].map((weekday) => [weekday, '10:00', '12:00', 0]),
        leave: [[LEAVE, LEAVE]],
      });
      // Booked before the leave was entered: it stays, and the panel shows it.
      heldOnLeave = (
        await insertClientBooking(db, { therapistId: THERAPIST, bookingDate: LEAVE, startTime: '10:00:00' })
      ).id;
    });
    afterAll(() => close());

    const daySlots = async (date: string) => {
      const response = await app.inject({
        url: `/api/admin/therapists/${THERAPIST}/slots?date=${date}`,
        headers: bearer(token),
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as Record<string, unknown>[];
    };
    const post = (url: string, payload: object) =>
      app.inject({ method: 'POST', url, payload, headers: bearer(token) });

    it("lists the day's sessions with the daily templates' ids, and a held time off the schedule", async () => {
      expect(await daySlots(MONDAY)).toEqual(
        ['10:00', '10:45'].map((start) => ({
          id: THERAPIST * 1440 + Number(start.slice(0, 2)) * 60 + Number(start.slice(3)),
          therapist_id: THERAPIST,
          date: MONDAY,
          start_time: `${start}:00`,
          end_time: start === '10:00' ? '10:45:00' : '11:30:00',
          is_available: true,
          admin_blocked: false,
          is_booked: false,
          booking_id: null,
          is_past: false,
        })),
      );
      expect(await daySlots(LEAVE)).toMatchObject([
        { start_time: '10:00:00', is_available: false, is_booked: true, booking_id: heldOnLeave },
      ]);
      expect(await daySlots('2026-11-29')).toEqual([]);
    });

    it('blocks only a session of that date, and unblocks it', async () => {
      const offered = { therapist_id: THERAPIST, date: MONDAY, start_time: '10:45' };
      const blocked = await post('/api/admin/availability/block', offered);
      expect(blocked.statusCode, blocked.body).toBe(200);
      expect(blocked.json().blocked).toBe(true);
      expect((await daySlots(MONDAY))[1]).toMatchObject({ admin_blocked: true, is_booked: false });
      const open = await app.inject(`/api/open-slots?therapist_id=${THERAPIST}&from=${MONDAY}&to=${MONDAY}`);
      expect(open.json().map((slot: { start_time: string }) => slot.start_time)).toEqual(['10:00']);
      expect((await post('/api/admin/availability/block', offered)).json().blocked).toBe(false);

      for (const [date, start_time] of [
        [LEAVE, '10:45'],
        [MONDAY, '10:30'],
        ['2026-11-29', '10:00'],
      ]) {
        const refused = await post('/api/admin/availability/block', {
          therapist_id: THERAPIST,
          date,
          start_time,
        });
        expect(refused.statusCode, `${date} ${start_time}`).toBe(404);
        expect(refused.json().detail).toMatch(/has no slot at/);
      }
    });

    it('books manually only a session of that date', async () => {
      const manual = (booking_date: string, booking_time_slot_start: string) =>
        post('/api/admin/bookings', {
          therapist_id: THERAPIST,
          booking_date,
          booking_time_slot_start,
          client_full_name: 'Kavya Sharma',
          client_email: 'kavya@example.com',
          client_mobile: '9876543210',
          booking_type: 'ONLINE',
          amount: 1000,
        });
      const onLeave = await manual(LEAVE, '10:45');
      expect(onLeave.statusCode).toBe(409);
      expect(onLeave.json().detail).toBe('Slot 10:45 AM on Tue, Nov 24 is not available.');
      const offGrid = await manual(MONDAY, '10:30');
      expect(offGrid.statusCode).toBe(409);
      expect(offGrid.json().detail).toBe("10:30 AM is not one of this therapist's time slots.");
      const booked = await manual(MONDAY, '10:45');
      expect(booked.statusCode, booked.body).toBe(201);
      expect((await daySlots(MONDAY))[1]).toMatchObject({
        is_booked: true,
        booking_id: booked.json().booking_id,
      });
    });
  },
);
