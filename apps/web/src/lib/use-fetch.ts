import { useCallback, useEffect, useState } from 'react';

export type FetchState<T> =
  | { status: 'loading'; data?: undefined; error?: undefined }
  | { status: 'error'; data?: undefined; error: Error }
  | { status: 'success'; data: T; error?: undefined };

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

function cachedState<T>(key: string | null): FetchState<T> | undefined {
  const entry = key === null ? undefined : cache.get(key);
  return entry?.done ? { status: 'success', data: entry.value as T } : undefined;
}

function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

/**
 * Loading, error and data of one GET, with `retry`. `key` names the request: a new key loads
 * again, `null` waits. With `cached`, answers are shared between components and kept.
 */
export function useFetch<T>(
  key: string | null,
  load: (signal?: AbortSignal) => Promise<T>,
  { cached = false }: { cached?: boolean } = {},
): FetchState<T> & { retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{ key: string | null; attempt: number; state: FetchState<T> }>(() => ({
    key,
    attempt: 0,
    state: (cached && cachedState<T>(key)) || { status: 'loading' },
  }));

  // biome-ignore lint/correctness/useExhaustiveDependencies: `load` is recreated on each render; `key` names it
  useEffect(() => {
    if (key === null) return;
    const ready = cached ? cachedState<T>(key) : undefined;
    if (ready) {
      setResult({ key, attempt, state: ready });
      return;
    }
    const controller = new AbortController();
    let current = true;
    const promise = cached ? prefetch(key, () => load()) : load(controller.signal);
    promise.then(
      (data) => current && setResult({ key, attempt, state: { status: 'success', data } }),
      (error: unknown) =>
        current && setResult({ key, attempt, state: { status: 'error', error: toError(error) } }),
    );
    return () => {
      current = false;
      if (!cached) controller.abort();
    };
  }, [key, attempt, cached]);

  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  const fresh = result.key === key && result.attempt === attempt;
  const state: FetchState<T> = fresh
    ? result.state
    : (cached && cachedState<T>(key)) || { status: 'loading' };
  return { ...state, retry };
}
