import { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { acceptedEncoding, COMPRESS_MIN_BYTES, registerCompression } from './compression.ts';

const decode = (encoding: string | undefined, body: Buffer) =>
  encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;

describe('what the client accepts', () => {
  it('prefers Brotli, takes gzip, honours q=0 and *', () => {
    expect(acceptedEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(acceptedEncoding('gzip')).toBe('gzip');
    expect(acceptedEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(acceptedEncoding('*')).toBe('br');
    expect(acceptedEncoding('identity')).toBeUndefined();
    expect(acceptedEncoding('gzip;q=0')).toBeUndefined();
    expect(acceptedEncoding(undefined)).toBeUndefined();
  });
});

describe('compressed answers, on a bare Fastify app', () => {
  let app: FastifyInstance;
  const big = { rows: Array.from({ length: 400 }, (_, i) => ({ id: i, name: `Therapist ${i}` })) };
  beforeAll(async () => {
    app = Fastify();
    registerCompression(app);
    app.get('/big', async () => big);
    app.get('/small', async () => ({ ok: true }));
    app.get('/sheet', async (_request, reply) =>
      reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .send(Buffer.alloc(COMPRESS_MIN_BYTES * 4, 7)),
    );
    app.get('/events', async (_request, reply) =>
      reply.type('text/event-stream').send('data: x\n\n'.repeat(500)),
    );
    app.get('/stream', async (_request, reply) =>
      reply.type('application/json').send(Readable.from([JSON.stringify(big)])),
    );
    await app.ready();
  });
  afterAll(() => app.close());

  it('sends a large JSON answer as Brotli or gzip, which decompresses to the same JSON', async () => {
    for (const encoding of ['br', 'gzip']) {
      const response = await app.inject({ url: '/big', headers: { 'accept-encoding': encoding } });
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.rawPayload.length).toBeLessThan(JSON.stringify(big).length / 3);
      expect(JSON.parse(decode(encoding, response.rawPayload).toString())).toEqual(big);
    }
  });

  it('sends it plain to a client that does not accept either, and a tiny answer always plain', async () => {
    const plain = await app.inject({ url: '/big' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(big);
    const small = await app.inject({ url: '/small', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ ok: true });
  });

  it('leaves spreadsheets, event streams and streamed answers as they are', async () => {
    const headers = { 'accept-encoding': 'br, gzip' };
    const sheet = await app.inject({ url: '/sheet', headers });
    expect(sheet.headers['content-encoding']).toBeUndefined();
    expect(sheet.rawPayload).toEqual(Buffer.alloc(COMPRESS_MIN_BYTES * 4, 7));
    const events = await app.inject({ url: '/events', headers });
    expect(events.headers['content-encoding']).toBeUndefined();
    expect(events.body).toBe('data: x\n\n'.repeat(500));
    const stream = await app.inject({ url: '/stream', headers });
    expect(stream.headers['content-encoding']).toBeUndefined();
    expect(stream.json()).toEqual(big);
  });
});

describe('a kept answer (the catalogue), in the real server', () => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let close: () => Promise<void>;
  beforeAll(async () => {
    db = await createTestDatabase('pglite');
    // A list of therapists long enough to be worth compressing.
    await db.query(
      `INSERT INTO therapists (id, name, type, email, price_paise, is_active, bio)
       SELECT n, 'Dr. Therapist ' || n, 1, 'therapist' || n || '@example.com', 100000, true,
         'Works with anxiety, low mood and relationships.'
       FROM generate_series(101, 130) AS n`,
    );
    ({ app, close } = await createTestApp(db));
  });
  afterAll(async () => {
    await close();
    await db.close();
  });

  it('comes compressed once: the same bytes each time, the same JSON as the plain answer', async () => {
    const plain = await app.inject({ url: '/therapists' });
    expect(plain.body.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    for (const encoding of ['br', 'gzip']) {
      const headers = { 'accept-encoding': encoding };
      const first = await app.inject({ url: '/therapists', headers });
      const second = await app.inject({ url: '/therapists', headers });
      expect(first.headers['content-encoding']).toBe(encoding);
      expect(first.headers.etag).toBe(plain.headers.etag);
      expect(second.rawPayload).toEqual(first.rawPayload);
      expect(JSON.parse(decode(encoding, first.rawPayload).toString())).toEqual(plain.json());
    }
  });

  it('compresses an answer built per request too (the API description)', async () => {
    const response = await app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({ url: '/api/docs/json' });
    expect(JSON.parse(gunzipSync(response.rawPayload).toString())).toEqual(plain.json());
  });
});
