import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { loadDemoData } from './load-demo-data.ts';

describe.each(backends)('demo data on %s', (backend) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(backend);
  });
  afterAll(() => db.drop());

  const count = async (table: string) =>
    (await db.query<{ n: number }>(`SELECT count(*)::integer AS n FROM ${table}`)).rows[0]!.n;

  it('fills an empty database once and leaves it alone after', async () => {
    expect(await loadDemoData(db)).toBe(true);
    const counts = { locations: 2, services: 8, therapists: 8 };
    for (const [table, n] of Object.entries(counts)) expect(await count(table)).toBe(n);
    const slots = await count('availability_slots');

    expect(await loadDemoData(db)).toBe(false);
    for (const [table, n] of Object.entries(counts)) expect(await count(table)).toBe(n);
    expect(await count('availability_slots')).toBe(slots);
  });

  it('gives every therapist slots on every day, and new rows ids past the demo ones', async () => {
    const { rows } = await db.query<{ therapist_id: number; n: number }>(
      'SELECT therapist_id, count(*)::integer AS n FROM availability_slots GROUP BY therapist_id ORDER BY therapist_id',
    );
    expect(rows).toHaveLength(8);
    for (const row of rows) expect(row.n).toBeGreaterThanOrEqual(5);
    const { rows: inserted } = await db.query<{ id: number }>(
      "INSERT INTO therapists (name, type, email) VALUES ('Ms.New Therapist', 1, 'new@example.com') RETURNING id",
    );
    expect(inserted[0]!.id).toBe(9);
  });
});
