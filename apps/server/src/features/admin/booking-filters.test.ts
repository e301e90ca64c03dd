import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createAdminUser,
  insertClientBooking,
  JWT_SECRET,
  NOW,
  signIn,
} from '../../test/admin-test-kit.ts';
import { createDemoTestApp } from '../../test/test-app.ts';
import { backends, type TestDatabase } from '../../test/test-database.ts';

type Page = { items: { id: number }[]; total: number; limit: number; next_cursor: string | null };
const idsOf = (page: Page) => page.items.map((booking) => booking.id);

describe.each(backends)('All Bookings filters and cursor paging on %s', (backend) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let token: string;
  const ids: Record<string, number> = {};

  const add = async (
    name: string,
    therapistId: number,
    bookingDate: string,
    extra: Partial<Parameters<typeof insertClientBooking>[1]> = {},
  ) => {
    const email = `${name.split(' ')[0]?.toLowerCase()}@example.com`;
    const mobile = `90000${String(Object.keys(ids).length).padStart(5, '0')}`;
    ids[name] = (
      await insertClientBooking(db, {
        therapistId,
        bookingDate,
        startTime: '09:00:00',
        client: { fullName: name, email, mobile },
        ...extra,
      })
    ).id;
  };

  beforeAll(async () => {
    ({ db, app, close } = await createDemoTestApp(backend, { now: () => NOW, env: { JWT_SECRET } }));
    await createAdminUser(db, 'staff@example.com');
    token = await signIn(app, 'staff@example.com');
    await add('Anita Desai', 1, '2026-11-23');
    await add('Bharat Singh', 1, '2026-11-24', {
      paymentStatus: 'PENDING',
      bookingType: 'OFFLINE',
      locationId: 2,
    });
    await add('Chitra 100%_Rao', 2, '2026-11-25', { paymentStatus: 'FAILED' });
    await add('Deepak Anand', 1, '2026-11-30');
    await add('Esha Gupta', 2, '2026-11-24', { paymentStatus: 'PENDING' });
  });
  afterAll(() => close());

  const get = (query: string) =>
    app.inject({ method: 'GET', url: `/api/admin/bookings?${query}`, headers: bearer(token) });
  const page = async (query: string): Promise<Page> => {
    const response = await get(query);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it('answers one counted page with no parameter, and no longer every booking (ADR 034)', async () => {
    const plain = await app.inject({ method: 'GET', url: '/api/admin/bookings', headers: bearer(token) });
    expect(plain.json()).toEqual({
      items: expect.any(Array),
      total: Object.keys(ids).length,
      limit: 10,
      next_cursor: null,
    });
    expect(idsOf(plain.json())).toEqual(Object.values(ids).toReversed());
    // The old offset paging read every row before the page: gone, and said so.
    const offset = await get('limit=2&offset=1');
    expect(offset.statusCode).toBe(400);
    expect(offset.json().detail).toEqual(expect.any(String));
    expect((await get('limit=100')).statusCode).toBe(200);
    expect((await get('limit=101')).statusCode).toBe(400);
  });

  it('answers one booking by id, and 404 for an unknown one', async () => {
    const one = await app.inject({
      method: 'GET',
      url: `/api/admin/bookings/${ids['Bharat Singh']}`,
      headers: bearer(token),
    });
    expect(one.json()).toMatchObject({
      id: ids['Bharat Singh'],
      client_full_name: 'Bharat Singh',
      location_id: 2,
    });
    const unknown = await app.inject({
      method: 'GET',
      url: '/api/admin/bookings/999999',
      headers: bearer(token),
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('filters by each parameter, newest first, with the matching total', async () => {
    expect(idsOf(await page('from=2026-11-24&to=2026-11-25'))).toEqual([
      ids['Esha Gupta'],
      ids['Chitra 100%_Rao'],
      ids['Bharat Singh'],
    ]);
    expect(idsOf(await page('therapist_id=2'))).toEqual([ids['Esha Gupta'], ids['Chitra 100%_Rao']]);
    expect(idsOf(await page('status=PENDING'))).toEqual([ids['Esha Gupta'], ids['Bharat Singh']]);
    expect(idsOf(await page('type=OFFLINE'))).toEqual([ids['Bharat Singh']]);
    // Name, e-mail or mobile; % and _ are taken literally.
    expect(idsOf(await page('q=desai'))).toEqual([ids['Anita Desai']]);
    expect(idsOf(await page('q=DEEPAK%40EXAMPLE'))).toEqual([ids['Deepak Anand']]);
    expect(idsOf(await page('q=9000000001'))).toEqual([ids['Bharat Singh']]);
    expect(idsOf(await page('q=100%25_'))).toEqual([ids['Chitra 100%_Rao']]);
    expect(idsOf(await page('q=%25'))).toEqual([ids['Chitra 100%_Rao']]);
    await db.query('UPDATE bookings SET needs_refund = true WHERE id = $1', [ids['Anita Desai']]);
    expect(idsOf(await page('needs_refund=true'))).toEqual([ids['Anita Desai']]);
    await db.query('UPDATE bookings SET needs_refund = false WHERE id = $1', [ids['Anita Desai']]);
    const none = await page('q=nobody');
    expect(none).toEqual({ items: [], total: 0, limit: 10, next_cursor: null });
  });

  it('combines filters: one therapist on one week with a status', async () => {
    const week = await page('from=2026-11-23&to=2026-11-29&therapist_id=1');
    expect(idsOf(week)).toEqual([ids['Bharat Singh'], ids['Anita Desai']]);
    expect(week.total).toBe(2);
    const pending = await page('from=2026-11-23&to=2026-11-29&therapist_id=1&status=PENDING&q=bharat');
    expect(idsOf(pending)).toEqual([ids['Bharat Singh']]);
  });

  it('pages by cursor with the total of all pages, no duplicates or gaps when rows arrive between pages', async () => {
    const first = await page('limit=2');
    expect(first.total).toBe(5);
    expect(first.next_cursor).toBe(String(ids['Deepak Anand']));
    expect(idsOf(first)).toEqual([ids['Esha Gupta'], ids['Deepak Anand']]);
    await add('Farah Khan', 1, '2026-11-26');
    const second = await page(`limit=2&cursor=${first.next_cursor}`);
    expect(idsOf(second)).toEqual([ids['Chitra 100%_Rao'], ids['Bharat Singh']]);
    expect(second.total).toBe(6);
    const third = await page(`limit=2&cursor=${second.next_cursor}`);
    expect(idsOf(third)).toEqual([ids['Anita Desai']]);
    expect(third.next_cursor).toBeNull();
    const filtered = await page('therapist_id=1&limit=1');
    const next = await page(`therapist_id=1&limit=1&cursor=${filtered.next_cursor}`);
    expect([...idsOf(filtered), ...idsOf(next)]).toEqual([ids['Farah Khan'], ids['Deepak Anand']]);
  });

  it('refuses bad parameters with a 400 and a JSON detail', async () => {
    const bad = [
      'from=2026-02-30',
      'to=2026-13-01',
      'from=26-11-01',
      'from=2026-11-30&to=2026-11-01',
      'therapist_id=0',
      'therapist_id=abc',
      'status=PAID',
      'status=pending',
      'type=HOME',
      `q=${'a'.repeat(101)}`,
      'q=a%00b',
      'cursor=-1',
      'cursor=2147483648',
      'limit=0',
      'limit=1001',
      'needs_refund=yes',
    ];
    for (const query of bad) {
      const response = await get(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().detail, query).toEqual(expect.any(String));
    }
    expect((await get(`q=${'a'.repeat(100)}`)).statusCode).toBe(200);
  });

  it('counts a text search only up to 1,000 matches, and says so', async () => {
    // Failed payment attempts hold no slot, so a thousand can share one.
    await db.query(
      `INSERT INTO bookings (therapist_id, booking_date, booking_time_slot_start, booking_time_slot_end,
         booking_type, payment_status, client_full_name, client_email, client_mobile)
       SELECT 3, '2026-12-20', '10:00', '10:45', 'ONLINE', 'FAILED', 'Common Name ' || n, 'common' || n || '@example.com', '9800000000'
       FROM generate_series(1, 1005) AS n`,
    );
    try {
      const common = await page('q=common%20name');
      expect(common).toMatchObject({ total: 1000, total_capped: true, limit: 10 });
      expect(common.items).toHaveLength(10);
      expect(common.next_cursor).not.toBeNull();
      // Under the cap the count is exact and says nothing more.
      const few = await page('q=common%20name%20100');
      expect(few.total).toBe(7); // 100 and 1000 to 1005
      expect(few).not.toHaveProperty('total_capped');
    } finally {
      await db.query("DELETE FROM bookings WHERE client_full_name LIKE 'Common Name %'");
    }
  });
});
