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

/**
 * The Patients search reads the `clients` table (migration 0010), which a trigger keeps from
 * the bookings. These tests change bookings the way a correction or an erasure would (by SQL:
 * no screen edits a client's contact yet) and look at what the search then answers.
 */
describe.each(backends)('client search follows the bookings on %s', (backend) => {
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

  const book = (startTime: string, fullName: string, email: string, mobile: string) =>
    insertClientBooking(db, {
      therapistId: 5,
      bookingDate: '2026-11-26',
      startTime,
      locationId: 2,
      bookingType: 'OFFLINE',
      client: { fullName, email, mobile },
    });
  const search = async (text: string) => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/admin/search-clients?name=${encodeURIComponent(text)}`,
      headers: bearer(token),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().items;
  };

  it('shows a new booking at once, under the name of the client’s latest booking', async () => {
    await book('09:00:00', 'Farah Khan', 'farah@example.com', '9100000001');
    expect(await search('farah')).toEqual([
      { name: 'Farah Khan', email: 'farah@example.com', phone: '9100000001' },
    ]);
    // The same client (e-mail in any case, same mobile) books again under a fuller name.
    await book('10:00:00', 'Farah A. Khan', 'FARAH@example.com', '9100000001');
    expect(await search('farah')).toEqual([
      { name: 'Farah A. Khan', email: 'FARAH@example.com', phone: '9100000001' },
    ]);
  });

  it('moves a client whose booking contact changes, and drops a contact no booking uses', async () => {
    const { id } = await book('11:00:00', 'Gita Patel', 'gita.old@example.com', '9100000002');
    expect(await search('gita.old')).toHaveLength(1);
    await db.query(
      "UPDATE bookings SET client_email = 'gita.new@example.com', client_mobile = '9100000012' WHERE id = $1",
      [id],
    );
    expect(await search('gita.old')).toEqual([]);
    expect(await search('9100000002')).toEqual([]);
    expect(await search('gita')).toEqual([
      { name: 'Gita Patel', email: 'gita.new@example.com', phone: '9100000012' },
    ]);
    await db.query("UPDATE bookings SET client_full_name = 'Gita R. Patel' WHERE id = $1", [id]);
    expect(await search('gita')).toEqual([
      { name: 'Gita R. Patel', email: 'gita.new@example.com', phone: '9100000012' },
    ]);
  });

  it('keeps a contact another booking still uses, under that booking’s name', async () => {
    await book('12:00:00', 'Hari Rao', 'hari@example.com', '9100000003');
    const { id: latest } = await book('13:00:00', 'Hari K. Rao', 'hari@example.com', '9100000003');
    await db.query("UPDATE bookings SET client_email = 'someone.else@example.com' WHERE id = $1", [latest]);
    expect(await search('hari@')).toEqual([
      { name: 'Hari Rao', email: 'hari@example.com', phone: '9100000003' },
    ]);
    expect(await search('someone.else')).toEqual([
      { name: 'Hari K. Rao', email: 'someone.else@example.com', phone: '9100000003' },
    ]);
  });

  it('leaves out a booking without a mobile', async () => {
    const { id } = await book('14:00:00', 'Indira Nair', 'indira@example.com', '9100000004');
    await db.query('UPDATE bookings SET client_mobile = NULL WHERE id = $1', [id]);
    expect(await search('indira')).toEqual([]);
  });
});
