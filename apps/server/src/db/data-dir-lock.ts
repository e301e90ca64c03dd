import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The embedded database belongs to one process at a time. The owner writes DATA_DIR/owner.json;
 * a running server also puts its address and a secret there, so that the admin CLI can ask it
 * to run a command instead of opening the files itself.
 */
export type DataDirOwner = { pid: number; kind: 'server' | 'cli'; url?: string; token?: string };

const ownerFile = (dataDir: string) => path.join(dataDir, 'owner.json');

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export async function readLiveOwner(dataDir: string): Promise<DataDirOwner | undefined> {
  try {
    const owner = JSON.parse(await readFile(ownerFile(dataDir), 'utf8')) as DataDirOwner;
    return owner.pid !== process.pid && isAlive(owner.pid) ? owner : undefined;
  } catch {
    return undefined;
  }
}

/** Takes the data folder, or returns the live process that has it. */
export async function claimDataDir(dataDir: string, owner: Omit<DataDirOwner, 'pid'>) {
  await mkdir(dataDir, { recursive: true });
  const current = await readLiveOwner(dataDir);
  if (current) return { claimed: false as const, owner: current };
  const mine: DataDirOwner = { pid: process.pid, ...owner };
  // 0600: the token lets whoever reads it run admin commands.
  await writeFile(ownerFile(dataDir), JSON.stringify(mine), { mode: 0o600 });
  return {
    claimed: true as const,
    owner: mine,
    async update(change: Partial<DataDirOwner>) {
      Object.assign(mine, change);
      await writeFile(ownerFile(dataDir), JSON.stringify(mine), { mode: 0o600 });
    },
    async release() {
      const now = await readFile(ownerFile(dataDir), 'utf8').catch(() => '');
      if (now && (JSON.parse(now) as DataDirOwner).pid === process.pid)
        await rm(ownerFile(dataDir), { force: true });
    },
  };
}
