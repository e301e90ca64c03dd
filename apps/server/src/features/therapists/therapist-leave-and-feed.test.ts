import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdminUser, signIn } from '../../test/admin-test-kit.ts';
import { type ScheduleTestApp, scheduleTestApp } from '../../test/schedule-test-kit.ts';
import { backends } from '../../test/test-database.ts';
import { createAdminUsersService } from '../admin-auth/admin-users-service.ts';

/*
 * The therapist's own calls of issue 25 parts 5 and 6, through the API as a therapist signs in
 * (decision 052): leave requests and their outcome, the calendar feed's address and its rotation.
 * "Today" is Sunday 2026-11-22 in Kolkata.
 */

describe.each(backends)("a therapist's leave requests and calendar feed on %s", (backend) => {
  let t: ScheduleTestApp;
  let priya: (
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
  ) => ReturnType<ScheduleTestApp['asOwner']>;
  let asha: typeof priya;

  beforeAll(async () => {
    t = await scheduleTestApp(backend);
    await createAdminUser(t.db, 'priya@example.com', { therapistId: 3 });
    await createAdminUser(t.db, 'asha@example.com', { therapistId: 1 });
    const as = (token: string) => (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
    priya = as(await signIn(t.app, 'priya@example.com'));
    asha = as(await signIn(t.app, 'asha@example.com'));
  });
  afterAll(() => t.close());

  it('asks for leave, and sees the outcome once a superadmin decides', async () => {
    const asked = await priya('POST', '/api/therapist/leave-requests', {
      from: '2026-11-24',
      to: '2026-11-26',
      reason: 'Conference',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json()).toMatchObject({ therapist_id: 3, status: 'requested', from: '2026-11-24' });
    const id = asked.json().id as number;

    const waiting = (await t.asOwner('GET', '/api/admin/leave-requests')).json();
    expect(waiting.requested_count).toBe(1);
    expect(waiting.items[0]).toMatchObject({ id, therapist_name: 'Ms.Priya Nair', reason: 'Conference' });

    const approved = await t.asOwner('POST', `/api/admin/leave-requests/${id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    const own = (await priya('GET', '/api/therapist/leave-requests')).json();
    expect(own).toMatchObject({ total: 1, requested_count: 0, items: [{ id, status: 'approved' }] });
    expect(own.items[0].decided_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    // Another therapist sees none of it, and cannot decide.
    expect((await asha('GET', '/api/therapist/leave-requests')).json()).toMatchObject({
      total: 0,
      items: [],
    });
    const refused = await asha('POST', `/api/admin/leave-requests/${id}/decline`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBeTruthy();
  });

  it('refuses leave in the past or longer than a year with a detail, and stores nothing', async () => {
    const before = (await priya('GET', '/api/therapist/leave-requests')).json().total;
    for (const [body, detail] of [
      [{ from: '2026-11-20', to: '2026-11-23' }, 'from: leave cannot start in the past.'],
      [{ from: '2026-12-01', to: '2027-12-02' }, 'to: leave may last at most 366 days at once.'],
    ] as const) {
      const response = await priya('POST', '/api/therapist/leave-requests', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail });
    }
    const bad = await priya('POST', '/api/therapist/leave-requests', { from: 'soon' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBeTruthy();
    expect((await priya('GET', '/api/therapist/leave-requests')).json().total).toBe(before);
  });

  it('gives the feed address, the same each time, and a new one on rotation', async () => {
    const first = await priya('GET', '/api/therapist/calendar-feed');
    expect(first.statusCode, first.body).toBe(200);
    const url = first.json().url as string;
    expect(url).toMatch(/^http:\/\/localhost:3000\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect((await priya('GET', '/api/therapist/calendar-feed')).json().url).toBe(url);
    const path = new URL(url).pathname;
    const feed = await t.app.inject(path);
    expect(feed.statusCode).toBe(200);
    expect(new ICAL.Component(ICAL.parse(feed.body)).name).toBe('vcalendar');
    // Asha's address is another.
    expect((await asha('GET', '/api/therapist/calendar-feed')).json().url).not.toBe(url);

    const rotated = await priya('POST', '/api/therapist/calendar-feed/rotate');
    expect(rotated.statusCode, rotated.body).toBe(200);
    expect(rotated.json().url).not.toBe(url);
    const old = await t.app.inject(path);
    expect(old.statusCode).toBe(404);
    expect(old.json().detail).toMatch(/no longer works/);
    expect((await t.app.inject(new URL(rotated.json().url).pathname)).statusCode).toBe(200);
    const { rows } = await t.db.query(
      "SELECT actor_label FROM audit_log WHERE action = 'calendar_feed.rotate'",
    );
    expect(rows).toEqual([{ actor_label: 'priya@example.com' }]);
  });

  it("stops the feed once a superadmin deactivates the therapist's login, and its calls sign it out", async () => {
    await createAdminUser(t.db, 'leaving@example.com', { therapistId: 7 });
    const token = await signIn(t.app, 'leaving@example.com');
    const url = (await t.app.inject({ url: '/api/therapist/calendar-feed', headers: bearer(token) })).json()
      .url as string;
    expect((await t.app.inject(new URL(url).pathname)).statusCode).toBe(200);
    await createAdminUsersService(t.db).deactivateAdmin('leaving@example.com');
    const stopped = await t.app.inject(new URL(url).pathname);
    expect(stopped.statusCode).toBe(404);
    expect(stopped.json().detail).toMatch(/no longer works/);
    const after = await t.app.inject({ url: '/api/therapist/leave-requests', headers: bearer(token) });
    expect(after.statusCode).toBe(401);
  });

  it('keeps these calls for therapists: admins get 403, nobody signed in 401', async () => {
    for (const [method, url] of [
      ['GET', '/api/therapist/leave-requests'],
      ['POST', '/api/therapist/leave-requests'],
      ['GET', '/api/therapist/calendar-feed'],
      ['POST', '/api/therapist/calendar-feed/rotate'],
    ] as const) {
      expect((await t.asOwner(method, url, {})).statusCode, url).toBe(403);
      expect((await t.asStaff(method, url, {})).statusCode, url).toBe(403);
      expect((await t.app.inject({ method, url })).statusCode, url).toBe(401);
    }
    const listed = t.app.adminRoutes.map((route) => `${route.method} ${route.url} ${route.role}`);
    for (const expected of [
      'POST /api/therapist/leave-requests therapist',
      'GET /api/therapist/leave-requests therapist',
      'GET /api/therapist/calendar-feed therapist',
      'POST /api/therapist/calendar-feed/rotate therapist',
      'GET /api/admin/leave-requests superadmin',
      'POST /api/admin/leave-requests/:id/approve superadmin',
      'POST /api/admin/leave-requests/:id/decline superadmin',
    ]) {
      expect(listed).toContain(expected);
    }
  });
});
