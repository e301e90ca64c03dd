import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TODAY } from '../../test/admin-test-kit.ts';
import { CLIENT, type FrontDeskKit, startFrontDesk } from '../../test/front-desk-kit.ts';
import { backends, type TestDatabase } from '../../test/test-database.ts';

describe.each(backends)('the front desk on %s', (backend) => {
  let db: TestDatabase;
  let close: () => Promise<void>;
  let staff: string;
  let post: FrontDeskKit['post'];
  let get: FrontDeskKit['get'];
  let inPerson: FrontDeskKit['inPerson'];
  let statusOf: FrontDeskKit['statusOf'];
  let auditOf: FrontDeskKit['auditOf'];
  let totals: FrontDeskKit['totals'];

  beforeAll(async () => {
    ({ db, close, staff, post, get, inPerson, statusOf, auditOf, totals } = await startFrontDesk(backend));
  });
  afterAll(() => close());

  describe('attendance', () => {
    it('refuses a session that has not started with 409', async () => {
      const { id } = await inPerson(TODAY, '11:00');
      const response = await post(staff, `/api/admin/bookings/${id}/attendance`, { status: 'no_show' });
      expect(response.statusCode).toBe(409);
      expect(response.json().detail).toContain('once the session has started');
      expect(await auditOf(id)).toEqual([]);
    });

    it('marks a no-show, counted as missed in the monthly report; a mark can be changed, audited each time', async () => {
      const { id } = await inPerson(TODAY, '09:00');
      const before = await totals(TODAY);
      const marked = await post(staff, `/api/admin/bookings/${id}/attendance`, { status: 'no_show' });
      expect(marked.statusCode, marked.body).toBe(200);
      expect(marked.json()).toEqual({
        booking_id: id,
        attendance: 'no_show',
        message: `Booking ${id} marked No-show.`,
      });
      expect((await totals(TODAY)).missed - before.missed).toBe(1);
      // Never charged automatically: amount and status stay as they were.
      expect(await statusOf(id)).toBe('PENDING');
      const row = (await get('/api/admin/therapists/1/bookings?limit=100')).items.find(
        (item: { id: number }) => item.id === id,
      );
      expect(row).toMatchObject({ attendance: 'no_show', amount: 1500, payment_status: 'PENDING' });

      const changed = await post(staff, `/api/admin/bookings/${id}/attendance`, { status: 'attended' });
      expect(changed.statusCode).toBe(200);
      expect((await totals(TODAY)).missed).toBe(before.missed);
      const audit = await auditOf(id);
      expect(audit.map((entry) => entry.details)).toEqual([
        { attendance: 'no_show', booking_date: TODAY, start_time: '09:00:00' },
        {
          attendance: 'attended',
          previous_attendance: 'no_show',
          booking_date: TODAY,
          start_time: '09:00:00',
        },
      ]);
      expect(JSON.stringify(audit)).not.toContain(CLIENT.fullName);
    });

    it('refuses a cancelled booking and a bad status', async () => {
      const { id } = await inPerson('2026-11-15', '10:00', { paymentStatus: 'CANCELLED' });
      await db.query('UPDATE bookings SET cancelled = true WHERE id = $1', [id]);
      const cancelled = await post(staff, `/api/admin/bookings/${id}/attendance`, { status: 'attended' });
      expect(cancelled.statusCode).toBe(409);
      const bad = await post(staff, `/api/admin/bookings/${id}/attendance`, { status: 'late' });
      expect(bad.statusCode).toBe(400);
    });
  });
});
