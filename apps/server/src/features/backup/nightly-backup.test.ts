import { createReadStream } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addDays, clinicInstant, zonedNow } from '@therapy/shared/clinic-time';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { verifyBackup } from '../../db/backup/read-backup.ts';
import { backends, createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { loadDemoData } from '../demo-data/load-demo-data.ts';
import type { JobRow } from '../jobs/job-kinds.ts';
import { createJobWorker, JobDeferral } from '../jobs/job-worker.ts';
import { enqueueJob } from '../jobs/jobs-repo.ts';
import {
  checkBackupDir,
  createBackupJobHandlers,
  nextNightlyRun,
  nightlyBackupSweep,
} from './nightly-backup.ts';

const ZONE = 'Asia/Kolkata';
const silentLog = { info() {}, warn() {}, error() {} };

describe('when the nightly backup runs', () => {
  it('is 02:30 clinic time: tonight’s before it, tomorrow’s from it on', () => {
    const at = (date: string, time: string) => clinicInstant(ZONE, date, time);
    expect(nextNightlyRun(at('2026-05-01', '01:00'), ZONE)).toEqual({
      date: '2026-05-01',
      runAt: new Date('2026-04-30T21:00:00Z'),
    });
    expect(nextNightlyRun(at('2026-05-01', '02:30'), ZONE).date).toBe('2026-05-02');
    expect(nextNightlyRun(at('2026-05-01', '23:59'), ZONE)).toEqual({
      date: '2026-05-02',
      runAt: new Date('2026-05-01T21:00:00Z'),
    });
    // London's clocks go forward at 01:00 on 29 March 2026: 02:30 that night is 01:30 UTC.
    expect(nextNightlyRun(new Date('2026-03-29T00:30:00Z'), 'Europe/London')).toEqual({
      date: '2026-03-29',
      runAt: new Date('2026-03-29T01:30:00Z'),
    });
  });
});

describe('the nightly backup’s settings', () => {
  it('keeps 14 by default and names a bad value in one line', async () => {
    expect(loadConfig({}).backup).toEqual({ dir: undefined, keep: 14, passphrase: undefined });
    expect(loadConfig({ BACKUP_DIR: 'backups', BACKUP_KEEP: '30' }).backup.dir).toBe(path.resolve('backups'));
    expect(() => loadConfig({ BACKUP_KEEP: '0' })).toThrow(
      /^Invalid configuration: BACKUP_KEEP must be a whole number from 1 to 3650 \(got "0"\)$/,
    );
    expect(() => loadConfig({ BACKUP_KEEP: 'all' })).toThrow(/^Invalid configuration: BACKUP_KEEP /);
    expect(() => loadConfig({ BACKUP_PASSPHRASE: 'too short' })).toThrow(
      /^Invalid configuration: BACKUP_PASSPHRASE must be at least 12 characters$/,
    );
    const file = path.join(await mkdtemp(path.join(tmpdir(), 'therapy-backup-dir-')), 'a-file');
    await writeFile(file, 'not a folder');
    await expect(checkBackupDir(path.join(file, 'backups'))).rejects.toThrow(
      /^Invalid configuration: BACKUP_DIR .+ cannot be written \(ENOTDIR\)$/,
    );
  });
});

describe.each(backends)('the nightly backup on %s', (backend) => {
  let db: TestDatabase;
  let dir: string;
  const handlersFor = (keep: number, backupDir: string | undefined) =>
    createBackupJobHandlers(db, {
      backup: { dir: backupDir, keep, passphrase: undefined },
      dataDir: dir,
      secrets: { dataKey: 'a-data-key-of-at-least-thirty-two-chars', jwtSecret: undefined },
      log: silentLog,
    });
  const nightlyJobs = async () =>
    (
      await db.query<{ date: string; run_at: Date; done: boolean }>(
        `SELECT payload->>'date' AS date, run_at, done_at IS NOT NULL AS done FROM jobs
         WHERE kind = 'backup.nightly' ORDER BY run_at`,
      )
    ).rows;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    await loadDemoData(db);
    dir = await mkdtemp(path.join(tmpdir(), 'therapy-nightly-'));
  });
  afterAll(async () => {
    await db.drop();
    await rm(dir, { recursive: true, force: true });
  });

  it('plans one job a night at 02:30 clinic time, on the worker’s clock', async () => {
    // A month ahead of the real clock: the jobs planned are not due, so the worker only plans.
    const day = zonedNow(ZONE, new Date(Date.now() + 30 * 86_400_000)).date;
    let clock = clinicInstant(ZONE, day, '01:00');
    const sweeps = [nightlyBackupSweep(db, { clinicTimeZone: ZONE })];
    const worker = createJobWorker({
      db,
      log: silentLog,
      handlers: handlersFor(3, dir),
      sweeps,
      now: () => clock,
    });
    await worker.runOnce();
    clock = clinicInstant(ZONE, day, '02:29');
    await worker.runOnce();
    expect(await nightlyJobs()).toEqual([
      { date: day, run_at: clinicInstant(ZONE, day, '02:30'), done: false },
    ]);

    clock = clinicInstant(ZONE, day, '02:30');
    await worker.runOnce();
    // A second instance (or a restart) plans the same night: still one job for it.
    const other = [nightlyBackupSweep(db, { clinicTimeZone: ZONE })];
    await createJobWorker({ db, log: silentLog, handlers: {}, sweeps: other, now: () => clock }).runOnce();
    const next = addDays(day, 1);
    expect(await nightlyJobs()).toEqual([
      { date: day, run_at: clinicInstant(ZONE, day, '02:30'), done: false },
      { date: next, run_at: clinicInstant(ZONE, next, '02:30'), done: false },
    ]);
    await db.query(`DELETE FROM jobs WHERE kind = 'backup.nightly'`);
  });

  it('writes the night’s backup into BACKUP_DIR and keeps the newest BACKUP_KEEP', async () => {
    for (const day of ['01', '02', '03', '04', '05'])
      await writeFile(path.join(dir, `nightly-2026-01-${day}.jsonl.gz`), 'old');
    await writeFile(path.join(dir, 'nightly-2026-01-05.jsonl.gz.partial-99-abcd'), 'cut short');
    await writeFile(path.join(dir, 'before-the-upgrade.jsonl.gz'), 'the operator’s own');
    await enqueueJob(db, {
      kind: 'backup.nightly',
      payload: { date: '2026-01-06' },
      dedupeKey: 'backup.nightly:2026-01-06',
      runAt: new Date(Date.now() - 60_000),
    });
    await createJobWorker({ db, log: silentLog, handlers: handlersFor(3, dir) }).runOnce();

    expect((await readdir(dir)).sort()).toEqual([
      'before-the-upgrade.jsonl.gz',
      'nightly-2026-01-04.jsonl.gz',
      'nightly-2026-01-05.jsonl.gz',
      'nightly-2026-01-06.jsonl.gz',
    ]);
    const { header, end } = await verifyBackup(
      createReadStream(path.join(dir, 'nightly-2026-01-06.jsonl.gz')),
    );
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM therapists');
    expect(header.tables.find((table) => table.name === 'therapists')?.rows).toBe(rows[0]!.n);
    expect(end.rows).toBeGreaterThan(0);
    expect(await nightlyJobs()).toEqual([expect.objectContaining({ date: '2026-01-06', done: true })]);
  });

  it('leaves the night to an instance with BACKUP_DIR', async () => {
    const job = { id: 1, kind: 'backup.nightly', payload: {}, attempts: 1, max_attempts: 8 } satisfies JobRow;
    const before = await readdir(dir);
    await handlersFor(3, undefined)['backup.nightly']({ date: '2026-01-07' }, job);
    expect(await readdir(dir)).toEqual(before);
  });

  it.runIf(backend === 'postgres')('puts the night off while another instance writes it', async () => {
    const other = new pg.Client({ connectionString: db.url });
    await other.connect();
    try {
      await other.query('SELECT pg_advisory_lock(727302)');
      const job = {
        id: 1,
        kind: 'backup.nightly',
        payload: {},
        attempts: 1,
        max_attempts: 8,
      } satisfies JobRow;
      await expect(handlersFor(3, dir)['backup.nightly']({ date: '2026-01-08' }, job)).rejects.toBeInstanceOf(
        JobDeferral,
      );
      expect(await readdir(dir)).not.toContain('nightly-2026-01-08.jsonl.gz');
    } finally {
      await other.end();
    }
  });
});
