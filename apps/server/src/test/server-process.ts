import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TYPESCRIPT_FLAGS } from '../../../../scripts/server-node-flags.mjs';

export const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const mainFile = path.join(serverRoot, 'src/main.ts');
const cliFile = path.join(serverRoot, 'src/cli/admin-cli.ts');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** The environment of a child process: this one's, without a database or admin of its own. */
function childEnv(env: Record<string, string | undefined>) {
  const base = { ...process.env };
  for (const name of ['DATABASE_URL', 'ADMIN_EMAIL', 'ADMIN_PASSWORD', 'PORT', 'PUBLIC_URL', 'DATA_DIR']) {
    delete base[name];
  }
  return { ...base, LOG_LEVEL: 'warn', ...env };
}

export type ServerProcess = {
  url: string;
  child: ChildProcess;
  output(): string;
  /** Sends SIGTERM and resolves with the exit code. */
  stop(): Promise<number | null>;
  /** Sends SIGKILL (a crash: no shutdown hook runs) and resolves once the process is gone. */
  kill(): Promise<void>;
};

/** Runs the real server (src/main.ts) as its own process, as `npm start` does. */
export async function startServerProcess(
  env: Record<string, string>,
  timeoutMs = 90_000,
  nodeBinary = process.execPath,
): Promise<ServerProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const child = spawn(
    nodeBinary,
    [...(nodeBinary === process.execPath ? TYPESCRIPT_FLAGS : ['--import', 'tsx']), mainFile],
    {
      cwd: serverRoot,
      env: childEnv({ HOST: '127.0.0.1', ...env, PORT: String(port) }),
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in time:\n${output}`)), timeoutMs);
    const check = setInterval(() => {
      if (output.includes('is running at')) {
        clearInterval(check);
        clearTimeout(timer);
        resolve();
      }
    }, 50);
    void exited.then((code) => {
      clearInterval(check);
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });

  return {
    url: `http://127.0.0.1:${port}`,
    child,
    output: () => output,
    async stop() {
      if (child.exitCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      return exited;
    },
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/** Runs `npm run admin -- …` (src/cli/admin-cli.ts) and collects what it prints. */
export function runAdminCli(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...TYPESCRIPT_FLAGS, cliFile, ...args], {
      cwd: serverRoot,
      env: childEnv(env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Runs the server's main file and resolves when it exits (for start-up failures). */
export function runServerToExit(
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...TYPESCRIPT_FLAGS, mainFile], {
      cwd: serverRoot,
      env: childEnv(env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}
