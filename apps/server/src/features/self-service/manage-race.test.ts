import { addDays } from '@therapy/shared/clinic-time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertClientBooking } from '../../test/admin-test-kit.ts';
import { offlineBooking } from '../../test/booking-fixtures.ts';
import { createManageTestApp, type ManageTestApp } from '../../test/manage-kit.ts';
import { backends } from '../../test/test-database.ts';
import { SLOT_TAKEN_MESSAGE } from '../bookings/bookings-repo.ts';

const MOVERS = 25;
const VISITORS = 25;

describe.each(backends)('the reschedule race on %s', (backend) => {
  let t: ManageTestApp;

  beforeAll(async () => {
    t = await createManageTestApp(backend);
  });
  afterAll(() => t.close());

  /** 25 confirmed in-person bookings of therapist 3 at West Branch, each on a day of its own. */
  async function movers(startTime: string) {
    const made = [];
    for (let i = 0; i < MOVERS; i += 1) {
      const date = addDays('2026-12-20', i);
      const { id } = await insertClientBooking(t.db, {
        therapistId: 3,
        bookingDate: date,
        startTime,
        bookingType: 'OFFLINE',
        paymentStatus: 'PENDING',
        locationId: 1,
      });
      made.push({ id, date, startTime, token: await t.tokenOf(id) });
    }
    return made;
  }

  it.each([
    ['the clients moving first', true, '07:00:00'],
    ['the visitors booking first', false, '08:00:00'],
  ])(
    'lets exactly one of 50 attempts at one open slot take it (%s); every other is told, and nothing of theirs changes',
    async (_, moversFirst, startTime) => {
      const slot = (await t.openSlots(3, 1)).find((open) => open.date >= '2026-11-25')!;
      const clients = await movers(startTime);
      const moves = clients.map((mover) => () => t.reschedule(mover.token, slot));
      const visits = Array.from(
        { length: VISITORS },
        () => () =>
          t.app.inject({
            method: 'POST',
            url: '/confirm-booking',
            payload: offlineBooking({ booking_date: slot.date, booking_time_slot_start: slot.start_time }),
          }),
      );
      // Interleaved, so each kind of attempt races the other.
      const [first, second] = moversFirst ? [moves, visits] : [visits, moves];
      const attempts = first.flatMap((attempt, index) => [attempt, second[index]!]);
      const answers = await Promise.all(attempts.map((attempt) => attempt()));
      const winners = answers.filter((answer) => answer.statusCode === 200 || answer.statusCode === 201);
      expect(winners).toHaveLength(1);
      for (const loser of answers.filter((answer) => !winners.includes(answer))) {
        expect(loser.statusCode, loser.body).toBe(409);
        expect(loser.json()).toEqual({ detail: SLOT_TAKEN_MESSAGE });
      }

      const { rows: holders } = await t.db.query(
        `SELECT id FROM bookings WHERE therapist_id = 3 AND booking_date = $1 AND booking_time_slot_start = $2
         AND NOT cancelled AND payment_status NOT IN ('FAILED', 'CANCELLED')`,
        [slot.date, `${slot.start_time}:00`],
      );
      expect(holders).toHaveLength(1);
      const moved = clients.filter((mover) => mover.id === holders[0]!.id);
      for (const mover of clients.filter((client) => !moved.includes(client))) {
        expect((await t.view(mover.token)).json()).toMatchObject({
          status: 'confirmed',
          booking: { booking_date: mover.date, booking_time_slot_start: mover.startTime },
        });
      }
      const { rows: moveLog } = await t.db.query(
        "SELECT booking_id FROM audit_log WHERE action = 'booking.rescheduled' AND booking_id = ANY($1)",
        [clients.map((client) => client.id)],
      );
      expect(moveLog).toHaveLength(moved.length);
    },
  );
});
