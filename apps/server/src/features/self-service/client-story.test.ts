import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdminUser, signIn } from '../../test/admin-test-kit.ts';
import { BOOKING_TEST_NOW } from '../../test/booking-fixtures.ts';
import { createManageTestApp, type ManageTestApp } from '../../test/manage-kit.ts';
import { makeRemindersDue } from '../../test/message-kit.ts';
import { formatLongDate } from '../messages/email/booking-emails.ts';

/**
 * Issue 12's "Done when", as a client and the clinic live it: a client books and pays, opens the
 * link from the e-mail, moves the session to another day; the calendar, the reports, the admin's
 * message list and the e-mails agree; the reminders come for the new time, and none for a
 * booking another client cancelled.
 */
describe('a client manages their own booking, start to end', () => {
  let t: ManageTestApp;

  beforeAll(async () => {
    t = await createManageTestApp('pglite');
    await createAdminUser(t.db, 'owner@example.com', { superadmin: true });
  });
  afterAll(() => t.close());

  /** Signed in afresh each time: the test's clock moves by days, past a token's life. */
  const admin = async (url: string) => {
    const token = await signIn(t.app, 'owner@example.com');
    const response = await t.app.inject({ url, headers: bearer(token) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const mailsTo = (to: string, subject: string) =>
    t.mails.filter((mail) => mail.to === to && mail.subject.startsWith(subject));

  it('books, reschedules from the e-mailed link, and everything agrees; reminders follow the booking', async () => {
    const booking = await t.book('online', '2026-11-25');
    await t.pay(booking.booking_id);
    await t.runJobs();

    // The link, as the client finds it in the confirmation e-mail.
    const confirmation = mailsTo('client@example.com', 'Booking confirmed')[0]!;
    const link = confirmation.text.match(
      /Manage your booking: http:\/\/book\.test\/manage\/([\w-]{43})/,
    )?.[1];
    expect(link).toBeDefined();
    expect((await t.view(link!)).json()).toMatchObject({ status: 'confirmed', can_change: true });

    // Another day, at a daytime slot (its reminders then fall outside the quiet hours).
    const target = (await t.openSlots(1, 0)).find(
      (slot) => slot.date > booking.date && slot.start_time >= '11:00' && slot.start_time <= '19:00',
    )!;
    const moved = await t.reschedule(link!, target);
    expect(moved.statusCode, moved.body).toBe(200);
    await t.runJobs();

    // The calendar shows the booking at its new time only.
    const dayIds = async (date: string) =>
      (await admin(`/api/admin/calendar/day?date=${date}`)).items.map((event: { id: number }) => event.id);
    expect(await dayIds(target.date)).toContain(booking.booking_id);
    expect(await dayIds(booking.date)).not.toContain(booking.booking_id);
    // The end-of-day reports count it on the new day, not the old one.
    const reportOf = async (date: string) =>
      (await admin(`/api/admin/reports/eod?report_date=${date}`)).details.map(
        (row: { booking_id: number }) => row.booking_id,
      );
    expect(await reportOf(target.date)).toContain(booking.booking_id);
    expect(await reportOf(booking.date)).not.toContain(booking.booking_id);
    // The e-mails say the new time, to both.
    const movedMail = mailsTo('client@example.com', 'Booking moved')[0]!;
    expect(movedMail.subject).toContain(formatLongDate(target.date));
    expect(mailsTo('asha.menon@example.com', 'Booking moved')).toHaveLength(1);
    // The old link only says where the booking went; the new one, from the e-mail, acts.
    expect((await t.view(link!)).json()).toMatchObject({
      status: 'moved',
      booking: { booking_date: target.date },
    });
    const newLink = movedMail.text.match(
      /Manage your booking: http:\/\/book\.test\/manage\/([\w-]{43})/,
    )?.[1];
    expect(newLink).toBe(moved.json().manage_token);

    // The reminders, for the new time; the clock two hours and a minute before the session.
    t.hoursBefore(2 + 1 / 60, target.date, target.start_time);
    await makeRemindersDue(t.db);
    await t.runJobs();
    const reminders = mailsTo('client@example.com', 'Reminder:');
    expect(reminders).toHaveLength(2); // 24h and 2h, each once
    for (const reminder of reminders) {
      expect(reminder.text).toContain(`Manage your booking: http://book.test/manage/${newLink}`);
      expect(reminder.text).toContain('up to 24 hours before the session');
    }

    // The admin's list of messages to the client agrees with the mailbox.
    const messages = await admin(`/api/admin/bookings/${booking.booking_id}/messages`);
    expect(
      messages.items.map((item: { kind: string; channel: string; status: string }) => [
        item.kind,
        item.channel,
        item.status,
      ]),
    ).toEqual([
      ['reminder', 'email', 'sent'],
      ['reminder', 'email', 'sent'],
      ['rescheduled', 'email', 'sent'],
      ['confirmation', 'email', 'sent'],
    ]);
  });

  it('sends no reminder for a booking its client cancelled', async () => {
    t.clock.now = BOOKING_TEST_NOW;
    const booking = await t.book('offline', '2026-11-27');
    await t.runJobs();
    const token = (await t.statusPageToken(booking))!;
    const cancelled = await t.cancel(token);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await t.runJobs();
    const before = t.mails.filter((mail) => mail.subject.startsWith('Reminder:')).length;

    t.hoursBefore(1, booking.date, booking.start);
    await makeRemindersDue(t.db);
    await t.runJobs();
    const reminders = t.mails.filter(
      (mail) =>
        mail.subject.startsWith('Reminder:') &&
        mail.text.includes(`Booking reference: ${booking.booking_id}`),
    );
    expect(reminders).toHaveLength(0);
    expect(t.mails.filter((mail) => mail.subject.startsWith('Reminder:')).length).toBe(before);
    const messages = await admin(`/api/admin/bookings/${booking.booking_id}/messages`);
    expect(messages.items.map((item: { kind: string }) => item.kind)).toEqual(['cancelled', 'confirmation']);
  });
});
