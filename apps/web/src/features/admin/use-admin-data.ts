import { useCallback, useEffect, useState } from 'react';

export type AdminData<T> = {
  status: 'loading' | 'error' | 'success';
  data: T | undefined;
  error: Error | undefined;
  /** Loading again while the last answer stays on screen. */
  refreshing: boolean;
  retry: () => void;
};

type Result<T> = { key: string; data?: T; error?: Error };

/**
 * One admin GET. A new `key` (another therapist, another date) starts from a spinner; a new
 * `version` (the data changed) reloads quietly, keeping the rows, the page and the focus in place.
 */
export function useAdminData<T>(
  key: string | null,
  load: (signal: AbortSignal) => Promise<T>,
  version = 0,
): AdminData<T> {
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<Result<T> | null>(null);
  const [pending, setPending] = useState(true);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `load` is recreated on each render; `key` names it
  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    setPending(true);
    load(controller.signal).then(
      (data) => {
        if (controller.signal.aborted) return;
        setResult({ key, data });
        setPending(false);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setResult({ key, error: error instanceof Error ? error : new Error(String(error)) });
        setPending(false);
      },
    );
    return () => controller.abort();
  }, [key, version, attempt]);

  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  const current = result && result.key === key ? result : null;
  if (!current || (current.error && pending)) {
    return { status: 'loading', data: undefined, error: undefined, refreshing: false, retry };
  }
  if (current.error)
    return { status: 'error', data: undefined, error: current.error, refreshing: false, retry };
  return { status: 'success', data: current.data, error: undefined, refreshing: pending, retry };
}
