import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminActionsKit, startAdminActions } from '../../test/admin-actions-kit.ts';
import { TODAY } from '../../test/admin-test-kit.ts';
import { TEST_NOTES } from '../../test/test-app.ts';
import { backends, type TestDatabase } from '../../test/test-database.ts';

describe.each(backends)('admin actions on %s', (backend) => {
  let db: TestDatabase;
  let close: () => Promise<void>;
  let adminId: number;
  let post: AdminActionsKit['post'];
  let block: AdminActionsKit['block'];
  let heldSlots: AdminActionsKit['heldSlots'];
  let auditOf: AdminActionsKit['auditOf'];

  beforeAll(async () => {
    ({ db, close, adminId, post, block, heldSlots, auditOf } = await startAdminActions(backend));
  });
  afterAll(() => close());

  describe('manual booking', () => {
    const valid = {
      therapist_id: 1,
      booking_date: '2026-11-24',
      booking_time_slot_start: '14:00',
      client_full_name: 'Rahul Verma',
      client_email: 'rahul@example.com',
      client_mobile: '9123456780',
      client_note: 'Referred by Dr. Rao',
      booking_type: 'ONLINE',
      location_id: 0,
      amount: 1500.5,
      admin_confirmed: true,
      payment_status: 'PENDING',
    };
    const create = (payload: object) => post('/api/admin/bookings', payload);

    it('creates an online booking as COMPLETED, with the amount in paise', async () => {
      const response = await create(valid);
      expect(response.statusCode).toBe(201);
      const { booking_id } = response.json();
      expect(response.json()).toEqual({
        booking_id,
        payment_status: 'COMPLETED',
        message: `Manual booking ${booking_id} created successfully!`,
      });
      const { rows } = await db.query<{ client_note: string }>('SELECT * FROM bookings WHERE id = $1', [
        booking_id,
      ]);
      // Stored sealed (decision 038), and opened by the key every test app shares.
      expect(rows[0]!.client_note).not.toContain('Referred');
      expect({ ...rows[0], client_note: TEST_NOTES.open(rows[0]!.client_note) }).toMatchObject({
        therapist_id: 1,
        service_id: 1,
        booking_date: '2026-11-24',
        booking_type: 'ONLINE',
        payment_status: 'COMPLETED',
        amount_paise: 150_050,
        location_id: null,
        client_full_name: 'Rahul Verma',
        client_note: 'Referred by Dr. Rao',
        therapist_email: 'asha.menon@example.com',
        admin_confirmed: true,
        created_by_admin_id: adminId,
        payment_transaction_id: `MANUAL-${booking_id}`,
      });
      const audit = await auditOf(booking_id);
      expect(audit).toEqual([expect.objectContaining({ action: 'booking.manual_create', therapist_id: 1 })]);
      expect(JSON.stringify(audit)).not.toMatch(/Rahul|rahul@|9123456780|Referred/);
      expect(await heldSlots(1)).toContainEqual({
        booking_date: '2026-11-24',
        booking_time_slot_start: '14:00:00',
      });
    });

    it('creates an offline booking as PENDING at its location', async () => {
      const response = await create({
        ...valid,
        therapist_id: 3,
        booking_time_slot_start: '09:00:00',
        booking_type: 'offline',
        location_id: 1,
        amount: '1200',
        payment_status: 'COMPLETED',
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().payment_status).toBe('PENDING');
      const { rows } = await db.query(
        'SELECT location_id, amount_paise, payment_status FROM bookings WHERE id = $1',
        [response.json().booking_id],
      );
      expect(rows[0]).toEqual({ location_id: 1, amount_paise: 120_000, payment_status: 'PENDING' });
    });

    it("answers the form's own messages, in order", async () => {
      const cases: [object, string][] = [
        [{}, 'Therapist is required'],
        [{ ...valid, therapist_id: null }, 'Therapist is required'],
        [{ ...valid, therapist_id: 'x' }, 'Therapist is required'],
        [{ ...valid, booking_date: '' }, 'Booking date is required'],
        [{ ...valid, booking_date: '2026-02-30' }, 'Booking date is required'],
        [{ ...valid, booking_time_slot_start: undefined }, 'Time slot is required'],
        [{ ...valid, client_full_name: '   ' }, 'Client name is required'],
        [{ ...valid, client_email: 'rahul@' }, 'Valid client email is required'],
        [{ ...valid, client_mobile: '91234' }, 'Valid 10-digit mobile is required'],
        [{ ...valid, client_mobile: '91234567801' }, 'Valid 10-digit mobile is required'],
        [{ ...valid, booking_type: '' }, 'Booking type is required'],
        [{ ...valid, booking_type: 'ADMIN_BLOCK' }, 'Booking type is required'],
        [{ ...valid, booking_type: 'OFFLINE', location_id: 0 }, 'Location is required for offline booking'],
        [{ ...valid, amount: undefined }, 'Amount is required and must be positive'],
        [{ ...valid, amount: 0 }, 'Amount is required and must be positive'],
        [{ ...valid, amount: -10 }, 'Amount is required and must be positive'],
        [{ ...valid, amount: 'abc' }, 'Amount is required and must be positive'],
        [{ ...valid, amount: 10.555 }, 'Amount can have at most 2 decimal places'],
      ];
      for (const [payload, message] of cases) {
        const response = await create(payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json()).toEqual({ detail: message });
      }
    });

    it('refuses dates outside today + 14 days and slots that are past, taken, blocked or not in the template', async () => {
      const refuse = async (payload: object, status: number, detail: RegExp | string) => {
        const response = await create({ ...valid, ...payload });
        expect(response.statusCode, JSON.stringify(payload)).toBe(status);
        if (typeof detail === 'string') expect(response.json().detail).toBe(detail);
        else expect(response.json().detail).toMatch(detail);
      };
      await refuse(
        { booking_date: '2026-11-21' },
        400,
        'Booking date must be from Sun, Nov 22 to Sun, Dec 6.',
      );
      await refuse({ booking_date: '2026-12-07' }, 400, /Sun, Dec 6\./);
      await refuse(
        { booking_date: TODAY, booking_time_slot_start: '09:00' },
        409,
        'Slot 9:00 AM on Sun, Nov 22 has already passed.',
      );
      await refuse(
        { booking_time_slot_start: '14:30' },
        409,
        "2:30 PM is not one of this therapist's time slots.",
      );
      await refuse({ booking_time_slot_start: '14:00' }, 409, /already booked/);
      await block(1, '2026-11-24', '15:00');
      await refuse(
        { booking_time_slot_start: '15:00' },
        409,
        'Slot 3:00 PM on Tue, Nov 24 is already blocked.',
      );
      await refuse({ therapist_id: 99 }, 404, 'Therapist 99 not found');
      await refuse({ booking_type: 'OFFLINE', location_id: 9 }, 404, 'Location 9 not found');
      await refuse({ service_id: 2 }, 400, 'Service 2 is not offered by this therapist');
      // The last day of the window is fine.
      expect((await create({ ...valid, booking_date: '2026-12-06' })).statusCode).toBe(201);
    });
  });
});
