/**
 * Tells a database that cannot be reached (down, restarting, network cut, pool timed out) from
 * every other failure, by the error's shape: callers answer 503 and retry later instead of
 * treating it as a bug. One home for the list, so the HTTP handler, the job worker and the start
 * agree on what "unavailable" means.
 */

/** Socket and DNS failures Node reports while connecting to, or talking with, the server. */
const NETWORK_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that is going away or not taking connections yet
 * (https://www.postgresql.org/docs/current/errcodes-appendix.html): admin_shutdown,
 * crash_shutdown, cannot_connect_now (starting up or in recovery), too_many_connections. The
 * whole class 08 (connection_exception) is matched by its prefix.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
const CONNECTION_EXCEPTION_CLASS = '08';

/** Messages node-postgres gives a lost or timed-out connection (they carry no code). */
const CONNECTION_MESSAGES = [
  /^Connection terminated( unexpectedly| due to connection timeout)?$/,
  /^timeout exceeded when trying to connect$/, // the pool found no client in connectionTimeoutMillis
  /^timeout expired$/, // a client's own connect timeout
  /^Client has encountered a connection error and is not queryable$/,
];

/** How deep to follow `cause` and AggregateError's `errors` (Node wraps happy-eyeballs failures). */
const MAX_DEPTH = 4;

function isUnavailableShape(error: object): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (NETWORK_ERROR_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code)) return true;
    if (code.length === 5 && code.startsWith(CONNECTION_EXCEPTION_CLASS)) return true;
  }
  const message = (error as { message?: unknown }).message;
  return typeof message === 'string' && CONNECTION_MESSAGES.some((pattern) => pattern.test(message));
}

/** Whether `error` says the database cannot be reached now (and may be again soon). */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > MAX_DEPTH) return false;
  if (isUnavailableShape(error)) return true;
  const { cause, errors } = error as { cause?: unknown; errors?: unknown };
  if (isDatabaseUnavailable(cause, depth + 1)) return true;
  return Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1));
}

/**
 * What to log about an unavailable database: the code and message, never a query's text or
 * parameters (they may hold a client's personal data), and no stack (it says nothing new).
 */
export function describeDatabaseError(error: unknown): { code?: string; message: string } {
  if (typeof error !== 'object' || error === null) return { message: String(error) };
  const { code, message } = error as { code?: unknown; message?: unknown };
  const knownCode = typeof code === 'string' ? code : undefined;
  // AggregateError (a refused 'localhost', tried as IPv6 and IPv4) has an empty message.
  const text = typeof message === 'string' && message ? message : (knownCode ?? 'unknown database error');
  return { ...(knownCode ? { code: knownCode } : {}), message: text };
}
