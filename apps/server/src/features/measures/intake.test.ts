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
import { MESSAGE_TEST_CONTEXT } from '../../test/message-kit.ts';
import { createDemoTestApp } from '../../test/test-app.ts';
import { backends, type TestDatabase } from '../../test/test-database.ts';
import { currentManageToken, deriveManageLinkKey } from '../bookings/manage-token.ts';
import type { OutgoingMail } from '../messages/email/mailer.ts';
import { createRiskAlertHandlers } from '../messages/email/risk-alert-email.ts';
import { deriveMeasureLinkKey, measureLinkFor } from './measure-links.ts';

/** Issue 28: the client's intake by its link, kept as it goes, scored, and risk answered at once. */
describe.each(backends)('intake and questionnaires on %s', (backend) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let asha: string;
  let ravi: string;
  let boss: string;
  let bookingId: number;
  let token: string;
  const links = { key: deriveMeasureLinkKey(JWT_SECRET), publicUrl: 'http://localhost:3000', every: 1 };
  const REASON = 'Trouble sleeping since the move, marker R3AS0N-51';
  const CONTACT = { name: 'Meera Contact-Z9', mobile: '+91 98111 22334' };

  beforeAll(async () => {
    ({ db, app, close } = await createDemoTestApp(backend, { now: () => NOW, env: { JWT_SECRET } }));
    await createAdminUser(db, 'asha@example.com', { therapistId: 1 });
    await createAdminUser(db, 'ravi@example.com', { therapistId: 2 });
    await createAdminUser(db, 'boss@example.com', { superadmin: true });
    asha = await signIn(app, 'asha@example.com');
    ravi = await signIn(app, 'ravi@example.com');
    boss = await signIn(app, 'boss@example.com');
    await db.query("UPDATE clinic_profile SET email = 'desk@clinic.example'");
    bookingId = (
      await insertClientBooking(db, { therapistId: 1, bookingDate: addDays(TODAY, 2), startTime: '10:00' })
    ).id;
    const link = await measureLinkFor(db, links, bookingId);
    expect(link?.kind).toBe('intake');
    token = link!.url.split('/intake/')[1]!;
  });
  afterAll(() => close());

  const view = (t = token) => app.inject({ url: `/api/intake/${t}` });
  const put = (payload: Record<string, unknown>, t = token) =>
    app.inject({ method: 'PUT', url: `/api/intake/${t}`, payload });
  const post = (payload: Record<string, unknown>, t = token) =>
    app.inject({ method: 'POST', url: `/api/intake/${t}`, payload });

  it('links the intake from the manage page of the first confirmed booking', async () => {
    const manageToken = await currentManageToken(db, deriveManageLinkKey(JWT_SECRET), bookingId);
    const manage = await app.inject({ url: `/api/manage/${manageToken}` });
    expect(manage.statusCode, manage.body).toBe(200);
    expect(manage.json().intake_url).toBe(`http://localhost:3000/intake/${token}`);
  });

  it('asks the intake in the booking’s language with nothing answered yet', async () => {
    const response = await view();
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      kind: 'intake',
      language: 'en',
      sections: ['reason', 'emergency_contact', 'consent', 'phq9', 'gad7'],
      consent_version: { version: '1' },
      answers: { phq9: Array(9).fill(null), gad7: Array(7).fill(null), consent: false, reason: null },
    });
  });

  it('keeps partial answers, and loses none of them to bad input', async () => {
    expect(
      (await put({ reason: REASON, emergency_contact: CONTACT, consent: true, phq9: [1, 2] })).json(),
    ).toEqual({
      saved_at: NOW.toISOString(),
      risk: false,
    });
    const outside = await put({ phq9: [1, 2, 4] });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().detail).toMatch(/at most 3/);
    const long = await put({ reason: 'x'.repeat(5001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().detail).toMatch(/at most 5000 characters/);
    const missing = await post({ phq9: [null, null, 0] });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().detail).toBe('PHQ-9 question 4 is not answered');
    const { answers } = (await view()).json();
    expect(answers).toMatchObject({
      phq9: [1, 2, 0, null, null, null, null, null, null],
      reason: REASON,
      emergency_contact: { name: CONTACT.name, mobile: '9811122334' },
      consent: true,
    });
  });

  it('alerts the therapist and the clinic once, at the save that holds item 9 above 0, with no answers in the mail', async () => {
    const saved = await put({ phq9: [1, 2, 0, 1, 1, 0, 0, 1, 1] });
    expect(saved.json()).toMatchObject({ risk: true });
    await put({ phq9: [1, 2, 0, 1, 1, 0, 0, 1, 2] });
    const { rows } = await db.query<{ payload: { form_id: number } }>(
      "DELETE FROM jobs WHERE kind = 'measures.risk_alert' RETURNING payload",
    );
    expect(rows).toHaveLength(1);
    const sent: OutgoingMail[] = [];
    const handlers = createRiskAlertHandlers(
      db,
      { send: async (mail) => void sent.push(mail), close() {} },
      {
        ...MESSAGE_TEST_CONTEXT,
        publicUrl: 'http://localhost:3000',
      },
    );
    await handlers['measures.risk_alert'](rows[0]!.payload, {} as never);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: 'asha.menon@example.com', cc: 'desk@clinic.example' });
    expect(sent[0]!.text).toContain('http://localhost:3000/admin/login');
    for (const secret of ['Kavya', 'R3AS0N', 'Z9', 'PHQ-9', 'mild', 'severe', '9811122334'])
      expect(`${sent[0]!.subject}\n${sent[0]!.text}\n${sent[0]!.html}`).not.toContain(secret);
  });

  it('refuses the whole until consent, difficulty and every GAD-7 item are in; then scores it as published', async () => {
    const noDifficulty = await post({ gad7: [3, 3, 3, 3, 3, null, 0] });
    expect(noDifficulty.statusCode).toBe(422);
    expect(noDifficulty.json().detail).toMatch(/how difficult/);
    const noGad = await post({ phq9_difficulty: 1 });
    expect(noGad.json().detail).toBe('GAD-7 question 6 is not answered');
    const sentIn = await post({ gad7: [null, null, null, null, null, 0] });
    expect(sentIn.statusCode, sentIn.body).toBe(200);
    // PHQ-9 1+2+0+1+1+0+0+1+2 = 8 (mild); GAD-7 15 (severe).
    expect(sentIn.json()).toEqual({
      phq9_score: 8,
      phq9_band: 'mild',
      gad7_score: 15,
      gad7_band: 'severe',
      risk: true,
    });
  });

  it('answers a used link and a foreign one with a clear message', async () => {
    for (const response of [await view(), await put({ phq9: [0] }), await post({})]) {
      expect(response.statusCode).toBe(410);
      expect(response.json().detail).toBe('These answers were already sent to your therapist. Thank you.');
    }
    for (const foreign of ['A'.repeat(43), 'not-a-token']) {
      const response = await view(foreign);
      expect(response.statusCode).toBe(404);
      expect(response.json().detail).toMatch(/not valid/);
    }
    expect((await measureLinkFor(db, links, bookingId)) === null).toBe(true);
  });

  it('shows the therapist its client’s intake and scores, with the risk badge until opened; another therapist gets 404', async () => {
    const sessions = await app.inject({
      url: `/api/therapist/sessions?from=${addDays(TODAY, 2)}&to=${addDays(TODAY, 2)}`,
      headers: bearer(asha),
    });
    const session = sessions
      .json()
      .items.find((item: { booking_id: number }) => item.booking_id === bookingId);
    expect(session.measures).toMatchObject({
      latest: { phq9_score: 8, phq9_band: 'mild', gad7_score: 15, gad7_band: 'severe' },
      unseen_risk: true,
    });
    const key = session.measures.client_key as string;
    expect(key).toMatch(/^[\w-]{22}$/);
    const url = `/api/therapist/clients/${key}/measures`;
    expect((await app.inject({ url, headers: bearer(ravi) })).statusCode).toBe(404);
    expect((await app.inject({ url, headers: bearer(boss) })).statusCode).toBe(403);
    const read = await app.inject({ url, headers: bearer(asha) });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({
      client_name: 'Kavya Sharma',
      intake: { reason: REASON, emergency_contact: { name: CONTACT.name }, consent_version: '1' },
      scores: [{ kind: 'intake', phq9_score: 8, gad7_score: 15, phq9_difficulty: 1, risk: true }],
      unseen_risk: true,
    });
    expect((await app.inject({ url, headers: bearer(asha) })).json().unseen_risk).toBe(false);
    const { rows } = await db.query<{ n: number }>(
      "SELECT count(*)::integer AS n FROM audit_log WHERE action = 'measures.read'",
    );
    expect(rows[0]!.n).toBe(2);
  });

  it('brings PHQ-9 and GAD-7 again before later sessions, by MEASURES_EVERY', async () => {
    const later = await insertClientBooking(db, {
      therapistId: 1,
      bookingDate: addDays(TODAY, 9),
      startTime: '10:00',
    });
    const third = await insertClientBooking(db, {
      therapistId: 1,
      bookingDate: addDays(TODAY, 16),
      startTime: '10:00',
    });
    expect((await measureLinkFor(db, { ...links, every: 2 }, later.id)) === null).toBe(true);
    expect(await measureLinkFor(db, { ...links, every: 0 }, third.id)).toBeNull();
    const repeat = await measureLinkFor(db, { ...links, every: 2 }, third.id);
    expect(repeat?.kind).toBe('repeat');
    const asked = await view(repeat!.url.split('/intake/')[1]);
    expect(asked.json()).toMatchObject({ kind: 'repeat', sections: ['phq9', 'gad7'] });
  });

  it.skipIf(backend !== 'pglite')('leaves no answer readable in the database files', async () => {
    await db.query('CHECKPOINT');
    const files = Buffer.from(
      await (await (db as unknown as { dumpDataDir(): Promise<Blob> }).dumpDataDir()).arrayBuffer(),
    );
    expect(files.includes('asha@example.com'), 'the scan reads the rows').toBe(true);
    for (const secret of ['R3AS0N', 'Contact-Z9', '"phq9"', '9811122334'])
      expect(files.includes(secret)).toBe(false);
  });
});
