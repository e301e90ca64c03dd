import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runAdminCli, startServerProcess } from '@therapy/server/test/server-process';
import { seedEmbeddedDatabase, startBuildingTestImages } from '@therapy/server/test/test-images';
import type { TestProject } from 'vitest/node';
import { checkChromiumStarts } from '../scripts/chromium-options.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per worker (support/server.ts picks this worker's). */
    baseUrls: string[];
    adminEmail: string;
    adminPassword: string;
    /** An active admin who is not a superadmin (the server refuses them reports and income). */
    staffEmail: string;
    staffPassword: string;
    /** The web app built for this run: tests that start a server of their own serve it too. */
    webDistDir: string;
    /** Each server's DATA_DIR: its e-mails are written under `mail/` (no SMTP_URL), as an operator finds them. */
    dataDirs: string[];
    /** The servers' METRICS_TOKEN: GET /metrics answers with it. */
    metricsToken: string;
  }
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const E2E_ADMIN = { email: 'e2e-admin@example.com', password: 'e2e-admin-password' };
export const E2E_STAFF = { email: 'e2e-staff@example.com', password: 'e2e-staff-password' };
const E2E_METRICS_TOKEN = 'e2e-metrics-token-0123456789';

/** Builds the web app and runs the real server on a fresh embedded database for the browser tests. */
export default async function setup(project: TestProject) {
  // First, before the build and the server: without a browser, one line saying what to install.
  console.log(`Browser tests use ${await checkChromiumStarts()}`);
  // The run's migrated database (ADR 050), built while the web app is: the API tests' setup may have started it.
  const stopImages = await startBuildingTestImages();
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

  // One server per worker that may run a browser file: files side by side never share a database.
  const count = Math.min(MAX_SERVERS, Math.max(1, Number(project.config.maxWorkers) || 1));
  const servers = await Promise.all(Array.from({ length: count }, () => startE2eServer(webDistDir)));
  project.provide(
    'baseUrls',
    servers.map((server) => server.url),
  );
  project.provide(
    'dataDirs',
    servers.map((server) => server.dataDir),
  );
  project.provide('adminEmail', E2E_ADMIN.email);
  project.provide('adminPassword', E2E_ADMIN.password);
  project.provide('staffEmail', E2E_STAFF.email);
  project.provide('staffPassword', E2E_STAFF.password);
  project.provide('webDistDir', webDistDir);
  project.provide('metricsToken', E2E_METRICS_TOKEN);

  return async () => {
    // After every browser file's bookings: none of their clients in the log, nor in a metric's label.
    const scrapes = await Promise.allSettled(servers.map((server) => metricLabels(server.url)));
    const leaks = [
      ...servers.flatMap((server) => clientDataIn(server.output())),
      ...scrapes.flatMap((scrape) =>
        scrape.status === 'fulfilled'
          ? clientDataIn(scrape.value).map((detail) => `${detail} (in a label of /metrics)`)
          : [`no /metrics to check (${String(scrape.reason)})`],
      ),
    ];
    await Promise.all(servers.map((server) => server.stop()));
    await rm(webDistDir, { recursive: true, force: true });
    await stopImages?.();
    if (leaks.length > 0) {
      throw new Error(`client data in the servers' log or metrics of the browser tests: ${leaks.join(', ')}`);
    }
  };
}

const MAX_SERVERS = 4;

/** The labels of every series of a server's GET /metrics, as Prometheus would scrape it. */
async function metricLabels(url: string): Promise<string> {
  const response = await fetch(`${url}/metrics`, {
    headers: { authorization: `Bearer ${E2E_METRICS_TOKEN}` },
  });
  if (!response.ok) throw new Error(`GET /metrics answered ${response.status}`);
  const samples = (await response.text()).split('\n').filter((line) => !line.startsWith('#'));
  return samples.map((line) => /\{.*\}/.exec(line)?.[0] ?? '').join('\n');
}

/**
 * The real server on a fresh embedded database (a copy of the run's migrated one: these tests are
 * not about initdb), with a superadmin and a plain admin.
 */
async function startE2eServer(webDistDir: string) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'therapy-e2e-'));
  await seedEmbeddedDatabase(dataDir);
  const server = await startServerProcess({
    DATA_DIR: dataDir,
    WEB_DIST_DIR: webDistDir,
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    // Dozens of bookings from 127.0.0.1 within minutes: public rate limits on, but out of reach.
    RATE_LIMIT_BOOKINGS: '1000',
    RATE_LIMIT_PAYMENT_LINKS: '3000',
    RATE_LIMIT_LOOKUPS: '1000',
    // Every request's log line, scanned for the browser tests' clients at the end (issue 14).
    LOG_LEVEL: 'info',
    // /metrics served, as an operator would have it (its labels are checked for clients' data too).
    METRICS_TOKEN: E2E_METRICS_TOKEN,
  });
  // As an operator would (`npm run admin -- create`), through the running server that owns the database.
  const staff = await runAdminCli(['create', '--email', E2E_STAFF.email, '--password', E2E_STAFF.password], {
    DATA_DIR: dataDir,
  });
  if (staff.code !== 0 || !staff.stdout.includes(`Created admin ${E2E_STAFF.email}.`)) {
    await server.stop();
    throw new Error(`creating the e2e staff admin failed: ${staff.stdout}${staff.stderr}`);
  }
  return {
    url: server.url,
    dataDir,
    output: () => server.output(),
    stop: async () => {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The browser tests' clients' details (support/booking-wizard.ts, admin-data.ts, the privacy
 * desk's and the minor's tests) found in the server's log: there must be none.
 */
function clientDataIn(log: string): string[] {
  const details = [
    'Anita Sharma',
    'anita.sharma@example.com',
    // Every e2eClientEmail(name) (support/admin-data.ts) begins so.
    'e2e.client',
    '9876543210',
    'Priya Privacy',
    'privacy.client@example.com',
    'Sunita Rao',
    'sunita.rao@example.com',
    'Kavita Joshi',
    'kavita.joshi@example.com',
    'Rohan Waitlist',
    'rohan.waitlist@example.com',
    'Meera Waiting',
    'meera.waiting@example.com',
    'E2E Calendar Person',
    'calendar.person@example.com',
  ];
  return details.filter((detail) => log.includes(detail));
}
