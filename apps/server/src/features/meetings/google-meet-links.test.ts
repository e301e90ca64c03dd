import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reactToBookingEvents } from '../../test/booking-events-kit.ts';
import { BOOKING_TEST_NOW, onlineBooking } from '../../test/booking-fixtures.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { loadDemoData } from '../demo-data/load-demo-data.ts';
import { createJobWorker } from '../jobs/job-worker.ts';
import { createGoogleMeetLinks } from './google-meet-links.ts';
import { createMeetingJobHandlers } from './meeting-jobs.ts';

/** Google's OAuth token endpoint and Calendar events.insert, on loopback. */
async function startGoogleDouble(publicKey: string) {
  const events: { path: string; authorization?: string; body: Record<string, unknown> }[] = [];
  let failEvents = false;
  const server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk) => {
      text += chunk;
    });
    request.on('end', async () => {
      const send = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (request.url === '/token') {
        const form = new URLSearchParams(text);
        try {
          const { createPublicKey } = await import('node:crypto');
          const { payload } = await jwtVerify(form.get('assertion') ?? '', createPublicKey(publicKey), {
            audience: `http://127.0.0.1:${port}/token`,
            issuer: 'meet@project.iam.gserviceaccount.com',
          });
          if (
            form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer' ||
            !String(payload.scope).includes('calendar')
          ) {
            return send(400, { error: 'invalid_grant' });
          }
          return send(200, { access_token: 'ya29.double-token', expires_in: 3600, token_type: 'Bearer' });
        } catch {
          return send(400, { error: 'invalid_grant' });
        }
      }
      const body = JSON.parse(text || '{}');
      events.push({ path: request.url ?? '', authorization: request.headers.authorization, body });
      if (failEvents) return send(503, { error: { code: 503, message: 'Backend Error' } });
      return send(200, {
        id: `evt${events.length}`,
        hangoutLink: `https://meet.google.com/abc-defg-${String(events.length).padStart(3, '0')}`,
        conferenceData: { createRequest: { status: { statusCode: 'success' } } },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    events,
    setFailing(value: boolean) {
      failEvents = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

describe('Google Meet links', () => {
  let dir: string;
  let keyFile: string;
  let google: Awaited<ReturnType<typeof startGoogleDouble>>;
  let db: TestDatabase;

  beforeAll(async () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    google = await startGoogleDouble(publicKey.export({ type: 'spki', format: 'pem' }).toString());
    dir = await mkdtemp(path.join(tmpdir(), 'therapy-google-'));
    keyFile = path.join(dir, 'service-account.json');
    await writeFile(
      keyFile,
      JSON.stringify({
        type: 'service_account',
        client_email: 'meet@project.iam.gserviceaccount.com',
        private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        token_uri: `${google.url}/token`,
      }),
    );
    db = await createTestDatabase('pglite');
    await loadDemoData(db);
  });
  afterAll(async () => {
    await google.close();
    await db.drop();
    await rm(dir, { recursive: true, force: true });
  });

  it('creates a Calendar event with a Meet conference, authorised as the service account', async () => {
    const meetings = await createGoogleMeetLinks({
      serviceAccountFile: keyFile,
      calendarId: 'clinic@example.com',
      apiUrl: google.url,
      timeZone: 'Asia/Kolkata',
    });
    const link = await meetings.createMeetingLink({
      id: 42,
      date: '2026-11-23',
      startTime: '10:00:00',
      endTime: '10:45:00',
    });
    expect(link).toMatch(/^https:\/\/meet\.google\.com\//);
    const request = google.events.at(-1)!;
    expect(request.path).toBe('/calendar/v3/calendars/clinic%40example.com/events?conferenceDataVersion=1');
    expect(request.authorization).toBe('Bearer ya29.double-token');
    expect(request.body).toMatchObject({
      start: { dateTime: '2026-11-23T10:00:00', timeZone: 'Asia/Kolkata' },
      end: { dateTime: '2026-11-23T10:45:00', timeZone: 'Asia/Kolkata' },
      conferenceData: {
        createRequest: { requestId: 'booking-42', conferenceSolutionKey: { type: 'hangoutsMeet' } },
      },
    });
  });

  it('confirms a paid booking even when Google fails, and a job adds the link later', async () => {
    google.setFailing(true);
    const env = {
      MEETING_PROVIDER: 'google',
      GOOGLE_SERVICE_ACCOUNT_FILE: keyFile,
      GOOGLE_API_URL: google.url,
    };
    const { app, close } = await createTestApp(db, { now: () => BOOKING_TEST_NOW, env });
    const created = (
      await app.inject({ method: 'POST', url: '/api/bookings', payload: onlineBooking() })
    ).json();
    const link = (
      await app.inject({
        method: 'POST',
        url: '/api/payment/generate-link',
        payload: { booking_id: created.booking_id, customer_email: 'client@example.com' },
      })
    ).json();
    await app.inject({
      method: 'POST',
      url: `/sandbox/pay/${link.payment_link_id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=paid',
    });
    const lookup = (await app.inject(`/api/get-razorpay-details/${link.payment_link_id}`)).json();
    await close();
    expect(lookup).toMatchObject({
      status: 'confirmed',
      data: { payment_status: 'COMPLETED', google_meet_link: null },
    });

    await reactToBookingEvents(db);
    google.setFailing(false);
    const meetings = await createGoogleMeetLinks({
      serviceAccountFile: keyFile,
      calendarId: 'primary',
      apiUrl: google.url,
      timeZone: 'Asia/Kolkata',
    });
    const silent = { info() {}, warn() {}, error() {} };
    await createJobWorker({
      db,
      log: silent,
      handlers: createMeetingJobHandlers(db, meetings),
      now: () => BOOKING_TEST_NOW,
    }).runOnce();
    const { rows } = await db.query<{ google_meet_link: string }>(
      'SELECT google_meet_link FROM bookings WHERE id = $1',
      [created.booking_id],
    );
    expect(rows[0]!.google_meet_link).toMatch(/^https:\/\/meet\.google\.com\//);
  });

  it('stops the start with one line when the key file is missing or incomplete', async () => {
    await expect(
      createGoogleMeetLinks({
        serviceAccountFile: path.join(dir, 'none.json'),
        calendarId: 'primary',
        apiUrl: google.url,
        timeZone: 'Asia/Kolkata',
      }),
    ).rejects.toThrow(/^Invalid configuration: GOOGLE_SERVICE_ACCOUNT_FILE cannot be read as JSON/);
    await writeFile(path.join(dir, 'partial.json'), '{"client_email":"x"}');
    await expect(
      createGoogleMeetLinks({
        serviceAccountFile: path.join(dir, 'partial.json'),
        calendarId: 'primary',
        apiUrl: google.url,
        timeZone: 'Asia/Kolkata',
      }),
    ).rejects.toThrow(/must hold client_email, private_key and token_uri/);
  });
});
