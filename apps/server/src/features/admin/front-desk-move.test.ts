import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createAdminUser, signIn } from '../../test/admin-test-kit.ts';
import { BOOKING_TEST_NOW } from '../../test/booking-fixtures.ts';
import { createManageTestApp, inviteOf, type ManageTestApp } from '../../test/manage-kit.ts';
import { backends } from '../../test/test-database.ts';
import { SLOT_TAKEN_MESSAGE } from '../bookings/bookings-repo.ts';

type Slot = { date: string; start_time: string };

describe.each(backends)('the front desk moves a booking on %s', (backend) => {
  let t: ManageTestApp;
  let staff: string;

  beforeAll(async () => {
    t = await createManageTestApp(backend);
    await createAdminUser(t.db, 'desk@example.com');
    staff = await signIn(t.app, 'desk@example.com');
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    t.clock.now = BOOKING_TEST_NOW;
    await t.runJobs();
    t.mails.length = 0;
  });

  const move = (bookingId: number | string, slot: Slot, token: string | null = staff) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${bookingId}/reschedule`,
      headers: token ? bearer(token) : {},
      payload: { booking_date: slot.date, booking_time_slot_start: slot.start_time },
    });
  const adminRow = async (bookingId: number) =>
    (
      await t.app.inject({ method: 'GET', url: `/api/admin/bookings/${bookingId}`, headers: bearer(staff) })
    ).json();
  const mailsTo = (address: string, subject: string) =>
    t.mails.filter((mail) => mail.to === address && mail.subject.startsWith(subject));

  it('moves a paid online booking: the new time read back, the old slot open, the e-mails with the updated invite, the audit entry', async () => {
    const booking = await t.book('online');
    await t.pay(booking.booking_id);
    await t.runJobs();
    const confirmation = inviteOf(mailsTo('client@example.com', 'Booking confirmed')[0]);
    const target = (await t.openSlots(1, 0)).find((slot) => slot.date > booking.date)!;

    const moved = await move(booking.booking_id, target);
    expect(moved.statusCode, moved.body).toBe(200);
    const expected = {
      booking_id: booking.booking_id,
      booking_date: target.date,
      booking_time_slot_start: `${target.start_time}:00`,
      payment_status: 'COMPLETED',
      cancelled: false,
    };
    expect(moved.json()).toMatchObject(expected);
    expect(await adminRow(booking.booking_id)).toMatchObject(expected);
    const open = await t.openSlots(1, 0);
    expect(open).toContainEqual(expect.objectContaining({ date: booking.date, start_time: booking.start }));
    expect(open).not.toContainEqual(
      expect.objectContaining({ date: target.date, start_time: target.start_time }),
    );

    await t.runJobs();
    for (const to of ['client@example.com', 'asha.menon@example.com']) {
      const mail = mailsTo(to, 'Booking moved')[0];
      expect(mail, to).toBeDefined();
      const invite = inviteOf(mail);
      expect(invite).toMatchObject({ method: 'REQUEST', uid: confirmation.uid, sequence: 1 });
      expect(invite.start).toContain(`${target.date}T${target.start_time}`);
      expect(mail!.text).toContain('Previously:');
    }
    // The client's link still works: the front desk's move does not replace it.
    const token = (await t.statusPageToken(booking))!;
    expect((await t.view(token)).json()).toMatchObject({
      status: 'confirmed',
      booking: { booking_date: target.date },
    });
    const { rows: audit } = await t.db.query<{ actor_label: string; details: object }>(
      "SELECT actor_label, details FROM audit_log WHERE booking_id = $1 AND action = 'booking.rescheduled'",
      [booking.booking_id],
    );
    expect(audit).toEqual([
      {
        actor_label: 'desk@example.com',
        details: {
          from: { date: booking.date, start_time: `${booking.start}:00` },
          to: { date: target.date, start_time: `${target.start_time}:00` },
          sequence: 1,
        },
      },
    ]);
  });

  it('refuses a time someone holds (409, the catalogue’s words) and leaves the booking where it was', async () => {
    const booking = await t.book('offline');
    const holder = await t.book('offline', booking.date);
    const response = await move(booking.booking_id, { date: holder.date, start_time: holder.start });
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json()).toEqual({ detail: SLOT_TAKEN_MESSAGE });
    expect(await adminRow(booking.booking_id)).toMatchObject({
      booking_date: booking.date,
      booking_time_slot_start: `${booking.start}:00`,
    });
    await t.runJobs();
    expect(mailsTo('client@example.com', 'Booking moved')).toEqual([]);
  });

  it('refuses a time that is not the therapist’s, a booking not confirmed, an unknown booking, bad input and no sign-in', async () => {
    const booking = await t.book('offline');
    const notOffered = await move(booking.booking_id, { date: booking.date, start_time: '03:00' });
    expect(notOffered.statusCode, notOffered.body).toBe(409);
    expect(notOffered.json().detail).toMatch(/not one of the therapist/);

    const unpaid = await t.book('online');
    const target = (await t.openSlots(1, 0)).find((slot) => slot.date > unpaid.date)!;
    const notConfirmed = await move(unpaid.booking_id, target);
    expect(notConfirmed.statusCode, notConfirmed.body).toBe(409);
    expect(notConfirmed.json().detail).toMatch(/not a confirmed session/);

    const unknown = await move(999_999, target);
    expect(unknown.statusCode, unknown.body).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'Booking 999999 not found' });

    for (const bad of [
      { date: '2026-02-30', start_time: '10:00' },
      { date: target.date, start_time: '25:00' },
    ]) {
      const response = await move(booking.booking_id, bad);
      expect(response.statusCode, response.body).toBe(400);
      expect(typeof response.json().detail).toBe('string');
    }
    const anonymous = await move(booking.booking_id, target, null);
    expect(anonymous.statusCode).toBe(401);
    expect(typeof anonymous.json().detail).toBe('string');
    expect(await adminRow(booking.booking_id)).toMatchObject({ booking_date: booking.date });
  });

  it('moves a booking within the client’s notice hours (the desk’s call), but never one that has begun', async () => {
    const booking = await t.book('offline');
    const target = (await t.openSlots(3, 1)).find((slot) => slot.date > booking.date)!;
    t.hoursBefore(2, booking.date, booking.start);
    const late = await t.reschedule((await t.tokenOf(booking.booking_id))!, target);
    expect(late.statusCode, late.body).toBe(409);
    // Signed in by the moved clock (a token's life is reckoned by it).
    const moved = await move(booking.booking_id, target, await signIn(t.app, 'desk@example.com'));
    expect(moved.statusCode, moved.body).toBe(200);

    t.hoursBefore(-0.25, target.date, target.start_time);
    const later = (await t.openSlots(3, 1)).find((slot) => slot.date > target.date)!;
    const begun = await move(booking.booking_id, later, await signIn(t.app, 'desk@example.com'));
    expect(begun.statusCode, begun.body).toBe(409);
    expect(begun.json()).toEqual({
      detail: `Booking ${booking.booking_id} has already begun, so it can no longer be moved.`,
    });
  });

  it('lets exactly one of two moves to one slot at once take it; the other is told 409', async () => {
    const first = await t.book('offline');
    const second = await t.book('offline', first.date);
    const slot = (await t.openSlots(3, 1)).find((open) => open.date > second.date)!;
    const answers = await Promise.all([move(first.booking_id, slot), move(second.booking_id, slot)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const loser = answers.find((answer) => answer.statusCode === 409)!;
    expect(loser.json()).toEqual({ detail: SLOT_TAKEN_MESSAGE });
    const { rows } = await t.db.query(
      `SELECT id FROM bookings WHERE therapist_id = 3 AND booking_date = $1 AND booking_time_slot_start = $2
       AND NOT cancelled`,
      [slot.date, `${slot.start_time}:00`],
    );
    expect(rows).toHaveLength(1);
  });
});
