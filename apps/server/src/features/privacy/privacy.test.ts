import type { FastifyInstance } from 'fastify';
import readXlsxFile from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdminUser, insertClientBooking, NOW, signIn } from '../../test/admin-test-kit.ts';
import { createTestApp, TEST_NOTES } from '../../test/test-app.ts';
import { backends, createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { loadDemoData } from '../demo-data/load-demo-data.ts';
import { monthsBefore, retentionSweep } from './retention.ts';

const KAVYA = { fullName: 'Kavya Sharma', email: 'Kavya.Sharma@example.com', mobile: '9876543210' };
const RAVI = { fullName: 'Ravi Iyer', email: 'ravi@example.com', mobile: '9123456780' };

describe.each(backends)('the client privacy desk on %s', (backend) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let boss: string;
  let admin: string;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    await loadDemoData(db, { now: NOW });
    ({ app, close } = await createTestApp(db, { now: () => NOW }));
    await createAdminUser(db, 'boss@example.com', { superadmin: true });
    await createAdminUser(db, 'desk@example.com');
    boss = await signIn(app, 'boss@example.com');
    admin = await signIn(app, 'desk@example.com');
    // Kavya: two paid past sessions (one with a note), a cancelled one; Ravi: one paid session.
    const client = (who: typeof KAVYA, note?: string) => ({
      ...who,
      note: note ? TEST_NOTES.seal(note) : null,
    });
    await insertClientBooking(db, {
      therapistId: 1,
      bookingDate: '2026-11-02',
      startTime: '10:00',
      client: client(KAVYA, 'Sleep trouble'),
    });
    await insertClientBooking(db, {
      therapistId: 2,
      bookingDate: '2026-11-09',
      startTime: '11:00',
      client: client(KAVYA),
    });
    await insertClientBooking(db, {
      therapistId: 1,
      bookingDate: '2026-11-16',
      startTime: '12:00',
      paymentStatus: 'CANCELLED',
      client: client(KAVYA),
    });
    await insertClientBooking(db, {
      therapistId: 1,
      bookingDate: '2026-11-09',
      startTime: '12:00',
      client: client(RAVI),
    });
  });
  afterAll(async () => {
    await close();
    await db.drop();
  });

  const get = (url: string, token = boss) => app.inject({ url, headers: bearer(token) });
  const post = (url: string, payload: object, token = boss) =>
    app.inject({ method: 'POST', url, payload, headers: bearer(token) });

  /** Every figure the reports and income show for November 2026. */
  async function figures() {
    const income = (await get('/api/admin/income?from=2026-11-01&to=2026-11-30')).json();
    const inventory = (await get('/api/admin/reports/inventory?from=2026-11-01&to=2026-11-30')).json();
    const monthly = (await get('/api/admin/reports/therapist-monthly?year=2026&month=11')).json();
    const days = await Promise.all(
      ['2026-11-02', '2026-11-09', '2026-11-16'].map(async (day) => {
        const eod = (await get(`/api/admin/reports/eod?report_date=${day}`)).json();
        // Every line and total stays; only the client's name in a line becomes the marker.
        const details = eod.details.map(({ client_name, ...line }: { client_name: string }) => line);
        return {
          ...eod,
          details,
          names: eod.details.map((line: { client_name: string }) => line.client_name === '[erased]'),
        };
      }),
    );
    return {
      income: [
        income.total_amount,
        income.total_count,
        income.payments.map((p: { amount: number }) => p.amount),
      ],
      inventory: [inventory.total_amount, inventory.total_count],
      monthly,
      days,
    };
  }

  it('exports everything held about a client, with the note opened, and audits it', async () => {
    const response = await get(
      `/api/admin/privacy/export?email=${encodeURIComponent('kavya.sharma@EXAMPLE.com')}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const held = response.json();
    expect(held.bookings).toHaveLength(3);
    expect(held.bookings.map((b: { client_email: string }) => b.client_email)).toEqual(
      Array(3).fill(KAVYA.email),
    );
    expect(held.bookings.map((b: { client_note: string | null }) => b.client_note)).toContain(
      'Sleep trouble',
    );
    expect(held.consents).toHaveLength(3);
    expect(held.consents[0]).toMatchObject({ terms_accepted: true, client_language: 'en' });
    expect(held.erasures).toEqual([]);
    const byMobile = (await get('/api/admin/privacy/export?mobile=%2B91%2098765%2043210')).json();
    expect(byMobile.bookings).toHaveLength(3);

    const { rows } = await db.query<{ action: string; details: unknown }>(
      "SELECT action, details FROM audit_log WHERE action = 'privacy.export' ORDER BY id",
    );
    expect(rows).toHaveLength(2);
    expect(rows[0]!.details).toEqual({ request_id: null, bookings: 3, waitlist_entries: 0 });
    expect(JSON.stringify(rows)).not.toMatch(/kavya|9876543210|Sleep/i);
  });

  it('files a look-up by the desk in the audit log only, and answers a logged export request', async () => {
    const count = async () =>
      (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM privacy_requests')).rows[0]!.n;
    const before = await count();
    const looked = (await get('/api/admin/privacy/export?email=ravi@example.com')).json();
    expect(looked.request_id).toBeNull();
    expect(await count()).toBe(before);
    const logged = (
      await post('/api/admin/privacy/requests', { kind: 'export', mobile: RAVI.mobile })
    ).json();
    const answered = (
      await get(`/api/admin/privacy/export?mobile=${RAVI.mobile}&request_id=${logged.id}`)
    ).json();
    expect(answered.request_id).toBe(logged.id);
    const { rows } = await db.query<{ answered: boolean; bookings_affected: number }>(
      'SELECT answered_at IS NOT NULL AS answered, bookings_affected FROM privacy_requests WHERE id = $1',
      [logged.id],
    );
    expect(rows[0]).toEqual({ answered: true, bookings_affected: 1 });
    // A request is answered for the client it names, once.
    const other = await get(`/api/admin/privacy/export?email=someone@example.com&request_id=${logged.id}`);
    expect(other.statusCode).toBe(404);
  });

  it('refuses anyone but a superadmin, and a request naming no client or two ways at once', async () => {
    expect((await get('/api/admin/privacy/export?email=ravi@example.com', admin)).statusCode).toBe(403);
    expect((await post('/api/admin/privacy/erase', { email: RAVI.email }, admin)).statusCode).toBe(403);
    const both = await post('/api/admin/privacy/erase', { email: RAVI.email, mobile: RAVI.mobile });
    expect(both.statusCode).toBe(400);
    expect(both.json().detail).toContain('one of them');
    expect((await post('/api/admin/privacy/erase', {})).statusCode).toBe(400);
    expect((await post('/api/admin/privacy/erase', { mobile: '12345' })).statusCode).toBe(400);
  });

  it('logs a request when it comes in, shows it due within 90 days, and answers it', async () => {
    const received = await post('/api/admin/privacy/requests', { kind: 'correct', email: RAVI.email });
    expect(received.statusCode, received.body).toBe(201);
    const request = received.json();
    expect(request).toMatchObject({ kind: 'correct', subject_hint: 'r***@example.com', answered_at: null });
    const dueDays = (Date.parse(request.due_at) - Date.parse(request.received_at)) / 86_400_000;
    expect(dueDays).toBe(90);
    const open = (await get('/api/admin/privacy/requests?open=true')).json();
    expect(open.items.map((item: { id: number }) => item.id)).toContain(request.id);
    // The client's own view on the desk lists it, for the action that answers it.
    const held = (await get(`/api/admin/privacy/export?email=${RAVI.email}`)).json();
    expect(held.open_requests).toEqual([{ id: request.id, kind: 'correct', due_at: request.due_at }]);

    const corrected = await post('/api/admin/privacy/correct', {
      email: RAVI.email,
      request_id: request.id,
      new_mobile: '+91 91234 00000',
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json()).toEqual({ request_id: request.id, bookings_affected: 1 });
    const { rows } = await db.query<{ client_mobile: string }>(
      "SELECT client_mobile FROM bookings WHERE client_email = 'ravi@example.com'",
    );
    expect(rows.map((row) => row.client_mobile)).toEqual(['9123400000']);
    const after = (await get('/api/admin/privacy/requests?open=true')).json();
    expect(after.items.map((item: { id: number }) => item.id)).not.toContain(request.id);
    const again = await post('/api/admin/privacy/correct', {
      email: RAVI.email,
      request_id: request.id,
      full_name: 'R',
    });
    expect(again.statusCode).toBe(409);
  });

  it('erases a client: not found by search, export is the marker only, every report figure unchanged', async () => {
    const before = await figures();
    const found = (await get('/api/admin/search-clients?name=kavya')).json();
    expect(found.items.length).toBeGreaterThan(0);

    const erased = await post('/api/admin/privacy/erase', { mobile: KAVYA.mobile });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json().erased_bookings).toBe(3);

    const after = await figures();
    expect({ ...after, days: after.days.map((day) => ({ ...day, names: undefined })) }).toEqual({
      ...before,
      days: before.days.map((day) => ({ ...day, names: undefined })),
    });
    // Kavya's lines of the end-of-day reports now carry the marker; Ravi's keep his name.
    expect(before.days.flatMap((day) => day.names)).not.toContain(true);
    expect(after.days.flatMap((day) => day.names)).toEqual([true, true, false, true]);
    expect((await get('/api/admin/search-clients?name=kavya')).json().items).toEqual([]);
    const all = (await get('/api/admin/bookings?q=kavya&limit=100')).json();
    expect(all.items).toEqual([]);
    const exported = (await get(`/api/admin/privacy/export?email=${encodeURIComponent(KAVYA.email)}`)).json();
    expect(exported.bookings).toEqual([]);
    expect(exported.erasures).toEqual([
      expect.objectContaining({ request_id: erased.json().request_id, bookings: 3 }),
    ]);

    const { rows } = await db.query<Record<string, unknown>>(
      `SELECT client_full_name, client_email, client_mobile, client_note, amount_paise, payment_status, erased_at
       FROM bookings WHERE erased_at IS NOT NULL ORDER BY id`,
    );
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row).toMatchObject({
        client_full_name: '[erased]',
        client_email: null,
        client_mobile: null,
        client_note: null,
      });
      expect(row.amount_paise).toBe(150_000);
    }
    expect(JSON.stringify(await db.query('SELECT * FROM clients'))).not.toMatch(/kavya/i);
    // A second erasure finds nothing left to erase.
    expect((await post('/api/admin/privacy/erase', { email: KAVYA.email })).json().erased_bookings).toBe(0);
  });

  it('will not erase a client with a session still to come', async () => {
    await insertClientBooking(db, {
      therapistId: 3,
      bookingDate: '2026-11-30',
      startTime: '11:00',
      client: { fullName: 'Meena Rao', email: 'meena@example.com', mobile: '9000000001' },
    });
    const refused = await post('/api/admin/privacy/erase', { email: 'meena@example.com' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(
      "This client has 1 upcoming session (2026-11-30). Cancel them before erasing the client's data.",
    );
  });
});

describe.each(backends)('the retention job on %s', (backend) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(backend);
    await loadDemoData(db, { now: NOW });
  });
  afterAll(() => db.drop());

  it('counts months back to the same day, or the month’s last', () => {
    expect(monthsBefore('2026-11-22', 36)).toBe('2023-11-22');
    expect(monthsBefore('2026-03-31', 1)).toBe('2026-02-28');
    expect(monthsBefore('2024-03-31', 1)).toBe('2024-02-29');
  });

  it('erases only sessions older than RETENTION_MONTHS, once a day, whichever instance runs first', async () => {
    const client = { fullName: 'Old Client', email: 'old@example.com', mobile: '9000000002' };
    const old = await insertClientBooking(db, {
      therapistId: 1,
      bookingDate: '2023-11-21',
      startTime: '10:00',
      client,
    });
    const edge = await insertClientBooking(db, {
      therapistId: 1,
      bookingDate: '2023-11-22',
      startTime: '10:00',
      client,
    });
    const recent = await insertClientBooking(db, {
      therapistId: 2,
      bookingDate: '2026-10-01',
      startTime: '10:00',
      client,
    });
    const first = retentionSweep(db, { months: 36, clinicTimeZone: 'Asia/Kolkata' });
    const second = retentionSweep(db, { months: 36, clinicTimeZone: 'Asia/Kolkata' });
    const [a, b] = await Promise.all([first.run(NOW), second.run(NOW)]);
    expect(a + b).toBe(1);
    expect(await first.run(NOW)).toBe(0);
    const { rows } = await db.query<{ id: number; client_full_name: string }>(
      'SELECT id, client_full_name FROM bookings WHERE id = ANY($1::int[]) ORDER BY id',
      [[old.id, edge.id, recent.id]],
    );
    expect(rows.map((row) => row.client_full_name)).toEqual(['[erased]', 'Old Client', 'Old Client']);
    const runs = await db.query(
      'SELECT erased_bookings, finished_at IS NOT NULL AS finished FROM retention_runs',
    );
    expect(runs.rows).toEqual([{ erased_bookings: 1, finished: true }]);
    // The next day, the edge has aged past the cutoff.
    const tomorrow = new Date(NOW.getTime() + 86_400_000);
    expect(await retentionSweep(db, { months: 36, clinicTimeZone: 'Asia/Kolkata' }).run(tomorrow)).toBe(1);
  });
});

describe('the export as a spreadsheet', () => {
  it('gives the same bookings as the JSON, as Client_Data.xlsx', async () => {
    const db = await createTestDatabase('pglite');
    await loadDemoData(db, { now: NOW });
    const { app, close } = await createTestApp(db, { now: () => NOW });
    try {
      await createAdminUser(db, 'sheet-boss@example.com', { superadmin: true });
      const token = await signIn(app, 'sheet-boss@example.com');
      await insertClientBooking(db, {
        therapistId: 1,
        bookingDate: '2026-11-02',
        startTime: '10:00',
        client: { fullName: 'Sheet Client', email: 'sheet@example.com', mobile: '9000000003' },
      });
      const response = await app.inject({
        url: '/api/admin/privacy/export?email=sheet@example.com&format=xlsx',
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      expect(response.headers['content-disposition']).toBe('attachment; filename="Client_Data.xlsx"');
      const sheets = await readXlsxFile(response.rawPayload);
      expect(sheets.map((sheet) => sheet.sheet)).toEqual(['Client_Data']);
      const rows = sheets[0]!.data as unknown[][];
      expect(rows[0]?.slice(0, 8)).toEqual([
        'Booking ID',
        'Date',
        'Time',
        'Therapist',
        'Status',
        'Name',
        'E-mail',
        'Mobile',
      ]);
      expect(rows).toHaveLength(2);
      expect(rows[1]?.slice(5, 8)).toEqual(['Sheet Client', 'sheet@example.com', '9000000003']);
    } finally {
      await close();
      await db.drop();
    }
  });
});
