import { clinicInstant } from '@therapy/shared/clinic-time';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logPath } from '../../http/logger.ts';
import { JWT_SECRET } from '../../test/admin-test-kit.ts';
import { createManageTestApp, type ManageTestApp, TIME_ZONE } from '../../test/manage-kit.ts';
import { backends } from '../../test/test-database.ts';
import { FEED_NOT_FOUND } from './calendar-feed-service.ts';
import { currentFeedToken, deriveCalendarFeedKey, rotateFeedToken } from './calendar-feed-token.ts';

/*
 * A therapist's calendar feed (issue 25, decision 053), read as a calendar reads it: fetched over
 * HTTP and parsed with ical.js, following one booking through confirm, move and cancel.
 */

const key = deriveCalendarFeedKey(JWT_SECRET);
/** Demo therapist 3 (Ms.Priya Nair, West Branch): the manage kit's in-person bookings are hers. */
const THERAPIST = 3;

type FeedEvent = { uid: string; summary: string; status: string; sequence: number; start: Date; end: Date };

describe.each(backends)("a therapist's calendar feed on %s", (backend) => {
  let t: ManageTestApp;
  let token: string;

  /** The feed's events, as a calendar parses them. */
  async function readFeed(feedToken = token) {
    const response = await t.app.inject(`/calendar/${feedToken}.ics`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const calendar = new ICAL.Component(ICAL.parse(response.body));
    const events: FeedEvent[] = calendar.getAllSubcomponents('vevent').map((vevent) => {
      const event = new ICAL.Event(vevent);
      return {
        uid: event.uid,
        summary: event.summary,
        status: String(vevent.getFirstPropertyValue('status')),
        sequence: event.sequence,
        start: event.startDate.toJSDate(),
        end: event.endDate.toJSDate(),
      };
    });
    return { text: response.body, calendar, events };
  }

  const eventOf = async (bookingId: number) => {
    const { events, text } = await readFeed();
    const matching = events.filter((event) => event.uid === `therapist-session-${bookingId}@book.test`);
    expect(matching).toHaveLength(1);
    return { event: matching[0]!, text };
  };

  beforeAll(async () => {
    t = await createManageTestApp(backend);
    token = await currentFeedToken(t.db, key, THERAPIST);
  });
  afterAll(() => t.close());

  it('follows one booking through confirm, move and cancel, under one UID', async () => {
    const booking = await t.book('offline', '2026-11-25', {
      client_full_name: 'Meera Kapoor',
      client_email: 'meera@example.com',
      client_mobile: '9812345678',
      client_note: 'Anxious about work',
    });

    const confirmed = await eventOf(booking.booking_id);
    expect(confirmed.event).toEqual({
      uid: `therapist-session-${booking.booking_id}@book.test`,
      summary: `Meera · booking ${booking.booking_id}`,
      status: 'CONFIRMED',
      sequence: 0,
      start: clinicInstant(TIME_ZONE, booking.date, booking.start),
      end: new Date(clinicInstant(TIME_ZONE, booking.date, booking.start).getTime() + 45 * 60_000),
    });
    // Nothing of the client but the first name: no surname, contact or note anywhere in the feed.
    for (const secret of ['Kapoor', 'meera@example.com', '9812345678', 'Anxious']) {
      expect(confirmed.text).not.toContain(secret);
    }

    const manageToken = (await t.tokenOf(booking.booking_id))!;
    const target = (await t.openSlots(3, 1)).find((slot) => slot.date > booking.date)!;
    const moved = await t.reschedule(manageToken, target);
    expect(moved.statusCode, moved.body).toBe(200);
    const afterMove = await eventOf(booking.booking_id);
    expect(afterMove.event).toMatchObject({
      status: 'CONFIRMED',
      sequence: 1,
      start: clinicInstant(TIME_ZONE, target.date, target.start_time),
    });

    const newToken = (await t.tokenOf(booking.booking_id))!;
    const cancelled = await t.cancel(newToken);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const afterCancel = await eventOf(booking.booking_id);
    expect(afterCancel.event.status).toBe('CANCELLED');
    expect(afterCancel.event.sequence).toBeGreaterThan(afterMove.event.sequence);
    expect(afterCancel.event.start).toEqual(afterMove.event.start);
  });

  it("holds only that therapist's sessions, and asks calendars to look again hourly", async () => {
    const online = await t.book('online', '2026-11-26');
    await t.pay(online.booking_id);
    const { events, calendar } = await readFeed();
    expect(events.some((event) => event.uid.includes(`-${online.booking_id}@`))).toBe(false);
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(String(calendar.getFirstPropertyValue('refresh-interval'))).toBe('PT1H');
    const own = await currentFeedToken(t.db, key, 1);
    const theirs = await readFeed(own);
    expect(theirs.events.some((event) => event.uid.includes(`-${online.booking_id}@`))).toBe(true);
  });

  it('answers 404 with a detail for a rotated-away token and for a deactivated therapist', async () => {
    const old = token;
    token = await rotateFeedToken(t.db, key, THERAPIST);
    expect(token).not.toBe(old);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const gone = await t.app.inject(`/calendar/${old}.ics`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ detail: FEED_NOT_FOUND });
    await readFeed(token);
    // The same address again after a restart: made from the stored salt, not kept.
    expect(await currentFeedToken(t.db, key, THERAPIST)).toBe(token);
    // Only the token's hash is stored.
    const { rows } = await t.db.query<{ row: string }>(
      'SELECT row_to_json(f)::text AS row FROM therapist_calendar_feeds f',
    );
    expect(rows.map((row) => row.row).join()).not.toContain(token);

    await t.db.query('UPDATE therapists SET is_active = false WHERE id = $1', [THERAPIST]);
    const inactive = await t.app.inject(`/calendar/${token}.ics`);
    expect(inactive.statusCode).toBe(404);
    await t.db.query('UPDATE therapists SET is_active = true WHERE id = $1', [THERAPIST]);
    // The token never reaches the request log.
    expect(logPath(`/calendar/${token}.ics?x=1`)).toBe('/calendar/[token]');
    for (const wrong of ['not-a-token', `${'A'.repeat(43)}`]) {
      expect((await t.app.inject(`/calendar/${wrong}.ics`)).statusCode).toBe(404);
    }
  });
});
