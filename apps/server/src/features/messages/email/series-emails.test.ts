import { addDays } from '@therapy/shared/clinic-time';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdminUser, signIn } from '../../../test/admin-test-kit.ts';
import { offlineBooking } from '../../../test/booking-fixtures.ts';
import { createManageTestApp, inviteOf, type ManageTestApp } from '../../../test/manage-kit.ts';
import { backends } from '../../../test/test-database.ts';
import type { OutgoingMail } from './mailer.ts';

/** Tuesday after the tests' "now" (Sunday 2026-11-22). */
const TUESDAY = '2026-11-24';
const tuesdays = (count: number) => Array.from({ length: count }, (_, i) => addDays(TUESDAY, 7 * i));
const EMAIL = 'series-mail@example.com';

/** The events of a message's calendar invite, parsed as a calendar program reads it. */
function eventsOf(mail: OutgoingMail | undefined) {
  const ics = mail?.attachments?.find((attachment) => attachment.contentType.startsWith('text/calendar'));
  expect(ics, 'a calendar invite').toBeDefined();
  const calendar = new ICAL.Component(ICAL.parse(ics!.content));
  return {
    method: calendar.getFirstPropertyValue('method'),
    events: calendar.getAllSubcomponents('vevent').map((vevent) => {
      const event = new ICAL.Event(vevent);
      return {
        uid: event.uid,
        sequence: event.sequence,
        date: event.startDate.toString().slice(0, 10),
        status: String(vevent.getFirstPropertyValue('status')),
      };
    }),
  };
}

/**
 * A standing appointment's messages (decision 056): one confirmation listing every date with an
 * invite of all its sessions (one event each, each with its own session's UID, so a later change
 * of one session updates that event), one e-mail for "this and every later one"; and its
 * sessions' place ("3 of 8") in the therapist's and the front desk's answers.
 */
