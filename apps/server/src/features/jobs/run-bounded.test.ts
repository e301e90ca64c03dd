import { describe, expect, it } from 'vitest';
import { runBounded } from './run-bounded.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('runBounded', () => {
  it('runs every item once, never more than `concurrency` at a time, and only then returns', async () => {
    let running = 0;
    let peak = 0;
    const ran: number[] = [];
    const items = Array.from({ length: 20 }, (_, n) => n);
    const result = await runBounded(items, { concurrency: 4 }, async (n) => {
      running += 1;
      peak = Math.max(peak, running);
      await pause(n % 3);
      ran.push(n);
      running -= 1;
    });
    expect(result).toEqual({ notStarted: [] });
    expect(ran.sort((a, b) => a - b)).toEqual(items);
    expect(peak).toBe(4);
    expect(running).toBe(0);
  });

  it('starts nothing once `canStart` says no, and hands the rest back in order', async () => {
    const started: string[] = [];
    const result = await runBounded(
      ['a', 'b', 'c', 'd', 'e'],
      { concurrency: 2, canStart: () => started.length < 3 },
      async (item) => {
        started.push(item);
        await pause(5);
      },
    );
    expect(started).toEqual(['a', 'b', 'c']);
    expect(result).toEqual({ notStarted: ['d', 'e'] });
  });

  it('after an error starts nothing more, lets the started items end, and returns the error', async () => {
    const ended: number[] = [];
    const failure = new Error('database gone');
    const result = await runBounded([0, 1, 2, 3, 4, 5], { concurrency: 2 }, async (n) => {
      if (n === 0) throw failure;
      await pause(30);
      ended.push(n);
    });
    expect(ended).toEqual([1]);
    expect(result).toEqual({ notStarted: [2, 3, 4, 5], error: failure });
  });

  it('refuses a concurrency below 1 or not whole', async () => {
    for (const concurrency of [0, -1, 1.5, Number.NaN]) {
      await expect(runBounded([1], { concurrency }, async () => {})).rejects.toThrow(RangeError);
    }
  });
});
