import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminViewsKit, DAY, startAdminViews } from '../../test/admin-views-kit.ts';
import { backends } from '../../test/test-database.ts';

describe.each(backends)('admin views on %s', (backend) => {
  let close: () => Promise<void>;
  let ids: AdminViewsKit['ids'];
  let get: AdminViewsKit['get'];

  beforeAll(async () => {
    ({ close, ids, get } = await startAdminViews(backend));
  });
  afterAll(() => close());

  it('lists client bookings with data nested, filtered by client name (case-insensitive substring)', async () => {
    const all = (await get('/api/admin/clients-with-therapists')).json();
    expect(all).toMatchObject({ total: 6, limit: 10, next_cursor: null });
    expect(all.items.map((row: { booking_id: number }) => row.booking_id)).not.toContain(ids.block);
    const first = (await get('/api/admin/clients-with-therapists?limit=4')).json();
    const rest = (await get(`/api/admin/clients-with-therapists?limit=4&cursor=${first.next_cursor}`)).json();
    expect([...first.items, ...rest.items]).toEqual(all.items);
    const anita = (await get('/api/admin/clients-with-therapists?name=nITA')).json().items;
    expect(anita.map((row: { booking_id: number }) => row.booking_id)).toEqual([ids.pending, ids.paid]);
    expect(anita[1]).toEqual({
      booking_id: ids.paid,
      data: {
        booking_id: ids.paid,
        client_full_name: 'Anita Desai',
        client_email: 'anita@example.com',
        client_mobile: '9000000001',
        client_note: null,
        client_session_type: null,
        client_city: null,
        client_state: null,
        therapist_id: 5,
        booking_date: DAY,
        booking_time_slot_start: '09:00:00',
        booking_type: 'OFFLINE',
        payment_status: 'COMPLETED',
        cancelled: false,
        amount: 1500,
        location_id: 2,
        location_address: expect.stringContaining('Ghatkopar'),
        therapist_details: { name: expect.any(String) },
      },
    });
    // % and _ are taken literally.
    expect((await get('/api/admin/clients-with-therapists?name=%25')).json().total).toBe(1);
    expect((await get('/api/admin/clients-with-therapists?name=_')).json().total).toBe(1);
    expect((await get('/api/admin/clients-with-therapists?name=nobody')).json()).toMatchObject({
      items: [],
      total: 0,
    });
  });

  it('searches distinct clients by name, e-mail or mobile', async () => {
    const all = (await get('/api/admin/search-clients')).json().items;
    expect(all.map((c: { name: string }) => c.name)).toEqual([
      'Anita Desai',
      'Bharat Singh',
      'Chitra 100%_Rao',
      'Deepak Anand',
      'Esha Gupta',
    ]);
    expect((await get('/api/admin/search-clients?name=desai')).json()).toEqual({
      items: [
        { name: 'Anita Desai', email: expect.stringMatching(/^anita@example\.com$/i), phone: '9000000001' },
      ],
      limit: 50,
      next_cursor: null,
    });
    expect((await get('/api/admin/search-clients?name=ESHA%40')).json().items).toHaveLength(1);
    expect((await get('/api/admin/search-clients?name=00002')).json().items).toEqual([
      { name: 'Bharat Singh', email: 'bharat@example.com', phone: '9000000002' },
    ]);
    // % and _ are taken literally.
    expect((await get('/api/admin/search-clients?name=0%25_')).json().items).toEqual([
      expect.objectContaining({ name: 'Chitra 100%_Rao' }),
    ]);
    // Pages by name, by cursor: the same clients in the same order, none twice.
    const first = (await get('/api/admin/search-clients?limit=2')).json();
    const second = (await get(`/api/admin/search-clients?limit=2&cursor=${first.next_cursor}`)).json();
    const third = (await get(`/api/admin/search-clients?limit=2&cursor=${second.next_cursor}`)).json();
    expect([...first.items, ...second.items, ...third.items]).toEqual(all);
    expect(third.next_cursor).toBeNull();
    expect((await get('/api/admin/search-clients?cursor=a~b')).statusCode).toBe(400);
    expect((await get('/api/admin/search-clients?limit=101')).statusCode).toBe(400);
  });
});
