import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdminUser, signIn } from '../../test/admin-test-kit.ts';
import { BOOKING_TEST_NOW, onlineBooking } from '../../test/booking-fixtures.ts';
import { createTestApp, TEST_NOTES } from '../../test/test-app.ts';
import { backends, createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { loadDemoData } from '../demo-data/load-demo-data.ts';
import { createNoteCipher, sealPlainNotes, UNREADABLE_NOTE } from './note-cipher.ts';

const NOTE = 'Anxious about work; prefers evening calls. Unique marker 7Q4Z-NOTE.';

describe('the note cipher (decision 038)', () => {
  const cipher = createNoteCipher('a-data-key-of-at-least-thirty-two-characters');

  it('seals a note into text that does not hold it, and opens it again', () => {
    const sealed = cipher.seal(NOTE)!;
    expect(sealed).toMatch(/^v1\.[\w-]+$/);
    expect(sealed).not.toContain('7Q4Z');
    expect(cipher.seal(NOTE)).not.toBe(sealed); // a fresh IV each time
    expect(cipher.open(sealed)).toBe(NOTE);
    expect(cipher.seal(null)).toBeNull();
    expect(cipher.seal('')).toBeNull();
    expect(cipher.open(null)).toBeNull();
  });

  it('reads a note written before encryption as it is', () => {
    expect(cipher.open('an old plain note')).toBe('an old plain note');
  });

  it('says so, rather than failing, for a note sealed under another key or altered', () => {
    const other = createNoteCipher('another-data-key-of-at-least-thirty-two-chars');
    expect(other.open(cipher.seal(NOTE))).toBe(UNREADABLE_NOTE);
    const sealed = cipher.seal(NOTE)!;
    const altered = `${sealed.slice(0, -2)}${sealed.endsWith('A') ? 'B' : 'A'}${sealed.slice(-1)}`;
    expect(cipher.open(altered)).toBe(UNREADABLE_NOTE);
  });
});

describe.each(backends)('client notes at rest on %s', (backend) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let token: string;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    await loadDemoData(db, { now: BOOKING_TEST_NOW });
    ({ app, close } = await createTestApp(db, { now: () => BOOKING_TEST_NOW }));
    await createAdminUser(db, 'notes-admin@example.com', { superadmin: true });
    token = await signIn(app, 'notes-admin@example.com');
  });
  afterAll(async () => {
    await close();
    await db.drop();
  });

  it('stores a visitor’s note sealed, and shows it to an admin as written', async () => {
    const booked = await app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: onlineBooking({ client_note: NOTE, booking_date: '2026-11-30' }),
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const id = booked.json().booking_id;
    const { rows } = await db.query<{ client_note: string }>(
      'SELECT client_note FROM bookings WHERE id = $1',
      [id],
    );
    expect(rows[0]!.client_note).toMatch(/^v1\./);
    expect(rows[0]!.client_note).not.toContain('7Q4Z');

    const shown = await app.inject({ url: `/api/admin/bookings/${id}`, headers: bearer(token) });
    expect(shown.json().client_note).toBe(NOTE);
    const listed = await app.inject({ url: '/api/admin/bookings?limit=100', headers: bearer(token) });
    const item = listed.json().items.find((booking: { id: number }) => booking.id === id);
    expect(item.client_note).toBe(NOTE);
    const clients = await app.inject({ url: '/api/admin/clients-with-therapists', headers: bearer(token) });
    const row = clients.json().items.find((entry: { booking_id: number }) => entry.booking_id === id);
    expect(row?.data.client_note).toBe(NOTE);
  });

  it('seals an admin’s manual booking note too', async () => {
    const made = await app.inject({
      method: 'POST',
      url: '/api/admin/bookings',
      headers: bearer(token),
      payload: {
        therapist_id: 1,
        booking_date: '2026-12-01',
        booking_time_slot_start: '11:00',
        client_full_name: 'Walk-in Client',
        client_email: 'walkin@example.com',
        client_mobile: '9876501234',
        client_note: NOTE,
        booking_type: 'ONLINE',
        location_id: 0,
        amount: 1500,
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().booking_id;
    const { rows } = await db.query<{ client_note: string }>(
      'SELECT client_note FROM bookings WHERE id = $1',
      [id],
    );
    expect(TEST_NOTES.open(rows[0]!.client_note)).toBe(NOTE);
    expect(rows[0]!.client_note).not.toContain('7Q4Z');
  });

  it('seals the notes written before encryption, once, and leaves sealed ones alone', async () => {
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO bookings (therapist_id, service_id, booking_date, booking_time_slot_start, booking_time_slot_end,
         booking_type, payment_status, client_full_name, client_email, client_mobile, client_note, terms_accepted, amount_paise)
       VALUES (2, 1, '2026-12-02', '09:00', '09:45', 'ONLINE', 'COMPLETED', 'Old Client', 'old@example.com',
         '9876500000', 'An old plain note 8K2P', true, 150000) RETURNING id`,
    );
    expect(await sealPlainNotes(db, TEST_NOTES)).toBe(1);
    expect(await sealPlainNotes(db, TEST_NOTES)).toBe(0);
    const stored = await db.query<{ client_note: string }>('SELECT client_note FROM bookings WHERE id = $1', [
      rows[0]!.id,
    ]);
    expect(stored.rows[0]!.client_note).not.toContain('8K2P');
    const shown = await app.inject({ url: `/api/admin/bookings/${rows[0]!.id}`, headers: bearer(token) });
    expect(shown.json().client_note).toBe('An old plain note 8K2P');
  });

  it.skipIf(backend !== 'pglite')(
    'leaves no note written since encryption readable in the database files',
    async () => {
      await db.query('CHECKPOINT');
      // The embedded database's whole data directory, as the files on disk would hold it (a tar).
      const files = Buffer.from(
        await (await (db as unknown as { dumpDataDir(): Promise<Blob> }).dumpDataDir()).arrayBuffer(),
      );
      expect(files.length).toBeGreaterThan(1_000_000);
      expect(files.includes('Walk-in Client'), 'a name, to show the scan reads the rows').toBe(true);
      expect(files.includes('7Q4Z'), 'a note sealed from the start').toBe(false);
      // A note written in plain text before encryption is sealed in its row, but its earlier copy
      // stays in the write-ahead log until PostgreSQL recycles it (decision 038 says so).
    },
  );
});
