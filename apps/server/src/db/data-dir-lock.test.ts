import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const lockModule = path.join(path.dirname(fileURLToPath(import.meta.url)), 'data-dir-lock.ts');

/**
 * Processes that each try to take the folder at the same moment (a shared start signal: a file
 * they wait for), print whether they got it, and hold it for a while.
 */
function claimFromProcesses(dataDir: string, count: number): Promise<string[]> {
  const go = path.join(dataDir, '..', `${path.basename(dataDir)}.go`);
  const script = `
    import { existsSync } from 'node:fs';
    import { claimDataDir } from ${JSON.stringify(lockModule)};
    while (!existsSync(${JSON.stringify(go)})) await new Promise((r) => setTimeout(r, 2));
    const claim = await claimDataDir(${JSON.stringify(dataDir)}, { kind: 'server' });
    console.log(claim.claimed ? 'claimed' : 'refused');
    await new Promise((r) => setTimeout(r, 1500));
  `;
  const children = Array.from({ length: count }, () =>
    spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    }),
  );
  const answers = children.map(
    (child) =>
      new Promise<string>((resolve) => {
        let out = '';
        child.stdout.on('data', (chunk) => {
          out += chunk;
        });
        child.once('exit', () => resolve(out.trim()));
      }),
  );
  // Give every child time to load before the start signal.
  setTimeout(() => void writeFile(go, ''), 3000);
  return Promise.all(answers).finally(() => rm(go, { force: true }));
}

describe('the embedded database folder belongs to one process', () => {
  let dataDir: string;
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  it('goes to exactly one of several processes starting together', { timeout: 30_000 }, async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'therapy-lock-'));
    const answers = await claimFromProcesses(dataDir, 4);
    expect(answers.filter((answer) => answer === 'claimed')).toHaveLength(1);
    expect(answers.filter((answer) => answer === 'refused')).toHaveLength(3);
  });

  it('goes to exactly one of them when the last owner was killed', { timeout: 30_000 }, async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'therapy-lock-'));
    // A pid no live process has: the owner that died without releasing the folder.
    await writeFile(path.join(dataDir, 'owner.json'), JSON.stringify({ pid: 2 ** 22 + 1, kind: 'server' }));
    const answers = await claimFromProcesses(dataDir, 4);
    expect(answers.filter((answer) => answer === 'claimed')).toHaveLength(1);
    const owner = JSON.parse(await readFile(path.join(dataDir, 'owner.json'), 'utf8'));
    expect(owner.pid).not.toBe(2 ** 22 + 1);
  });
});
