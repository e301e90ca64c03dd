import type { PaymentDetails } from '@therapy/shared/booking-schemas';
import { clinicInstant } from '@therapy/shared/clinic-time';
import { decodeProtectedHeader, errors, type JWTPayload, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { bearer, createAdminUser, signIn } from '../../test/admin-test-kit.ts';
import { BOOKING_TEST_NOW, bookOnlineWithLink } from '../../test/booking-fixtures.ts';
import { MESSAGE_TEST_CONTEXT } from '../../test/message-kit.ts';
import { createDemoTestApp } from '../../test/test-app.ts';
import { bookingConfirmedEmail, therapistNoticeEmail } from '../messages/email/booking-emails.ts';
import { loadBookingForEmail } from '../messages/email/email-booking.ts';
import { configuredMeetingUrls } from './meeting-provider.ts';

/* MEETING_PROVIDER=jitsi-jwt (decision 053), against Jitsi's token rules (jitsi-meet doc/tokens.md). */

const DOMAIN = 'meet.clinic.test';
const APP_ID = 'clinic-booking';
const SECRET = 'a-jitsi-app-secret-of-at-least-32-characters';
const ENV = {
  MEETING_PROVIDER: 'jitsi-jwt',
  JITSI_DOMAIN: DOMAIN,
  JITSI_APP_ID: APP_ID,
  JITSI_APP_SECRET: SECRET,
};
const key = new TextEncoder().encode(SECRET);
/** The claims Jitsi reads beside the registered ones. */
type JoinClaims = JWTPayload & {
  room: string;
  context: { user: { id: string; name?: string; moderator: boolean; affiliation: string } };
};
const at = (date: string, time: string) => clinicInstant('Asia/Kolkata', date, time);

/** The room and token of a link handed out, the token verified as Prosody verifies it at `when`. */
async function readLink(link: string | null | undefined, when: Date) {
  const url = new URL(link ?? '');
  expect(url.host).toBe(DOMAIN);
  const token = url.searchParams.get('jwt') ?? '';
  expect(decodeProtectedHeader(token)).toEqual({ alg: 'HS256', typ: 'JWT' });
  const { payload } = await jwtVerify(token, key, {
    algorithms: ['HS256'],
    issuer: APP_ID,
    audience: 'jitsi',
    subject: DOMAIN,
    currentDate: when,
  });
  return { room: url.pathname.slice(1), token, payload: payload as JoinClaims };
}

describe('jitsi-jwt configuration', () => {
  it('stops the start with one line naming the variable', () => {
    expect(() => loadConfig({ MEETING_PROVIDER: 'zoom' })).toThrow(
      /^Invalid configuration: MEETING_PROVIDER must be jitsi, jitsi-jwt or google/,
    );
    expect(() => loadConfig({ ...ENV, JITSI_DOMAIN: undefined })).toThrow(
      'Invalid configuration: JITSI_DOMAIN is required when MEETING_PROVIDER=jitsi-jwt',
    );
    expect(() => loadConfig({ ...ENV, JITSI_APP_ID: '' })).toThrow(
      'Invalid configuration: JITSI_APP_ID is required when MEETING_PROVIDER=jitsi-jwt',
    );
    expect(() => loadConfig({ ...ENV, JITSI_DOMAIN: 'https://meet.clinic.test' })).toThrow(
      /^Invalid configuration: JITSI_DOMAIN must be a host name such as meet\.example\.org/,
    );
    // A short secret is named, never shown.
    const short = () => loadConfig({ ...ENV, JITSI_APP_SECRET: 'short-secret' });
    expect(short).toThrow('Invalid configuration: JITSI_APP_SECRET must be at least 32 characters');
    expect(short).not.toThrow(/short-secret/);
    expect(loadConfig(ENV).jitsiJwt).toEqual({ domain: DOMAIN, appId: APP_ID, appSecret: SECRET });
    expect(loadConfig({}).jitsiJwt).toBeUndefined();
  });
});

describe('jitsi-jwt links', () => {
  let demo: Awaited<ReturnType<typeof createDemoTestApp>>;
  let paid: { bookingId: number; lookup: PaymentDetails; stored: string };

  beforeAll(async () => {
    demo = await createDemoTestApp('pglite', { now: () => BOOKING_TEST_NOW, env: ENV });
    const { bookingId, linkId } = await bookOnlineWithLink(demo.app, '2026-11-23');
    await demo.app.inject({
      method: 'POST',
      url: `/sandbox/pay/${linkId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=paid',
    });
    const lookup = (await demo.app.inject(`/api/get-razorpay-details/${linkId}`)).json();
    const { rows } = await demo.db.query<{ google_meet_link: string }>(
      'SELECT google_meet_link FROM bookings WHERE id = $1',
      [bookingId],
    );
    paid = { bookingId, lookup, stored: rows[0]!.google_meet_link };
  });
  afterAll(() => demo.close());

  it('stores the bare room on JITSI_DOMAIN and gives the client a guest token on the status page', async () => {
    expect(paid.stored).toMatch(/^https:\/\/meet\.clinic\.test\/TherapySession-\d+-[A-Za-z0-9]+$/);
    expect(paid.lookup.status).toBe('confirmed');
    const { room, payload } = await readLink(
      paid.lookup.data?.google_meet_link,
      at('2026-11-23', '10:00:00'),
    );
    expect(`https://${DOMAIN}/${room}`).toBe(paid.stored);
    expect(payload.room).toBe(room);
    expect(payload.context.user).toMatchObject({ moderator: false, affiliation: 'member' });
    // No name of the client in a URL: Jitsi asks for one.
    expect(payload.context.user.name).toBeUndefined();
    // From 15 minutes before the 10:00 session (Kolkata) to its end at 10:45.
    expect(payload.nbf).toBe(at('2026-11-23', '09:45:00').getTime() / 1000);
    expect(payload.exp).toBe(at('2026-11-23', '10:45:00').getTime() / 1000);
  });

  it('refuses the token before it opens and after the session', async () => {
    const link = paid.lookup.data?.google_meet_link ?? '';
    await expect(readLink(link, at('2026-11-23', '09:44:00'))).rejects.toBeInstanceOf(
      errors.JWTClaimValidationFailed,
    );
    await expect(readLink(link, at('2026-11-23', '10:46:00'))).rejects.toBeInstanceOf(errors.JWTExpired);
    const token = new URL(link).searchParams.get('jwt')!;
    await expect(jwtVerify(token, new TextEncoder().encode(`${SECRET}-other`))).rejects.toThrow();
  });

  it('shows the guest link on the manage page too', async () => {
    const manageToken = String(paid.lookup.data?.manage_url).split('/manage/')[1];
    const view = (await demo.app.inject(`/api/manage/${manageToken}`)).json();
    const { payload } = await readLink(view.booking.google_meet_link, at('2026-11-23', '10:00:00'));
    expect(payload.context.user.moderator).toBe(false);
  });

  it("e-mails the client the guest's link and the therapist the moderator's", async () => {
    const context = { ...MESSAGE_TEST_CONTEXT, meetingUrls: configuredMeetingUrls(loadConfig(ENV)) };
    const booking = (await loadBookingForEmail(demo.db, context, paid.bookingId))!;
    const during = at('2026-11-23', '10:05:00');
    const client = await readLink(booking.google_meet_link, during);
    const therapist = await readLink(booking.therapist_meeting_link, during);
    expect(client.payload.context.user.moderator).toBe(false);
    expect(therapist.payload.context.user).toMatchObject({
      moderator: true,
      affiliation: 'owner',
      name: 'Dr.Asha Menon',
    });
    expect(therapist.payload.room).toBe(client.payload.room);
    expect([therapist.payload.nbf, therapist.payload.exp]).toEqual([client.payload.nbf, client.payload.exp]);
    expect(bookingConfirmedEmail(booking, context).text).toContain(client.token);
    expect(therapistNoticeEmail(booking, context).text).toContain(therapist.token);
    expect(therapistNoticeEmail(booking, context).text).not.toContain(client.token);
  });

  it("gives the therapist's Start session link (My day) a moderator's token", async () => {
    await createAdminUser(demo.db, 'asha.menon@example.com', { therapistId: 1 });
    const token = await signIn(demo.app, 'asha.menon@example.com');
    const day = await demo.app.inject({
      url: '/api/therapist/sessions?from=2026-11-23&to=2026-11-23',
      headers: bearer(token),
    });
    expect(day.statusCode, day.body).toBe(200);
    const session = day
      .json()
      .items.find((item: { booking_id: number }) => item.booking_id === paid.bookingId);
    const { room, payload } = await readLink(session.meeting_url, at('2026-11-23', '09:50:00'));
    expect(`https://${DOMAIN}/${room}`).toBe(paid.stored);
    expect(payload.context.user).toMatchObject({
      moderator: true,
      affiliation: 'owner',
      name: 'Dr.Asha Menon',
    });
  });

  it("gives a moved session's links its new times, and leaves other providers' links as they are", async () => {
    const urls = configuredMeetingUrls(loadConfig(ENV));
    const moved = await urls.forTherapist(
      { bookingId: 7, link: paid.stored, date: '2026-11-25', startTime: '16:00:00', endTime: '16:45:00' },
      'Dr.Asha Menon',
    );
    const { payload } = await readLink(moved, at('2026-11-25', '16:00:00'));
    expect(payload.nbf).toBe(at('2026-11-25', '15:45:00').getTime() / 1000);
    expect(payload.exp).toBe(at('2026-11-25', '16:45:00').getTime() / 1000);
    for (const link of [
      'https://meet.jit.si/TherapySession-1-abc',
      'https://meet.google.com/abc-defg-hij',
      null,
    ]) {
      expect(
        await urls.forClient({
          bookingId: 1,
          link,
          date: '2026-11-23',
          startTime: '10:00',
          endTime: '10:45',
        }),
      ).toBe(link);
    }
  });
});