describe.each(backends)("a standing appointment's e-mails and place on %s", (backend) => {
  let t: ManageTestApp;
  let ids: number[];
  let desk: string;
  let therapist: string;
  const clientMails = () => t.mails.filter((mail) => mail.to === EMAIL);

  beforeAll(async () => {
    t = await createManageTestApp(backend);
    await createAdminUser(t.db, 'desk@example.com');
    await createAdminUser(t.db, 'priya@example.com', { therapistId: 3 });
    desk = await signIn(t.app, 'desk@example.com');
    therapist = await signIn(t.app, 'priya@example.com');
    const response = await t.app.inject({
      method: 'POST',
      url: '/confirm-booking',
      payload: offlineBooking({
        booking_date: TUESDAY,
        booking_time_slot_start: '11:00',
        client_email: EMAIL,
        repeat: { every_weeks: 1, count: 8 },
      }) as object,
    });
    expect(response.statusCode, response.body).toBe(201);
    ids = response.json().booking_ids;
    await t.runJobs();
  });
  afterAll(() => t.close());

  it('sends one confirmation listing all 8 dates, with an invite of 8 events that a calendar reads', () => {
    const mails = clientMails();
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Standing appointment confirmed: 8 sessions from Tuesday, 24 November 2026',
    ]);
    expect(mails[0]!.text).toContain('Session 1 of 8: Tuesday, 24 November 2026 at 11:00 AM');
    expect(mails[0]!.text).toContain('Session 8 of 8: Tuesday, 12 January 2027 at 11:00 AM');
    const invite = eventsOf(mails[0]);
    expect(invite.method).toBe('REQUEST');
    expect(invite.events).toEqual(
      tuesdays(8).map((date, i) => ({
        uid: `booking-${ids[i]}@book.test`,
        sequence: 0,
        date,
        status: 'CONFIRMED',
      })),
    );
  });

  it('tells the therapist once, listing all 8 dates, not once a session', () => {
    const notices = t.mails.filter((mail) => /^New (booking|standing appointment)/.test(mail.subject));
    expect(notices.map((mail) => mail.subject)).toEqual([
      'New standing appointment: 8 sessions from Tuesday, 24 November 2026',
    ]);
    expect(notices[0]!.to).not.toBe(EMAIL);
    expect(notices[0]!.text).toContain('A standing appointment of 8 sessions has been booked with you.');
    expect(notices[0]!.text).toContain(
      `Session 1 of 8: Tuesday, 24 November 2026 at 11:00 AM (reference ${ids[0]})`,
    );
    expect(notices[0]!.text).toContain(
      `Session 8 of 8: Tuesday, 12 January 2027 at 11:00 AM (reference ${ids[7]})`,
    );
  });

  it('"3 of 8" in the therapist\'s sessions and the admin\'s booking answers', async () => {
    const third = tuesdays(8)[2]!;
    const own = await t.app.inject({
      url: `/api/therapist/sessions?from=${third}&to=${third}`,
      headers: bearer(therapist),
    });
    expect(own.statusCode, own.body).toBe(200);
    const session = own.json().items.find((item: { booking_id: number }) => item.booking_id === ids[2]);
    expect(session.series).toEqual({ series_id: expect.any(Number), position: 3, count: 8 });

    const detail = await t.app.inject({ url: `/api/admin/bookings/${ids[2]}`, headers: bearer(desk) });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().series).toEqual(session.series);
    const day = await t.app.inject({ url: `/api/admin/calendar/day?date=${third}`, headers: bearer(desk) });
    expect(day.statusCode, day.body).toBe(200);
    const event = day.json().items.find((item: { id: number }) => item.id === ids[2]);
    expect(event.series).toEqual({ series_id: session.series.series_id, position: 3, count: 8 });
  });

  it('a moved or cancelled session\'s e-mail names its own event; "this and following" sends one e-mail removing them all', async () => {
    const fifth = tuesdays(8)[4]!;
    const wednesday = addDays(fifth, 1);
    const moved = await t.reschedule(await t.tokenOf(ids[4]!), { date: wednesday, start_time: '11:00' });
    expect(moved.statusCode, moved.body).toBe(200);
    await t.runJobs();
    const update = clientMails().at(-1);
    expect(update?.subject).toMatch(/^Booking moved/);
    expect(inviteOf(update)).toMatchObject({
      method: 'REQUEST',
      uid: `booking-${ids[4]}@book.test`,
      sequence: 1,
    });

    // One session cancelled alone: its own e-mail, whose invite removes that one event.
    const one = await t.app.inject({
      method: 'POST',
      url: `/api/manage/${await t.tokenOf(ids[1]!)}/cancel`,
      payload: { scope: 'this' },
    });
    expect(one.statusCode, one.body).toBe(200);
    await t.runJobs();
    const removedOne = clientMails().at(-1);
    expect(removedOne?.subject).toMatch(/^Booking cancelled/);
    expect(inviteOf(removedOne)).toMatchObject({
      method: 'CANCEL',
      uid: `booking-${ids[1]}@book.test`,
      sequence: 1,
    });

    const before = clientMails().length;
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/manage/${await t.tokenOf(ids[2]!)}/cancel`,
      payload: { scope: 'following' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await t.runJobs();
    const sent = clientMails().slice(before);
    expect(sent.map((mail) => mail.subject)).toEqual(['Standing appointment: 6 sessions cancelled']);
    const removal = eventsOf(sent[0]);
    expect(removal.method).toBe('CANCEL');
    expect(removal.events.map((event) => [event.uid, event.date, event.status])).toEqual(
      ids
        .slice(2)
        .map((id, i) => [
          `booking-${id}@book.test`,
          i + 2 === 4 ? wednesday : tuesdays(8)[i + 2],
          'CANCELLED',
        ]),
    );
    // Each above the SEQUENCE its calendar event had (0, or 1 for the moved one).
    expect(removal.events.map((event) => event.sequence)).toEqual([1, 1, 2, 1, 1, 1]);

    // What is left: session 1 alone, "1 of 1"; a cancelled one keeps its place among them, "2 of 2".
    const first = await t.app.inject({ url: `/api/admin/bookings/${ids[0]}`, headers: bearer(desk) });
    expect(first.json().series).toMatchObject({ position: 1, count: 1 });
    const second = await t.app.inject({ url: `/api/admin/bookings/${ids[1]}`, headers: bearer(desk) });
    expect(second.json().series).toMatchObject({ position: 2, count: 2 });
  });
});
