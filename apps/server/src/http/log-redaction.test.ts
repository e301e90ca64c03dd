import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { sanitizeErrorForLog } from './log-redaction.ts';
import { loggerOptions } from './logger.ts';

const NAME = 'Zebulon Quartermaine';
const EMAIL = 'zebulon.q@leak.example';
const MOBILE = '9812345670';
const PERSONAL = [NAME, EMAIL, MOBILE, 'Zebulon', 'zebulon.q'];

const expectNoPersonalData = (text: string) => {
  for (const value of PERSONAL) expect(text).not.toContain(value);
};

async function failure(work: () => Promise<unknown>): Promise<Error> {
  try {
    await work();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the query to fail');
}

describe.each(backends)('log redaction of real database errors on %s', (backend) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(backend);
    await db.exec(`
      CREATE TABLE log_probe (id integer PRIMARY KEY, name text NOT NULL, email text UNIQUE, mobile text);
      CREATE FUNCTION log_probe_raise(value text) RETURNS void LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'refused %', value USING DETAIL = 'detail ' || value, HINT = 'hint ' || value;
      END $$;
    `);
    await db.query('INSERT INTO log_probe VALUES ($1, $2, $3, $4)', [1, NAME, EMAIL, MOBILE]);
  });
  afterAll(() => db.drop());

  const insert = (values: unknown[]) => db.query('INSERT INTO log_probe VALUES ($1, $2, $3, $4)', values);

  it('keeps code, constraint and table of a unique violation, and no value', async () => {
    const error = await failure(() => insert([2, NAME, EMAIL, MOBILE]));
    // The raw error does carry the data (the reason for all this).
    expect(JSON.stringify({ ...error, message: error.message })).toContain(EMAIL);
    const safe = sanitizeErrorForLog(error);
    expectNoPersonalData(JSON.stringify(safe));
    expect(safe).toMatchObject({
      code: '23505',
      constraint: 'log_probe_email_key',
      table: 'log_probe',
      message: expect.stringMatching(/^duplicate key value violates unique constraint/),
      stack: expect.stringMatching(/^\s+at /),
    });
  });

  it('masks the value a type error quotes in its message', async () => {
    const error = await failure(() => db.query('SELECT id FROM log_probe WHERE id = $1', [EMAIL]));
    expect(error.message).toContain(EMAIL);
    const safe = sanitizeErrorForLog(error);
    expectNoPersonalData(JSON.stringify(safe));
    expect(safe).toMatchObject({ code: '22P02', message: 'invalid input syntax for type integer: "…"' });
  });

  it('drops the failing row of a not-null violation', async () => {
    const error = await failure(() => insert([3, null, `x${EMAIL}`, MOBILE]));
    expect(JSON.stringify(error)).toContain(MOBILE);
    const safe = sanitizeErrorForLog(error);
    expectNoPersonalData(JSON.stringify(safe));
    expect(safe).toMatchObject({ code: '23502', column: 'name', table: 'log_probe' });
  });

  it('drops message, detail and hint of an exception a database function raised', async () => {
    const error = await failure(() => db.query('SELECT log_probe_raise($1)', [`${NAME} ${EMAIL}`]));
    expect(error.message).toContain(NAME);
    const safe = sanitizeErrorForLog(error) as Record<string, unknown>;
    expectNoPersonalData(JSON.stringify(safe));
    expect(safe).toMatchObject({ code: 'P0001', routine: expect.any(String) });
    expect(safe.message).toBeUndefined();
  });

  it('keeps the names in a class 42 message (they come from our SQL), and the SQL text', async () => {
    const error = await failure(() =>
      db.query('SELECT no_such_column FROM log_probe WHERE name = $1', [NAME]),
    );
    const safe = sanitizeErrorForLog(error);
    expectNoPersonalData(JSON.stringify(safe));
    expect(safe).toMatchObject({ code: '42703', message: 'column "no_such_column" does not exist' });
    if (backend === 'pglite') {
      expect(safe).toMatchObject({ query: 'SELECT no_such_column FROM log_probe WHERE name = $1' });
    }
  });

  it('sanitises whatever shape the logger is given: err, error, nested, a cause, an Error alone', async () => {
    const dbError = await failure(() => insert([2, NAME, EMAIL, MOBILE]));
    const lines: string[] = [];
    const app = Fastify({ logger: loggerOptions('info', { write: (line) => lines.push(line) }) });
    app.log.error({ err: dbError }, 'unhandled error');
    app.log.error(dbError);
    app.log.error({ err: dbError });
    app.log.warn({ error: dbError, job: { payload: { client_email: EMAIL, client_full_name: NAME } } }, 'x');
    app.log.error({ err: new Error('payment failed', { cause: dbError }) }, 'wrapped');
    app.log.error({ failure: new AggregateError([dbError], 'all failed') }, 'aggregate');
    app.log.warn({ err: `could not mail ${EMAIL} at ${MOBILE}` }, 'plain string');
    app.log.info(`message naming ${EMAIL} and +91 98123 45670`);
    await app.close();

    expect(lines).toHaveLength(8);
    const text = lines.join('');
    expectNoPersonalData(text);
    expect(text).not.toContain('98123 45670');
    const entries = lines.map((line) => JSON.parse(line));
    expect(entries[0].err).toMatchObject({ code: '23505', constraint: 'log_probe_email_key' });
    expect(entries[1]).toMatchObject({
      err: { code: '23505' },
      msg: expect.stringMatching(/^duplicate key/),
    });
    expect(entries[2].msg).toMatch(/^duplicate key/);
    expect(entries[3].job.payload).toEqual({ client_email: '[redacted]', client_full_name: '[redacted]' });
    expect(entries[4].err).toMatchObject({ message: 'payment failed', cause: { code: '23505' } });
    expect(entries[5].failure.errors[0]).toMatchObject({ code: '23505' });
    expect(entries[6].err).toBe('could not mail [email] at [number]');
    expect(entries[7].msg).toBe('message naming [email] and [number]');
  });
});

describe('log redaction of other errors', () => {
  it('keeps a system error’s code and drops a mail error’s recipients and server answer', () => {
    const mailError = Object.assign(
      new Error(`Can't send mail - all recipients were rejected: 550 5.1.1 <${EMAIL}>: User unknown`),
      { code: 'EENVELOPE', response: `550 5.1.1 <${EMAIL}>`, rejected: [EMAIL], responseCode: 550 },
    );
    const safe = sanitizeErrorForLog(mailError);
    expectNoPersonalData(JSON.stringify(safe));
    expect(safe).toMatchObject({
      type: 'Error',
      code: 'EENVELOPE',
      message: expect.stringContaining('[email]'),
    });

    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6379'), {
      code: 'ECONNREFUSED',
      syscall: 'connect',
      port: 6379,
    });
    expect(sanitizeErrorForLog(refused)).toMatchObject({
      code: 'ECONNREFUSED',
      syscall: 'connect',
      port: 6379,
      message: 'connect ECONNREFUSED 127.0.0.1:6379',
    });
  });

  it('masks the body snippet a JSON syntax error quotes', () => {
    let syntaxError: unknown;
    try {
      JSON.parse(`{"client_email": "${EMAIL}", `);
    } catch (error) {
      syntaxError = error;
    }
    expectNoPersonalData(JSON.stringify(sanitizeErrorForLog(syntaxError)));
  });

  it('gives the same result when applied twice', async () => {
    const once = sanitizeErrorForLog(new Error(`bad "${NAME}"`, { cause: new Error(EMAIL) }));
    expect(sanitizeErrorForLog(once)).toEqual(once);
  });
});
