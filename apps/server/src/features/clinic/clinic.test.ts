import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdminUser, JWT_SECRET, signIn } from '../../test/admin-test-kit.ts';
import { createTestApp } from '../../test/test-app.ts';
import { backends, createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { loadDemoData } from '../demo-data/load-demo-data.ts';

const PROFILE = {
  name: 'Calm Minds Clinic',
  phone: '098765 43210',
  email: 'hello@calm.example.com',
  address: '5 MG Road, Pune 411001',
  privacy_contact: 'Grievance Officer, privacy@calm.example.com',
};

const NO_TAX_DETAILS = {
  legal_name: '',
  gstin: '',
  state: '',
  receipt_prefix: 'R',
  credit_note_prefix: 'C',
  documents_in_client_language: false,
};

/** An answer's profile: what the site shows of it, and the money papers' fields (NO_TAX_DETAILS' keys). */
function splitProfile(profile: Record<string, unknown>) {
  const money = Object.fromEntries(Object.keys(NO_TAX_DETAILS).map((key) => [key, profile[key]]));
  const contact = Object.fromEntries(Object.entries(profile).filter(([key]) => !(key in NO_TAX_DETAILS)));
  return { contact, money };
}

describe.each(backends)('the clinic profile on %s', (backend) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let bossToken: string;
  let staffToken: string;

  beforeAll(async () => {
    // A fresh install: no demo data.
    db = await createTestDatabase(backend);
    ({ app, close } = await createTestApp(db, { env: { JWT_SECRET } }));
    await createAdminUser(db, 'staff@example.com');
    await createAdminUser(db, 'boss@example.com', { superadmin: true });
    staffToken = await signIn(app, 'staff@example.com');
    bossToken = await signIn(app, 'boss@example.com');
  });
  afterAll(async () => {
    await close();
    await db.drop();
  });

  const put = (payload: unknown, token = bossToken) =>
    app.inject({
      method: 'PUT',
      url: '/api/admin/clinic',
      payload: payload as object,
      headers: bearer(token),
    });
  const setupStatus = async () =>
    (await app.inject({ url: '/api/admin/setup-status', headers: bearer(staffToken) })).json();

  it('answers empty values, publicly and to superadmins, before a profile is saved', async () => {
    const empty = { name: '', phone: '', email: '', address: '', privacy_contact: '', updated_at: null };
    const publicRead = await app.inject({ url: '/api/clinic' });
    expect(publicRead.statusCode).toBe(200);
    // The public read adds what the booking form may offer (WHATSAPP_* unset; the default notice).
    expect(publicRead.json()).toEqual({
      ...empty,
      whatsapp_enabled: false,
      cancellation_notice_hours: 24,
      retention_months: 36,
      // SERIES_MAX_SESSIONS: the most sessions the wizard offers a standing appointment.
      series_max_sessions: 12,
    });
    expect(publicRead.headers['cache-control']).toBe('public, max-age=60');
    expect((await app.inject({ url: '/api/admin/clinic', headers: bearer(bossToken) })).json()).toEqual({
      ...empty,
      ...NO_TAX_DETAILS,
    });
  });

  it('lists a fresh install’s setup steps as not done', async () => {
    expect(await setupStatus()).toEqual({
      clinic_profile: false,
      locations: 0,
      services: 0,
      therapists: 0,
      therapists_with_schedule: 0,
      therapists_with_photo: 0,
      schedule_therapist_id: null,
      complete: false,
    });
    expect((await app.inject({ url: '/api/admin/setup-status' })).statusCode).toBe(401);
  });

  it('refuses the profile to admins who are not superadmins, and to nobody signed in', async () => {
    expect((await app.inject({ url: '/api/admin/clinic', headers: bearer(staffToken) })).statusCode).toBe(
      403,
    );
    const refused = await put(PROFILE, staffToken);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe('This action needs a superadmin.');
    expect((await app.inject({ method: 'PUT', url: '/api/admin/clinic', payload: PROFILE })).statusCode).toBe(
      401,
    );
  });

  it('names every refused field in the detail, and stores nothing', async () => {
    const refused = await put({ ...PROFILE, name: '  ', phone: '12345', email: 'not-an-email' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toBe(
      'Invalid body: name: Enter the clinic’s name; ' +
        'phone: Enter a 10-digit Indian mobile number, or a landline with its area code (e.g. 022 4000 0000); ' +
        'email: Enter a valid email address, e.g. contact@clinic.in',
    );
    const cases: [Record<string, unknown>, string][] = [
      [{ phone: '' }, 'Invalid body: phone: Enter the clinic’s phone number'],
      [{ phone: '+44 20 7946 0958' }, 'Invalid body: phone: Enter an Indian phone number (+91)'],
      [{ phone: '0123456789' }, 'Invalid body: phone: Enter a 10-digit'],
      [{ email: '' }, 'Invalid body: email: Enter the clinic’s email address'],
      [{ address: 'x'.repeat(301) }, 'Invalid body: address: must be at most 300 characters'],
      [{ privacy_contact: 'a\u0000b' }, 'Invalid body: privacy_contact: must not contain control characters'],
      [{ name: 7 }, 'Invalid body: name:'],
    ];
    for (const [change, detail] of cases) {
      const response = await put({ ...PROFILE, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().detail).toContain(detail);
    }
    const { privacy_contact: _left, ...missing } = PROFILE;
    expect((await put(missing)).json().detail).toContain('privacy_contact');
    expect((await app.inject({ url: '/api/clinic' })).json().name).toBe('');
  });

  it('saves the profile with the phone normalised, audits it, and shows it publicly', async () => {
    const saved = await put({ ...PROFILE, name: '  Calm   Minds Clinic ' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ ...PROFILE, phone: '+91 98765 43210' });
    expect(Date.parse(saved.json().updated_at)).not.toBeNaN();
    const { contact, money } = splitProfile(saved.json());
    expect(money).toEqual(NO_TAX_DETAILS);
    expect((await app.inject({ url: '/api/clinic' })).json()).toEqual({
      ...contact,
      whatsapp_enabled: false,
      cancellation_notice_hours: 24,
      retention_months: 36,
      series_max_sessions: 12,
    });

    const landline = await put({ ...PROFILE, phone: '022-4000 0000', address: '', privacy_contact: '' });
    expect(landline.json()).toMatchObject({ phone: '+91 22 4000 0000', address: '', privacy_contact: '' });
    expect((await put({ ...PROFILE, phone: '+91 1412 345678' })).json().phone).toBe('+91 1412 345678');

    const audit = await db.query<{ actor_label: string; details: { fields: string } }>(
      "SELECT actor_label, details FROM audit_log WHERE action = 'clinic.update' ORDER BY id",
    );
    expect(audit.rows.map((row) => row.actor_label)).toEqual([
      'boss@example.com',
      'boss@example.com',
      'boss@example.com',
    ]);
    expect(audit.rows[0]!.details.fields).toBe('name, phone, email, address, privacy_contact');
    expect(audit.rows[1]!.details.fields).toBe('phone, address, privacy_contact');
    expect((await setupStatus()).clinic_profile).toBe(true);
  });

  it('keeps the tax details: GSTIN checked with its checksum, prefixes short enough, nothing saved on a refusal', async () => {
    const tax = {
      legal_name: 'Calm Minds Health LLP',
      gstin: '27aapfu0939f1zv',
      state: 'Maharashtra',
      receipt_prefix: 'cm',
      credit_note_prefix: 'CN',
    };
    const refusals: [Record<string, unknown>, string][] = [
      [{ gstin: '27AAPFU0939F1ZX' }, 'Invalid body: gstin: is not a valid GSTIN'],
      [{ gstin: '27AAPFU0939F1ZV', state: 'Karnataka' }, 'Invalid body: gstin: does not belong'],
      [{ state: 'Atlantis', gstin: '' }, 'Invalid body: state: Choose one of'],
      [{ receipt_prefix: 'CALM' }, 'Invalid body: receipt_prefix: must be 1 to 3'],
      [{ credit_note_prefix: 'CM' }, 'Invalid body: credit_note_prefix: must differ'],
    ];
    for (const [change, detail] of refusals) {
      const response = await put({ ...PROFILE, ...tax, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().detail).toContain(detail);
    }
    const before = (await app.inject({ url: '/api/admin/clinic', headers: bearer(bossToken) })).json();
    expect(before).toMatchObject({ gstin: '', state: '' });

    const saved = await put({ ...PROFILE, ...tax });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ ...tax, gstin: '27AAPFU0939F1ZV', receipt_prefix: 'CM' });
    // Left out of a later save (an older form): kept as stored. The public answer never has them.
    expect((await put(PROFILE)).json()).toMatchObject({ gstin: '27AAPFU0939F1ZV', state: 'Maharashtra' });
    expect((await app.inject({ url: '/api/clinic' })).json()).not.toHaveProperty('gstin');
    // A clinic below the threshold has no GSTIN.
    expect((await put({ ...PROFILE, gstin: '' })).json().gstin).toBe('');
  });

  it('keeps whether documents follow the client’s language: off until set, kept when left out, never public', async () => {
    expect((await put(PROFILE)).json().documents_in_client_language).toBe(false);
    const refused = await put({ ...PROFILE, documents_in_client_language: 'yes' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toContain('documents_in_client_language');
    expect((await put({ ...PROFILE, documents_in_client_language: true })).json()).toMatchObject({
      documents_in_client_language: true,
    });
    expect((await put(PROFILE)).json().documents_in_client_language).toBe(true);
    expect((await app.inject({ url: '/api/clinic' })).json()).not.toHaveProperty(
      'documents_in_client_language',
    );
    expect((await put({ ...PROFILE, documents_in_client_language: false })).json()).toMatchObject({
      documents_in_client_language: false,
    });
  });

  it('counts the catalogue and the schedules once they exist', async () => {
    await loadDemoData(db);
    expect(await setupStatus()).toEqual({
      clinic_profile: true,
      locations: 2,
      services: 8,
      therapists: 8,
      therapists_with_schedule: 8,
      therapists_with_photo: expect.any(Number),
      schedule_therapist_id: expect.any(Number),
      complete: true,
    });
    // The demo loader keeps a profile that was saved before it.
    expect((await app.inject({ url: '/api/clinic' })).json().name).toBe('Calm Minds Clinic');
  });
});

describe('the demo clinic profile', () => {
  it('is saved by the demo loader through the clinic feature, audited as the system', async () => {
    const db = await createTestDatabase('pglite');
    try {
      await loadDemoData(db);
      const { rows } = await db.query<{ name: string; phone: string; email: string }>(
        'SELECT name, phone, email FROM clinic_profile',
      );
      expect(rows).toEqual([
        { name: 'Sunrise Therapy & Counselling', phone: '+91 22 4000 0000', email: 'contact@example.com' },
      ]);
      const audit = await db.query("SELECT actor_label FROM audit_log WHERE action = 'clinic.update'");
      expect(audit.rows).toEqual([{ actor_label: 'system' }]);
    } finally {
      await db.drop();
    }
  });
});
