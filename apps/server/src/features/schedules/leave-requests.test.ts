import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertClientBooking, NOW } from '../../test/admin-test-kit.ts';
import { auditRows, type ScheduleTestApp, scheduleTestApp } from '../../test/schedule-test-kit.ts';
import { backends } from '../../test/test-database.ts';
import { createLeaveRequestService, type LeaveRequester } from './leave-requests-service.ts';

/*
 * Leave requests, the superadmins' side (issue 25): the list with its count, approval (the
 * therapist's leave at once, the bookings it touches in Outside schedule at once), decline, and
 * the refusals. "Today" is Sunday 2026-11-22 in Kolkata. Requests are made through the service
 * here; the therapist's own call is walked by the therapist routes' tests.
 */

const PRIYA: LeaveRequester = { therapistId: 3, adminId: null, label: 'priya@example.com' };

describe.each(backends)('leave requests on %s', (backend) => {
  let t: ScheduleTestApp;
  let leave: ReturnType<typeof createLeaveRequestService>;

  beforeAll(async () => {
    t = await scheduleTestApp(backend);
    leave = createLeaveRequestService({ db: t.db, clinicTimeZone: 'Asia/Kolkata', now: () => NOW });
  });
  afterAll(() => t.close());

  const outsideIds = async () =>
    (await t.asStaff('GET', '/api/admin/bookings/outside-schedule?therapist_id=3'))
      .json()
      .items.map((item: { booking_id: number }) => item.booking_id);

  it('lists a new request for superadmins, with the count of requested ones, and only for them', async () => {
    const asked = await leave.request(PRIYA, {
      from: '2026-12-01',
      to: '2026-12-03',
      reason: 'Family wedding',
    });
    expect(asked).toMatchObject({ therapist_id: 3, therapist_name: 'Ms.Priya Nair', status: 'requested' });
    const page = await t.asOwner('GET', '/api/admin/leave-requests?status=requested');
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({
      total: 1,
      requested_count: 1,
      next_cursor: null,
      items: [
        { id: asked.id, from: '2026-12-01', to: '2026-12-03', reason: 'Family wedding', decided_at: null },
      ],
    });
    const staff = await t.asStaff('GET', '/api/admin/leave-requests');
    expect(staff.statusCode).toBe(403);
    expect(staff.json().detail).toBeTruthy();
    expect(await auditRows(t.db, 'leave_request.create')).toMatchObject([
      { actor_label: 'priya@example.com', therapist_id: 3, details: { leave_request_id: asked.id } },
    ]);
  });

  it('approves: the leave exists, and the booking it touches is in Outside schedule at once', async () => {
    const booking = await insertClientBooking(t.db, {
      therapistId: 3,
      bookingDate: '2026-11-25',
      startTime: '11:00',
      bookingType: 'OFFLINE',
      paymentStatus: 'PENDING',
      locationId: 1,
      client: { fullName: 'Kavya Sharma', email: 'kavya@example.com', mobile: '9876543210' },
    });
    expect(await outsideIds()).not.toContain(booking.id);
    const asked = await leave.request(PRIYA, { from: '2026-11-24', to: '2026-11-26', reason: 'Course' });

    const approved = await t.asOwner('POST', `/api/admin/leave-requests/${asked.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ id: asked.id, status: 'approved', outside_bookings: 1 });
    expect(approved.json().time_off_id).toBeGreaterThan(0);
    expect(await outsideIds()).toContain(booking.id);
    const schedule = (await t.asOwner('GET', '/api/admin/therapists/3/schedule')).json();
    expect(schedule.time_off).toContainEqual({
      id: approved.json().time_off_id,
      therapist_id: 3,
      from: '2026-11-24',
      to: '2026-11-26',
      reason: 'Course',
    });
    expect(await auditRows(t.db, 'leave_request.approve')).toMatchObject([
      { actor_label: 'owner@example.com', therapist_id: 3, details: { leave_request_id: asked.id } },
    ]);

    // Decided once: a second decision changes nothing.
    const again = await t.asOwner('POST', `/api/admin/leave-requests/${asked.id}/decline`);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toMatch(/already approved/);
  });

  it('declines: no leave is made, and the count goes down', async () => {
    const before = (await t.asOwner('GET', '/api/admin/leave-requests')).json();
    const asked = await leave.request(PRIYA, { from: '2027-01-04', to: '2027-01-04', reason: '' });
    const leaveRows = async () =>
      (await t.db.query('SELECT id FROM time_off WHERE therapist_id = 3')).rows.length;
    const leaveBefore = await leaveRows();
    const declined = await t.asOwner('POST', `/api/admin/leave-requests/${asked.id}/decline`);
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json()).toMatchObject({ status: 'declined', time_off_id: null });
    expect(await leaveRows()).toBe(leaveBefore);
    const after = (await t.asOwner('GET', '/api/admin/leave-requests')).json();
    expect(after.requested_count).toBe(before.requested_count);
    expect(after.total).toBe(before.total + 1);
  });

  it('refuses leave in the past, longer than a year, or ending before it starts, with a detail', async () => {
    await expect(
      leave.request(PRIYA, { from: '2026-11-21', to: '2026-11-23', reason: '' }),
    ).rejects.toMatchObject({
      statusCode: 400,
      message: 'from: leave cannot start in the past.',
    });
    await expect(
      leave.request(PRIYA, { from: '2026-12-01', to: '2027-12-02', reason: '' }),
    ).rejects.toMatchObject({
      statusCode: 400,
      message: 'to: leave may last at most 366 days at once.',
    });
    await expect(
      leave.request(PRIYA, { from: '2026-12-05', to: '2026-12-04', reason: '' }),
    ).rejects.toMatchObject({
      statusCode: 400,
    });
    for (const path of ['999999/approve', 'abc/approve', '1/reject']) {
      const response = await t.asOwner('POST', `/api/admin/leave-requests/${path}`);
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.json().detail).toBeTruthy();
    }
    const badPage = await t.asOwner('GET', '/api/admin/leave-requests?limit=1000');
    expect(badPage.statusCode).toBe(400);
  });

  it('pages newest first', async () => {
    const first = (await t.asOwner('GET', '/api/admin/leave-requests?limit=2')).json();
    expect(first.items).toHaveLength(2);
    expect(first.items[0].id).toBeGreaterThan(first.items[1].id);
    const second = (
      await t.asOwner('GET', `/api/admin/leave-requests?limit=2&cursor=${first.next_cursor}`)
    ).json();
    expect(second.items[0].id).toBeLessThan(first.items[1].id);
  });
});
