import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createAdminUser,
  insertClientBooking,
  JWT_SECRET,
  NOW,
  signIn,
  TODAY,
} from '../../test/admin-test-kit.ts';
import { createDemoTestApp } from '../../test/test-app.ts';
import { backends, type TestDatabase } from '../../test/test-database.ts';

const DAY = '2026-11-25';

describe.each(backends)('admin views on %s', (backend) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let token: string;
  let bossToken: string;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    ({ db, app, close } = await createDemoTestApp(backend, { now: () => NOW, env: { JWT_SECRET } }));
    await createAdminUser(db, 'staff@example.com');
    await createAdminUser(db, 'boss@example.com', { superadmin: true });
    token = await signIn(app, 'staff@example.com');
    bossToken = await signIn(app, 'boss@example.com');

    // Therapist 5 (in person, East Branch, full day) on DAY: one of each kind of booking.
    const client = (fullName: string, email: string, mobile: string) => ({
      client: { fullName, email, mobile },
    });
    const at = (startTime: string) => ({ therapistId: 5, bookingDate: DAY, startTime, locationId: 2 });
    ids.paid = (
      await insertClientBooking(db, {
        ...at('09:00:00'),
        bookingType: 'OFFLINE',
        ...client('Anita Desai', 'anita@example.com', '9000000001'),
      })
    ).id;
    ids.pending = (
      await insertClientBooking(db, {
        ...at('10:00:00'),
        bookingType: 'OFFLINE',
        paymentStatus: 'PENDING',
        ...client('Anita Desai', 'ANITA@example.com', '9000000001'),
      })
    ).id;
    ids.failed = (
      await insertClientBooking(db, {
        ...at('11:00:00'),
        paymentStatus: 'FAILED',
        ...client('Bharat Singh', 'bharat@example.com', '9000000002'),
      })
    ).id;
    ids.cancelled = (
      await insertClientBooking(db, {
        ...at('12:00:00'),
        ...client('Chitra 100%_Rao', 'chitra@example.com', '9000000003'),
      })
    ).id;
    await db.query("UPDATE bookings SET cancelled = true, payment_status = 'CANCELLED' WHERE id = $1", [
      ids.cancelled,
    ]);
    ids.initiated = (
      await insertClientBooking(db, {
        ...at('14:00:00'),
        locationId: null,
        paymentStatus: 'INITIATED',
        ...client('Deepak Anand', 'deepak@example.com', '9000000004'),
      })
    ).id;
    const blocked = await app.inject({
      method: 'POST',
      url: '/api/admin/availability/block',
      headers: bearer(token),
      payload: { therapist_id: 5, date: DAY, start_time: '15:00' },
    });
    ids.block = blocked.json().booking_id;
    ids.other = (
      await insertClientBooking(db, {
        therapistId: 1,
        bookingDate: '2026-12-01',
        startTime: '09:00:00',
        ...client('Esha Gupta', 'esha@example.com', '9000000005'),
      })
    ).id;
  });
  afterAll(() => close());

  const get = (url: string, as = token) => app.inject({ method: 'GET', url, headers: bearer(as) });

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

  it("marks a day's slots booked, blocked and past", async () => {
    const slots = (await get(`/api/admin/therapists/5/slots?date=${DAY}`)).json();
    const byStart = Object.fromEntries(
      slots.map((s: { start_time: string }) => [s.start_time.slice(0, 5), s]),
    );
    expect(Object.keys(byStart)).toEqual([
      '09:00',
      '10:00',
      '11:00',
      '12:00',
      '14:00',
      '15:00',
      '16:00',
      '17:00',
      '18:00',
      '19:00',
    ]);
    expect(byStart['09:00']).toEqual({
      id: expect.any(Number),
      therapist_id: 5,
      date: DAY,
      start_time: '09:00:00',
      end_time: '09:45:00',
      is_available: true,
      admin_blocked: false,
      is_booked: true,
      booking_id: ids.paid,
      is_past: false,
    });
    expect(byStart['10:00']).toMatchObject({ is_booked: true, booking_id: ids.pending });
    expect(byStart['11:00']).toMatchObject({ is_booked: false, admin_blocked: false, booking_id: null });
    expect(byStart['12:00']).toMatchObject({ is_booked: false, booking_id: null });
    expect(byStart['14:00']).toMatchObject({ is_booked: true, booking_id: ids.initiated });
    expect(byStart['15:00']).toMatchObject({ is_booked: false, admin_blocked: true, booking_id: ids.block });
    expect(byStart['16:00']).toMatchObject({ is_booked: false, admin_blocked: false, booking_id: null });

    const today = (await get(`/api/admin/therapists/5/slots?date=${TODAY}`)).json();
    expect(
      today.filter((s: { is_past: boolean }) => s.is_past).map((s: { start_time: string }) => s.start_time),
    ).toEqual(['09:00:00']);
    expect((await get('/api/admin/therapists/5/slots?date=2026-13-01')).statusCode).toBe(400);
    expect((await get('/api/admin/therapists/5/slots')).statusCode).toBe(400);
    expect((await get(`/api/admin/therapists/99/slots?date=${DAY}`)).statusCode).toBe(404);
  });

  it('gives the calendar grid per day: how many events and the first two, without cancelled, failed or blocked', async () => {
    const month = (await get('/api/admin/calendar?from=2026-11-01&to=2026-12-05')).json();
    expect(
      month.days.map((day: { date: string; total: number; events: { id: number }[] }) => [
        day.date,
        day.total,
        day.events.map((event) => event.id),
      ]),
    ).toEqual([
      [DAY, 3, [ids.paid, ids.pending]],
      ['2026-12-01', 1, [ids.other]],
    ]);
    expect((await get('/api/admin/calendar?from=2026-11-26&to=2026-11-30')).json()).toEqual({ days: [] });
    expect((await get('/api/admin/calendar?from=2026-12-05&to=2026-11-01')).statusCode).toBe(400);
    expect((await get('/api/admin/calendar?from=2026-01-01&to=2026-12-31')).statusCode).toBe(400);
    expect((await get('/api/admin/calendar?from=2026-11-01')).statusCode).toBe(400);
  });

  it("pages a day's calendar events by start time for the day's modal", async () => {
    const day = (await get(`/api/admin/calendar/day?date=${DAY}`)).json();
    expect(day).toMatchObject({ total: 3, limit: 100, next_cursor: null });
    expect(day.items.map((e: { id: number }) => e.id)).toEqual([ids.paid, ids.pending, ids.initiated]);
    const first = (await get(`/api/admin/calendar/day?date=${DAY}&limit=2`)).json();
    const rest = (
      await get(`/api/admin/calendar/day?date=${DAY}&limit=2&cursor=${first.next_cursor}`)
    ).json();
    expect([...first.items, ...rest.items].map((e: { id: number }) => e.id)).toEqual([
      ids.paid,
      ids.pending,
      ids.initiated,
    ]);
    expect(rest.next_cursor).toBeNull();
    expect((await get('/api/admin/calendar/day?date=2026-11-30')).json()).toMatchObject({
      items: [],
      total: 0,
    });
    expect((await get(`/api/admin/calendar/day?date=${DAY}&limit=201`)).statusCode).toBe(400);
    expect((await get(`/api/admin/calendar/day?date=${DAY}&cursor=1`)).statusCode).toBe(400);
    expect((await get('/api/admin/calendar/day')).statusCode).toBe(400);
  });

  it('lists client bookings with data nested, filtered by client name (case-insensitive substring)', async () => {
    const all = (await get('/api/admin/clients-with-therapists')).json();
    expect(all).toMatchObject({ total: 6, limit: 10, next_cursor: null });
    expect(all.items.map((row: { booking_id: number }) => row.booking_id)).not.toContain(ids.block);
    const first = (await get('/api/admin/clients-with-therapists?limit=4')).json();
    const rest = (await get(`/api/admin/clients-with-therapists?limit=4&cursor=${first.next_cursor}`)).json();
    expect([...first.items, ...rest.items]).toEqual(all.items);
    const anita = (await get('/api/admin/clients-with-therapists?name=nITA')).json().items;
    expect(anita.map((row: { booking_id: number }) => row.booking_id)).toEqual([ids.pending, ids.paid]);
    expect(anita[1]).toEqual({
      booking_id: ids.paid,
      data: {
        booking_id: ids.paid,
        client_full_name: 'Anita Desai',
        client_email: 'anita@example.com',
        client_mobile: '9000000001',
        client_note: null,
        client_session_type: null,
        client_city: null,
        client_state: null,
        therapist_id: 5,
        booking_date: DAY,
        booking_time_slot_start: '09:00:00',
        booking_type: 'OFFLINE',
        payment_status: 'COMPLETED',
        cancelled: false,
        amount: 1500,
        location_id: 2,
        location_address: expect.stringContaining('Ghatkopar'),
        therapist_details: { name: expect.any(String) },
      },
    });
    // % and _ are taken literally.
    expect((await get('/api/admin/clients-with-therapists?name=%25')).json().total).toBe(1);
    expect((await get('/api/admin/clients-with-therapists?name=_')).json().total).toBe(1);
    expect((await get('/api/admin/clients-with-therapists?name=nobody')).json()).toMatchObject({
      items: [],
      total: 0,
    });
  });

  it('searches distinct clients by name, e-mail or mobile', async () => {
    const all = (await get('/api/admin/search-clients')).json().items;
    expect(all.map((c: { name: string }) => c.name)).toEqual([
      'Anita Desai',
      'Bharat Singh',
      'Chitra 100%_Rao',
      'Deepak Anand',
      'Esha Gupta',
    ]);
    expect((await get('/api/admin/search-clients?name=desai')).json()).toEqual({
      items: [
        { name: 'Anita Desai', email: expect.stringMatching(/^anita@example\.com$/i), phone: '9000000001' },
      ],
      limit: 50,
      next_cursor: null,
    });
    expect((await get('/api/admin/search-clients?name=ESHA%40')).json().items).toHaveLength(1);
    expect((await get('/api/admin/search-clients?name=00002')).json().items).toEqual([
      { name: 'Bharat Singh', email: 'bharat@example.com', phone: '9000000002' },
    ]);
    // % and _ are taken literally.
    expect((await get('/api/admin/search-clients?name=0%25_')).json().items).toEqual([
      expect.objectContaining({ name: 'Chitra 100%_Rao' }),
    ]);
    // Pages by name, by cursor: the same clients in the same order, none twice.
    const first = (await get('/api/admin/search-clients?limit=2')).json();
    const second = (await get(`/api/admin/search-clients?limit=2&cursor=${first.next_cursor}`)).json();
    const third = (await get(`/api/admin/search-clients?limit=2&cursor=${second.next_cursor}`)).json();
    expect([...first.items, ...second.items, ...third.items]).toEqual(all);
    expect(third.next_cursor).toBeNull();
    expect((await get('/api/admin/search-clients?cursor=a~b')).statusCode).toBe(400);
    expect((await get('/api/admin/search-clients?limit=101')).statusCode).toBe(400);
  });

  it('shows superadmins the audit log, newest first, and refuses it to admins', async () => {
    expect((await get('/api/admin/audit-log')).statusCode).toBe(403);
    const entries = (await get('/api/admin/audit-log', bossToken)).json().items;
    // The views of client data this file's tests made are audited too (issue 14); the newest change:
    expect(entries.find((e: { action: string }) => e.action !== 'client_data.view')).toMatchObject({
      action: 'slot.block',
      actor_label: 'staff@example.com',
      booking_id: ids.block,
      therapist_id: 5,
    });
    expect(entries.map((e: { action: string }) => e.action)).toContain('admin.login');
    expect(entries.map((e: { action: string }) => e.action)).toContain('admin_user.create');
    const times = entries.map((e: { at: string }) => e.at);
    expect(times).toEqual([...times].sort().reverse());
    const first = (await get('/api/admin/audit-log?limit=2', bossToken)).json();
    expect(first.items).toEqual(entries.slice(0, 2));
    const second = (await get(`/api/admin/audit-log?limit=2&cursor=${first.next_cursor}`, bossToken)).json();
    expect(second.items).toEqual(entries.slice(2, 4));
    expect((await get('/api/admin/audit-log?limit=500', bossToken)).statusCode).toBe(400);
  });
});
