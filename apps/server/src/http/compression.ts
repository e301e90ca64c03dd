import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/*
 * Compressed answers (issue 30, decision 054): JSON and text of 1 kB or more go out as Brotli or
 * gzip to a client that accepts it. An answer built per request is compressed per request, off
 * the main thread, at a quick level; an answer the server keeps in memory (the catalogue, the
 * slot reads, the pages) is compressed once, harder, and that copy is sent each time
 * (`sendKeptBody`). Streams (a backup, an export) and other types (xlsx, images, already
 * compressed) are sent as they are.
 */

export type Encoding = 'br' | 'gzip';

/** Below this an answer fits a packet or two: compressing it saves nearly nothing and costs CPU. */
export const COMPRESS_MIN_BYTES = 1024;

const COMPRESSIBLE =
  /^(application\/(json|problem\+json|javascript)|text\/(?!event-stream)[\w-]+|image\/svg\+xml)/i;

/** What the client accepts, Brotli first: q=0 refuses one, `*` accepts both. */
export function acceptedEncoding(header: string | string[] | undefined): Encoding | undefined {
  if (!header) return undefined;
  const accepted = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const allows = (name: Encoding) => {
    const q = accepted.get(name) ?? accepted.get('*');
    return q !== undefined && q > 0;
  };
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return undefined;
}

function compressible(reply: FastifyReply, bytes: number): boolean {
  if (bytes < COMPRESS_MIN_BYTES || reply.hasHeader('content-encoding')) return false;
  const status = reply.statusCode;
  if (status === 204 || status === 304 || status < 200) return false;
  return COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''));
}

function varyOnEncoding(reply: FastifyReply) {
  const vary = reply.getHeader('vary');
  const current = Array.isArray(vary) ? vary.join(', ') : vary === undefined ? '' : String(vary);
  if (/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(current)) return;
  reply.header('vary', current ? `${current}, Accept-Encoding` : 'Accept-Encoding');
}

/** Compresses the answers built per request; register it before any route. */
export function registerCompression(app: FastifyInstance) {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    if (!compressible(reply, body.length)) return done(null, payload);
    varyOnEncoding(reply);
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    if (!encoding) return done(null, payload);
    const finish = (error: Error | null, compressed: Buffer) => {
      if (error) return done(null, payload); // sent as it is rather than not at all
      reply.header('content-encoding', encoding).removeHeader('content-length');
      done(null, compressed);
    };
    if (encoding === 'br') {
      // Quality 4: about gzip's speed, smaller; a kept answer gets the slow, smallest kind.
      brotliCompress(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }, finish);
    } else {
      gzip(body, { level: 6 }, finish);
    }
  });
}

type Kept = { br?: Buffer; gzip?: Buffer };
const keptCopies = new WeakMap<object, Kept>();

/** `body` compressed once for as long as `owner` (the kept answer) lives. */
export function keptCompressed(owner: object, body: string, encoding: Encoding): Buffer {
  let copies = keptCopies.get(owner);
  if (!copies) {
    copies = {};
    keptCopies.set(owner, copies);
  }
  copies[encoding] ??=
    encoding === 'br'
      ? brotliCompressSync(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 9,
            [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body),
          },
        })
      : gzipSync(body, { level: 9 });
  return copies[encoding];
}

/**
 * Sends `body`, kept in memory by `owner`, compressed once per encoding when the client accepts
 * it; the content type must be set before.
 */
export function sendKeptBody(request: FastifyRequest, reply: FastifyReply, owner: object, body: string) {
  if (!compressible(reply, Buffer.byteLength(body))) return reply.send(body);
  varyOnEncoding(reply);
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  if (!encoding) return reply.send(body);
  return reply.header('content-encoding', encoding).send(keptCompressed(owner, body, encoding));
}
