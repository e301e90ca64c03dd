import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdminUser, signIn } from '../test/admin-test-kit.ts';
import { BOOKING_TEST_NOW, offlineBooking, onlineBooking } from '../test/booking-fixtures.ts';
import { createDemoTestApp } from '../test/test-app.ts';
import { backends, type TestDatabase } from '../test/test-database.ts';

/** A client whose every detail is unusual enough to be found in any log that holds it. */
const CLIENT = {
  client_full_name: 'Zephyrine Quillfeather',
  client_email: 'zephyrine.q@scan.example',
  client_mobile: '9733355577',
  client_note: 'Zephyrine worries about her exams',
};
const GUARDIAN = {
  guardian_name: 'Bartholomew Quillfeather',
  guardian_relation: 'Father',
  guardian_mobile: '9744466688',
  guardian_email: 'bart.q@scan.example',
  guardian_consent: true,
};
const TRACES = [
  'Zephyrine',
  'zephyrine',
  'Quillfeather',
  'scan.example',
  '9733355577',
  '97333',
  '9744466688',
  'exams',
];

/**
 * Issue 14: no client data in logs, URLs or error reports. A client's whole story through the
 * API at the most verbose log level (a booking, a refused one, a minor's, the admin's screens and
 * searches, the privacy desk's export, correction and erasure, bad input), then the log scanned.
 */
describe.each(backends)('the log of a client’s whole story on %s', (backend) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let close: () => Promise<void>;
  const lines: string[] = [];

  beforeAll(async () => {
    ({ db, app, close } = await createDemoTestApp(backend, {
      now: () => BOOKING_TEST_NOW,
      env: { LOG_LEVEL: 'trace' },
      logStream: { write: (line) => lines.push(line) },
    }));
  });
  afterAll(() => close());

  it('holds none of the client’s details, whatever the calls', async () => {
    await createAdminUser(db, 'scan-boss@example.com', { superadmin: true });
    const token = await signIn(app, 'scan-boss@example.com');
    const as = bearer(token);
    const calls = [
      {
        method: 'POST' as const,
        url: '/api/bookings',
        payload: onlineBooking({ ...CLIENT, booking_date: '2026-12-03' }),
      },
      {
        method: 'POST' as const,
        url: '/confirm-booking',
        payload: offlineBooking({ ...CLIENT, client_age: 16 }),
      },
      {
        method: 'POST' as const,
        url: '/confirm-booking',
        payload: offlineBooking({ ...CLIENT, client_age: 16, ...GUARDIAN }),
      },
      {
        method: 'POST' as const,
        url: '/api/bookings',
        payload: onlineBooking({ ...CLIENT, client_email: 'not-an-email' }),
      },
      {
        method: 'GET' as const,
        url: `/api/admin/bookings?q=${encodeURIComponent(CLIENT.client_full_name)}`,
        headers: as,
      },
      { method: 'GET' as const, url: '/api/admin/search-clients?name=zephyrine', headers: as },
      { method: 'GET' as const, url: `/api/admin/privacy/export?email=${CLIENT.client_email}`, headers: as },
      {
        method: 'GET' as const,
        url: `/api/admin/privacy/export?email=${CLIENT.client_email}&mobile=${CLIENT.client_mobile}`,
        headers: as,
      },
      {
        method: 'POST' as const,
        url: '/api/admin/privacy/correct',
        payload: { email: CLIENT.client_email, full_name: 'Zephyrine Q. Quillfeather' },
        headers: as,
      },
      {
        method: 'POST' as const,
        url: '/api/admin/privacy/erase',
        payload: { mobile: CLIENT.client_mobile },
        headers: as,
      },
      { method: 'GET' as const, url: `/api/admin/bookings/%ZZ${CLIENT.client_mobile}`, headers: as },
      {
        method: 'POST' as const,
        url: '/api/admin/login',
        payload: { username: CLIENT.client_email, password: 'wrong-password' },
      },
    ];
    const statuses: number[] = [];
    for (const call of calls) statuses.push((await app.inject(call)).statusCode);
    // The story happened: bookings made and refused, data shown, corrected and erased.
    expect(statuses).toEqual([201, 422, 201, 422, 200, 200, 200, 400, 200, 409, 400, 401]);

    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(20);
    expect(log).toContain('request completed');
    for (const trace of TRACES) expect(log, trace).not.toContain(trace);
  });
});
