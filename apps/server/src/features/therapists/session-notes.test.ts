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

/** A therapist's session notes (issue 25): sealed with DATA_KEY, versions kept, reads audited, author only. */
describe.each(backends)('session notes on %s', (backend) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let asha: string;
  let ravi: string;
  let boss: string;
  let bookingId: number;
  const SECRET = 'Spoke of her father Q7XW9 and sleep';

  beforeAll(async () => {
    ({ db, app, close } = await createDemoTestApp(backend, { now: () => NOW, env: { JWT_SECRET } }));
    await createAdminUser(db, 'asha@example.com', { therapistId: 1 });
    await createAdminUser(db, 'ravi@example.com', { therapistId: 2 });
    await createAdminUser(db, 'boss@example.com', { superadmin: true });
    asha = await signIn(app, 'asha@example.com');
    ravi = await signIn(app, 'ravi@example.com');
    boss = await signIn(app, 'boss@example.com');
    bookingId = (await insertClientBooking(db, { therapistId: 1, bookingDate: TODAY, startTime: '08:00' }))
      .id;
  });
  afterAll(() => close());

  const note = (token: string, id = bookingId) =>
    app.inject({ url: `/api/therapist/sessions/${id}/note`, headers: bearer(token) });
  const save = (token: string, text: string, id = bookingId) =>
    app.inject({
      method: 'PUT',
      url: `/api/therapist/sessions/${id}/note`,
      headers: bearer(token),
      payload: { text },
    });

  it('keeps every save as a version and answers the latest to its author', async () => {
    expect((await note(asha)).json()).toEqual({ text: '', version: 0, saved_at: null });
    const first = await save(asha, 'First thoughts');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ text: 'First thoughts', version: 1, saved_at: NOW.toISOString() });
    expect((await save(asha, `${SECRET}\n\tand more`)).json().version).toBe(2);
    expect((await note(asha)).json()).toMatchObject({ text: `${SECRET}\n\tand more`, version: 2 });
    const { rows } = await db.query<{ version: number }>(
      'SELECT version FROM session_notes WHERE booking_id = $1 ORDER BY version',
      [bookingId],
    );
    expect(rows.map((row) => row.version)).toEqual([1, 2]);
  });

  it('writes an audit entry for every read, without the text', async () => {
    const count = async () =>
      (
        await db.query<{ count: number }>(
          "SELECT count(*)::integer AS count FROM audit_log WHERE action = 'session_note.read' AND booking_id = $1 AND actor_label = 'asha@example.com'",
          [bookingId],
        )
      ).rows[0]!.count;
    const before = await count();
    await note(asha);
    expect(await count()).toBe(before + 1);
    const { rows } = await db.query<{ details: string }>(
      "SELECT details::text AS details FROM audit_log WHERE action LIKE 'session_note.%'",
    );
    expect(rows.some((row) => row.details.includes('Q7XW9'))).toBe(false);
  });

  it("answers another therapist 404, an administrator 403, and shows the note on nobody else's screen", async () => {
    expect((await note(ravi)).statusCode).toBe(404);
    expect((await save(ravi, 'Not mine')).statusCode).toBe(404);
    expect((await note(boss)).statusCode).toBe(403);
    const booking = await app.inject({ url: `/api/admin/bookings/${bookingId}`, headers: bearer(boss) });
    expect(booking.statusCode).toBe(200);
    expect(booking.body).not.toContain('Q7XW9');
    const list = await app.inject({ url: `/api/admin/bookings?page_size=100`, headers: bearer(boss) });
    expect(list.body).not.toContain('Q7XW9');
  });

  it('refuses a note over 20,000 characters, and keeps the one before', async () => {
    const long = await save(asha, 'x'.repeat(20_001));
    expect(long.statusCode).toBe(400);
    expect(long.json().detail).toMatch(/20000 characters/);
    expect((await save(asha, 'y'.repeat(20_000))).statusCode).toBe(200);
    expect((await note(asha)).json().version).toBe(3);
  });

  it('stores no note in clear: not in its rows, the jobs or the audit log', async () => {
    await save(asha, SECRET);
    for (const table of ['session_notes', 'audit_log', 'jobs', 'bookings']) {
      const { rows } = await db.query<{ row: string }>(`SELECT row_to_json(t)::text AS row FROM ${table} t`);
      if (table !== 'jobs') expect(rows.length, table).toBeGreaterThan(0);
      expect(
        rows.some((row) => row.row.includes('Q7XW9')),
        table,
      ).toBe(false);
    }
  });

  it("is in the Privacy Desk's export of the client, and its erasure erases every version, both audited", async () => {
    const past = await insertClientBooking(db, {
      therapistId: 1,
      bookingDate: addDays(TODAY, -3),
      startTime: '10:00',
      client: { fullName: 'Meera Iyer', email: 'meera@example.com', mobile: '9876511111' },
    });
    await save(asha, 'Meera: first note', past.id);
    await save(asha, 'Meera: second note', past.id);
    const exported = await app.inject({
      url: '/api/admin/privacy/export?email=meera@example.com',
      headers: bearer(boss),
    });
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.json().session_notes).toEqual([
      { booking_id: past.id, version: 1, text: 'Meera: first note', saved_at: NOW.toISOString() },
      { booking_id: past.id, version: 2, text: 'Meera: second note', saved_at: NOW.toISOString() },
    ]);
    const erased = await app.inject({
      method: 'POST',
      url: '/api/admin/privacy/erase',
      headers: bearer(boss),
      payload: { email: 'meera@example.com' },
    });
    expect(erased.statusCode, erased.body).toBe(200);
    const { rows } = await db.query('SELECT 1 FROM session_notes WHERE booking_id = $1', [past.id]);
    expect(rows).toHaveLength(0);
    const audit = await db.query<{ action: string; details: { session_notes: number } }>(
      "SELECT action, details FROM audit_log WHERE action IN ('privacy.export', 'privacy.erase') ORDER BY id",
    );
    expect(audit.rows.map((row) => [row.action, row.details.session_notes])).toEqual([
      ['privacy.export', 2],
      ['privacy.erase', 2],
    ]);
    expect((await note(asha, past.id)).json()).toMatchObject({ text: '', version: 0 });
  });

  it.skipIf(backend !== 'pglite')('leaves no note readable in the database files', async () => {
    await save(asha, SECRET);
    await db.query('CHECKPOINT');
    const files = Buffer.from(
      await (await (db as unknown as { dumpDataDir(): Promise<Blob> }).dumpDataDir()).arrayBuffer(),
    );
    expect(files.includes('asha@example.com'), 'the scan reads the rows').toBe(true);
    expect(files.includes('Q7XW9')).toBe(false);
  });
});
