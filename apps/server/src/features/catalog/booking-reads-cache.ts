import { createHash } from 'node:crypto';
import type { CachedAnswer } from './catalogue-cache.ts';

/**
 * The public reads that follow the bookings (`/booked-slots`, open slots), kept serialised for
 * at most `ttlMs` (ADR 036). Any write to this instance (`invalidate`, from the app's onSend
 * hook) drops them all at once, so a visitor never sees a slot this instance has just given
 * away; a booking made through another instance shows within `ttlMs`. The exclusion constraint
 * still decides every race: a stale answer can only offer a slot that the booking then refuses.
 */
const MAX_ENTRIES = 2_000;

export function createBookingReadsCache({ ttlMs = 1_000, clock = () => performance.now() } = {}) {
  // Raised by each invalidation: an answer built across one is returned but never kept.
  let generation = 0;
  const entries = new Map<string, CachedAnswer & { expiresAt: number }>();
  const building = new Map<string, Promise<CachedAnswer>>();

  async function build(key: string, compute: () => Promise<unknown>): Promise<CachedAnswer> {
    const startedIn = generation;
    const body = JSON.stringify(await compute());
    const hash = createHash('sha1').update(body).digest('base64url').slice(0, 16);
    const answer = { body, etag: `"b-${hash}"` };
    if (startedIn === generation && ttlMs > 0) {
      if (entries.size >= MAX_ENTRIES) entries.clear();
      entries.set(key, { ...answer, expiresAt: clock() + ttlMs });
    }
    return answer;
  }

  return {
    /** This instance wrote: every kept answer may be out of date. */
    invalidate() {
      generation += 1;
      entries.clear();
      building.clear();
    },

    /** The kept answer for `key` while it is fresh; else built once for all who ask meanwhile. */
    answer(key: string, compute: () => Promise<unknown>): Promise<CachedAnswer> | CachedAnswer {
      const kept = entries.get(key);
      if (kept && kept.expiresAt > clock()) return kept;
      const pending = building.get(key);
      if (pending) return pending;
      const started = build(key, compute).finally(() => {
        if (building.get(key) === started) building.delete(key);
      });
      building.set(key, started);
      return started;
    },
  };
}

export type BookingReadsCache = ReturnType<typeof createBookingReadsCache>;
