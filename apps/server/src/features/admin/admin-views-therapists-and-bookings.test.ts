import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminViewsKit, DAY, startAdminViews } from '../../test/admin-views-kit.ts';
import { backends, type TestDatabase } from '../../test/test-database.ts';

describe.each(backends)('admin views on %s', (backend) => {
  let db: TestDatabase;
  let close: () => Promise<void>;
  let ids: AdminViewsKit['ids'];
  let get: AdminViewsKit['get'];

  beforeAll(async () => {
    ({ db, close, ids, get } = await startAdminViews(backend));
  });
  afterAll(() => close());

  it('lists every therapist with e-mail, price in rupees, type, locations, services and is_active', async () => {
    await db.query('UPDATE therapists SET is_active = false WHERE id = 8');
    const therapists = (await get('/api/admin/therapists')).json();
    expect(therapists).toHaveLength(8);
    expect(therapists[0]).toMatchObject({
      id: 1,
      name: 'Dr.Asha Menon',
      email: 'asha.menon@example.com',
      price: 1500,
      type: 1,
      locations: [],
      offered_service_ids: [1, 3, 8],
      is_active: true,
    });
    expect(therapists[7].is_active).toBe(false);
    expect((await get('/api/admin/locations')).json().map((l: { id: number }) => l.id)).toEqual([1, 2]);
    expect((await get('/api/admin/services')).json()[0]).toEqual({ id: 1, name: 'Individual Counselling' });
  });

  it('lists all bookings newest first with therapist, location and amount in rupees', async () => {
    const bookings = (await get('/api/admin/bookings?limit=100')).json().items;
    expect(bookings.map((b: { id: number }) => b.id)).toEqual(Object.values(ids).sort((a, b) => b - a));
    const paid = bookings.find((b: { id: number }) => b.id === ids.paid);
    expect(paid).toEqual({
      id: ids.paid,
      booking_id: ids.paid,
      therapist_id: 5,
      therapist_name: expect.any(String),
      service_id: 1,
      booking_date: DAY,
      booking_time_slot_start: '09:00:00',
      booking_time_slot_end: '09:45:00',
      booking_type: 'OFFLINE',
      payment_status: 'COMPLETED',
      cancelled: false,
      client_full_name: 'Anita Desai',
      client_email: 'anita@example.com',
      client_mobile: '9000000001',
      client_note: null,
      client_age: null,
      client_session_type: null,
      client_state: null,
      client_city: null,
      amount: 1500,
      payment_transaction_id: null,
      payment_link_url: null,
      google_meet_link: null,
      location_id: 2,
      location_name: 'East Branch',
      location_address: expect.stringContaining('Ghatkopar'),
      admin_confirmed: false,
      needs_refund: false,
      refund_status: null,
      refund_id: null,
      refunded_at: null,
      refund_amount: null,
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      centre_payment_id: null,
      centre_payment_method: null,
      attendance: null,
      // A booking of its own: no place in a standing appointment.
      series: null,
    });
    const block = bookings.find((b: { id: number }) => b.id === ids.block);
    expect(block).toMatchObject({
      booking_type: 'ADMIN_BLOCK',
      payment_status: 'BLOCKED',
      location_id: 0,
      location_name: null,
    });
    const first = (await get('/api/admin/bookings?limit=1')).json();
    const page = (await get(`/api/admin/bookings?limit=2&cursor=${first.next_cursor}`)).json();
    expect(page.items.map((b: { id: number }) => b.id)).toEqual(
      bookings.slice(1, 3).map((b: { id: number }) => b.id),
    );
    expect((await get('/api/admin/bookings?limit=0')).statusCode).toBe(400);
  });

  it("lists a therapist's bookings a page at a time, latest first; 404 for an unknown therapist", async () => {
    const all = (await get('/api/admin/therapists/5/bookings')).json();
    expect(all).toMatchObject({ total: 6, limit: 10, next_cursor: null });
    expect(all.items.every((b: { therapist_id: number }) => b.therapist_id === 5)).toBe(true);
    const starts = all.items.map((b: { booking_time_slot_start: string }) => b.booking_time_slot_start);
    expect(starts).toEqual([...starts].sort().reverse());
    // Pages of 4 then 2 by cursor: the same rows in the same order, none twice.
    const first = (await get('/api/admin/therapists/5/bookings?limit=4')).json();
    const second = (await get(`/api/admin/therapists/5/bookings?limit=4&cursor=${first.next_cursor}`)).json();
    expect([...first.items, ...second.items].map((b: { id: number }) => b.id)).toEqual(
      all.items.map((b: { id: number }) => b.id),
    );
    expect(second).toMatchObject({ total: 6, next_cursor: null });
    expect((await get('/api/admin/therapists/5/bookings?cursor=2026-11-25~09:00:00~x')).statusCode).toBe(400);
    expect((await get('/api/admin/therapists/5/bookings?cursor=DROP%20TABLE')).statusCode).toBe(400);
    expect((await get('/api/admin/therapists/5/bookings?limit=101')).statusCode).toBe(400);
    expect((await get('/api/admin/therapists/99/bookings')).statusCode).toBe(404);
  });
});
