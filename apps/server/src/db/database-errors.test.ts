import { describe, expect, it } from 'vitest';
import { describeDatabaseError, isDatabaseUnavailable } from './database-errors.ts';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['a reset connection', withCode('ECONNRESET')],
    ['a timed-out socket', withCode('ETIMEDOUT')],
    ['an unknown database host', withCode('ENOTFOUND')],
    [
      'a server shutting down (57P01)',
      withCode('57P01', 'terminating connection due to administrator command'),
    ],
    ['a server starting up (57P03)', withCode('57P03', 'the database system is starting up')],
    ['a connection exception (08006)', withCode('08006')],
    ['too many connections (53300)', withCode('53300', 'sorry, too many clients already')],
    ['a lost connection', new Error('Connection terminated unexpectedly')],
    ['the pool waiting too long', new Error('timeout exceeded when trying to connect')],
    [
      'a connect timeout wrapped by the pool',
      new Error('Connection terminated due to connection timeout', { cause: new Error('timeout expired') }),
    ],
    ['a broken client', new Error('Client has encountered a connection error and is not queryable')],
    [
      "a refused 'localhost' (IPv6 and IPv4 tried)",
      Object.assign(new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], ''), {
        code: 'ECONNREFUSED',
      }),
    ],
    ['a cause further down', new Error('query failed', { cause: withCode('ECONNRESET') })],
  ])('is true for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation (23505)', withCode('23505', 'duplicate key value violates unique constraint')],
    ['an exclusion violation (23P01)', withCode('23P01')],
    ['a syntax error (42601)', withCode('42601')],
    ['a serialization failure (40001)', withCode('40001')],
    ['a code that only starts like class 08', withCode('08')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a message that merely mentions a connection', new Error('Connection terminated? no: bad input')],
    ['a string', 'ECONNREFUSED'],
    ['nothing', undefined],
  ])('is false for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('stops following causes after a few levels', () => {
    let error: Error = withCode('ECONNREFUSED');
    for (let level = 0; level < 10; level++) error = new Error('wrapped', { cause: error });
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe('describeDatabaseError', () => {
  it('keeps the code and message and nothing else (no query, no parameters, no stack)', () => {
    const error = Object.assign(withCode('57P01', 'terminating connection'), {
      query: 'SELECT * FROM bookings WHERE client_email = $1',
      parameters: ['client@example.com'],
    });
    expect(describeDatabaseError(error)).toEqual({ code: '57P01', message: 'terminating connection' });
  });

  it('names the code when the message is empty', () => {
    expect(describeDatabaseError(withCode('ECONNREFUSED', ''))).toEqual({
      code: 'ECONNREFUSED',
      message: 'ECONNREFUSED',
    });
  });
});
