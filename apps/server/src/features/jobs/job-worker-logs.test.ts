import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueTestJob } from '../../test/job-kit.ts';
import { backends, createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { createJobWorker } from './job-worker.ts';

const NAME = 'Philippa Grimsditch';
const EMAIL = 'philippa.g@leak.example';
const MOBILE = '9800011122';

/** A log that keeps what it is given, as pino would print it. */
function capturingLog() {
  const lines: string[] = [];
  const keep = (object: unknown, message?: string) =>
    lines.push(JSON.stringify({ ...(object as object), message }));
  return { lines, log: { info: keep, warn: keep, error: keep } };
}

describe.each(backends)('job worker logs on %s', (backend) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(backend);
  });
  afterAll(() => db.drop());

  it('logs a failed job’s database error and mail error without the client’s details', async () => {
    await enqueueTestJob(db, { kind: 'db-fails', payload: {}, dedupeKey: 'log-probe:db' });
    await enqueueTestJob(db, { kind: 'mail-fails', payload: {}, dedupeKey: 'log-probe:mail' });
    const { lines, log } = capturingLog();
    const worker = createJobWorker({
      db,
      log,
      handlers: {
        // A query that fails with the client's details among its parameters.
        'db-fails': async () => {
          await db.query('SELECT $1::text, $2::text, $3::integer', [NAME, EMAIL, `${EMAIL} ${MOBILE}`]);
        },
        'mail-fails': async () => {
          throw Object.assign(new Error(`Can't send mail - all recipients were rejected: 550 <${EMAIL}>`), {
            code: 'EENVELOPE',
            rejected: [EMAIL],
            response: `550 5.1.1 <${EMAIL}> (${NAME}) unknown`,
          });
        },
      },
    });
    expect(await worker.runOnce()).toBe(2);

    const failed = lines.map((line) => JSON.parse(line)).filter((entry) => entry.message === 'job failed');
    expect(failed.map((entry) => entry.kind).sort()).toEqual(['db-fails', 'mail-fails']);
    expect(failed.find((entry) => entry.kind === 'db-fails').err).toMatchObject({ code: '22P02' });
    expect(failed.find((entry) => entry.kind === 'mail-fails').err).toMatchObject({ code: 'EENVELOPE' });
    for (const value of [NAME, EMAIL, MOBILE]) expect(lines.join('')).not.toContain(value);
  });

  it('says at debug level when a pass finds no job due (the outbox has caught up), and only then', async () => {
    const said: unknown[][] = [];
    const { log } = capturingLog();
    const debug = (...args: unknown[]) => said.push(args);
    const worker = createJobWorker({
      db,
      log: { ...log, debug },
      handlers: { 'debug-probe': async () => {} },
    });
    await enqueueTestJob(db, { kind: 'debug-probe', payload: {}, dedupeKey: 'log-probe:debug' });
    expect(await worker.runOnce()).toBe(1);
    expect(said).toEqual([]);
    expect(await worker.runOnce()).toBe(0);
    expect(said).toEqual([['no job due']]);
  });
});
