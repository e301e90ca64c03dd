import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fingerprint, openSealedSecrets, sealSecrets, writeRestoredSecrets } from './backup-secrets.ts';

const SECRETS = {
  dataKey: 'the-data-key-of-this-clinic-0123456789abcdef',
  jwtSecret: 'the-jwt-secret-of-this-clinic-0123456789abcd',
};
const PASSPHRASE = 'correct horse battery staple';

describe('the keys beside a backup', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'therapy-backup-secrets-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('seals DATA_KEY and JWT_SECRET so that only the passphrase opens them', async () => {
    const sealed = await sealSecrets(PASSPHRASE, SECRETS);
    const written = JSON.stringify(sealed);
    expect(written).not.toContain(SECRETS.dataKey);
    expect(written).not.toContain(SECRETS.jwtSecret);
    expect(await openSealedSecrets(PASSPHRASE, sealed)).toEqual(SECRETS);
    await expect(openSealedSecrets('another passphrase here', sealed)).rejects.toThrow(
      'The passphrase does not open the secrets sealed in this backup.',
    );
    await expect(
      openSealedSecrets(PASSPHRASE, { ...sealed, data: `${sealed.data.slice(0, -2)}AA` }),
    ).rejects.toThrow('The passphrase does not open');
  });

  it('refuses a short passphrase, and a file asking for unbounded work', async () => {
    await expect(sealSecrets('short', SECRETS)).rejects.toThrow(
      'The passphrase must be at least 12 characters.',
    );
    const sealed = await sealSecrets(PASSPHRASE, SECRETS);
    await expect(openSealedSecrets(PASSPHRASE, { ...sealed, n: 2 ** 30 })).rejects.toThrow(
      'ask for more work than this app allows',
    );
  });

  it('names a key by a fingerprint that does not tell it', () => {
    const mark = fingerprint(SECRETS.dataKey)!;
    expect(mark).toMatch(/^[0-9a-f]{16}$/);
    expect(fingerprint(SECRETS.dataKey)).toBe(mark);
    expect(fingerprint(`${SECRETS.dataKey}x`)).not.toBe(mark);
    expect(SECRETS.dataKey).not.toContain(mark);
    expect(fingerprint(undefined)).toBeNull();
  });

  it('writes restored keys into DATA_DIR/secrets, keeping a different one aside', async () => {
    await mkdir(path.join(dataDir, 'secrets'), { recursive: true });
    await writeFile(path.join(dataDir, 'secrets', 'data-key'), 'a-key-made-by-a-first-start-of-the-server');
    await writeFile(path.join(dataDir, 'secrets', 'jwt-secret'), SECRETS.jwtSecret);
    const lines = await writeRestoredSecrets(dataDir, SECRETS);
    expect(lines).toEqual([
      `Wrote the backup’s data-key to ${path.join(dataDir, 'secrets', 'data-key')} (the one there before is now data-key.before-restore).`,
    ]);
    expect(await readFile(path.join(dataDir, 'secrets', 'data-key'), 'utf8')).toBe(SECRETS.dataKey);
    expect((await stat(path.join(dataDir, 'secrets', 'data-key'))).mode & 0o777).toBe(0o600);
    expect(await readFile(path.join(dataDir, 'secrets', 'data-key.before-restore'), 'utf8')).toBe(
      'a-key-made-by-a-first-start-of-the-server',
    );
  });
});
