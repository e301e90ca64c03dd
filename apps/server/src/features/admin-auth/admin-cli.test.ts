import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  runAdminCli,
  runServerToExit,
  type ServerProcess,
  startServerProcess,
} from '../../test/server-process.ts';
import { seedEmbeddedDatabase } from '../../test/test-images.ts';

// Each test starts server or CLI processes (Node, tsx and an embedded database): seconds when the
// machine is idle, past the 30 s default at a load of 17.
const PROCESSES_TIMEOUT = { timeout: 90_000 };

describe('server start and the admin CLI on the embedded database', PROCESSES_TIMEOUT, () => {
  let dataDir: string;
  let server: ServerProcess | undefined;
  let env: Record<string, string>;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'therapy-cli-'));
    env = { DATA_DIR: dataDir };
  });
  afterAll(async () => {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('starts on an empty data folder, loads demo data and prints the generated superadmin once', async () => {
    server = await startServerProcess(env);
    const printed = server.output();
    expect(printed).toMatch(/Therapy booking is running at http:\/\/localhost:\d+/);
    expect(printed).toContain('Demo data loaded');
    const login = printed.match(/Superadmin created: (admin@example\.com) \/ ([\w-]{20}) /);
    expect(login).not.toBeNull();
    const therapists = await (await fetch(`${server.url}/therapists`)).json();
    expect(therapists).toHaveLength(8);
    // A first start creates the embedded database: over 30 s once on a CI machine busy with other runs.
  }, 90_000);

  it('manages admin users through the running server', async () => {
    const created = await runAdminCli(
      ['create', '--email', 'Staff@Example.com', '--password', 'a-long-password'],
      env,
    );
    expect(created).toMatchObject({ code: 0, stdout: 'Created admin staff@example.com.\n' });

    const again = await runAdminCli(
      ['create', '--email', 'staff@example.com', '--password', 'a-long-password'],
      env,
    );
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('An admin user staff@example.com already exists');

    const listed = await runAdminCli(['list'], env);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/^admin@example\.com\tsuperadmin\tactive\tlast login: never$/m);
    expect(listed.stdout).toMatch(/^staff@example\.com\tadmin\tactive/m);

    expect((await runAdminCli(['deactivate', '--email', 'staff@example.com'], env)).stdout).toContain(
      'Deactivated staff@example.com',
    );
    expect((await runAdminCli(['list'], env)).stdout).toMatch(/^staff@example\.com\tadmin\tinactive/m);
  });

  it('runs the receipts backfill through the running server, refusing an unknown option', async () => {
    // The demo clinic's bookings have no payment recorded: nothing to document, and a second run the same.
    for (let run = 0; run < 2; run += 1) {
      expect(await runAdminCli(['receipts', 'backfill', '--from', '2026-04-01'], env)).toMatchObject({
        code: 0,
        stdout: 'Every payment collected has its document: nothing issued.\n',
      });
    }
    const refused = await runAdminCli(['receipts', 'backfill', '--since', '2026-04-01'], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('Unexpected "--since 2026-04-01"');
    expect(refused.stderr).toContain('receipts backfill [--from YYYY-MM-DD] [--limit N]');
  });

  it("creates a therapist's login with --therapist, tied to one existing therapist", async () => {
    const created = await runAdminCli(
      ['create', '--email', 'asha@example.com', '--password', 'a-long-password', '--therapist', '1'],
      env,
    );
    expect(created).toMatchObject({ code: 0, stdout: "Created therapist 1's login asha@example.com.\n" });
    expect((await runAdminCli(['list'], env)).stdout).toMatch(/^asha@example\.com\ttherapist 1\tactive/m);

    const second = await runAdminCli(
      ['create', '--email', 'asha2@example.com', '--password', 'a-long-password', '--therapist', '1'],
      env,
    );
    expect(second.code).toBe(1);
    expect(second.stderr).toContain('Therapist 1 already has a login');
    const unknown = await runAdminCli(
      ['create', '--email', 'x@example.com', '--password', 'a-long-password', '--therapist', '999'],
      env,
    );
    expect(unknown.stderr).toContain('No therapist 999');
    const notId = await runAdminCli(
      ['create', '--email', 'x@example.com', '--password', 'a-long-password', '--therapist', 'asha'],
      env,
    );
    expect(notId.stderr).toContain("--therapist needs a therapist's id");
    const boss = await runAdminCli(
      [
        'create',
        '--email',
        'x@example.com',
        '--password',
        'a-long-password',
        '--therapist',
        '2',
        '--superadmin',
      ],
      env,
    );
    expect(boss.stderr).toContain("A therapist's login cannot be a superadmin");
  });

  it('explains bad usage and short passwords', async () => {
    const unknown = await runAdminCli(['promote'], env);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('Unknown command "promote"');
    expect(unknown.stderr).toContain('Usage: npm run admin -- <command>');

    const short = await runAdminCli(
      ['reset-password', '--email', 'staff@example.com', '--password', 'short'],
      env,
    );
    expect(short.code).toBe(1);
    expect(short.stderr).toContain('The password must be at least 8 characters');

    const missing = await runAdminCli(['create', '--email', 'x@example.com'], env);
    expect(missing.stderr).toContain('--password is required');
  });

  it('refuses a second server on the same embedded database', async () => {
    const second = await runServerToExit(env);
    expect(second.code).toBe(1);
    expect(second.output).toMatch(/Another process \(server, pid \d+\) is using the embedded database/);
  });

  it('refuses to restore a backup into the data folder the server uses', async () => {
    const refused = await runAdminCli(['restore', 'clinic.jsonl.gz'], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toMatch(
      /^Refusing to restore: a server \(process \d+\) is using the embedded database in .+\. Restore into an empty data folder \(another DATA_DIR\) that no server uses\.$/,
    );
  });

  it('shuts down gracefully on SIGTERM, after which the CLI opens the database itself', async () => {
    expect(await server!.stop()).toBe(0);
    server = undefined;
    const reset = await runAdminCli(
      ['reset-password', '--email', 'staff@example.com', '--password', 'another-password'],
      env,
    );
    expect(reset).toMatchObject({
      code: 0,
      stdout: 'Password of staff@example.com reset; earlier sessions end now.\n',
    });
    const listed = await runAdminCli(['list'], env);
    expect(listed.stdout).toMatch(/^staff@example\.com\tadmin\tactive/m);
  });

  it('does not create another superadmin or reload demo data on the next start', async () => {
    server = await startServerProcess(env);
    expect(server.output()).not.toContain('Superadmin created');
    expect(server.output()).not.toContain('Demo data loaded');
    const secret = await readFile(path.join(dataDir, 'secrets', 'jwt-secret'), 'utf8');
    expect(secret.length).toBeGreaterThanOrEqual(32);
  });

  it('stops at start with one line naming a bad variable', async () => {
    const result = await runServerToExit({ DATA_DIR: dataDir, CLINIC_TIMEZONE: 'Nowhere/Land' });
    expect(result.code).toBe(1);
    expect(result.output.trim()).toBe(
      'Invalid configuration: CLINIC_TIMEZONE must be an IANA time zone such as Asia/Kolkata (got "Nowhere/Land")',
    );
  });
});

describe('first superadmin from the environment', PROCESSES_TIMEOUT, () => {
  it('creates ADMIN_EMAIL with ADMIN_PASSWORD and does not print the password', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'therapy-admin-env-'));
    // The run's migrated embedded database (ADR 050): the first start itself is tested above.
    await seedEmbeddedDatabase(dataDir);
    const server = await startServerProcess({
      DATA_DIR: dataDir,
      DEMO_DATA: 'false',
      ADMIN_EMAIL: 'owner@example.com',
      ADMIN_PASSWORD: 'owner-password-1',
    });
    try {
      expect(server.output()).toContain(
        'Superadmin created: owner@example.com (password from ADMIN_PASSWORD)',
      );
      expect(server.output()).not.toContain('owner-password-1');
      expect(await (await fetch(`${server.url}/therapists`)).json()).toEqual([]);
    } finally {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
