import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createAdminUser, signIn } from '../../test/admin-test-kit.ts';
import { reactToBookingEvents } from '../../test/booking-events-kit.ts';
import { BOOKING_TEST_NOW, offlineBooking } from '../../test/booking-fixtures.ts';
import { createManageTestApp, inviteOf, type ManageTestApp } from '../../test/manage-kit.ts';
import { backends } from '../../test/test-database.ts';

describe.each(backends)('a client cancels or moves their booking on %s', (backend) => {
  let t: ManageTestApp;
  let staff: string;

  beforeAll(async () => {
    t = await createManageTestApp(backend);
    await createAdminUser(t.db, 'staff@example.com');
    staff = await signIn(t.app, 'staff@example.com');
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    t.clock.now = BOOKING_TEST_NOW;
    await t.runJobs();
    t.mails.length = 0;
  });

  const mailsTo = (address: string, subject: string) =>
    t.mails.filter((mail) => mail.to === address && mail.subject.startsWith(subject));
  const adminRow = async (bookingId: number) =>
    (
      await t.app.inject({ method: 'GET', url: `/api/admin/bookings/${bookingId}`, headers: bearer(staff) })
    ).json();

  it('refunds an online booking paid through the sandbox in full when its client cancels in time', async () => {
    const booking = await t.book('online');
    await t.pay(booking.booking_id);
    const token = (await t.statusPageToken(booking))!;
    const cancelled = await t.cancel(token);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ refund: 'full', view: { status: 'cancelled' } });

    await t.runJobs();
    const { rows } = await t.db.query<{ status: string; requested_by_admin_id: number | null }>(
      'SELECT status, requested_by_admin_id FROM refunds WHERE booking_id = $1',
      [booking.booking_id],
    );
    expect(rows).toHaveLength(1);
    expect(['processed', 'pending']).toContain(rows[0]!.status);
    expect(rows[0]!.requested_by_admin_id).toBeNull();
    expect(await adminRow(booking.booking_id)).toMatchObject({
      needs_refund: false,
      refund_status: rows[0]!.status,
      refund_id: expect.any(String),
    });
    expect(mailsTo('client@example.com', 'Refund issued')).toHaveLength(1);
    // Nobody at the clinic has to act: no "refund needed" e-mail.
    expect(t.mails.filter((mail) => mail.subject.startsWith('Refund needed'))).toHaveLength(0);
    const toClient = mailsTo('client@example.com', 'Booking cancelled')[0];
    expect(toClient?.text).toContain('Your session has been cancelled as you asked.');
    expect(toClient?.text).toContain('will be refunded in full');
    const { rows: audit } = await t.db.query<{ action: string; actor_label: string }>(
      'SELECT action, actor_label FROM audit_log WHERE booking_id = $1 ORDER BY id',
      [booking.booking_id],
    );
    expect(audit).toContainEqual({ action: 'booking.cancelled', actor_label: 'client' });
    expect(audit).toContainEqual({ action: 'booking.refund', actor_label: 'client' });
  });

  it('releases an unpaid in-person booking: a visitor can book its slot again', async () => {
    const booking = await t.book('offline');
    const token = (await t.statusPageToken(booking))!;
    const slot = { booking_date: booking.date, booking_time_slot_start: booking.start };
    const taken = await t.app.inject({
      method: 'POST',
      url: '/confirm-booking',
      payload: offlineBooking(slot),
    });
    expect(taken.statusCode).toBe(409);

    const cancelled = await t.cancel(token);
    expect(cancelled.json()).toMatchObject({ refund: 'none' });
    const again = await t.app.inject({
      method: 'POST',
      url: '/confirm-booking',
      payload: offlineBooking(slot),
    });
    expect(again.statusCode, again.body).toBe(201);
  });

  it('sends the cancellation with a METHOD:CANCEL invite of the confirmation’s event, with a higher SEQUENCE', async () => {
    const booking = await t.book('offline');
    await t.runJobs();
    const confirmation = inviteOf(mailsTo('client@example.com', 'Booking confirmed')[0]);
    expect(confirmation).toMatchObject({ method: 'REQUEST', uid: `booking-${booking.booking_id}@book.test` });

    await t.cancel((await t.statusPageToken(booking))!);
    await t.runJobs();
    for (const to of ['client@example.com', 'priya.nair@example.com']) {
      const invite = inviteOf(mailsTo(to, 'Booking cancelled')[0]);
      expect(invite.method).toBe('CANCEL');
      expect(invite.uid).toBe(confirmation.uid);
      expect(invite.sequence).toBeGreaterThan(confirmation.sequence);
    }
  });

  it('moves the booking in place: new time, old slot free, same booking and payment; e-mails with the updated invite and the new link', async () => {
    const booking = await t.book('online');
    await t.pay(booking.booking_id);
    await t.runJobs();
    const confirmation = inviteOf(mailsTo('client@example.com', 'Booking confirmed')[0]);
    const before = (
      await t.db.query(
        'SELECT payment_transaction_id, google_meet_link, amount_paise FROM bookings WHERE id = $1',
        [booking.booking_id],
      )
    ).rows[0];
    const target = (await t.openSlots(1, 0)).find((slot) => slot.date > booking.date)!;

    const moved = await t.reschedule((await t.statusPageToken(booking))!, target);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().view).toMatchObject({
      status: 'confirmed',
      booking: {
        booking_id: booking.booking_id,
        booking_date: target.date,
        booking_time_slot_start: `${target.start_time}:00`,
        paid_online: true,
      },
    });
    const after = (
      await t.db.query(
        'SELECT payment_transaction_id, google_meet_link, amount_paise FROM bookings WHERE id = $1',
        [booking.booking_id],
      )
    ).rows[0];
    expect(after).toEqual(before);
    await reactToBookingEvents(t.db);
    // The reminders are planned again, for the new time.
    const { rows: plans } = await t.db.query<{ dedupe_key: string }>(
      "SELECT dedupe_key FROM jobs WHERE kind = 'reminders.plan' AND payload->>'booking_id' = $1",
      [String(booking.booking_id)],
    );
    expect(plans.map((plan) => plan.dedupe_key)).toContain(
      `reminders-plan:${booking.booking_id}:${target.date}T${target.start_time}:1`,
    );
    const open = await t.openSlots(1, 0);
    expect(open).toContainEqual(expect.objectContaining({ date: booking.date, start_time: booking.start }));
    expect(open).not.toContainEqual(
      expect.objectContaining({ date: target.date, start_time: target.start_time }),
    );

    await t.runJobs();
    const newUrl = `http://book.test/manage/${moved.json().manage_token}`;
    for (const to of ['client@example.com', 'asha.menon@example.com']) {
      const mail = mailsTo(to, 'Booking moved')[0];
      expect(mail, to).toBeDefined();
      const invite = inviteOf(mail);
      expect(invite).toMatchObject({ method: 'REQUEST', uid: confirmation.uid, sequence: 1 });
      expect(invite.start).toContain(`${target.date}T${target.start_time}`);
      expect(mail!.text).toContain('Previously:');
    }
    const toClient = mailsTo('client@example.com', 'Booking moved')[0]!;
    expect(toClient.text).toContain(`Manage your booking: ${newUrl}`);
    expect(toClient.text).toContain('up to 24 hours before the session');
    const { rows: logged } = await t.db.query(
      "SELECT status FROM booking_messages WHERE booking_id = $1 AND kind = 'rescheduled'",
      [booking.booking_id],
    );
    expect(logged).toEqual([{ status: 'sent' }]);
    const { rows: audit } = await t.db.query<{ details: { from: unknown; to: unknown } }>(
      "SELECT details FROM audit_log WHERE booking_id = $1 AND action = 'booking.rescheduled' AND actor_label = 'client'",
      [booking.booking_id],
    );
    expect(audit[0]?.details).toMatchObject({
      from: { date: booking.date, start_time: `${booking.start}:00` },
      to: { date: target.date, start_time: `${target.start_time}:00` },
    });
  });

  it('sends only the latest move’s e-mails when a booking is moved twice before they go out', async () => {
    const booking = await t.book('offline');
    const [first, second] = (await t.openSlots(3, 1)).filter((slot) => slot.date > booking.date);
    const once = await t.reschedule((await t.statusPageToken(booking))!, first!);
    const twice = await t.reschedule(once.json().manage_token, second!);
    expect(twice.statusCode, twice.body).toBe(200);
    await t.runJobs();
    const moved = mailsTo('client@example.com', 'Booking moved');
    expect(moved).toHaveLength(1);
    expect(inviteOf(moved[0]).sequence).toBe(2);
    expect(moved[0]!.text).toContain(`manage/${twice.json().manage_token}`);
    expect(mailsTo('priya.nair@example.com', 'Booking moved')).toHaveLength(1);
  });

  it('refuses a slot that is not one of the therapist’s open slots of this kind', async () => {
    const booking = await t.book('offline');
    const token = (await t.statusPageToken(booking))!;
    const online = (await t.openSlots(3, 0))[0];
    const response = await t.reschedule(token, online ?? { date: booking.date, start_time: '03:00' });
    expect(response.statusCode).toBe(409);
    expect((await t.view(token)).json().booking.booking_date).toBe(booking.date);
  });
});
