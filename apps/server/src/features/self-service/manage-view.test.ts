import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BOOKING_TEST_NOW } from '../../test/booking-fixtures.ts';
import { createManageTestApp, type ManageTestApp } from '../../test/manage-kit.ts';
import { backends } from '../../test/test-database.ts';
import { LINK_NOT_VALID, LINK_REPLACED, SESSION_PASSED } from './manage-view.ts';

describe.each(backends)('what a manage link shows and allows on %s', (backend) => {
  let t: ManageTestApp;

  beforeAll(async () => {
    t = await createManageTestApp(backend);
  });
  afterAll(() => t.close());
  beforeEach(() => {
    t.clock.now = BOOKING_TEST_NOW;
  });

  it('opens a confirmed in-person booking from the status page with Cancel and Reschedule until 24 h before it', async () => {
    const booking = await t.book('offline');
    const token = await t.statusPageToken(booking);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const response = await t.view(token!);
    expect(response.statusCode, response.body).toBe(200);
    const start = new Date(`${booking.date}T${booking.start}:00+05:30`).getTime();
    expect(response.json()).toEqual({
      status: 'confirmed',
      booking: expect.objectContaining({
        booking_id: booking.booking_id,
        booking_type: 'OFFLINE',
        booking_date: booking.date,
        booking_time_slot_start: `${booking.start}:00`,
        therapist_id: 3,
        location_id: 1,
        location_name: 'West Branch',
        paid_online: false,
      }),
      can_change: true,
      notice_hours: 24,
      change_until: new Date(start - 24 * 3_600_000).toISOString(),
      clinic_phone: '+91 22 4000 0000',
      // The client's first session brings the intake (decision 058).
      intake_url: expect.stringMatching(/^http:\/\/book\.test\/intake\/[\w-]{43}$/),
    });
  });

  it('offers no change within 24 hours and refuses one there (23 h), but allows it at 25 h', async () => {
    const booking = await t.book('offline');
    const token = (await t.statusPageToken(booking))!;
    const other = (await t.openSlots(3, 1)).find((slot) => slot.date > booking.date)!;

    t.hoursBefore(23, booking.date, booking.start);
    const late = await t.view(token);
    expect(late.json()).toMatchObject({ status: 'confirmed', can_change: false });
    for (const refused of [await t.cancel(token), await t.reschedule(token, other)]) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json().detail).toContain('less than 24 hours away');
      expect(refused.json().detail).toContain('the full fee is charged');
      expect(refused.json().detail).toContain('call the clinic at +91 22 4000 0000');
    }
    expect((await t.view(token)).json().status).toBe('confirmed');

    t.hoursBefore(25, booking.date, booking.start);
    expect((await t.view(token)).json()).toMatchObject({ status: 'confirmed', can_change: true });
    const cancelled = await t.cancel(token);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({
      refund: 'none',
      view: { status: 'cancelled', can_change: false },
    });
  });

  it('shows a cancelled booking without actions, and refuses to act on it', async () => {
    const booking = await t.book('offline');
    const token = (await t.statusPageToken(booking))!;
    expect((await t.cancel(token)).statusCode).toBe(200);
    expect((await t.view(token)).json()).toMatchObject({ status: 'cancelled', can_change: false });
    const again = await t.cancel(token);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: 'This booking is cancelled.' });
    // The status page no longer offers the link.
    expect(await t.statusPageToken(booking)).toBeNull();
  });

  it('shows an unpaid online booking as awaiting payment, with no link on its status page', async () => {
    const booking = await t.book('online');
    expect(await t.statusPageToken(booking)).toBeNull();
    const token = await t.tokenOf(booking.booking_id);
    expect((await t.view(token)).json()).toMatchObject({ status: 'awaiting_payment', can_change: false });
    expect((await t.cancel(token)).statusCode).toBe(409);
    // Once paid, the status page's look-up of the payment link carries the link too.
    const paid = await t.pay(booking.booking_id);
    expect(paid).toMatchObject({
      status: 'confirmed',
      data: { manage_url: `http://book.test/manage/${token}` },
    });
    expect(await t.statusPageToken(booking)).toBe(token);
    expect((await t.view(token)).json()).toMatchObject({
      status: 'confirmed',
      can_change: true,
      booking: { paid_online: true, booking_type: 'ONLINE', location_id: 0 },
    });
  });

  it('shows an old link after a reschedule as moved, at the new time, and refuses every action with it', async () => {
    const booking = await t.book('offline');
    const oldToken = (await t.statusPageToken(booking))!;
    const target = (await t.openSlots(3, 1)).find((slot) => slot.date > booking.date)!;
    const moved = await t.reschedule(oldToken, target);
    expect(moved.statusCode, moved.body).toBe(200);
    const newToken = moved.json().manage_token as string;
    expect(newToken).not.toBe(oldToken);

    const old = (await t.view(oldToken)).json();
    expect(old).toMatchObject({
      status: 'moved',
      can_change: false,
      booking: { booking_date: target.date, booking_time_slot_start: `${target.start_time}:00` },
    });
    const elsewhere = (await t.openSlots(3, 1)).find((slot) => slot.date > target.date)!;
    for (const refused of [await t.cancel(oldToken), await t.reschedule(oldToken, elsewhere)]) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ detail: LINK_REPLACED });
    }
    expect((await t.view(newToken)).json()).toMatchObject({ status: 'confirmed', can_change: true });
    expect(await t.statusPageToken(booking)).toBe(newToken);
    expect((await t.cancel(newToken)).statusCode).toBe(200);
  });

  it('answers 404 for a garbled or unknown token and 410 once the session has passed', async () => {
    for (const token of ['abc', 'A'.repeat(43), `${'b'.repeat(42)}!`]) {
      for (const response of [await t.view(token), await t.cancel(token)]) {
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ detail: LINK_NOT_VALID });
      }
    }
    const booking = await t.book('offline');
    const token = (await t.statusPageToken(booking))!;
    t.hoursBefore(-1, booking.date, booking.start);
    const passed = await t.view(token);
    expect(passed.statusCode).toBe(410);
    expect(passed.json()).toEqual({ detail: SESSION_PASSED });
    expect((await t.cancel(token)).statusCode).toBe(410);
  });
});
