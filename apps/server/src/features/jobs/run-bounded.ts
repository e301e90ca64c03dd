export type BoundedRunOptions = {
  /** Items in progress at once, at most. */
  concurrency: number;
  /** Asked before each item starts: once false, nothing more starts and the rest are handed back. */
  canStart?: () => boolean;
};

export type BoundedRunResult<T> = {
  /** Items never started (`canStart` said no, or an error came first), in their order. */
  notStarted: T[];
  /** The first error `work` threw; no item started after it. */
  error?: unknown;
};

/**
 * Runs `work` on the items in order, `concurrency` at a time: a fixed pool of lanes, each taking
 * the next item when its last one ends. It returns only when every started item has ended, so
 * nothing runs on after the caller moves on (or closes the database). An error stops the run:
 * the lanes start nothing more, and the error comes back beside the items not started.
 */
export async function runBounded<T>(
  items: readonly T[],
  { concurrency, canStart = () => true }: BoundedRunOptions,
  work: (item: T) => Promise<void>,
): Promise<BoundedRunResult<T>> {
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new RangeError(`concurrency must be a whole number from 1, not ${concurrency}`);
  }
  let next = 0;
  let failed = false;
  let error: unknown;
  const lane = async () => {
    while (next < items.length && !failed && canStart()) {
      const item = items[next++] as T;
      try {
        await work(item);
      } catch (thrown) {
        if (!failed) error = thrown;
        failed = true;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, lane));
  const notStarted = items.slice(next);
  return failed ? { notStarted, error } : { notStarted };
}
