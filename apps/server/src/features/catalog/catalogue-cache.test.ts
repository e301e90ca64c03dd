import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdminUser, JWT_SECRET, NOW, signIn } from '../../test/admin-test-kit.ts';
import { createDemoTestApp, createTestApp } from '../../test/test-app.ts';
import { backends, type TestDatabase } from '../../test/test-database.ts';

/** The public catalogue from memory (ADR 035): fresh after a change, on this instance and the others. */
describe.each(backends)('the catalogue kept in memory on %s', (backend) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let other: FastifyInstance;
  const closers: (() => Promise<void>)[] = [];
  let boss: string;

  beforeAll(async () => {
    const first = await createDemoTestApp(backend, { now: () => NOW, env: { JWT_SECRET } });
    ({ db, app } = first);
    // A second server on the same database, as behind a load balancer.
    const second = await createTestApp(db, { now: () => NOW, env: { JWT_SECRET } });
    other = second.app;
    closers.push(second.close, first.close);
    await createAdminUser(db, 'boss@example.com', { superadmin: true });
    boss = await signIn(app, 'boss@example.com');
  });
  afterAll(async () => {
    for (const close of closers) await close();
  });

  const names = async (server: FastifyInstance) =>
    (await server.inject('/therapists')).json().map((therapist: { name: string }) => therapist.name);

  /** Asks until `check` holds, at most 5 s (the stated bound is 1 s). */
  async function eventually(check: () => Promise<boolean>) {
    for (let tries = 0; tries < 50; tries++) {
      if (await check()) return true;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return false;
  }

  it('answers an admin change at once on the instance that made it, and within a second on another', async () => {
    expect(await names(app)).toContain('Dr.Asha Menon');
    expect(await names(other)).toContain('Dr.Asha Menon');
    const renamed = await app.inject({
      method: 'PATCH',
      url: '/api/admin/therapists/1',
      headers: bearer(boss),
      payload: { name: 'Dr.Asha Menon-Rao' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await names(app)).toContain('Dr.Asha Menon-Rao');
    expect(await eventually(async () => (await names(other)).includes('Dr.Asha Menon-Rao'))).toBe(true);
  });

  it('sees a change written to the database by another program (the admin CLI, SQL)', async () => {
    await db.query("UPDATE locations SET name = 'West Branch (Andheri)' WHERE id = 1");
    const locationName = async () => (await app.inject('/locations')).json()[0].name;
    expect(await eventually(async () => (await locationName()) === 'West Branch (Andheri)')).toBe(true);
  });

  it('tags each answer: the same version answers 304 with no body, a change a new tag', async () => {
    const first = await app.inject('/services');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"c\d+-[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    const again = await app.inject({ url: '/services', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const added = await app.inject({
      method: 'POST',
      url: '/api/admin/services',
      headers: bearer(boss),
      payload: { name: 'Family Therapy' },
    });
    expect(added.statusCode, added.body).toBe(201);
    const changed = await app.inject({ url: '/services', headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json().map((service: { name: string }) => service.name)).toContain('Family Therapy');
  });

  it('keeps answering errors as before: an unknown therapist is still a 404, never kept', async () => {
    expect((await app.inject('/availability-slots?therapist_id=99')).statusCode).toBe(404);
    expect((await app.inject('/availability-slots?therapist_id=1')).statusCode).toBe(200);
  });
});
