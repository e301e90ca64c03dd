import readXlsxFile from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdminUser, insertClientBooking, NOW, signIn } from '../../test/admin-test-kit.ts';
import { KAVYA, type PrivacyDesk, RAVI, startPrivacyDesk } from '../../test/privacy-desk-kit.ts';
import { createTestApp } from '../../test/test-app.ts';
import { backends, createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { loadDemoData } from '../demo-data/load-demo-data.ts';

describe.each(backends)('the client privacy desk on %s', (backend) => {
  let db: TestDatabase;
  let admin: string;
  let get: PrivacyDesk['get'];
  let post: PrivacyDesk['post'];
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ db, admin, get, post, close } = await startPrivacyDesk(backend));
  });
  afterAll(() => close());

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
    expect(rows[0]!.details).toEqual({
      request_id: null,
      bookings: 3,
      waitlist_entries: 0,
      session_notes: 0,
      questionnaires: 0,
    });
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
