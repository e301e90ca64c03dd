import { constants } from 'node:fs';
import { access, mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { addDays, clinicInstant, zonedNow } from '@therapy/shared/clinic-time';
import type { FastifyBaseLogger } from 'fastify';
import { ConfigError } from '../../config.ts';
import { BackupBusyError, writeBackup } from '../../db/backup/write-backup.ts';
import type { Database } from '../../db/database.ts';
import type { JobHandlers } from '../jobs/job-kinds.ts';
import { JobDeferral, type JobSweep } from '../jobs/job-worker.ts';
import { enqueueJob } from '../jobs/jobs-repo.ts';
import { backupOptions, writeBackupFile } from './backup-file.ts';
import type { BackupSecrets } from './backup-secrets.ts';

/*
 * The nightly backup (decision 048): with BACKUP_DIR set, a job of the outbox ('backup.nightly',
 * one per clinic date, so one instance of several writes it) runs at 02:30 clinic time, or as soon
 * as a server runs after that; it writes BACKUP_DIR/nightly-<date>.jsonl.gz and keeps the newest
 * BACKUP_KEEP of them. An advisory lock keeps two writers apart should a slow backup outlive its
 * job's lease.
 */

/** The clinic's wall-clock time of the nightly backup: after the day's last session, before the first. */
export const NIGHTLY_TIME = '02:30';
const NIGHTLY_LOCK_KEY = 727_302;
const NIGHTLY_FILE = /^nightly-\d{4}-\d{2}-\d{2}\.jsonl\.gz$/;
/** Left by a nightly backup cut short (its process died): removed when the next one prunes. */
const NIGHTLY_PARTIAL = /^nightly-\d{4}-\d{2}-\d{2}\.jsonl\.gz\.partial-/;
/** A busy lock (another instance is writing) puts the job off this long. */
const BUSY_RETRY_MS = 10 * 60_000;

export const nightlyFileName = (date: string) => `nightly-${date}.jsonl.gz`;

/** The next nightly backup after `at`: the clinic date it is for, and its instant. */
export function nextNightlyRun(at: Date, timeZone: string): { date: string; runAt: Date } {
  const today = zonedNow(timeZone, at).date;
  const tonight = clinicInstant(timeZone, today, NIGHTLY_TIME);
  if (at < tonight) return { date: today, runAt: tonight };
  const tomorrow = addDays(today, 1);
  return { date: tomorrow, runAt: clinicInstant(timeZone, tomorrow, NIGHTLY_TIME) };
}

/**
 * Each pass of the job worker, the next nightly backup's job is written once (the dedupe key
 * names its date: several instances write one). Only when the date moves on is the table asked.
 */
export function nightlyBackupSweep(db: Database, { clinicTimeZone }: { clinicTimeZone: string }): JobSweep {
  let planned: string | undefined;
  return {
    name: 'nightly backup planned',
    async run(now) {
      const next = nextNightlyRun(now, clinicTimeZone);
      if (next.date === planned) return 0;
      await enqueueJob(db, {
        kind: 'backup.nightly',
        payload: { date: next.date },
        dedupeKey: `backup.nightly:${next.date}`,
        runAt: next.runAt,
      });
      planned = next.date;
      return 0;
    },
  };
}

/** Removes all but the newest `keep` nightly backups of `dir` (and any cut-short one); answers the removed. */
export async function pruneNightlyBackups(dir: string, keep: number): Promise<string[]> {
  const names = await readdir(dir);
  const backups = names.filter((name) => NIGHTLY_FILE.test(name)).sort();
  const removed = [
    ...backups.slice(0, Math.max(0, backups.length - keep)),
    ...names.filter((name) => NIGHTLY_PARTIAL.test(name)),
  ];
  for (const name of removed) await rm(path.join(dir, name), { force: true });
  return removed;
}

/** BACKUP_DIR, made if missing, must take files: checked at start, not first at 02:30. */
export async function checkBackupDir(dir: string | undefined) {
  if (!dir) return;
  try {
    await mkdir(dir, { recursive: true });
    await access(dir, constants.W_OK);
  } catch (error) {
    throw new ConfigError(
      `Invalid configuration: BACKUP_DIR ${dir} cannot be written (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
    );
  }
}

export type NightlyBackupDeps = {
  backup: { dir: string | undefined; keep: number; passphrase: string | undefined };
  dataDir: string;
  secrets: BackupSecrets;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  now?: () => Date;
};

/** Writes the nightly backup of `date` into BACKUP_DIR, then prunes the older ones. */
export async function writeNightlyBackup(
  db: Database,
  deps: NightlyBackupDeps & { dir: string },
  date: string,
) {
  const options = await backupOptions({
    dataDir: deps.dataDir,
    secrets: deps.secrets,
    passphrase: deps.backup.passphrase,
  });
  const file = path.join(deps.dir, nightlyFileName(date));
  const written = await writeBackupFile(file, (out) =>
    writeBackup(db, out, { ...options, exclusiveLockKey: NIGHTLY_LOCK_KEY }),
  );
  const removed = await pruneNightlyBackups(deps.dir, deps.backup.keep);
  return { file, written, removed };
}

export function createBackupJobHandlers(
  db: Database,
  deps: NightlyBackupDeps,
): Pick<JobHandlers, 'backup.nightly'> {
  const now = deps.now ?? (() => new Date());
  return {
    async 'backup.nightly'({ date }) {
      const dir = deps.backup.dir;
      if (!dir) {
        deps.log.warn({ date }, 'nightly backup not written here: BACKUP_DIR is not set on this instance');
        return;
      }
      try {
        const { written, removed } = await writeNightlyBackup(db, { ...deps, dir }, date);
        deps.log.info(
          { date, rows: written.end.rows, snapshotMs: written.end.snapshot_ms, removed: removed.length },
          'nightly backup written',
        );
      } catch (error) {
        if (error instanceof BackupBusyError)
          throw new JobDeferral(new Date(now().getTime() + BUSY_RETRY_MS));
        throw error;
      }
    },
  };
}
