import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** A secret from configuration, or one generated on first start and kept in DATA_DIR/secrets (0600). */
export async function loadSecret(dataDir: string, name: string, configured?: string): Promise<string> {
  if (configured) return configured;
  const file = path.join(dataDir, 'secrets', name);
  try {
    const kept = (await readFile(file, 'utf8')).trim();
    if (kept.length >= 32) return kept;
  } catch {
    // first start: generate below
  }
  const secret = randomBytes(48).toString('base64url');
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  await writeFile(file, secret, { mode: 0o600 });
  return secret;
}

/** JWT_SECRET, or the generated one. */
export function loadJwtSecret(dataDir: string, configured: string | undefined): Promise<string> {
  return loadSecret(dataDir, 'jwt-secret', configured);
}
