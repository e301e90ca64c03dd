// `npm start`: install dependencies if missing, build the web app, then run the server (which
// migrates the database, loads demo data and prints the URL and first admin login).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS, TYPESCRIPT_FLAGS } from './server-node-flags.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(command, args, env = process.env) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (!existsSync(path.join(root, 'node_modules', '.package-lock.json'))) {
  console.log('Installing dependencies (first start)...');
  run(npm, ['ci', '--no-audit', '--no-fund']);
}

if (process.env.SKIP_BUILD !== 'true') {
  console.log('Building the web app...');
  run(npm, ['run', 'build', '--silent'], { ...process.env, NODE_ENV: 'production' });
}

const server = spawn(
  process.execPath,
  [...SERVER_NODE_FLAGS, ...TYPESCRIPT_FLAGS, 'apps/server/src/main.ts'],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
