import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BOOKING_TEST_NOW, onlineBooking } from '../test/booking-fixtures.ts';
import { createDemoTestApp } from '../test/test-app.ts';
import { backends, type TestDatabase } from '../test/test-database.ts';

const NAME = 'Ottoline Vandermeer';
const EMAIL = 'ottoline.v@leak.example';
const MOBILE = '9811122233';
const NOTE = 'Ottoline has a private worry';

/**
 * A booking whose INSERT fails inside the database with the client's details in the error:
 * the 500 is logged (with code and constraint for the operator), the client's details are not.
 */
describe.each(backends)('no client data in the log of a failed booking on %s', (backend) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let close: () => Promise<void>;
  const lines: string[] = [];

  beforeAll(async () => {
    ({ db, app, close } = await createDemoTestApp(backend, {
      now: () => BOOKING_TEST_NOW,
      env: { LOG_LEVEL: 'info' },
      logStream: { write: (line) => lines.push(line) },
    }));
  });
  afterAll(() => close());
  beforeEach(() => {
    lines.length = 0;
  });

  async function bookAndReadLog() {
    const response = await app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: onlineBooking({
        booking_date: '2026-12-02',
        client_full_name: NAME,
        client_email: EMAIL,
        client_mobile: MOBILE,
        client_note: NOTE,
      }),
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ detail: 'Internal server error. Please try again later.' });
    const text = lines.join('');
    for (const value of [NAME, EMAIL, MOBILE, NOTE, 'Ottoline', 'ottoline.v', '98111']) {
      expect(text).not.toContain(value);
    }
    const entries = lines.map((line) => JSON.parse(line));
    // Request logs keep their fields through the redaction.
    expect(entries).toContainEqual(
      expect.objectContaining({
        msg: 'request completed',
        res: { statusCode: 500 },
        reqId: expect.any(String),
      }),
    );
    expect(entries).toContainEqual(
      expect.objectContaining({
        msg: 'incoming request',
        req: expect.objectContaining({ path: '/api/bookings' }),
      }),
    );
    const logged = entries.find((entry) => entry.msg === 'unhandled error');
    expect(logged).toBeDefined();
    return logged.err;
  }

  it('when a check constraint refuses the row (its detail holds the whole row)', async () => {
    await db.exec(
      "ALTER TABLE bookings ADD CONSTRAINT log_probe_no_leak CHECK (client_email NOT LIKE '%@leak.example')",
    );
    try {
      const err = await bookAndReadLog();
      expect(err).toMatchObject({ type: 'DatabaseError', code: '23514', constraint: 'log_probe_no_leak' });
    } finally {
      await db.exec('ALTER TABLE bookings DROP CONSTRAINT log_probe_no_leak');
    }
  });

  it('when a trigger raises an exception naming the client in its message, detail and hint', async () => {
    await db.exec(`
      CREATE FUNCTION log_probe_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'refused % <%> %', NEW.client_full_name, NEW.client_email, NEW.client_mobile
          USING DETAIL = NEW.client_note, HINT = NEW.client_email;
      END $$;
      CREATE TRIGGER log_probe_refuse BEFORE INSERT ON bookings
        FOR EACH ROW EXECUTE FUNCTION log_probe_refuse();
    `);
    try {
      const err = await bookAndReadLog();
      expect(err).toMatchObject({ type: 'DatabaseError', code: 'P0001' });
    } finally {
      await db.exec('DROP TRIGGER log_probe_refuse ON bookings; DROP FUNCTION log_probe_refuse()');
    }
  });

  it('nor in what Fastify logs of a body that is not JSON', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: { 'content-type': 'application/json' },
      payload: `{"client_full_name": "${NAME}", "client_email": "${EMAIL}", "client_mobile": ${MOBILE}`,
    });
    expect(response.statusCode).toBe(400);
    expect(lines.length).toBeGreaterThan(0);
    for (const value of [NAME, EMAIL, MOBILE]) expect(lines.join('')).not.toContain(value);
  });

  it('nor in the path of a request for a page that does not exist', async () => {
    const response = await app.inject({ method: 'GET', url: `/api/clients/${EMAIL}/${MOBILE}?name=${NAME}` });
    expect(response.statusCode).toBe(404);
    expect(lines.join('')).toContain('/api/clients/[email]/[number]');
    for (const value of [NAME, EMAIL, MOBILE]) expect(lines.join('')).not.toContain(value);
  });
});
