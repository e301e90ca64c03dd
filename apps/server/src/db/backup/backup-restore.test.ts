import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_TEST_NOW, onlineBooking } from '../../test/booking-fixtures.ts';
import { changedTables, createTableFingerprinter } from '../../test/table-fingerprint.ts';
import { createDemoTestApp, createTestApp } from '../../test/test-app.ts';
import { backends, createEmptyTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import type { Database } from '../database.ts';
import { applyMigrations, holdStartupLock, knownMigrations } from '../migrate.ts';
import { BackupError } from './backup-format.ts';
import { openBackup } from './read-backup.ts';
import { restoreBackup, TargetNotEmptyError } from './restore-backup.ts';
import { countTables } from './schema-catalog.ts';
import { writeBackup } from './write-backup.ts';

const PHOTO = { name: `images/photo-${'ab'.repeat(16)}.webp`, data: Buffer.from('RIFF…WEBP bytes') };

describe.each(backends)('backup and restore of the whole database on %s', (backend) => {
  let folder: string;
  let source: TestDatabase;
  let closeSource: () => Promise<void>;
  const targets: TestDatabase[] = [];

  async function backupOf(db: Database, batchRows?: number) {
    const file = path.join(folder, `backup-${Math.random().toString(36).slice(2)}.jsonl.gz`);
    await writeBackup(db, createWriteStream(file), {
      appVersion: '0.1.0',
      dataKeyFingerprint: null,
      jwtSecretFingerprint: null,
      sealedSecrets: null,
      files: async function* () {
        yield PHOTO;
      },
      batchRows,
    });
    return file;
  }

  async function emptyTarget() {
    const target = await createEmptyTestDatabase(backend);
    targets.push(target);
    return target;
  }

  async function restoreInto(target: Database, file: string) {
    const files: string[] = [];
    const summary = await restoreBackup(target, await openBackup(createReadStream(file)), {
      known: await knownMigrations(),
      onFile: async (name) => {
        files.push(name);
      },
    });
    return { ...summary, files };
  }

  /** The backup with its first line (the header) changed by `change`. */
  async function withHeader(file: string, change: (header: Record<string, unknown>) => void) {
    const [first, ...rest] = gunzipSync(await readFile(file))
      .toString('utf8')
      .split('\n');
    const header = JSON.parse(first!) as Record<string, unknown>;
    change(header);
    const changed = path.join(folder, `changed-${path.basename(file)}`);
    await writeFile(changed, gzipSync([JSON.stringify(header), ...rest].join('\n')));
    return changed;
  }

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'therapy-backup-'));
    const demo = await createDemoTestApp(backend, { now: () => BOOKING_TEST_NOW });
    source = demo.db;
    closeSource = demo.close;
    // Rows with the awkward text a clinic writes: quotes, new lines, Hindi, a backslash.
    for (const [slot, name, note] of [
      ['10:00', "Anita D'Souza", 'Line one\nline "two" \\ three'],
      ['11:00', 'अनन्या शर्मा', 'पहला सत्र; prefers mornings 🙂'],
    ] as const) {
      const booked = await demo.app.inject({
        method: 'POST',
        url: '/api/bookings',
        payload: onlineBooking({ booking_time_slot_start: slot, client_full_name: name, client_note: note }),
      });
      expect(booked.statusCode).toBe(201);
    }
  });
  afterAll(async () => {
    for (const target of targets) await target.drop();
    await closeSource();
    await rm(folder, { recursive: true, force: true });
  });

  // A backup, a restore, two fingerprints of every table and an app start: about 8 s idle, past
  // the 30 s default on a busy machine.
  it('restores every table row for row, its photos, and the sequences go on where they stood', async () => {
    const file = await backupOf(source, 3);
    const target = await emptyTarget();
    const restored = await restoreInto(target, file);
    expect(restored.files).toEqual([PHOTO.name]);
    expect(restored.laterMigrations).toEqual([]);

    const before = await (await createTableFingerprinter(source)).take();
    const after = await (await createTableFingerprinter(target)).take();
    expect(changedTables(before, after, ['schema_migrations'])).toEqual([]);
    expect(after.get('bookings')).toMatch(/^\d+:/);
    expect(Number(after.get('bookings')!.split(':')[0])).toBeGreaterThan(0);
    const versions = 'SELECT version FROM schema_migrations ORDER BY version';
    expect((await target.query(versions)).rows).toEqual((await source.query(versions)).rows);

    const { rows } = await source.query<{ last: number }>('SELECT max(id)::int AS last FROM bookings');
    const app = await createTestApp(target, { now: () => BOOKING_TEST_NOW });
    try {
      const next = await app.app.inject({
        method: 'POST',
        url: '/api/bookings',
        payload: onlineBooking({ booking_time_slot_start: '12:00' }),
      });
      expect(next.statusCode).toBe(201);
      expect(next.json().booking_id).toBe(rows[0]!.last + 1);
    } finally {
      await app.close();
    }
  }, 90_000);

  it('refuses a file cut short and leaves the database empty; the whole file restores after', async () => {
    const file = await backupOf(source);
    const whole = await readFile(file);
    const cut = path.join(folder, 'cut.jsonl.gz');
    await writeFile(cut, whole.subarray(0, Math.floor(whole.length * 0.8)));
    const target = await emptyTarget();

    await expect(restoreInto(target, cut)).rejects.toThrow(
      'The backup file is incomplete: it ends before its last line',
    );
    expect(await countTables(target)).toBe(0);
    expect((await restoreInto(target, file)).rows).toBeGreaterThan(0);
  });

  it('refuses a database that already holds data, and changes nothing in it', async () => {
    const file = await backupOf(source);
    const fingerprints = await createTableFingerprinter(source);
    const before = await fingerprints.take();
    await expect(restoreInto(source, file)).rejects.toBeInstanceOf(TargetNotEmptyError);
    expect(changedTables(before, await fingerprints.take())).toEqual([]);
  });

  it('refuses a backup of a newer version, before touching the database', async () => {
    const file = await backupOf(source);
    const target = await emptyTarget();
    const newer = await withHeader(file, (header) => {
      header.migrations = [...(header.migrations as string[]), '9999_from_the_future.sql'];
    });
    await expect(restoreInto(target, newer)).rejects.toThrow(
      'The backup was made by a newer version of the app (0.1.0; its migration 9999_from_the_future.sql is unknown here): upgrade the app first.',
    );
    const newerFormat = await withHeader(file, (header) => {
      header.format_version = 2;
    });
    await expect(restoreInto(target, newerFormat)).rejects.toThrow(
      'The backup was made by a newer version of the app (backup format 2; this version reads 1)',
    );
    expect(await countTables(target)).toBe(0);
  });

  it('refuses a file whose rows do not match its header', async () => {
    const file = await backupOf(source);
    const target = await emptyTarget();
    const fewer = await withHeader(file, (header) => {
      const tables = header.tables as { name: string; rows: number }[];
      tables.find((table) => table.name === 'bookings')!.rows += 1;
    });
    const refused = await restoreInto(target, fewer).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(BackupError);
    expect((refused as Error).message).toMatch(/table bookings has \d+ rows where its header says \d+/);
    expect(await countTables(target)).toBe(0);
  });

  it('restores a backup made before the latest migrations, then applies them', async () => {
    const known = await knownMigrations();
    const older = await createEmptyTestDatabase(backend);
    targets.push(older);
    await older.transaction(async (tx) => {
      await holdStartupLock(tx);
      await applyMigrations(tx, { upTo: known.at(-2) });
    });
    const file = await backupOf(older);
    const target = await emptyTarget();
    const restored = await restoreInto(target, file);
    expect(restored.laterMigrations).toEqual([known.at(-1)]);
    const { rows } = await target.query<{ version: string }>(
      'SELECT version FROM schema_migrations ORDER BY 1',
    );
    expect(rows.map((row) => row.version)).toEqual(known);
  });
});

describe('a database with nothing in it', () => {
  it('has nothing to back up', async () => {
    const empty = await createEmptyTestDatabase('pglite');
    try {
      await expect(writeBackup(empty, createWriteStream('/dev/null'), {} as never)).rejects.toThrow(
        'The database holds no data yet (no migration applied): nothing to back up',
      );
    } finally {
      await empty.drop();
    }
  });
});
