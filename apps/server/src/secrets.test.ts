import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadSecret } from './secrets.ts';

describe('secrets kept in DATA_DIR', () => {
  let dataDir: string;
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  it('gives instances starting together on one DATA_DIR the same generated secret', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'therapy-secrets-'));
    const secrets = await Promise.all(Array.from({ length: 8 }, () => loadSecret(dataDir, 'jwt-secret')));
    expect(new Set(secrets).size).toBe(1);
    const file = path.join(dataDir, 'secrets', 'jwt-secret');
    expect(await readFile(file, 'utf8')).toBe(secrets[0]);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readdir(path.join(dataDir, 'secrets'))).toEqual(['jwt-secret']);
    expect(await loadSecret(dataDir, 'jwt-secret')).toBe(secrets[0]);
  });

  it('prefers the configured secret', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'therapy-secrets-'));
    expect(await loadSecret(dataDir, 'jwt-secret', 'x'.repeat(40))).toBe('x'.repeat(40));
  });
});
