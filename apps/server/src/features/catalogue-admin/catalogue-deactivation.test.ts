import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdminUser, JWT_SECRET, NOW, signIn } from '../../test/admin-test-kit.ts';
import { offlineBooking, onlineBooking } from '../../test/booking-fixtures.ts';
import { createDemoTestApp } from '../../test/test-app.ts';
import { backends, type TestDatabase } from '../../test/test-database.ts';

// Demo therapist 1 is online only; 3 sees clients in person at location 1; 8 is online only.
describe.each(backends)('deactivated catalogue rows on %s', (backend) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let boss: string;

  beforeAll(async () => {
    ({ db, app, close } = await createDemoTestApp(backend, { now: () => NOW, env: { JWT_SECRET } }));
    await createAdminUser(db, 'boss@example.com', { superadmin: true });
    boss = await signIn(app, 'boss@example.com');
  });
  afterAll(() => close());

  const patch = (url: string, payload: object) =>
    app.inject({ method: 'PATCH', url, headers: bearer(boss), payload });
  const get = async (url: string) => (await app.inject({ method: 'GET', url })).json();
  const post = (url: string, payload: object) => app.inject({ method: 'POST', url, payload });

  it('takes a deactivated therapist out of the wizard and refuses bookings; their booking stays', async () => {
    const booked = await post('/api/bookings', onlineBooking({ booking_time_slot_start: '12:00' }));
    expect(booked.statusCode, booked.body).toBe(201);
    const bookingId = booked.json().booking_id;

    expect((await patch('/api/admin/therapists/1', { is_active: false })).statusCode).toBe(200);
    expect((await get('/therapists')).some((t: { id: number }) => t.id === 1)).toBe(false);
    expect((await app.inject({ method: 'GET', url: '/availability-slots?therapist_id=1' })).statusCode).toBe(
      404,
    );
    expect(
      (await get('/availability-slots')).some((s: { therapist_id: number }) => s.therapist_id === 1),
    ).toBe(false);
    const refused = await post('/api/bookings', onlineBooking({ booking_time_slot_start: '13:00' }));
    expect(refused.statusCode).toBe(404);

    const kept = await app.inject({
      method: 'GET',
      url: `/api/admin/bookings/${bookingId}`,
      headers: bearer(boss),
    });
    const row = kept.json();
    expect(row).toMatchObject({ therapist_id: 1, therapist_name: 'Dr.Asha Menon' });

    await patch('/api/admin/therapists/1', { is_active: true });
    expect((await get('/therapists')).some((t: { id: number }) => t.id === 1)).toBe(true);
  });

  it('takes a deactivated centre out of the wizard and refuses in-person bookings there', async () => {
    await patch('/api/admin/locations/1', { is_active: false });
    expect((await get('/locations')).map((l: { id: number }) => l.id)).toEqual([2]);
    const therapist3 = (await get('/therapists')).find((t: { id: number }) => t.id === 3);
    expect(therapist3.locations).toEqual([]);
    const refused = await post('/confirm-booking', offlineBooking());
    expect(refused.statusCode).toBe(400);
    await patch('/api/admin/locations/1', { is_active: true });
    expect((await post('/confirm-booking', offlineBooking())).statusCode).toBe(201);
  });

  it('takes a deactivated service out of the wizard and refuses bookings of it', async () => {
    await patch('/api/admin/services/2', { is_active: false });
    expect((await get('/services')).some((s: { id: number }) => s.id === 2)).toBe(false);
    for (const therapist of await get('/therapists')) expect(therapist.offered_service_ids).not.toContain(2);
    const therapist = (
      await app.inject({ method: 'GET', url: '/api/admin/catalogue/therapists', headers: bearer(boss) })
    )
      .json()
      .find(
        (t: { offered_service_ids: number[]; type: number }) =>
          t.type === 1 && t.offered_service_ids.includes(2),
      );
    const refused = await post(
      '/api/bookings',
      onlineBooking({ therapist_id: therapist.id, service_id: 2, booking_time_slot_start: '14:00' }),
    );
    expect(refused.statusCode).toBe(400);
    await patch('/api/admin/services/2', { is_active: true });
  });

  it('books a therapist of type 3 both online and in person (ADR 029)', async () => {
    const before = await post(
      '/api/bookings',
      onlineBooking({ therapist_id: 3, booking_time_slot_start: '09:00' }),
    );
    expect(before.statusCode).toBe(400);
    expect((await patch('/api/admin/therapists/3', { type: 3 })).json().type).toBe(3);
    const listed = (await get('/therapists')).find((t: { id: number }) => t.id === 3);
    expect(listed).toMatchObject({ type: 3, locations: [1] });
    // Online hours on Tuesdays (2026-11-24), in-person hours at centre 1 on Wednesdays.
    const week = {
      weekly: [
        { weekday: 2, start: '09:00', end: '09:45', location_id: 0 },
        { weekday: 3, start: '09:00', end: '09:45', location_id: 1 },
      ],
    };
    const scheduled = await app.inject({
      method: 'PUT',
      url: '/api/admin/therapists/3/schedule',
      headers: bearer(boss),
      payload: week,
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    const online = await post(
      '/api/bookings',
      onlineBooking({ therapist_id: 3, booking_date: '2026-11-24', booking_time_slot_start: '09:00' }),
    );
    expect(online.statusCode, online.body).toBe(201);
    const inPerson = await post(
      '/confirm-booking',
      offlineBooking({ booking_date: '2026-11-25', booking_time_slot_start: '09:00' }),
    );
    expect(inPerson.statusCode, inPerson.body).toBe(201);
  });
});
