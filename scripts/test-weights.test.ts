import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const weights: Record<string, number> = JSON.parse(
  readFileSync(path.join(root, 'scripts/test-weights.json'), 'utf8'),
);

describe('the reference weights the test sequencer starts files by (decision 062)', () => {
  it('names only test files that exist, each with a length in whole seconds', () => {
    const entries = Object.entries(weights);
    expect(entries.length).toBeGreaterThan(0);
    expect(
      entries.filter(([file]) => !file.endsWith('.test.ts') || !existsSync(path.join(root, file))),
    ).toEqual([]);
    expect(entries.filter(([, seconds]) => !Number.isInteger(seconds) || seconds <= 0)).toEqual([]);
  });
});
