import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminActionsKit, startAdminActions, TOMORROW } from '../../test/admin-actions-kit.ts';
import { insertClientBooking, NOW, TODAY } from '../../test/admin-test-kit.ts';
import { backends, type TestDatabase } from '../../test/test-database.ts';

describe.each(backends)('admin actions on %s', (backend) => {
  let db: TestDatabase;
  let close: () => Promise<void>;
  let adminId: number;
  let post: AdminActionsKit['post'];
  let get: AdminActionsKit['get'];
  let block: AdminActionsKit['block'];
  let heldSlots: AdminActionsKit['heldSlots'];
  let auditOf: AdminActionsKit['auditOf'];

  beforeAll(async () => {
    ({ db, close, adminId, post, get, block, heldSlots, auditOf } = await startAdminActions(backend));
  });
  afterAll(() => close());

  describe('block and unblock', () => {
    it('blocks a free slot: the public held slots and the day view show it', async () => {
      const response = await block(1, TOMORROW, '10:00');
      expect(response.statusCode).toBe(200);
      const result = response.json();
      expect(result).toEqual({
        blocked: true,
        booking_id: expect.any(Number),
        message: 'Slot 10:00 AM on Mon, Nov 23 blocked successfully.',
      });
      expect(await heldSlots(1)).toContainEqual({
        booking_date: TOMORROW,
        booking_time_slot_start: '10:00:00',
      });
      const day = (await get(`/api/admin/therapists/1/slots?date=${TOMORROW}`)).json();
      expect(day.find((slot: { start_time: string }) => slot.start_time === '10:00:00')).toMatchObject({
        admin_blocked: true,
        is_booked: false,
        booking_id: result.booking_id,
      });
      const { rows } = await db.query(
        'SELECT booking_type, payment_status, cancelled, client_full_name, created_by_admin_id FROM bookings WHERE id = $1',
        [result.booking_id],
      );
      expect(rows[0]).toEqual({
        booking_type: 'ADMIN_BLOCK',
        payment_status: 'BLOCKED',
        cancelled: false,
        client_full_name: null,
        created_by_admin_id: adminId,
      });
      expect(await auditOf(result.booking_id)).toEqual([
        {
          action: 'slot.block',
          actor_admin_id: adminId,
          actor_label: 'staff@example.com',
          therapist_id: 1,
          details: { booking_date: TOMORROW, start_time: '10:00:00' },
        },
      ]);
    });

    it('unblocks it with the same call, freeing the slot', async () => {
      const response = await block(1, TOMORROW, '10:00:00');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        blocked: false,
        message: 'Slot 10:00 AM on Mon, Nov 23 unblocked successfully.',
      });
      expect(await heldSlots(1)).not.toContainEqual({
        booking_date: TOMORROW,
        booking_time_slot_start: '10:00:00',
      });
      expect((await auditOf(response.json().booking_id)).map((entry) => entry.action)).toEqual([
        'slot.block',
        'slot.unblock',
      ]);
      // And blocks it again.
      expect((await block(1, TOMORROW, '10:00')).json().blocked).toBe(true);
    });

    it('unblocks a BLOCKED entry through the cancel call', async () => {
      const { booking_id } = (await block(1, TOMORROW, '11:00')).json();
      const response = await post(`/api/admin/bookings/${booking_id}/cancel`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        booking_id,
        cancelled: true,
        payment_status: 'BLOCKED',
        unblocked: true,
        cancelled_count: 1,
        message: 'Slot 11:00 AM on Mon, Nov 23 unblocked successfully.',
      });
      expect(await heldSlots(1)).not.toContainEqual({
        booking_date: TOMORROW,
        booking_time_slot_start: '11:00:00',
      });
      const jobs = await db.query("SELECT 1 FROM jobs WHERE payload->>'booking_id' = $1", [
        String(booking_id),
      ]);
      expect(jobs.rows).toHaveLength(0);
    });

    it('refuses to block a slot a client booked or is paying for, with a clear message', async () => {
      const paid = await insertClientBooking(db, {
        therapistId: 1,
        bookingDate: TOMORROW,
        startTime: '12:00:00',
      });
      const response = await block(1, TOMORROW, '12:00');
      expect(response.statusCode).toBe(409);
      expect(response.json().detail).toBe(
        `Slot 12:00 PM on Mon, Nov 23 is already booked (booking ${paid.id}). It cannot be blocked; cancel the booking first.`,
      );
      await insertClientBooking(db, {
        therapistId: 1,
        bookingDate: TOMORROW,
        startTime: '14:00:00',
        paymentStatus: 'INITIATED',
        holdExpiresAt: new Date(NOW.getTime() + 15 * 60_000),
      });
      expect((await block(1, TOMORROW, '14:00')).json().detail).toMatch(/payment is in progress/);
    });

    it('refuses slots outside the template, the window or already started', async () => {
      const notInTemplate = await block(1, TOMORROW, '10:30');
      expect(notInTemplate.statusCode).toBe(404);
      expect(notInTemplate.json().detail).toBe('Therapist 1 has no slot at 10:30 AM.');
      expect((await block(1, '2026-12-06', '10:00')).json().blocked).toBe(true);
      const tooLate = await block(1, '2026-12-07', '10:00');
      expect(tooLate.statusCode).toBe(400);
      expect(tooLate.json().detail).toBe('Slots can be blocked from Sun, Nov 22 to Sun, Dec 6.');
      expect((await block(1, '2026-11-21', '10:00')).statusCode).toBe(400);
      const started = await block(1, TODAY, '09:00');
      expect(started.statusCode).toBe(409);
      expect(started.json().detail).toMatch(/already started/);
      expect((await block(99, TOMORROW, '10:00')).statusCode).toBe(404);
      expect((await block(1, '2026-02-30', '10:00')).statusCode).toBe(400);
      expect((await block(1, TOMORROW, '25:00')).statusCode).toBe(400);
      expect((await block(1, TODAY, '10:00')).json().blocked).toBe(true);
    });
  });
});
