import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoTestApp } from '../../test/test-app.ts';
import { backends, type TestDatabase } from '../../test/test-database.ts';
import { insertBooking } from '../bookings/bookings-repo.ts';

// A fixed "now": 2026-11-22 09:30 in Kolkata (04:00 UTC).
const NOW = new Date('2026-11-22T04:00:00Z');

describe.each(backends)('public catalogue on %s', (backend) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ db, app, close } = await createDemoTestApp(backend, { now: () => NOW }));
  });
  afterAll(() => close());

  const get = (url: string) => app.inject({ method: 'GET', url });

  it('lists the two locations with the fields of section 3', async () => {
    const response = await get('/locations');
    expect(response.statusCode).toBe(200);
    const locations = response.json();
    expect(locations.map((l: { id: number; name: string }) => [l.id, l.name])).toEqual([
      [1, 'West Branch'],
      [2, 'East Branch'],
    ]);
    for (const location of locations) {
      expect(location.description.length).toBeGreaterThan(10);
      expect(location.address).toMatch(/Mumbai/);
    }
  });

  it('lists services with service 1 as the default first one', async () => {
    const services = (await get('/services')).json();
    expect(services.length).toBeGreaterThanOrEqual(5);
    expect(services[0]).toEqual({ id: 1, name: 'Individual Counselling' });
    const names = services.map((s: { name: string }) => s.name).join(' ');
    for (const kind of ['Counselling', 'Psychotherapy', 'Psychiatric', 'Psychometric', 'Workshops']) {
      expect(names).toContain(kind);
    }
  });

  it('lists therapists in the prefix.Name form, priced in rupees, online and offline at each location', async () => {
    const therapists = (await get('/therapists')).json();
    expect(therapists.length).toBeGreaterThanOrEqual(6);
    for (const therapist of therapists) {
      expect(therapist.name).toMatch(/^[A-Za-z]+\.\S/);
      expect(therapist.bio.split('|')).toHaveLength(3);
      expect(therapist.price).toBeGreaterThan(0);
      expect(therapist.image_url).toMatch(/\.png$/);
      expect(therapist.offered_service_ids.length).toBeGreaterThan(0);
      expect([1, 2]).toContain(therapist.type);
      expect(therapist).not.toHaveProperty('email');
    }
    expect(therapists[0]).toMatchObject({
      id: 1,
      name: 'Dr.Asha Menon',
      price: 1500,
      type: 1,
      locations: [],
    });
    const offlineAt = (id: number) =>
      therapists.filter(
        (t: { type: number; locations: number[] }) => t.type === 2 && t.locations.includes(id),
      );
    expect(offlineAt(1).length).toBeGreaterThan(0);
    expect(offlineAt(2).length).toBeGreaterThan(0);
    expect(therapists.some((t: { type: number }) => t.type === 1)).toBe(true);
  });

  it("gives a therapist's daily slot templates with HH:MM:SS times, sorted", async () => {
    const response = await get('/availability-slots?therapist_id=3');
    expect(response.statusCode).toBe(200);
    const slots = response.json();
    expect(slots.length).toBeGreaterThan(3);
    expect(slots[0]).toEqual({
      id: expect.any(Number),
      therapist_id: 3,
      start_time: '08:00:00',
      end_time: '08:45:00',
      is_available: true,
      admin_blocked: false,
      locationId: 1,
    });
    const starts = slots.map((s: { start_time: string }) => s.start_time);
    expect(starts).toEqual([...starts].sort());
  });

  it('gives every therapist’s slots without a therapist_id', async () => {
    const slots = (await get('/availability-slots')).json();
    const therapistIds = new Set(slots.map((s: { therapist_id: number }) => s.therapist_id));
    expect(therapistIds.size).toBe(8);
  });

  it('lists held slots from today on: bookings and admin blocks, not cancelled or failed ones', async () => {
    const base = {
      therapistId: 2,
      serviceId: 1,
      endTime: '14:45:00',
      termsAccepted: true,
      locationId: null,
      amountPaise: 0,
      therapistEmail: null,
    };
    await insertBooking(db, {
      ...base,
      bookingDate: '2026-11-21',
      startTime: '14:00:00',
      bookingType: 'ONLINE',
      paymentStatus: 'COMPLETED',
    });
    await insertBooking(db, {
      ...base,
      bookingDate: '2026-11-23',
      startTime: '14:00:00',
      bookingType: 'ONLINE',
      paymentStatus: 'INITIATED',
    });
    await insertBooking(db, {
      ...base,
      bookingDate: '2026-11-24',
      startTime: '15:00:00',
      endTime: '15:45:00',
      bookingType: 'ADMIN_BLOCK',
      paymentStatus: 'BLOCKED',
    });
    await insertBooking(db, {
      ...base,
      bookingDate: '2026-11-25',
      startTime: '16:00:00',
      endTime: '16:45:00',
      bookingType: 'ONLINE',
      paymentStatus: 'FAILED',
    });

    const response = await get('/booked-slots?therapist_id=2');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { booking_date: '2026-11-23', booking_time_slot_start: '14:00:00' },
      { booking_date: '2026-11-24', booking_time_slot_start: '15:00:00' },
    ]);
  });

  it('answers unknown therapists with 404 JSON and bad ids with 400 JSON', async () => {
    for (const url of ['/availability-slots?therapist_id=999', '/booked-slots?therapist_id=999']) {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Therapist 999 not found' });
    }
    for (const url of [
      '/availability-slots?therapist_id=abc',
      '/availability-slots?therapist_id=-1',
      '/availability-slots?therapist_id=1.5',
      '/booked-slots',
      '/booked-slots?therapist_id=',
      '/booked-slots?therapist_id=1%20OR%201=1',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().detail, url).toMatch(/therapist_id/);
    }
  });

  it('serves location images and therapist photos as PNG', async () => {
    const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    for (const url of [
      '/get_location_image/1.png',
      '/get_location_image/2.png',
      '/get_specific_image/therapist-1.png',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.rawPayload.subarray(0, 8).equals(pngSignature)).toBe(true);
    }
  });

  it('refuses unknown images and paths that try to leave the image folder', async () => {
    expect((await get('/get_location_image/9.png')).statusCode).toBe(404);
    expect((await get('/get_location_image/x.png')).statusCode).toBe(400);
    for (const url of [
      '/get_specific_image/missing.png',
      '/get_specific_image/..%2F..%2Fpackage.json',
      '/get_specific_image/..%2Fassets%2Fimages%2Ftherapist-1.png',
      '/get_specific_image/.hidden.png',
    ]) {
      const response = await get(url);
      expect([400, 404], url).toContain(response.statusCode);
      expect(response.json(), url).toHaveProperty('detail');
    }
  });

  it('answers health, readiness and the OpenAPI description', async () => {
    expect((await get('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await get('/readyz')).json()).toEqual({ status: 'ready' });
    const docs = await get('/api/docs/json');
    expect(docs.statusCode).toBe(200);
    const paths = Object.keys(docs.json().paths);
    for (const path of ['/locations', '/services', '/therapists', '/availability-slots', '/booked-slots']) {
      expect(paths).toContain(path);
    }
    expect(docs.json().paths['/booked-slots'].get.parameters[0]).toMatchObject({
      name: 'therapist_id',
      required: true,
    });
    expect((await get('/api/docs')).statusCode).toBeLessThan(400);
  });

  it('answers an unknown API path with 404 JSON', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/nothing-here',
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Not found: GET /api/nothing-here' });
  });
});
