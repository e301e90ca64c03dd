import { useCallback, useEffect, useState } from 'react';

export type FetchState<T> =
  | { status: 'loading'; data?: undefined; error?: undefined }
  | { status: 'error'; data?: undefined; error: Error }
  | { status: 'success'; data: T; error?: undefined };

export type FetchResult<T> = FetchState<T> & {
  /** Loading again while the last answer stays on screen (a new `version`, or `retry`). */
  refreshing: boolean;
  retry: () => void;
};

export type FetchOptions = {
  /** Answers shared between components and kept for the visit (the public catalogue). */
  cached?: boolean;
  /** A new version (the data changed) reloads quietly, keeping the last answer on screen. */
  version?: number;
  /**
   * A new key also keeps the last answer on screen, `refreshing`, until its own answer comes
   * (a pager: the table and the focused button stay instead of a spinner).
   */
  keepPrevious?: boolean;
};

type CacheEntry = { promise: Promise<unknown>; done: boolean; value?: unknown };

// Catalogue answers (locations, services, therapists) hardly change during a visit; keeping
// them lets the wizard move back and forth without spinners. Failed loads are not kept.
const cache = new Map<string, CacheEntry>();

/** Starts a cached load now (or reuses the running one), so a later step finds it ready. */
export function prefetch<T>(key: string, load: () => Promise<T>): Promise<T> {
  const existing = cache.get(key);
  if (existing) return existing.promise as Promise<T>;
  const entry: CacheEntry = { promise: Promise.resolve(), done: false };
  entry.promise = load().then(
    (value) => {
      entry.value = value;
      entry.done = true;
      return value;
    },
    (error: unknown) => {
      cache.delete(key);
      throw error;
    },
  );
  cache.set(key, entry);
  return entry.promise as Promise<T>;
}

/** Puts a value the app already holds (an admin's save) in place of a kept answer. */
export function replaceCached<T>(key: string, value: T): void {
  cache.set(key, { promise: Promise.resolve(value), done: true, value });
}

function cachedState<T>(key: string | null): FetchState<T> | undefined {
  const entry = key === null ? undefined : cache.get(key);
  return entry?.done ? { status: 'success', data: entry.value as T } : undefined;
}

function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

/** An answer, and which load gave it. */
type Settled<T> = { key: string; attempt: number; version: number; state: FetchState<T> };

/**
 * What a screen shows for the last settled answer while the current load (`key`, `attempt`,
 * `version`) runs: a new key starts from a spinner (or the cache), or with `keepPrevious` from
 * the last rows, `refreshing`; a new version or a retry keeps the rows on screen, `refreshing`;
 * a retry after an error shows the spinner again.
 */
export function shownState<T>(
  settled: Settled<T> | null,
  current: { key: string | null; attempt: number; version: number },
  cached: boolean,
  keepPrevious = false,
): FetchState<T> & { refreshing: boolean } {
  const same = settled !== null && settled.key === current.key;
  if (!same && keepPrevious && settled?.state.status === 'success' && current.key !== null) {
    return { ...settled.state, refreshing: true };
  }
  if (!same || (settled.state.status === 'error' && settled.attempt !== current.attempt)) {
    return { ...((cached && cachedState<T>(current.key)) || { status: 'loading' }), refreshing: false };
  }
  const fresh = settled.attempt === current.attempt && settled.version === current.version;
  if (settled.state.status === 'error' && !fresh) return { status: 'loading', refreshing: false };
  return { ...settled.state, refreshing: !fresh && settled.state.status === 'success' };
}

/**
 * The one data hook: loading, error and data of one GET, with `retry`. `key` names the request:
 * a new key loads again, `null` waits. The load gets an AbortSignal, used when the key changes
 * or the screen goes (not for cached loads, which other components may share).
 */
export function useFetch<T>(
  key: string | null,
  load: (signal?: AbortSignal) => Promise<T>,
  { cached = false, version = 0, keepPrevious = false }: FetchOptions = {},
): FetchResult<T> {
  const [attempt, setAttempt] = useState(0);
  const [settled, setSettled] = useState<Settled<T> | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `load` is recreated on each render; `key` names it
  useEffect(() => {
    if (key === null) return;
    const settle = (state: FetchState<T>) => setSettled({ key, attempt, version, state });
    const ready = cached ? cachedState<T>(key) : undefined;
    if (ready) {
      settle(ready);
      return;
    }
    const controller = new AbortController();
    const promise = cached ? prefetch(key, () => load()) : load(controller.signal);
    promise.then(
      (data) => controller.signal.aborted || settle({ status: 'success', data }),
      (error: unknown) => controller.signal.aborted || settle({ status: 'error', error: toError(error) }),
    );
    return () => controller.abort();
  }, [key, attempt, version, cached]);

  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  return { ...shownState(settled, { key, attempt, version }, cached, keepPrevious), retry };
}
