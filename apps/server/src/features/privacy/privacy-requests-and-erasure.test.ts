import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertClientBooking } from '../../test/admin-test-kit.ts';
import { KAVYA, type PrivacyDesk, RAVI, startPrivacyDesk } from '../../test/privacy-desk-kit.ts';
import { backends, type TestDatabase } from '../../test/test-database.ts';

describe.each(backends)('the client privacy desk on %s', (backend) => {
  let db: TestDatabase;
  let get: PrivacyDesk['get'];
  let post: PrivacyDesk['post'];
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ db, get, post, close } = await startPrivacyDesk(backend));
  });
  afterAll(() => close());

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
