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
    const hours = await count('weekly_hours');

    expect(await loadDemoData(db)).toBe(false);
    for (const [table, n] of Object.entries(counts)) expect(await count(table)).toBe(n);
    expect(await count('weekly_hours')).toBe(hours);
  });

  it('gives every therapist hours on every weekday, and new rows ids past the demo ones', async () => {
    const { rows } = await db.query<{ therapist_id: number; weekday: number; n: number }>(
      `SELECT therapist_id, weekday, count(*)::integer AS n FROM weekly_hours
       GROUP BY therapist_id, weekday ORDER BY therapist_id, weekday`,
    );
    expect(rows).toHaveLength(8 * 7);
    for (const row of rows) expect(row.n).toBeGreaterThanOrEqual(5);
    const { rows: inserted } = await db.query<{ id: number }>(
      "INSERT INTO therapists (name, type, email) VALUES ('Ms.New Therapist', 1, 'new@example.com') RETURNING id",
    );
    expect(inserted[0]!.id).toBe(9);
  });
});
