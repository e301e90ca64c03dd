import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdminUser, JWT_SECRET, NOW, signIn } from '../../test/admin-test-kit.ts';
import { createDemoTestApp } from '../../test/test-app.ts';
import { backends, type TestDatabase } from '../../test/test-database.ts';

const THERAPIST = {
  name: 'Dr.Meera Iyer',
  title: 'Clinical Psychologist',
  specialization: 'Anxiety, grief',
  bio: 'Gentle, structured sessions.|M.Phil. Clinical Psychology|9 years of experience',
  price: 1800.5,
  type: 1,
  locations: [],
  offered_service_ids: [1, 2],
  email: 'meera.iyer@example.com',
};
const CENTRE = {
  name: 'North Branch',
  short_name: 'North',
  description: 'A quiet centre near the park.',
  address: '12 Park Road, Mumbai 400050',
  phone: '+91 22 4000 1234',
};

describe.each(backends)('catalogue management on %s', (backend) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let staff: string;
  let boss: string;

  beforeAll(async () => {
    ({ db, app, close } = await createDemoTestApp(backend, { now: () => NOW, env: { JWT_SECRET } }));
    await createAdminUser(db, 'staff@example.com');
    await createAdminUser(db, 'boss@example.com', { superadmin: true });
    staff = await signIn(app, 'staff@example.com');
    boss = await signIn(app, 'boss@example.com');
  });
  afterAll(() => close());

  const send = (method: 'POST' | 'PATCH', url: string, payload: object, token = boss) =>
    app.inject({ method, url, headers: bearer(token), payload });
  const get = async (url: string, token?: string) =>
    (await app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} })).json();
  const auditActions = async (action: string) =>
    (
      await db.query<{ actor_label: string; therapist_id: number | null; details: Record<string, unknown> }>(
        // The demo data's own entries (actor 'system') are left out: these are the superadmin's.
        "SELECT actor_label, therapist_id, details FROM audit_log WHERE action = $1 AND actor_label <> 'system' ORDER BY id",
        [action],
      )
    ).rows;

  it('refuses every catalogue write and list to an admin who is not a superadmin (403)', async () => {
    const calls: [string, string][] = [
      ['POST', '/api/admin/locations'],
      ['PATCH', '/api/admin/locations/1'],
      ['POST', '/api/admin/services'],
      ['PATCH', '/api/admin/services/1'],
      ['POST', '/api/admin/therapists'],
      ['PATCH', '/api/admin/therapists/1'],
      ['GET', '/api/admin/catalogue/therapists'],
      ['PUT', '/api/admin/therapists/1/photo'],
    ];
    for (const [method, url] of calls) {
      const response = await app.inject({
        method: method as 'GET',
        url,
        headers: bearer(staff),
        payload: {},
      });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      const anonymous = await app.inject({ method: method as 'GET', url, payload: {} });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('adds a centre with the next free id, lists it, edits and deactivates it, audited', async () => {
    const created = await send('POST', '/api/admin/locations', CENTRE);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toEqual({ id: 3, ...CENTRE, image_url: null, is_active: true });
    expect((await get('/locations')).map((l: { id: number }) => l.id)).toEqual([1, 2, 3]);

    const edited = await send('PATCH', '/api/admin/locations/3', { phone: '022 4000 9999', short_name: 'N' });
    expect(edited.json()).toMatchObject({
      id: 3,
      phone: '022 4000 9999',
      short_name: 'N',
      name: 'North Branch',
    });
    const off = await send('PATCH', '/api/admin/locations/3', { is_active: false });
    expect(off.json()).toMatchObject({ is_active: false });
    expect((await get('/locations')).map((l: { id: number }) => l.id)).toEqual([1, 2]);
    const all = await get('/api/admin/catalogue/locations', boss);
    expect(all.map((l: { id: number; is_active: boolean }) => [l.id, l.is_active])).toEqual([
      [1, true],
      [2, true],
      [3, false],
    ]);

    expect((await auditActions('location.create'))[0]).toMatchObject({
      actor_label: 'boss@example.com',
      details: { location_id: 3, fields: ['name', 'short_name', 'description', 'address', 'phone'] },
    });
    expect((await auditActions('location.update'))[0]?.details).toEqual({
      location_id: 3,
      fields: ['short_name', 'phone'],
    });
    expect(await auditActions('location.deactivate')).toHaveLength(1);
  });

  it('adds, renames and deactivates a service; a taken name is 409 naming the field', async () => {
    const created = await send('POST', '/api/admin/services', { name: 'Art Therapy' });
    expect(created.statusCode).toBe(201);
    const { id } = created.json();
    expect(created.json()).toEqual({ id, name: 'Art Therapy', is_active: true, tax: { exempt: true } });
    const taken = await send('POST', '/api/admin/services', { name: 'art therapy' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().detail).toMatch(/^Invalid body: name: /);
    expect(
      (await send('PATCH', `/api/admin/services/${id}`, { name: 'Art & Play Therapy' })).json().name,
    ).toBe('Art & Play Therapy');
    await send('PATCH', `/api/admin/services/${id}`, { is_active: false });
    expect((await get('/services')).some((s: { id: number }) => s.id === id)).toBe(false);
    expect(await auditActions('service.deactivate')).toHaveLength(1);
    expect((await send('PATCH', '/api/admin/services/9999', { name: 'X' })).statusCode).toBe(404);
  });

  it('adds a therapist priced in rupees, shows them publicly, and edits them', async () => {
    const created = await send('POST', '/api/admin/therapists', THERAPIST);
    expect(created.statusCode, created.body).toBe(201);
    const therapist = created.json();
    expect(therapist).toMatchObject({ ...THERAPIST, is_active: true, image_url: null });
    const stored = await db.query<{ price_paise: number }>(
      'SELECT price_paise FROM therapists WHERE id = $1',
      [therapist.id],
    );
    expect(stored.rows[0]?.price_paise).toBe(180_050);
    const listed = (await get('/therapists')).find((t: { id: number }) => t.id === therapist.id);
    expect(listed).toMatchObject({ name: 'Dr.Meera Iyer', price: 1800.5, type: 1 });
    expect(listed).not.toHaveProperty('email');

    const edited = await send('PATCH', `/api/admin/therapists/${therapist.id}`, {
      type: 3,
      locations: [2, 1],
      offered_service_ids: [3],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      type: 3,
      locations: [1, 2],
      offered_service_ids: [3],
      price: 1800.5,
    });
    const audit = (await auditActions('therapist.update')).at(-1);
    expect(audit).toMatchObject({
      therapist_id: therapist.id,
      details: { fields: ['type', 'locations', 'offered_service_ids'] },
    });
    expect(await auditActions('therapist.create')).toHaveLength(1);
  });

  it('validates every therapist field with a detail naming it', async () => {
    const cases: [object, RegExp][] = [
      [{ name: 'Meera Iyer' }, /name: must be 'prefix\.Name'/],
      [{ name: 'Dr.' }, /name: /],
      [{ title: '   ' }, /title: is required/],
      [{ specialization: 'x'.repeat(201) }, /specialization: must be at most 200/],
      [{ bio: 'a|b|c|d' }, /bio: must have at most 3 parts/],
      [{ bio: '|M.A.|5 years' }, /bio: needs a description/],
      [{ price: 0 }, /price: /],
      [{ price: 10.555 }, /price: must have at most 2 decimals/],
      [{ price: '1500' }, /price: /],
      [{ type: 4 }, /type: /],
      [{ locations: [1, 1], type: 2 }, /locations: must not name a centre twice/],
      [{ offered_service_ids: [] }, /offered_service_ids: Choose at least one service\./],
      [{ email: 'not-an-email' }, /email: must be an e-mail address/],
      [{ is_active: 'yes' }, /is_active: /],
      [{ type: 2, locations: [] }, /locations: Choose at least one centre for in-person sessions\./],
      [{ type: 1, locations: [1] }, /locations: must be empty/],
      [{ type: 2, locations: [77] }, /locations: must name existing centres \(no centre 77\)/],
      [
        { offered_service_ids: [1, 555] },
        /offered_service_ids: must name existing services \(no service 555\)/,
      ],
    ];
    for (const [change, detail] of cases) {
      const response = await send('POST', '/api/admin/therapists', { ...THERAPIST, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().detail, JSON.stringify(change)).toMatch(detail);
    }
    const missing = await send('POST', '/api/admin/therapists', { ...THERAPIST, name: undefined });
    expect(missing.json().detail).toMatch(/name: is required/);
    const patched = await send('PATCH', '/api/admin/therapists/1', { locations: [999] });
    expect(patched.statusCode).toBe(400);
    expect(patched.json().detail).toMatch(/locations: /);
    expect((await send('PATCH', '/api/admin/therapists/9999', { title: 'X' })).statusCode).toBe(404);
  });

  it('validates every centre field with a detail naming it', async () => {
    const cases: [object, RegExp][] = [
      [{ name: '' }, /name: is required/],
      [{ short_name: 'x'.repeat(41) }, /short_name: must be at most 40/],
      [{ description: 'x'.repeat(1001) }, /description: must be at most 1000/],
      [{ address: 'a\u0000b' }, /address: must not contain control characters/],
      [{ phone: 'call us' }, /phone: must be a phone number/],
      [{ phone: undefined }, /phone: is required/],
      [{ phone: '' }, /phone: is required/],
    ];
    for (const [change, detail] of cases) {
      const response = await send('POST', '/api/admin/locations', { ...CENTRE, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().detail, JSON.stringify(change)).toMatch(detail);
    }
    expect((await send('POST', '/api/admin/services', { name: '' })).json().detail).toMatch(
      /name: is required/,
    );
  });
});
