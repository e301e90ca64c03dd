import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import {
  BACKUP_FILE_NAME,
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BackupError,
  type BackupHeader,
  type BackupTrailer,
  backupHeaderSchema,
  fileLineSchema,
  trailerSchema,
} from './backup-format.ts';

/** What a backup holds after its header, in the file's order. */
export type BackupEvent =
  | { kind: 'rows'; table: string; lines: string[] }
  | { kind: 'file'; name: string; data: Buffer };

/** Lines longer than this are no line this app writes (a row is a few kB, a photo a few MB). */
const MAX_LINE_CHARS = 64 * 1024 * 1024;
/** Rows handed on at a time: a few thousand rows or a few MB, whichever comes first. */
const BATCH_ROWS = 1000;
const BATCH_CHARS = 4 * 1024 * 1024;

const incomplete = () =>
  new BackupError(
    'The backup file is incomplete: it ends before its last line (cut short while written or copied?).',
  );
const damaged = (why: string) => new BackupError(`The backup file is damaged (${why}).`);

/** zlib's complaints in the operator's words. */
function readError(error: unknown): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'Z_BUF_ERROR') {
    return incomplete();
  }
  if (code === 'Z_DATA_ERROR')
    return new BackupError('The file is not a backup of this app, or it is damaged.');
  return error;
}

/** The decompressed text, line by line; memory holds one chunk and one line at most. */
async function* textLines(input: Readable): AsyncGenerator<string> {
  const gunzip = createGunzip();
  input.once('error', (error) => gunzip.destroy(error));
  input.pipe(gunzip).setEncoding('utf8');
  let rest = '';
  try {
    for await (const chunk of gunzip as AsyncIterable<string>) {
      const parts = (rest + chunk).split('\n');
      rest = parts.pop()!;
      if (rest.length > MAX_LINE_CHARS) throw damaged('a line far longer than any this app writes');
      yield* parts;
    }
  } catch (error) {
    throw readError(error);
  } finally {
    // The reader owns its input: closed once read, or when the reading stops early.
    input.unpipe(gunzip);
    gunzip.destroy();
    input.destroy();
  }
  if (rest) yield rest;
}

function parseHeader(line: string | undefined): BackupHeader {
  let value: unknown;
  try {
    value = JSON.parse(line ?? '');
  } catch {
    throw new BackupError('The file is not a backup of this app (its first line is not a backup header).');
  }
  const format = (value as { format?: unknown; format_version?: unknown } | null) ?? {};
  if (format.format !== BACKUP_FORMAT) {
    throw new BackupError('The file is not a backup of this app (its first line is not a backup header).');
  }
  if (typeof format.format_version === 'number' && format.format_version > BACKUP_FORMAT_VERSION) {
    throw new BackupError(
      `The backup was made by a newer version of the app (backup format ${format.format_version}; this version reads ${BACKUP_FORMAT_VERSION}): upgrade the app first.`,
    );
  }
  const parsed = backupHeaderSchema.safeParse(value);
  if (!parsed.success) throw damaged('its header is not complete');
  return parsed.data;
}

function parseRecord(line: string): Record<string, unknown> {
  try {
    const value = JSON.parse(line) as unknown;
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // reported below
  }
  throw damaged('a line that is not JSON');
}

/** Checks the file's order and counts against its header as it goes; the end line must come last. */
async function* readEvents(
  lines: AsyncGenerator<string>,
  header: BackupHeader,
): AsyncGenerator<BackupEvent, BackupTrailer> {
  let table = -1;
  let rowsInTable = 0;
  let totalRows = 0;
  let files = 0;
  let ended: BackupTrailer | undefined;
  let batch: string[] = [];
  let batchChars = 0;
  const tableName = () => header.tables[table]!.name;
  const closeTable = () => {
    if (table >= 0 && rowsInTable !== header.tables[table]!.rows) {
      throw damaged(
        `table ${tableName()} has ${rowsInTable} rows where its header says ${header.tables[table]!.rows}`,
      );
    }
    rowsInTable = 0;
  };
  for await (const line of lines) {
    if (ended) throw damaged('lines after its last one');
    if (line.startsWith('[')) {
      if (table < 0 || files > 0) throw damaged('a row outside any table');
      batch.push(line);
      batchChars += line.length;
      rowsInTable += 1;
      totalRows += 1;
      if (batch.length >= BATCH_ROWS || batchChars >= BATCH_CHARS) {
        yield { kind: 'rows', table: tableName(), lines: batch };
        batch = [];
        batchChars = 0;
      }
      continue;
    }
    if (batch.length > 0) yield { kind: 'rows', table: tableName(), lines: batch };
    batch = [];
    batchChars = 0;
    const record = parseRecord(line);
    if (typeof record.table === 'string') {
      closeTable();
      table += 1;
      if (header.tables[table]?.name !== record.table)
        throw damaged(`table ${record.table} out of its header's order`);
    } else if (typeof record.file === 'string') {
      const file = fileLineSchema.safeParse(record);
      if (!file.success || !BACKUP_FILE_NAME.test(file.data.file))
        throw damaged('a file this app does not write');
      files += 1;
      yield { kind: 'file', name: file.data.file, data: Buffer.from(file.data.data, 'base64') };
    } else {
      const trailer = trailerSchema.safeParse(record);
      if (!trailer.success) throw damaged('a line this app does not write');
      closeTable();
      const { end } = trailer.data;
      if (table + 1 !== header.tables.length || end.tables !== header.tables.length)
        throw damaged('tables missing');
      if (end.rows !== totalRows || end.files !== files)
        throw damaged('its end line does not match its content');
      ended = end;
    }
  }
  if (!ended) throw incomplete();
  return ended;
}

/**
 * Opens a backup: its header at once (a file that is not a backup, or comes from a newer
 * version, is refused before anything is done), then its tables' rows and its files as events.
 * Every event comes before the file is known to be whole: the caller loads them in one
 * transaction and commits only once the events have ended without an error.
 */
export async function openBackup(
  input: Readable,
): Promise<{ header: BackupHeader; events: AsyncGenerator<BackupEvent, BackupTrailer> }> {
  const lines = textLines(input);
  try {
    const first = await lines.next();
    const header = parseHeader(first.done ? undefined : first.value);
    return { header, events: readEvents(lines, header) };
  } catch (error) {
    await lines.return(undefined);
    throw error;
  }
}

/** Reads a whole backup file as a restore would, loading nothing: its header and its end line. */
export async function verifyBackup(input: Readable): Promise<{ header: BackupHeader; end: BackupTrailer }> {
  const { header, events } = await openBackup(input);
  for (;;) {
    const next = await events.next();
    if (next.done) return { header, end: next.value };
  }
}
