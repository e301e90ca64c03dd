import { execFileSync, spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The deployment files docs/operations.md tells an operator to copy are accepted by the tools that
 * will read them. CI installs Caddy and nginx (.ci/run); elsewhere a missing tool skips its check.
 */
const deployDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../deploy');

function has(tool: string) {
  return spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0;
}
const required = (tool: string) => has(tool) || Boolean(process.env.CI);

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  const result = spawnSync(command, args, { encoding: 'utf8', env, timeout: 30_000 });
  return { status: result.status, output: `${result.stdout ?? ''}${result.stderr ?? ''}` };
}

let work: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'therapy-deploy-'));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe.skipIf(!required('caddy'))('deploy/Caddyfile', () => {
  it('is a configuration caddy validate accepts, proxying to the instances with a health check', async () => {
    const result = run(
      'caddy',
      ['validate', '--config', path.join(deployDir, 'Caddyfile'), '--adapter', 'caddyfile'],
      {
        ...process.env,
        HOME: work,
      },
    );
    expect(result.output).toContain('Valid configuration');
    expect(result.status).toBe(0);
    const text = await readFile(path.join(deployDir, 'Caddyfile'), 'utf8');
    expect(text).toMatch(/reverse_proxy 127\.0\.0\.1:3000 127\.0\.0\.1:3001/);
    expect(text).toContain('health_uri /readyz');
  });
});

describe.skipIf(!required('nginx'))('deploy/nginx.conf', () => {
  it('passes nginx -t with certificates in place', async () => {
    // nginx -t loads the certificates: a throwaway self-signed pair stands in for certbot's.
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=booking.example.com',
        '-keyout',
        path.join(work, 'privkey.pem'),
        '-out',
        path.join(work, 'fullchain.pem'),
      ],
      { stdio: 'ignore' },
    );
    const site = (await readFile(path.join(deployDir, 'nginx.conf'), 'utf8'))
      .replaceAll('/etc/letsencrypt/live/booking.example.com/', `${work}/`)
      .replaceAll('/var/log/nginx/', `${work}/`);
    await writeFile(path.join(work, 'site.conf'), site);
    await writeFile(
      path.join(work, 'nginx-main.conf'),
      `pid ${work}/nginx.pid;\nerror_log ${work}/error.log;\nevents {}\nhttp {\n  include ${work}/site.conf;\n}\n`,
    );
    const result = run('nginx', [
      '-t',
      '-p',
      work,
      '-c',
      path.join(work, 'nginx-main.conf'),
      '-e',
      path.join(work, 'error.log'),
    ]);
    expect(result.output).toContain('test is successful');
    expect(result.status).toBe(0);
  });
});

describe.skipIf(!required('systemd-analyze'))('deploy/therapy-booking@.service', () => {
  it('passes systemd-analyze verify as an instance on port 3000', async () => {
    const unitDir = path.join(work, 'units');
    await rm(unitDir, { recursive: true, force: true });
    await mkdir(unitDir);
    const template = await readFile(path.join(deployDir, 'therapy-booking@.service'), 'utf8');
    await writeFile(path.join(unitDir, 'therapy-booking@.service'), template);
    await symlink('therapy-booking@.service', path.join(unitDir, 'therapy-booking@3000.service'));
    const result = run('systemd-analyze', ['verify', path.join(unitDir, 'therapy-booking@3000.service')], {
      ...process.env,
      SYSTEMD_UNIT_PATH: `${unitDir}:`,
    });
    expect(result.output).toBe('');
    expect(result.status).toBe(0);
    expect(template).toMatch(/^Environment=.*PORT=%i/m);
  });
});
