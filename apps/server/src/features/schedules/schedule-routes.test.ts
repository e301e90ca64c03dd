import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows, type ScheduleTestApp, scheduleTestApp } from '../../test/schedule-test-kit.ts';
import { backends } from '../../test/test-database.ts';

describe.each(backends)('weekly schedules, overrides and leave on %s', (backend) => {
  let t: ScheduleTestApp;
  beforeAll(async () => {
    t = await scheduleTestApp(backend);
  });
  afterAll(() => t.close());

  const put = (id: number | string, body: object) =>
    t.asOwner('PUT', `/api/admin/therapists/${id}/schedule`, body);
  const refused = async (response: Awaited<ReturnType<typeof put>>, status: number, detail: string) => {
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json().detail).toContain(detail);
  };
  const hours = (weekday: number, start: string, end: string, location_id: number) => ({
    weekday,
    start,
    end,
    location_id,
  });

  it("answers a therapist's week, buffer, and upcoming leave", async () => {
    const response = await t.asOwner('GET', '/api/admin/therapists/3/schedule');
    expect(response.statusCode).toBe(200);
    const schedule = response.json();
    expect(schedule).toMatchObject({
      therapist_id: 3,
      buffer_minutes: 15,
      session_minutes: 45,
      overrides: [],
    });
    expect(schedule.weekly).toHaveLength(5);
    expect(schedule.weekly[0]).toEqual(hours(1, '08:00', '13:45', 1));
    const meera = (await t.asOwner('GET', '/api/admin/therapists/7/schedule')).json();
    expect(meera.time_off).toEqual([
      { id: expect.any(Number), therapist_id: 7, from: '2026-11-25', to: '2026-11-25', reason: 'Conference' },
    ]);
    await refused(
      await t.asOwner('GET', '/api/admin/therapists/999/schedule'),
      404,
      'Therapist 999 not found',
    );
    await refused(await t.asOwner('GET', '/api/admin/therapists/abc/schedule'), 400, 'id');
  });

  it('replaces the week in one go, audited', async () => {
    const week = [
      hours(2, '14:00', '18:00', 2),
      hours(2, '09:00', '12:00', 2),
      hours(4, '09:00', '12:00', 2),
    ];
    const response = await put(4, { weekly: week, buffer_minutes: 10 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      therapist_id: 4,
      buffer_minutes: 10,
      weekly: [week[1], week[0], week[2]],
      outside_bookings: 0,
    });
    expect((await t.asOwner('GET', '/api/admin/therapists/4/schedule')).json().weekly).toHaveLength(3);
    const audit = await auditRows(t.db, 'schedule.update');
    expect(audit.at(-1)).toMatchObject({
      actor_label: 'owner@example.com',
      therapist_id: 4,
      details: { buffer_minutes: 10 },
    });
    // An empty week: no hours at all (the therapist offers nothing until given some).
    expect((await put(4, { weekly: [] })).json()).toMatchObject({ weekly: [], buffer_minutes: 0 });
  });

  it('refuses hours that overlap on one weekday, naming the entry', async () => {
    const clash = [
      hours(1, '09:00', '12:00', 0),
      hours(2, '10:00', '11:00', 0),
      hours(1, '11:30', '13:00', 0),
    ];
    await refused(await put(1, { weekly: clash }), 400, 'weekly.2: Monday 11:30–13:00 overlaps 09:00–12:00');
    const touching = [hours(1, '09:00', '12:00', 0), hours(1, '12:00', '13:00', 0)];
    expect((await put(1, { weekly: touching })).statusCode).toBe(200);
  });

  it('allows online hours only to a therapist who offers online sessions, and only their own centres', async () => {
    await refused(
      await put(3, { weekly: [hours(1, '09:00', '12:00', 0)] }),
      400,
      'weekly.0.location_id: Ms.Priya Nair does not offer online sessions',
    );
    await refused(
      await put(3, { weekly: [hours(1, '09:00', '12:00', 1), hours(2, '09:00', '12:00', 2)] }),
      400,
      'weekly.1.location_id: Ms.Priya Nair does not work at centre 2',
    );
    await refused(await put(3, { weekly: [hours(1, '09:00', '12:00', 99)] }), 400, 'weekly.0.location_id');
    await refused(await put(1, { weekly: [hours(1, '09:00', '12:00', 1)] }), 400, 'weekly.0.location_id');
  });

  it('refuses a bad week with a 4xx naming the field, and an unknown therapist with 404', async () => {
    await refused(await put(1, { weekly: [hours(1, '12:00', '09:00', 0)] }), 400, 'weekly.0.end');
    await refused(await put(1, { weekly: [hours(7, '09:00', '12:00', 0)] }), 400, 'weekly.0.weekday');
    await refused(await put(1, { weekly: [hours(1, '9:00', '12:00', 0)] }), 400, 'weekly.0.start');
    await refused(await put(1, { weekly: [], buffer_minutes: 121 }), 400, 'buffer_minutes');
    const tooMany = Array.from({ length: 57 }, (_, i) => hours(i % 7, '09:00', '09:45', 0));
    await refused(await put(1, { weekly: tooMany }), 400, 'weekly');
    await refused(await put(999, { weekly: [] }), 404, 'Therapist 999 not found');
  });

  describe('leave', () => {
    const leave = (id: number, body: object) =>
      t.asOwner('POST', `/api/admin/therapists/${id}/time-off`, body);

    it('adds and removes leave, audited', async () => {
      const created = await leave(2, { from: '2026-12-01', to: '2026-12-03', reason: 'Family wedding' });
      expect(created.statusCode, created.body).toBe(201);
      const stored = created.json();
      expect(stored).toEqual({
        id: expect.any(Number),
        therapist_id: 2,
        from: '2026-12-01',
        to: '2026-12-03',
        reason: 'Family wedding',
        outside_bookings: 0,
      });
      expect((await t.asOwner('GET', '/api/admin/therapists/2/schedule')).json().time_off).toEqual([
        { id: stored.id, therapist_id: 2, from: '2026-12-01', to: '2026-12-03', reason: 'Family wedding' },
      ]);
      await refused(
        await t.asOwner('DELETE', `/api/admin/therapists/1/time-off/${stored.id}`),
        404,
        'no leave',
      );
      const removed = await t.asOwner('DELETE', `/api/admin/therapists/2/time-off/${stored.id}`);
      expect(removed.statusCode).toBe(200);
      expect(removed.json()).toMatchObject({ id: stored.id, from: '2026-12-01' });
      await refused(
        await t.asOwner('DELETE', `/api/admin/therapists/2/time-off/${stored.id}`),
        404,
        'no leave',
      );
      expect((await auditRows(t.db, 'time_off.create')).at(-1)).toMatchObject({
        actor_label: 'owner@example.com',
        therapist_id: 2,
        details: { time_off_id: stored.id, from: '2026-12-01', to: '2026-12-03' },
      });
      expect((await auditRows(t.db, 'time_off.delete')).at(-1)).toMatchObject({ therapist_id: 2 });
    });

    it('refuses leave ending before it starts, longer than a year, or of nobody', async () => {
      await refused(await leave(2, { from: '2026-12-03', to: '2026-12-01' }), 400, 'to:');
      // 2026-12-01 to 2027-12-01 is 366 days, both included.
      await refused(
        await leave(2, { from: '2026-12-01', to: '2027-12-02' }),
        400,
        'to: leave may last at most 366 days',
      );
      expect((await leave(2, { from: '2026-12-01', to: '2027-12-01' })).statusCode).toBe(201);
      await refused(await leave(2, { from: '2026-02-30', to: '2026-12-01' }), 400, 'from');
      await refused(
        await leave(999, { from: '2026-12-01', to: '2026-12-01' }),
        404,
        'Therapist 999 not found',
      );
    });
  });

  describe('date overrides', () => {
    const override = (id: number, body: object) =>
      t.asOwner('POST', `/api/admin/therapists/${id}/overrides`, body);

    it('sets a date’s hours, replaces them when set again, and removes them', async () => {
      const first = await override(3, { date: '2026-11-28', hours: [{ start: '10:00', end: '12:00' }] });
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toEqual({
        therapist_id: 3,
        date: '2026-11-28',
        hours: [{ start: '10:00', end: '12:00', location_id: 1 }],
        outside_bookings: 0,
      });
      const again = await override(3, { date: '2026-11-28', hours: [] });
      expect(again.json()).toMatchObject({ date: '2026-11-28', hours: [] });
      const listed = (await t.asOwner('GET', '/api/admin/therapists/3/schedule')).json().overrides;
      expect(listed).toEqual([{ therapist_id: 3, date: '2026-11-28', hours: [] }]);

      const removed = await t.asOwner('DELETE', '/api/admin/therapists/3/overrides/2026-11-28');
      expect(removed.statusCode).toBe(200);
      expect((await t.asOwner('GET', '/api/admin/therapists/3/schedule')).json().overrides).toEqual([]);
      await refused(
        await t.asOwner('DELETE', '/api/admin/therapists/3/overrides/2026-11-28'),
        404,
        'no override',
      );
      await refused(await t.asOwner('DELETE', '/api/admin/therapists/3/overrides/2026-13-01'), 400, 'date');
      expect((await auditRows(t.db, 'override.save')).map((row) => row.details.date)).toEqual([
        '2026-11-28',
        '2026-11-28',
      ]);
      expect(await auditRows(t.db, 'override.delete')).toHaveLength(1);
    });

    it("defaults the hours' location: online, that weekday's centre, else the first centre", async () => {
      const online = await override(1, { date: '2026-11-30', hours: [{ start: '10:00', end: '11:00' }] });
      expect(online.json().hours).toEqual([{ start: '10:00', end: '11:00', location_id: 0 }]);
      await t.db.query('INSERT INTO therapist_locations (therapist_id, location_id) VALUES (5, 1)');
      expect((await put(5, { weekly: [hours(1, '09:00', '12:00', 2)] })).statusCode).toBe(200);
      const monday = await override(5, { date: '2026-11-30', hours: [{ start: '13:00', end: '15:00' }] });
      expect(monday.json().hours).toEqual([{ start: '13:00', end: '15:00', location_id: 2 }]);
      const tuesday = await override(5, { date: '2026-12-01', hours: [{ start: '13:00', end: '15:00' }] });
      expect(tuesday.json().hours).toEqual([{ start: '13:00', end: '15:00', location_id: 1 }]);
    });

    it('refuses overlapping hours, a centre the therapist does not work at, and bad times', async () => {
      const clash = [
        { start: '10:00', end: '12:00' },
        { start: '11:00', end: '13:00' },
      ];
      await refused(
        await override(1, { date: '2026-12-02', hours: clash }),
        400,
        'hours.1: 2026-12-02 11:00–13:00 overlaps',
      );
      await refused(
        await override(3, { date: '2026-12-02', hours: [{ start: '10:00', end: '12:00', location_id: 0 }] }),
        400,
        'hours.0.location_id',
      );
      await refused(
        await override(3, { date: '2026-12-02', hours: [{ start: '12:00', end: '10:00' }] }),
        400,
        'hours.0.end',
      );
      await refused(await override(999, { date: '2026-12-02', hours: [] }), 404, 'Therapist 999');
    });
  });

  it('lets only superadmins change schedules (403 for other admins, 401 without a token)', async () => {
    const calls: [Parameters<ScheduleTestApp['asStaff']>[0], string, object?][] = [
      ['GET', '/api/admin/therapists/1/schedule'],
      ['PUT', '/api/admin/therapists/1/schedule', { weekly: [] }],
      ['POST', '/api/admin/therapists/1/time-off', { from: '2026-12-01', to: '2026-12-01' }],
      ['DELETE', '/api/admin/therapists/1/time-off/1'],
      ['POST', '/api/admin/therapists/1/overrides', { date: '2026-12-01', hours: [] }],
      ['DELETE', '/api/admin/therapists/1/overrides/2026-12-01'],
      ['GET', '/api/admin/holidays'],
      ['POST', '/api/admin/holidays', { date: '2026-12-25', name: 'Christmas' }],
      ['DELETE', '/api/admin/holidays/1'],
    ];
    for (const [method, url, body] of calls) {
      expect((await t.asStaff(method, url, body)).statusCode, `${method} ${url}`).toBe(403);
      expect((await t.app.inject({ method, url, ...(body ? { payload: body } : {}) })).statusCode).toBe(401);
    }
    expect((await t.asOwner('GET', '/api/admin/therapists/1/schedule')).json().weekly).toHaveLength(2);
  });
});
