import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_TEST_NOW, offlineBooking, onlineBooking } from '../../test/booking-fixtures.ts';
import { createDemoTestApp } from '../../test/test-app.ts';
import { backends, type TestDatabase } from '../../test/test-database.ts';
import { SLOT_TAKEN_MESSAGE } from '../bookings/bookings-repo.ts';
import { DATE_OUTSIDE_WINDOW, SLOT_IN_PAST, SLOT_NOT_OFFERED } from './bookings-service.ts';

describe.each(backends)('creating bookings on %s', (backend) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ db, app, close } = await createDemoTestApp(backend, { now: () => BOOKING_TEST_NOW }));
  });
  afterAll(() => close());

  const post = (url: string, payload: unknown) =>
    app.inject({ method: 'POST', url, payload: payload as object });
  const bookingRow = async (id: number) =>
    (
      await db.query<Record<string, unknown>>(
        `SELECT payment_status, amount_paise, therapist_email, location_id, service_id, client_age, client_state,
           to_char(booking_time_slot_end, 'HH24:MI') AS slot_end, hold_expires_at, confirmation_token_hash
         FROM bookings WHERE id = $1`,
        [id],
      )
    ).rows[0]!;

  it('creates an online booking that holds the slot, priced from the server’s own records', async () => {
    const response = await post('/api/bookings', onlineBooking());
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ payment_status: 'INITIATED', amount: 1500 });
    expect(body.confirmation_token).toMatch(/^[\w-]{32}$/);
    const row = await bookingRow(body.booking_id);
    expect(row).toMatchObject({
      payment_status: 'INITIATED',
      amount_paise: 150_000,
      therapist_email: 'asha.menon@example.com',
      location_id: null,
      service_id: 1,
      client_age: 30,
      slot_end: '10:45',
    });
    expect(new Date(row.hold_expires_at as string).toISOString()).toBe('2026-11-22T04:15:00.000Z');
    expect(row.confirmation_token_hash).not.toBe(body.confirmation_token);
  });

  it('creates an in-person booking as PENDING through /confirm-booking and shows it to the token holder', async () => {
    const response = await post('/confirm-booking', offlineBooking());
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ payment_status: 'PENDING', amount: 1000 });
    expect(await bookingRow(body.booking_id)).toMatchObject({ location_id: 1, client_state: 'Maharashtra' });

    const confirmation = await app.inject(
      `/api/bookings/${body.booking_id}/confirmation?token=${body.confirmation_token}`,
    );
    expect(confirmation.statusCode).toBe(200);
    expect(confirmation.json()).toEqual({
      status: 'pending',
      message: 'Your booking is confirmed. The amount is collected during your visit.',
      data: {
        booking_id: body.booking_id,
        booking_type: 'OFFLINE',
        payment_status: 'PENDING',
        booking_date: '2026-11-23',
        booking_time_slot_start: '11:00:00',
        booking_time_slot_end: '11:45:00',
        therapist_name: 'Ms.Priya Nair',
        amount: 1000,
        payment_transaction_id: null,
        google_meet_link: null,
        location_name: 'West Branch',
        location_address: expect.stringContaining('Mumbai'),
        // Confirmed (paid at the visit): the client's private manage link.
        manage_url: expect.stringMatching(/^http:\/\/localhost:3000\/manage\/[A-Za-z0-9_-]{43}$/),
        // A client's first booking brings the intake (decision 058).
        intake_url: expect.stringMatching(/^http:\/\/localhost:3000\/intake\/[A-Za-z0-9_-]{43}$/),
      },
    });
    const wrongToken = await app.inject(`/api/bookings/${body.booking_id}/confirmation?token=guess`);
    expect(wrongToken.statusCode).toBe(404);
  });

  it('refuses an online session on /confirm-booking', async () => {
    const response = await post('/confirm-booking', onlineBooking({ booking_time_slot_start: '11:00' }));
    expect(response.statusCode).toBe(400);
  });

  it.each([
    [{ client_full_name: ' ' }, 'Full name is required'],
    [{ client_email: '' }, 'Email is required'],
    [{ client_email: 'not-an-email' }, 'Please enter a valid email address'],
    [{ client_mobile: '' }, 'Mobile number is required'],
    [{ client_mobile: '98765' }, 'Mobile number must be 10 digits'],
    [{ client_age: 0 }, 'Age is required and must be a positive number'],
    [{ client_age: null }, 'Age is required and must be a positive number'],
    [{ client_session_type: '' }, 'Please select a session type'],
    [{ terms_accepted: false }, 'You must accept the terms and conditions'],
  ] as const)('refuses %o with “%s”', async (change, message) => {
    const response = await post('/api/bookings', onlineBooking(change));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ detail: message });
  });

  it('requires state and city for in-person bookings only', async () => {
    const noState = await post('/confirm-booking', offlineBooking({ client_state: '', client_city: '' }));
    expect(noState.json()).toEqual({ detail: 'State is required for offline booking' });
    const noCity = await post('/confirm-booking', offlineBooking({ client_city: '' }));
    expect(noCity.json()).toEqual({ detail: 'City is required for offline booking' });
  });

  it.each([
    [
      'an online-only therapist in person',
      offlineBooking({ therapist_id: 1 }),
      400,
      'does not offer in-person',
    ],
    [
      'an in-person therapist online',
      onlineBooking({ therapist_id: 3, booking_time_slot_start: '11:00' }),
      400,
      'does not offer online',
    ],
    [
      'a therapist at another location',
      offlineBooking({ location_id: 2 }),
      400,
      'does not see clients at the chosen location',
    ],
    ['an unknown location', offlineBooking({ location_id: 9 }), 400, 'Please choose a location.'],
    ['an unknown therapist', onlineBooking({ therapist_id: 999 }), 404, 'Therapist 999 not found'],
    [
      'a service the therapist does not offer',
      onlineBooking({ service_id: 4 }),
      400,
      'does not offer the chosen service',
    ],
    ['yesterday', onlineBooking({ booking_date: '2026-11-21' }), 400, DATE_OUTSIDE_WINDOW],
    ['the 16th day', onlineBooking({ booking_date: '2026-12-07' }), 400, DATE_OUTSIDE_WINDOW],
    [
      'an impossible date',
      onlineBooking({ booking_date: '2026-02-30' }),
      400,
      'booking_date: must be a real date YYYY-MM-DD',
    ],
    ['a time that is not a slot', onlineBooking({ booking_time_slot_start: '10:30' }), 409, SLOT_NOT_OFFERED],
    [
      'a slot already past today',
      onlineBooking({ booking_date: '2026-11-22', booking_time_slot_start: '09:00' }),
      409,
      SLOT_IN_PAST,
    ],
  ])('refuses %s', async (_case, payload, status, message) => {
    const url = payload.booking_type === 'ONLINE' ? '/api/bookings' : '/confirm-booking';
    const response = await post(url, payload);
    expect(response.statusCode).toBe(status);
    expect(response.json().detail).toContain(message);
  });

  it('accepts the last day of the window and a later slot today', async () => {
    expect((await post('/api/bookings', onlineBooking({ booking_date: '2026-12-06' }))).statusCode).toBe(201);
    expect(
      (
        await post(
          '/api/bookings',
          onlineBooking({ booking_date: '2026-11-22', booking_time_slot_start: '10:00' }),
        )
      ).statusCode,
    ).toBe(201);
  });

  it('answers a taken slot with 409 and the message the wizard shows', async () => {
    const payload = onlineBooking({ booking_date: '2026-11-25' });
    expect((await post('/api/bookings', payload)).statusCode).toBe(201);
    const second = await post('/api/bookings', { ...payload, client_email: 'other@example.com' });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ detail: SLOT_TAKEN_MESSAGE });
    const slots = (await app.inject('/booked-slots?therapist_id=1')).json();
    expect(slots).toContainEqual({ booking_date: '2026-11-25', booking_time_slot_start: '10:00:00' });
  });

  it('gives the slot of an unpaid booking whose hold has run out to the next visitor', async () => {
    const first = (await post('/api/bookings', onlineBooking({ booking_date: '2026-11-26' }))).json();
    await db.query(`UPDATE bookings SET hold_expires_at = $2 WHERE id = $1`, [
      first.booking_id,
      '2026-11-22T03:59:00Z',
    ]);
    const second = await post(
      '/api/bookings',
      onlineBooking({ booking_date: '2026-11-26', client_email: 'b@example.com' }),
    );
    expect(second.statusCode).toBe(201);
    expect((await bookingRow(first.booking_id)).payment_status).toBe('FAILED');
  });

  it('refuses malformed bodies with 400 JSON, never 500', async () => {
    for (const payload of [
      {},
      { ...onlineBooking(), therapist_id: 'x' },
      { ...onlineBooking(), booking_date: '23/11/2026' },
    ]) {
      const response = await post('/api/bookings', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toHaveProperty('detail');
    }
    const notJson = await app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: { 'content-type': 'application/json' },
      payload: '{"therapist_id":',
    });
    expect(notJson.statusCode).toBe(400);
  });

  it('lets exactly one of 30 concurrent bookings of one slot win', async () => {
    const attempts = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        post(
          '/api/bookings',
          onlineBooking({ booking_date: '2026-11-27', client_email: `c${i}@example.com` }),
        ),
      ),
    );
    const statuses = attempts.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(29);
    const { rows } = await db.query<{ n: number }>(
      "SELECT count(*)::integer AS n FROM bookings WHERE booking_date = '2026-11-27' AND therapist_id = 1",
    );
    expect(rows[0]!.n).toBe(1);
  });
});
