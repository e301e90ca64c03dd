import * as z from 'zod/mini';
import { intTextInRange } from './schema-limits.ts';

/**
 * Keyset paging of every admin list that grows with the history (issue 13, ADR 034): the answer
 * carries `next_cursor`, an opaque text naming the last row shown; the next call passes it as
 * `cursor`, so page N costs what page 1 costs. `limit` is clamped by the schema: a larger one is
 * a 400, never a large answer.
 */
export const PAGE_LIMIT_MAX = 100;

/** A cursor as the server wrote it: letters, digits and `-_.:~`, at most 120 characters. */
export const cursorText = z
  .string()
  .check(z.maxLength(120), z.regex(/^[A-Za-z0-9_.:~-]+$/, 'is not a cursor this server wrote'));

/** `limit` (1..`max`, the call's default when absent) and `cursor` (the last page's `next_cursor`). */
export const pageQueryShape = (max: number = PAGE_LIMIT_MAX) => ({
  limit: z.optional(intTextInRange(1, max)),
  cursor: z.optional(cursorText),
});

/**
 * A text search counts at most this many matches: past it, `total` says "at least" (counting
 * every booking of a common name would cost more than the page itself).
 */
export const SEARCH_COUNT_CAP = 1_000;

/** One page: the rows, `total` over all pages (counted by the database), and the next cursor. */
export const countedPageOf = <Item extends z.core.$ZodType>(item: Item) =>
  z.object({
    items: z.array(item),
    total: z.int(),
    /** True when `total` stopped at SEARCH_COUNT_CAP: there are at least that many. */
    total_capped: z.optional(z.boolean()),
    limit: z.int(),
    /** Pass as `cursor` for the next page; null on the last page. */
    next_cursor: z.nullable(z.string()),
  });

/** One page where a total would cost a scan of the history (a search): no count, only the next cursor. */
export const cursorPageOf = <Item extends z.core.$ZodType>(item: Item) =>
  z.object({
    items: z.array(item),
    limit: z.int(),
    next_cursor: z.nullable(z.string()),
  });
