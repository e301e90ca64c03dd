import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServerProcess } from '@therapy/server/test/server-process';
import { seedEmbeddedDatabase } from '@therapy/server/test/test-images';
import type { Browser, BrowserContext } from 'playwright-core';
import { inject } from 'vitest';
import { DESKTOP } from './browser.ts';

/**
 * A server of a test file's own (the shared one has the demo clinic, which other files rely
 * on), on a fresh embedded database, serving this run's build, with a superadmin to sign in as.
 */
export type OwnServer = {
  url: string;
  /** Its data folder: the admin command (`runAdminCli`) reaches the server through it. */
  dataDir: string;
  admin: { email: string; password: string };
  /** A superadmin's token (POST /api/admin/login). */
  token(): Promise<string>;
  stop(): Promise<void>;
};

export async function startOwnServer(env: Record<string, string> = {}): Promise<OwnServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'therapy-e2e-own-'));
  // A copy of the run's migrated database (ADR 050): these tests are not about initdb.
  await seedEmbeddedDatabase(dataDir);
  const admin = { email: 'own-admin@example.com', password: 'own-admin-password' };
  const server = await startServerProcess({
    DATA_DIR: dataDir,
    WEB_DIST_DIR: inject('webDistDir'),
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    ...env,
  });
  return {
    url: server.url,
    dataDir,
    admin,
    async token() {
      const response = await fetch(`${server.url}/api/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ username: admin.email, password: admin.password }).toString(),
      });
      if (!response.ok) throw new Error(`admin login failed: ${response.status} ${await response.text()}`);
      return ((await response.json()) as { access_token: string }).access_token;
    },
    async stop() {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A browser context signed in on `server` as its superadmin (as signedInContext does for the shared one). */
export async function signedInOn(browser: Browser, server: OwnServer): Promise<BrowserContext> {
  const token = await server.token();
  const context = await browser.newContext({ viewport: DESKTOP });
  const user = { username: server.admin.email, is_superadmin: true, is_admin: true, is_active: true };
  const seed = JSON.stringify({ token, user: JSON.stringify(user) });
  await context.addInitScript({
    content: `(() => {
      const { token, user } = ${seed};
      if (sessionStorage.getItem('e2e-session-seeded')) return;
      sessionStorage.setItem('e2e-session-seeded', '1');
      localStorage.setItem('admin_token', token);
      localStorage.setItem('admin_user', user);
    })();`,
  });
  return context;
}
