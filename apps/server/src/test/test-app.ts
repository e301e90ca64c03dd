import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/database.ts';

/** The whole HTTP application on a test database, driven with inject (no socket). */
export async function createTestApp(
  db: Database,
  options: { env?: Record<string, string>; now?: () => Date; providerTimeoutMs?: number } = {},
): Promise<{ app: FastifyInstance; dataDir: string; close(): Promise<void> }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'therapy-test-'));
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...options.env });
  const app = await buildApp({ config, db, now: options.now, providerTimeoutMs: options.providerTimeoutMs });
  await app.ready();
  return {
    app,
    dataDir,
    async close() {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
