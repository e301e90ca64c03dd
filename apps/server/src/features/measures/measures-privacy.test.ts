import { addDays } from '@therapy/shared/clinic-time';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createAdminUser,
  insertClientBooking,
  JWT_SECRET,
  NOW,
  signIn,
  TODAY,
} from '../../test/admin-test-kit.ts';
import { createDemoTestApp } from '../../test/test-app.ts';
import { backends, type TestDatabase } from '../../test/test-database.ts';
import { retentionSweep } from '../privacy/retention.ts';
import { deriveMeasureLinkKey, measureLinkFor } from './measure-links.ts';

const CLIENT = { fullName: 'Nisha Rao', email: 'nisha.measures@example.com', mobile: '9812345670' };
const REASON = 'Grief after a loss, marker G41EF';

/** Issue 28, privacy: the Privacy Desk's export holds the answers, its erasure and retention remove them. */
describe.each(backends)('questionnaire answers and the privacy desk on %s', (backend) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let boss: string;
  const links = { key: deriveMeasureLinkKey(JWT_SECRET), publicUrl: 'http://localhost:3000', every: 1 };

  beforeAll(async () => {
    ({ db, app, close } = await createDemoTestApp(backend, { now: () => NOW, env: { JWT_SECRET } }));
    await createAdminUser(db, 'boss@example.com', { superadmin: true });
    boss = await signIn(app, 'boss@example.com');
  });
  afterAll(() => close());

  /** A past session of the client with its intake answered in part (a partial answer is data too). */
  async function answeredSession(date: string, client = CLIENT) {
    const booking = await insertClientBooking(db, {
      therapistId: 2,
      bookingDate: date,
      startTime: '09:00',
      client,
    });
    const link = await measureLinkFor(db, links, booking.id);
    const token = link!.url.split('/intake/')[1]!;
    const saved = await app.inject({
      method: 'PUT',
      url: `/api/intake/${token}`,
      payload: { reason: REASON, phq9: [2, 1] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    return booking.id;
  }

  it('exports the answers, then erases them with the client', async () => {
    const bookingId = await answeredSession(addDays(TODAY, -20));
    const exported = await app.inject({
      url: `/api/admin/privacy/export?email=${encodeURIComponent(CLIENT.email)}`,
      headers: bearer(boss),
    });
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.json().questionnaires).toEqual([
      expect.objectContaining({
        booking_id: bookingId,
        kind: 'intake',
        submitted_at: null,
        answers: expect.objectContaining({
          reason: REASON,
          phq9: [2, 1, null, null, null, null, null, null, null],
        }),
      }),
    ]);
    const erased = await app.inject({
      method: 'POST',
      url: '/api/admin/privacy/erase',
      headers: bearer(boss),
      payload: { email: CLIENT.email },
    });
    expect(erased.statusCode, erased.body).toBe(200);
    const { rows } = await db.query('SELECT id FROM measure_forms WHERE booking_id = $1', [bookingId]);
    expect(rows).toEqual([]);
  });

  it('lets the answers go with the session at the end of retention (as for bookings)', async () => {
    const old = { ...CLIENT, email: 'old.measures@example.com' };
    const bookingId = await answeredSession('2020-01-06', old);
    await retentionSweep(db, { months: 36, clinicTimeZone: 'Asia/Kolkata' }).run(NOW);
    const { rows } = await db.query('SELECT id FROM measure_forms WHERE booking_id = $1', [bookingId]);
    expect(rows).toEqual([]);
  });
});
