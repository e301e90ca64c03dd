import { addDays } from '@therapy/shared/clinic-time';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logPath } from '../../http/logger.ts';
import { JWT_SECRET, NOW } from '../../test/admin-test-kit.ts';
import { createDemoTestApp } from '../../test/test-app.ts';
import { backends, type TestDatabase } from '../../test/test-database.ts';
import { join, joinPayload, testSweep } from '../../test/waitlist-kit.ts';

/** Joining a therapist's waitlist (issue 15, decision 041): the rules, the line, expiry. */
describe.each(backends)('joining the waitlist on %s', (backend) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ db, app, close } = await createDemoTestApp(backend, { now: () => NOW, env: { JWT_SECRET } }));
  });
  afterAll(() => close());

  const entries = async () =>
    (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM waitlist_entries')).rows[0]!.n;
  const sixteenDates = Array.from({ length: 16 }, (_, day) => addDays('2026-11-22', day));
  const post = (change: object) =>
    app.inject({ method: 'POST', url: '/api/waitlist', payload: { ...joinPayload(), ...change } });

  it('refuses bad details and wishes with 422 and a clear message, storing nothing', async () => {
    const refusals: [object, number, string][] = [
      [{ client_full_name: ' ' }, 422, 'Full name is required'],
      [{ client_email: 'meena@' }, 422, 'Please enter a valid email address'],
      [{ client_mobile: '12345' }, 422, 'Mobile number must be 10 digits'],
      [
        { client_mobile: '+44 7911 123456' },
        422,
        'Please enter an Indian mobile number: 10 digits, with or without +91',
      ],
      [{ client_age: 0 }, 422, 'Age is required and must be a positive number'],
      [{ terms_accepted: false }, 422, 'You must accept the terms and conditions'],
      [{ client_age: 15 }, 422, 'For a client under 18, the name of a parent or guardian is required'],
      [{ preferred_dates: [] }, 422, 'Please choose at least one date you could come.'],
      [{ preferred_dates: ['2026-11-21'] }, 422, 'Please choose dates from today to 14 days from now.'],
      [{ preferred_dates: ['2026-12-07'] }, 422, 'Please choose dates from today to 14 days from now.'],
      // 16 dates (one more than the window's 15): the documented 422 with the form's words, not a 400.
      [{ preferred_dates: sixteenDates }, 422, 'Please choose at most 15 dates.'],
      [{ preferred_dates: [...sixteenDates, ...sixteenDates] }, 422, 'Please choose at most 15 dates.'],
      [{ times_of_day: [] }, 422, 'Please choose at least one time of day: morning, afternoon or evening.'],
      [{ booking_type: 'OFFLINE', location_id: 1 }, 422, 'This therapist does not offer in-person sessions.'],
      [{ service_id: 2 }, 422, 'This therapist does not offer the chosen service.'],
      [{ therapist_id: 999 }, 404, 'Therapist 999 not found'],
    ];
    for (const [change, status, detail] of refusals) {
      const response = await post(change);
      expect(response.statusCode, JSON.stringify(change)).toBe(status);
      expect(response.json(), JSON.stringify(change)).toEqual({ detail });
    }
    // Shapes the schema refuses are 400s, never 500s.
    for (const change of [
      { times_of_day: ['night'] },
      { preferred_dates: ['2026-02-30'] },
      { therapist_id: '1' },
    ]) {
      expect((await post(change)).statusCode, JSON.stringify(change)).toBe(400);
    }
    expect(await entries()).toBe(0);
  });

  it('gives places in join order, and a second join of the same e-mail updates its place', async () => {
    const first = await join(app, { client_email: 'first@example.com' });
    const second = await join(app, {
      client_email: 'second@example.com',
      preferred_dates: ['2026-11-25', '2026-11-24'],
    });
    expect(first).toMatchObject({ position: 1, expires_on: '2026-11-23', updated: false });
    expect(second).toMatchObject({ position: 2, expires_on: '2026-11-25', updated: false });

    const again = await join(app, {
      client_email: 'FIRST@example.com',
      preferred_dates: ['2026-11-26'],
      times_of_day: ['evening', 'afternoon'],
    });
    expect(again).toEqual({ id: first.id, position: 1, expires_on: '2026-11-26', updated: true });
    const { rows } = await db.query<{ client_mobile: string; times_of_day: string[] }>(
      'SELECT client_mobile, times_of_day FROM waitlist_entries WHERE id = $1',
      [first.id],
    );
    // The mobile as a booking keeps it: its 10 digits.
    expect(rows[0]).toEqual({ client_mobile: '9876500001', times_of_day: ['evening', 'afternoon'] });
    expect(await entries()).toBe(2);
  });

  it('takes a minor with a parent or guardian, recording the consent versions', async () => {
    const joined = await join(app, {
      client_email: 'teen@example.com',
      client_age: 15,
      guardian_name: 'Sunita Rao',
      guardian_relation: 'Mother',
      guardian_mobile: '9876500009',
      guardian_email: 'sunita@example.com',
      guardian_consent: true,
    });
    const { rows } = await db.query<{ guardian_consent: boolean; terms: string }>(
      `SELECT e.guardian_consent, d.version AS terms FROM waitlist_entries e
       JOIN consent_documents d ON d.id = e.terms_document_id WHERE e.id = $1`,
      [joined.id],
    );
    expect(rows[0]).toEqual({ guardian_consent: true, terms: '1' });
  });

  it('ends places once their last preferred date has passed', async () => {
    const short = await join(app, { client_email: 'short@example.com', preferred_dates: ['2026-11-22'] });
    const status = async () =>
      (await db.query<{ status: string }>('SELECT status FROM waitlist_entries WHERE id = $1', [short.id]))
        .rows[0]!.status;
    const sweep = testSweep(db);
    await sweep.run(NOW);
    expect(await status()).toBe('waiting');
    await sweep.run(new Date(NOW.getTime() + 24 * 3_600_000));
    expect(await status()).toBe('expired');
  });
});

describe('offer links in request logs', () => {
  it('never shows an offer token', () => {
    expect(logPath('/api/waitlist/offers/abcDEF_-123/claim')).toBe('/api/waitlist/offers/[token]/claim');
    expect(logPath('/waitlist/offer/abcDEF_-123?x=1')).toBe('/waitlist/offer/[token]');
  });
});
