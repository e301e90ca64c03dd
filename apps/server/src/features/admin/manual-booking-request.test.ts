import { CLOCK_TIME_PATTERN } from '@therapy/shared/schema-limits';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdminUser, JWT_SECRET, NOW, signIn } from '../../test/admin-test-kit.ts';
import { createDemoTestApp } from '../../test/test-app.ts';
import { backends, type TestDatabase } from '../../test/test-database.ts';

type Property = { type?: string; pattern?: string; anyOf?: Property[]; [rule: string]: unknown };

/** The manual booking's rules as the request schema states them: in the OpenAPI document and in the 400s. */
describe.each(backends)('manual booking request on %s', (backend) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let token: string;

  beforeAll(async () => {
    ({ db, app, close } = await createDemoTestApp(backend, { now: () => NOW, env: { JWT_SECRET } }));
    await createAdminUser(db, 'staff@example.com');
    token = await signIn(app, 'staff@example.com');
  });
  afterAll(() => close());

  const valid = {
    therapist_id: 1,
    booking_date: '2026-11-24',
    booking_time_slot_start: '15:00',
    client_full_name: 'Rahul Verma',
    client_email: 'rahul@example.com',
    client_mobile: '9123456780',
    booking_type: 'ONLINE',
    location_id: 0,
    amount: 1500,
  };
  const create = (payload: object) =>
    app.inject({ method: 'POST', url: '/api/admin/bookings', headers: bearer(token), payload });
  const bookingCount = async () =>
    Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM bookings')).rows[0]?.n);

  it('shows its rules in the OpenAPI document: ids, patterns, the amount range', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const body = document.paths['/api/admin/bookings'].post.requestBody.content['application/json']
      .schema as {
      properties: Record<string, Property>;
      required: string[];
    };
    const { properties: field } = body;
    expect(body.required).toEqual(
      expect.arrayContaining([
        'therapist_id',
        'booking_date',
        'booking_time_slot_start',
        'client_full_name',
        'client_email',
        'client_mobile',
        'booking_type',
        'amount',
      ]),
    );
    expect(field.therapist_id?.anyOf).toContainEqual(
      expect.objectContaining({ type: 'integer', minimum: 1, maximum: 2_147_483_647 }),
    );
    expect(field.therapist_id?.anyOf).toContainEqual({ type: 'string', pattern: '^[1-9]\\d{0,9}$' });
    expect(field.amount?.anyOf).toContainEqual(
      expect.objectContaining({ type: 'number', minimum: 0.01, maximum: 1_000_000, multipleOf: 0.01 }),
    );
    expect(field.booking_time_slot_start).toMatchObject({ maxLength: 20 });
    expect(JSON.stringify(field.booking_time_slot_start)).toContain(
      JSON.stringify(CLOCK_TIME_PATTERN.source),
    );
    expect(JSON.stringify(field.client_mobile)).toContain(JSON.stringify('^\\d{10}$'));
    expect(JSON.stringify(field.client_email)).toContain(JSON.stringify('^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$'));
    expect(JSON.stringify(field.booking_type)).toContain(JSON.stringify('^(ONLINE|OFFLINE)$'));
  });

  it("names the field when a text's limits are broken, and stores nothing", async () => {
    const before = await bookingCount();
    const cases: [object, string][] = [
      [
        { client_full_name: 'R'.repeat(201) },
        'Invalid body: client_full_name: must be at most 200 characters',
      ],
      [{ client_note: 'call\u0007me' }, 'Invalid body: client_note: must not contain control characters'],
      [
        { location_id: 'west' },
        'Invalid body: location_id: must be a location id (0 or empty for an online session)',
      ],
      [{ service_id: 'counselling' }, 'Invalid body: service_id: must be a service id'],
    ];
    for (const [change, detail] of cases) {
      const response = await create({ ...valid, ...change });
      expect(response.statusCode, detail).toBe(400);
      expect(response.json()).toEqual({ detail });
    }
    expect(await bookingCount()).toBe(before);
  });

  it("answers the first failing rule in the form's order: the location before the amount", async () => {
    const response = await create({ ...valid, booking_type: 'OFFLINE', location_id: '', amount: 0 });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'Location is required for offline booking' });
  });

  it('accepts the form as typed: digits as text, any case, spaces around', async () => {
    const response = await create({
      ...valid,
      therapist_id: ' 1 ',
      booking_time_slot_start: ' 16:00 ',
      client_full_name: '  Rahul Verma ',
      client_email: ' rahul@example.com',
      booking_type: 'online',
      location_id: '',
      amount: ' 999.50 ',
    });
    expect(response.statusCode, response.body).toBe(201);
    const { rows } = await db.query(
      'SELECT client_full_name, client_email, booking_time_slot_start, amount_paise FROM bookings WHERE id = $1',
      [response.json().booking_id],
    );
    expect(rows[0]).toEqual({
      client_full_name: 'Rahul Verma',
      client_email: 'rahul@example.com',
      booking_time_slot_start: '16:00:00',
      amount_paise: 99_950,
    });
  });
});
