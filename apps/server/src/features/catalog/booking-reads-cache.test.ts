import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createAdminUser,
  insertClientBooking,
  JWT_SECRET,
  signIn,
} from '../../test/admin-test-kit.ts';
import { BOOKING_TEST_NOW, onlineBooking } from '../../test/booking-fixtures.ts';
import { createDemoTestApp, createTestApp } from '../../test/test-app.ts';
import { backends, type TestDatabase } from '../../test/test-database.ts';
import { createBookingReadsCache } from './booking-reads-cache.ts';

describe('the booking reads cache (ADR 036)', () => {
  it('keeps an answer for its time only, then builds it again', async () => {
    let clock = 0;
    let builds = 0;
    const cache = createBookingReadsCache({ ttlMs: 1_000, clock: () => clock });
    const build = async () => ({ build: ++builds });
    expect((await cache.answer('k', build)).body).toBe('{"build":1}');
    clock = 999;
    expect((await cache.answer('k', build)).body).toBe('{"build":1}');
    clock = 1_000;
    expect((await cache.answer('k', build)).body).toBe('{"build":2}');
  });

  it('drops every answer when this instance writes, and never keeps one built across the write', async () => {
    const cache = createBookingReadsCache({ ttlMs: 60_000 });
    let value = 'old';
    let release = () => {};
    const slow = () => {
      const read = value;
      return new Promise((resolve) => (release = () => resolve(read)));
    };
    const building = cache.answer('k', slow);
    cache.invalidate();
    value = 'new';
    release();
    // The answer read before the write goes to the one who asked, but is not kept.
    expect((await building).body).toBe('"old"');
    expect((await cache.answer('k', async () => value)).body).toBe('"new"');
    cache.invalidate();
    value = 'newer';
    expect((await cache.answer('k', async () => value)).body).toBe('"newer"');
  });

  it('builds once for all who ask at the same time, and keeps no failure', async () => {
    const cache = createBookingReadsCache();
    let builds = 0;
    const build = async () => {
      builds++;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return builds;
    };
    const answers = await Promise.all([1, 2, 3].map(() => cache.answer('k', build)));
    expect(answers.map((answer) => answer.body)).toEqual(['1', '1', '1']);
    expect(builds).toBe(1);
    const failing = async () => {
      throw new Error('no such therapist');
    };
    await expect(Promise.resolve(cache.answer('bad', failing))).rejects.toThrow('no such therapist');
    expect((await cache.answer('bad', async () => 'found')).body).toBe('"found"');
  });
});

describe.each(backends)('the slots a visitor sees, kept a second at most, on %s', (backend) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let other: FastifyInstance;
  const closers: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    const first = await createDemoTestApp(backend, { now: () => BOOKING_TEST_NOW, env: { JWT_SECRET } });
    ({ db, app } = first);
    // A second server on the same database, as behind a load balancer.
    const second = await createTestApp(db, { now: () => BOOKING_TEST_NOW, env: { JWT_SECRET } });
    other = second.app;
    closers.push(second.close, first.close);
  });
  afterAll(async () => {
    for (const close of closers) await close();
  });

  const heldStarts = async (server: FastifyInstance, therapistId: number, date: string) =>
    (await server.inject(`/booked-slots?therapist_id=${therapistId}`))
      .json()
      .filter((slot: { booking_date: string }) => slot.booking_date === date)
      .map((slot: { booking_time_slot_start: string }) => slot.booking_time_slot_start.slice(0, 5));
  const openStarts = async (server: FastifyInstance, therapistId: number, date: string) =>
    (await server.inject(`/api/open-slots?therapist_id=${therapistId}&from=${date}&to=${date}`))
      .json()
      .map((slot: { start_time: string }) => slot.start_time);

  it('shows a booking made on this instance at once, and on another within about a second', async () => {
    // Both instances have read (and kept) the day before the booking.
    expect(await openStarts(app, 1, '2026-11-23')).toContain('10:00');
    expect(await openStarts(other, 1, '2026-11-23')).toContain('10:00');
    expect(await heldStarts(other, 1, '2026-11-23')).not.toContain('10:00');
    const booked = await app.inject({ method: 'POST', url: '/api/bookings', payload: onlineBooking() });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(await heldStarts(app, 1, '2026-11-23')).toContain('10:00');
    expect(await openStarts(app, 1, '2026-11-23')).not.toContain('10:00');

    // Each of the other instance's two answers was kept from its own read: each turns within a second of it.
    const started = performance.now();
    const seen = async () =>
      !(await openStarts(other, 1, '2026-11-23')).includes('10:00') &&
      (await heldStarts(other, 1, '2026-11-23')).includes('10:00');
    while (!(await seen())) {
      expect(performance.now() - started).toBeLessThan(3_000);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });

  it('reads again after a refused booking: the slot was taken elsewhere', async () => {
    expect(await openStarts(app, 1, '2026-11-24')).toContain('11:00');
    // Another instance's booking, straight into the shared database.
    await insertClientBooking(db, { therapistId: 1, bookingDate: '2026-11-24', startTime: '11:00' });
    const refused = await app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: onlineBooking({ booking_date: '2026-11-24', booking_time_slot_start: '11:00' }),
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(await openStarts(app, 1, '2026-11-24')).not.toContain('11:00');
    expect(await heldStarts(app, 1, '2026-11-24')).toContain('11:00');
  });

  it('tags the slot answers: the same answer is a 304 with no body, a booking a new tag', async () => {
    const day = '2026-11-25';
    for (const url of [
      '/booked-slots?therapist_id=1',
      `/api/open-slots?therapist_id=1&from=${day}&to=${day}`,
    ]) {
      const first = await app.inject(url);
      const etag = first.headers.etag as string;
      expect(etag, url).toMatch(/^"b-[\w-]+"$/);
      expect(first.headers['cache-control']).toBe('no-cache');
      const again = await app.inject({ url, headers: { 'if-none-match': etag } });
      expect(again.statusCode, url).toBe(304);
      expect(again.body).toBe('');
    }
    const before = (await app.inject('/booked-slots?therapist_id=1')).headers.etag as string;
    const [start] = await openStarts(app, 1, day);
    const booked = await app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: onlineBooking({
        booking_date: day,
        booking_time_slot_start: start,
        client_email: 'tag@example.com',
      }),
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const after = await app.inject({
      url: '/booked-slots?therapist_id=1',
      headers: { 'if-none-match': before },
    });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before);
  });

  it('keeps the clinic profile until a superadmin saves it, then shows the new one at once', async () => {
    await createAdminUser(db, 'owner@example.com', { superadmin: true });
    const owner = await signIn(app, 'owner@example.com');
    const first = await app.inject('/api/clinic');
    expect(first.headers['cache-control']).toBe('public, max-age=60');
    const etag = first.headers.etag as string;
    expect((await app.inject({ url: '/api/clinic', headers: { 'if-none-match': etag } })).statusCode).toBe(
      304,
    );
    const profile = (await app.inject({ url: '/api/admin/clinic', headers: bearer(owner) })).json();
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/admin/clinic',
      headers: bearer(owner),
      payload: { ...profile, name: 'Calm Minds Clinic' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const changed = await app.inject({ url: '/api/clinic', headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().name).toBe('Calm Minds Clinic');
  });
});
