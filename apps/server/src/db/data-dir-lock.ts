import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
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

/** The owner file's text and what it says; undefined when there is none. */
async function readOwnerFile(dataDir: string): Promise<{ text: string; owner?: DataDirOwner } | undefined> {
  let text: string;
  try {
    text = await readFile(ownerFile(dataDir), 'utf8');
  } catch {
    return undefined;
  }
  try {
    return { text, owner: JSON.parse(text) as DataDirOwner };
  } catch {
    return { text };
  }
}

const isLiveOther = (owner: DataDirOwner | undefined): owner is DataDirOwner =>
  owner !== undefined && owner.pid !== process.pid && isAlive(owner.pid);

export async function readLiveOwner(dataDir: string): Promise<DataDirOwner | undefined> {
  const owner = (await readOwnerFile(dataDir))?.owner;
  return isLiveOther(owner) ? owner : undefined;
}

const scratchName = (dataDir: string, purpose: string) =>
  `${ownerFile(dataDir)}.${purpose}.${process.pid}.${randomBytes(4).toString('hex')}`;

/** Writes the owner file whole under another name, then moves it into place (0600: it holds a token). */
async function writeOwnerFile(dataDir: string, owner: DataDirOwner, replace: boolean): Promise<boolean> {
  const draft = scratchName(dataDir, 'draft');
  await writeFile(draft, JSON.stringify(owner), { mode: 0o600 });
  try {
    if (replace) {
      await rename(draft, ownerFile(dataDir));
    } else {
      // link() fails when the file exists: of processes starting together, one gets the folder.
      await link(draft, ownerFile(dataDir));
    }
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    await rm(draft, { force: true });
  }
}

const takeoverDir = (dataDir: string) => `${ownerFile(dataDir)}.takeover`;
/** A takeover left by a process that died within it is cleared after this long. */
const STALE_TAKEOVER_MS = 10_000;

/**
 * Removes the owner file of a process that died without releasing the folder (`seen`). Only the
 * process that holds the takeover folder (mkdir is exclusive) removes it, and only after reading
 * it again under that hold: two processes both finding the dead owner cannot end up removing
 * each other's fresh claim, so exactly one of them gets the folder.
 */
async function removeStaleOwner(dataDir: string, seen: string) {
  const takeover = takeoverDir(dataDir);
  try {
    await mkdir(takeover);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const age = Date.now() - (await stat(takeover).catch(() => ({ mtimeMs: Date.now() }))).mtimeMs;
    if (age > STALE_TAKEOVER_MS) await rm(takeover, { recursive: true, force: true });
    await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 30));
    return;
  }
  try {
    if ((await readOwnerFile(dataDir))?.text === seen) await rm(ownerFile(dataDir), { force: true });
  } finally {
    await rm(takeover, { recursive: true, force: true });
  }
}

/** Takes the data folder, or returns the live process that has it. */
export async function claimDataDir(dataDir: string, owner: Omit<DataDirOwner, 'pid'>) {
  await mkdir(dataDir, { recursive: true });
  const mine: DataDirOwner = { pid: process.pid, ...owner };
  for (let attempt = 0; attempt < 50; attempt += 1) {
    if (await writeOwnerFile(dataDir, mine, false)) return claimed(dataDir, mine);
    const current = await readOwnerFile(dataDir);
    if (isLiveOther(current?.owner)) return { claimed: false as const, owner: current.owner };
    if (current) await removeStaleOwner(dataDir, current.text);
  }
  throw new Error(`Could not take the data folder ${dataDir}: other processes keep claiming it`);
}

function claimed(dataDir: string, mine: DataDirOwner) {
  return {
    claimed: true as const,
    owner: mine,
    async update(change: Partial<DataDirOwner>) {
      Object.assign(mine, change);
      // Replaced in one step, so a process reading it never sees half a file (and takes it for stale).
      await writeOwnerFile(dataDir, mine, true);
    },
    async release() {
      if ((await readOwnerFile(dataDir))?.owner?.pid === process.pid)
        await rm(ownerFile(dataDir), { force: true });
    },
  };
}
