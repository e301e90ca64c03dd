import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changedTables, createTableFingerprinter } from './table-fingerprint.ts';
import { backends, createTestDatabase, type TestDatabase } from './test-database.ts';

/** The API fuzz walk's judge of "changed no row" (api-fuzz.test.ts) must see every kind of write. */
describe.each(backends)('the table fingerprint on %s', (backend) => {
  let db: TestDatabase;
  let fingerprints: Awaited<ReturnType<typeof createTableFingerprinter>>;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    fingerprints = await createTableFingerprinter(db);
  });
  afterAll(() => db.drop());

  // A write to services, and the catalogue version its trigger raises (migration 0011).
  const WRITTEN = ['catalogue_version', 'services'];
  const serviceCount = async () =>
    (await db.query<{ n: number }>('SELECT count(*)::integer AS n FROM services')).rows[0]!.n;

  it('covers every table of the schema', () => {
    expect(fingerprints.tables).toEqual(expect.arrayContaining(['bookings', 'services', 'audit_log']));
  });

  it('is the same when nothing was written, reads in between included', async () => {
    const before = await fingerprints.take();
    await serviceCount();
    await db.query('SELECT * FROM bookings');
    expect(changedTables(before, await fingerprints.take())).toEqual([]);
  });

  it('names the tables of an insert, an update and a delete, a trigger’s write included', async () => {
    let before = await fingerprints.take();
    await db.query(`INSERT INTO services (name) VALUES ('Fingerprinted')`);
    let after = await fingerprints.take();
    expect(changedTables(before, after)).toEqual(WRITTEN);

    before = after;
    await db.query(`UPDATE services SET name = 'Fingerprinted again' WHERE name = 'Fingerprinted'`);
    after = await fingerprints.take();
    expect(changedTables(before, after)).toEqual(WRITTEN);

    before = after;
    await db.query(`DELETE FROM services WHERE name = 'Fingerprinted again'`);
    expect(changedTables(before, await fingerprints.take())).toEqual(WRITTEN);
  });

  it('sees nothing of a write rolled back, and the next one committed', async () => {
    const before = await fingerprints.take();
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`INSERT INTO services (name) VALUES ('Rolled back')`);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const afterRollback = await fingerprints.take();
    expect(changedTables(before, afterRollback)).toEqual([]);

    await db.query(`INSERT INTO services (name) VALUES ('Committed')`);
    expect(changedTables(afterRollback, await fingerprints.take())).toEqual(WRITTEN);
    expect(changedTables(before, await fingerprints.take(), WRITTEN)).toEqual([]);
  });
});
