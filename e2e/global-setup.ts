import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServerProcess } from '@therapy/server/test/server-process';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    adminEmail: string;
    adminPassword: string;
  }
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const E2E_ADMIN = { email: 'e2e-admin@example.com', password: 'e2e-admin-password' };

/** Builds the web app and runs the real server on a fresh embedded database for the browser tests. */
export default async function setup(project: TestProject) {
  // Each run builds its own copy, so runs side by side never serve each other's half-built files.
  const webDistDir = await mkdtemp(path.join(tmpdir(), 'therapy-e2e-web-'));
  // Vitest runs with NODE_ENV=test, which would make Vite bundle React's development build.
  const vite = path.join(root, 'node_modules', '.bin', 'vite');
  const build = spawnSync(vite, ['build', '--outDir', webDistDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: path.join(root, 'apps', 'web'),
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) throw new Error('building the web app failed');

  const dataDir = await mkdtemp(path.join(tmpdir(), 'therapy-e2e-'));
  const server = await startServerProcess({
    DATA_DIR: dataDir,
    WEB_DIST_DIR: webDistDir,
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
  });
  project.provide('baseUrl', server.url);
  project.provide('adminEmail', E2E_ADMIN.email);
  project.provide('adminPassword', E2E_ADMIN.password);

  return async () => {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
    await rm(webDistDir, { recursive: true, force: true });
  };
}
