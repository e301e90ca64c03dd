import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/database.ts';
import { sendKeptBody } from '../../http/compression.ts';

/**
 * The public catalogue's answers, serialised once and kept in memory (ADR 035). Each is tagged
 * with the database's `catalogue_version` (raised by a trigger on every catalogue write), which
 * this server reads at most once per `checkEveryMs`: another instance's change shows within that
 * time, this instance's own at once (`invalidate`, called after each admin write).
 */
export type CachedAnswer = { body: string; etag: string };

const MAX_ENTRIES = 1_000;

export function createCatalogueCache(db: Queryable, { checkEveryMs = 1_000, now = () => Date.now() } = {}) {
  let known: { version: string; checkedAt: number } | undefined;
  let checking: Promise<string> | undefined;
  const entries = new Map<string, CachedAnswer & { version: string }>();

  function currentVersion(): Promise<string> {
    if (known && now() - known.checkedAt < checkEveryMs) return Promise.resolve(known.version);
    checking ??= db
      .query<{ version: string }>('SELECT version::text AS version FROM catalogue_version')
      .then(({ rows }) => {
        known = { version: rows[0]?.version ?? '0', checkedAt: now() };
        return known.version;
      })
      .finally(() => {
        checking = undefined;
      });
    return checking;
  }

  return {
    /** The next answer asks the database for the version again (this instance just wrote). */
    invalidate() {
      known = undefined;
    },

    /**
     * The answer for `key` at the current version, built (and kept) when there is none. A kept
     * answer whose version was checked within the second comes back without a promise.
     */
    answer(key: string, build: () => Promise<unknown>): CachedAnswer | Promise<CachedAnswer> {
      const kept = entries.get(key);
      if (kept && known && kept.version === known.version && now() - known.checkedAt < checkEveryMs) {
        return kept;
      }
      return fresh(key, build);
    },
  };

  async function fresh(key: string, build: () => Promise<unknown>): Promise<CachedAnswer> {
    // The version is read before the data, so the data kept is at least as new as its tag.
    const version = await currentVersion();
    const kept = entries.get(key);
    if (kept?.version === version) return kept;
    const body = JSON.stringify(await build());
    const hash = createHash('sha1').update(body).digest('base64url').slice(0, 16);
    const entry = { version, body, etag: `"c${version}-${hash}"` };
    if (entries.size >= MAX_ENTRIES) entries.clear();
    entries.set(key, entry);
    return entry;
  }
}

export type CatalogueCache = ReturnType<typeof createCatalogueCache>;

/** `sendCached` for an answer that may still be on its way (a kept one is sent at once). */
export function sendAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CachedAnswer | Promise<CachedAnswer>,
  cacheControl?: string,
): Promise<void> | undefined {
  if (answer instanceof Promise) {
    return answer.then((ready) => {
      sendCached(request, reply, ready, cacheControl);
    });
  }
  sendCached(request, reply, answer, cacheControl);
  return undefined;
}

/** Sends a kept answer, or 304 when the browser holds it already; by default browsers ask again each time. */
export function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CachedAnswer,
  cacheControl = 'no-cache',
) {
  reply.header('etag', answer.etag).header('cache-control', cacheControl);
  if (request.headers['if-none-match'] === answer.etag) return reply.code(304).send();
  // Compressed once for as long as the answer is kept, when the client accepts it (decision 054).
  return sendKeptBody(request, reply.type('application/json; charset=utf-8'), answer, answer.body);
}
