import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdminUser, JWT_SECRET, NOW, signIn } from '../../test/admin-test-kit.ts';
import { createDemoTestApp } from '../../test/test-app.ts';
import { backends, type TestDatabase } from '../../test/test-database.ts';

const image = (width: number, height: number, format: 'png' | 'jpeg' | 'webp') =>
  sharp({ create: { width, height, channels: 3, background: { r: 15, g: 118, b: 110 } } })
    .withMetadata({ exif: { IFD0: { Copyright: 'secret camera owner' } } })
    [format]()
    .toBuffer();

describe.each(backends)('photo uploads on %s', (backend) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let dataDir: string;
  let close: () => Promise<void>;
  let boss: string;
  let staff: string;

  beforeAll(async () => {
    ({ db, app, dataDir, close } = await createDemoTestApp(backend, { now: () => NOW, env: { JWT_SECRET } }));
    await createAdminUser(db, 'boss@example.com', { superadmin: true });
    await createAdminUser(db, 'staff@example.com');
    boss = await signIn(app, 'boss@example.com');
    staff = await signIn(app, 'staff@example.com');
  });
  afterAll(() => close());

  const upload = (url: string, body: Buffer | string, type: string, token = boss) =>
    app.inject({ method: 'PUT', url, headers: { ...bearer(token), 'content-type': type }, payload: body });
  const storedFiles = async () => (await readdir(path.join(dataDir, 'images')).catch(() => [])).sort();
  const imageFileOf = async (table: 'therapists' | 'locations', id: number) =>
    (await db.query<{ image_file: string | null }>(`SELECT image_file FROM ${table} WHERE id = $1`, [id]))
      .rows[0]?.image_file;

  it('re-encodes a therapist photo to a hashed WebP and serves it with type and cache headers', async () => {
    const response = await upload(
      '/api/admin/therapists/2/photo',
      await image(1200, 900, 'jpeg'),
      'image/jpeg',
    );
    expect(response.statusCode, response.body).toBe(200);
    const name = response.json().image_url;
    expect(name).toMatch(/^photo-[0-9a-f]{32}\.webp$/);
    expect(await imageFileOf('therapists', 2)).toBe(name);
    expect(await storedFiles()).toEqual([name]);

    const served = await app.inject({ method: 'GET', url: `/get_specific_image/${name}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const etag = served.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 800, height: 600 });
    expect(metadata.exif).toBeUndefined();
    const again = await app.inject({
      method: 'GET',
      url: `/get_specific_image/${name}`,
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);

    const publicTherapist = (await app.inject({ method: 'GET', url: '/therapists' }))
      .json()
      .find((t: { id: number }) => t.id === 2);
    expect(publicTherapist.image_url).toBe(name);
    const audit = await db.query<{ details: { image_file: string } }>(
      "SELECT details FROM audit_log WHERE action = 'therapist.photo' AND therapist_id = 2",
    );
    expect(audit.rows[0]?.details.image_file).toBe(name);
  });

  it("takes a centre's PNG photo and serves it at the centre's image URL", async () => {
    const response = await upload('/api/admin/locations/2/photo', await image(400, 300, 'png'), 'image/png');
    expect(response.statusCode, response.body).toBe(200);
    const served = await app.inject({ method: 'GET', url: '/get_location_image/2.png' });
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=300');
    expect(served.headers.etag).toBeTruthy();
    expect((await sharp(served.rawPayload).metadata()).width).toBe(400);
  });

  it('refuses a text body, a lying content type, a tiny or huge image and 20 MB, storing nothing', async () => {
    const before = await storedFiles();
    const fileBefore = await imageFileOf('therapists', 4);
    const png = await image(300, 300, 'png');
    const cases: [Buffer | string, string, number, RegExp][] = [
      ['just some text', 'text/plain', 415, /Content-Type must be/],
      [Buffer.from('not an image at all, honestly'), 'image/png', 400, /not a PNG, JPEG or WebP/],
      [png, 'image/jpeg', 400, /not image\/jpeg/],
      [await image(10, 10, 'png'), 'image/png', 400, /200×200 to 6000×6000 pixels \(it is 10×10\)/],
      [await image(6001, 200, 'png'), 'image/png', 400, /it is 6001×200/],
      [Buffer.alloc(20 * 1024 * 1024, 1), 'image/png', 413, /./],
      [Buffer.alloc(20 * 1024 * 1024, 1), 'text/plain', 413, /./],
      [JSON.stringify({ a: 1 }), 'application/json', 415, /Content-Type must be/],
    ];
    for (const [body, type, status, detail] of cases) {
      const response = await upload('/api/admin/therapists/4/photo', body, type);
      expect(response.statusCode, `${type} ${body.length}`).toBe(status);
      expect(response.json().detail, `${type} ${body.length}`).toMatch(detail);
    }
    expect(await storedFiles()).toEqual(before);
    expect(await imageFileOf('therapists', 4)).toBe(fileBefore);
    const audits = await db.query(
      "SELECT 1 FROM audit_log WHERE action = 'therapist.photo' AND therapist_id = 4",
    );
    expect(audits.rows).toHaveLength(0);
  });

  it('refuses uploads to admins who are not superadmins and to unknown rows', async () => {
    const png = await image(300, 300, 'png');
    expect((await upload('/api/admin/therapists/4/photo', png, 'image/png', staff)).statusCode).toBe(403);
    expect((await upload('/api/admin/therapists/999/photo', png, 'image/png')).statusCode).toBe(404);
    expect((await upload('/api/admin/locations/999/photo', png, 'image/png')).statusCode).toBe(404);
  });
});
