import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { nodeEndOfLifeLine } from './node-support.ts';
import { type ServerProcess, startServerProcess } from './test/server-process.ts';

describe('the Node.js versions the server runs on', () => {
  it('says nothing on the LTS lines, and one line on Node 20', () => {
    expect(nodeEndOfLifeLine('24.21.0')).toBeUndefined();
    expect(nodeEndOfLifeLine('22.12.0')).toBeUndefined();
    expect(nodeEndOfLifeLine('20.19.5')).toMatch(
      /^Node\.js 20\.19\.5 is past its end of life .*install Node\.js 24 LTS/,
    );
  });
});

/** The machine's own Node 20, when there is one beside the Node running the tests (CI runs on 24). */
function olderNode(): string | undefined {
  for (const candidate of ['/usr/bin/node', '/usr/local/bin/node']) {
    try {
      const version = execFileSync(candidate, ['--version'], { encoding: 'utf8' }).trim();
      if (version.startsWith('v20.')) return candidate;
    } catch {
      // not installed here
    }
  }
  return undefined;
}

describe.skipIf(!olderNode())('the server on Node 20', () => {
  let server: ServerProcess | undefined;
  let dataDir: string | undefined;
  afterAll(async () => {
    await server?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('starts, serves, and prints the end-of-life line once', { timeout: 90_000 }, async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'therapy-node20-'));
    server = await startServerProcess({ DATA_DIR: dataDir, DEMO_DATA: 'false' }, 80_000, olderNode());
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(200);
    const lines = server.output().split('\n');
    expect(lines.filter((line) => line.includes('is past its end of life'))).toHaveLength(1);
  });
});
