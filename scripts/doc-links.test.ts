import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

describe('the README and docs/ (decision 047)', () => {
  it('link only to files and headings that exist', () => {
    const run = spawnSync(process.execPath, [path.join(root, 'scripts/check-doc-links.mjs')], {
      encoding: 'utf8',
    });
    expect(run.stdout).toMatch(/doc links: \d+ checked, 0 broken/);
    expect(run.status).toBe(0);
  });

  it('keep the README a ten-minute read that names both commands', () => {
    const readme = read('README.md');
    expect(readme.split('\n').length).toBeLessThanOrEqual(250);
    expect(readme).toContain('npm start');
    expect(readme).toContain('npm test');
    expect(readme).toContain('`N passed, N failed`');
  });

  it("open docs/api.md by saying it is the contract's table of calls the product added", () => {
    const opening = read('docs/api.md').split('\n').slice(0, 8).join(' ');
    expect(opening).toContain('CONTRACT.md');
    expect(opening).toContain("the contract's table of calls the product added");
  });
});
