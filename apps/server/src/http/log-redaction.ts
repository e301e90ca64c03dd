/**
 * Keeps personal data out of the logs, whatever shape a logged value has (see logger.ts, which
 * runs every log call through `redactLogArguments`). Errors are the risky part: PGlite's errors
 * carry the query's `params` (a client's name, e-mail, mobile), PostgreSQL's carry `detail`
 * ("Key (client_email)=(…) already exists", "Failing row contains (…)"), `where` and `hint`, and
 * their messages quote the offending value ('invalid input syntax for type integer: "…"'). So an
 * error is logged as an allow-list of fields, its message and stack with values masked.
 */

/** Keys whose values are never logged, at any depth. */
export const PERSONAL_DATA_KEYS = [
  'client_full_name',
  'client_name',
  'client_email',
  'client_mobile',
  'client_phone',
  'client_note',
  'client_age',
  'client_city',
  'client_state',
  'customer_name',
  'customer_email',
  'customer_phone',
  'contact',
  'email',
  'mobile',
  'phone',
  'username',
  'password',
  'access_token',
  'authorization',
  'cookie',
  'params',
  'parameters',
] as const;

export const REDACTED = '[redacted]';
const personalKeys = new Set<string>(PERSONAL_DATA_KEYS);

/** Error fields that name code, schema objects or places, never values. */
const SAFE_ERROR_FIELDS = [
  'code',
  'statusCode',
  'severity',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'routine',
  'file',
  'line',
  'errno',
  'syscall',
  'port',
] as const;

const MAX_DEPTH = 6;
const MAX_TEXT = 1000;

const EMAIL = /[\p{L}\p{N}._%+!#$&*=?^{|}~-]+@[\p{L}\p{N}.-]+\.\p{L}{2,}/gu;
// A mobile or other long number: 7+ digits, maybe after a + and with spaces or dashes between.
const LONG_NUMBER = /\+?\d(?:[\s-]?\d){6,}/g;
const QUOTED = /"(?:[^"\\]|\\.)*"|'(?:[^'\\]|''|\\.)*'|`[^`]*`|\((?:[^()]*)\)=\((?:[^()]|\([^()]*\))*\)/g;

/** Masks e-mail addresses and long numbers (mobiles) in free text. */
export function scrubLogText(text: string): string {
  return text.slice(0, MAX_TEXT).replace(EMAIL, '[email]').replace(LONG_NUMBER, '[number]');
}

/** Also masks quoted parts, where error messages put the values they refuse. */
function maskQuoted(text: string): string {
  return scrubLogText(text).replace(QUOTED, (quoted) => `${quoted[0]}…${quoted.at(-1)}`);
}

type ErrorLike = Record<string, unknown> & { message?: unknown; stack?: unknown };

const isDatabaseError = (error: ErrorLike) =>
  typeof error.severity === 'string' && typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code);

/**
 * The message an error may log. A database error's message quotes values (class 22, 23) or is
 * whatever a function raised (class P0, dropped); class 42 (syntax, undefined table or column)
 * quotes only names from our own SQL, which never holds values ($n parameters).
 */
function safeMessage(error: ErrorLike): string | undefined {
  if (typeof error.message !== 'string') return undefined;
  if (!isDatabaseError(error)) return maskQuoted(error.message);
  const sqlClass = String(error.code).slice(0, 2);
  if (sqlClass === 'P0') return undefined;
  return sqlClass === '42' ? scrubLogText(error.message) : maskQuoted(error.message);
}

/** The stack's frames (places in code) only: its first lines repeat the message. */
function stackFrames(stack: unknown): string | undefined {
  if (typeof stack !== 'string') return undefined;
  const frames = stack.split('\n').filter((line) => /^\s+at /.test(line));
  return frames.length > 0 ? frames.join('\n') : undefined;
}

/** SQL text has values only as $n parameters; literals are masked all the same. */
function safeQuery(query: unknown): string | undefined {
  return typeof query === 'string' ? maskQuoted(query.replace(/\s+/g, ' ')) : undefined;
}

function errorType(error: ErrorLike): string {
  if (typeof error.type === 'string') return error.type;
  // PGlite's class name is minified ('O'); pg's is DatabaseError: one name for both.
  if (isDatabaseError(error)) return 'DatabaseError';
  const name = error instanceof Error ? error.constructor?.name || error.name : error.name;
  return typeof name === 'string' ? name : 'Error';
}

/** An error (or a thrown string, or an already sanitised error) as safe plain data. */
export function sanitizeErrorForLog(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return maskQuoted(value);
  if (typeof value !== 'object' || value === null) return value;
  if (depth >= MAX_DEPTH) return '[too deep]';
  const error = value as ErrorLike;
  const safe: Record<string, unknown> = { type: errorType(error) };
  const message = safeMessage(error);
  if (message !== undefined) safe.message = message;
  for (const field of SAFE_ERROR_FIELDS) {
    const fieldValue = error[field];
    if (typeof fieldValue === 'string' || typeof fieldValue === 'number') safe[field] = fieldValue;
  }
  const query = safeQuery(error.query);
  if (query !== undefined) safe.query = query;
  const stack = stackFrames(error.stack);
  if (stack !== undefined) safe.stack = stack;
  if (error.cause !== undefined) safe.cause = sanitizeErrorForLog(error.cause, depth + 1);
  if (Array.isArray(error.errors)) {
    safe.errors = error.errors.slice(0, 10).map((inner) => sanitizeErrorForLog(inner, depth + 1));
  }
  return safe;
}

const isPlainObject = (value: object) => {
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
};

/**
 * A logged object with personal keys censored and errors sanitised, at any depth. Other class
 * instances (Fastify's request and reply) are left for pino's serializers, which log a few fields.
 */
export function redactLogObject(value: unknown, depth = 0): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (value instanceof Error) return sanitizeErrorForLog(value);
  if (depth >= MAX_DEPTH) return '[too deep]';
  if (Array.isArray(value)) return value.map((item) => redactLogObject(item, depth + 1));
  if (!isPlainObject(value)) return value;
  const redacted: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (personalKeys.has(key)) redacted[key] = REDACTED;
    else if (key === 'err' || key === 'error') redacted[key] = sanitizeErrorForLog(item);
    else redacted[key] = redactLogObject(item, depth + 1);
  }
  return redacted;
}

/**
 * A log call's arguments made safe: an Error first argument becomes `{ err }` (pino would take
 * its raw message as the line's message), objects are redacted, message strings scrubbed.
 */
export function redactLogArguments(args: unknown[]): unknown[] {
  const [first, ...rest] = args;
  const scrubbedRest = rest.map((item) =>
    typeof item === 'string' ? scrubLogText(item) : redactLogObject(item),
  );
  if (first instanceof Error) {
    const err = sanitizeErrorForLog(first) as { message?: string };
    return [{ err }, ...(rest.length > 0 ? scrubbedRest : [err.message ?? 'error'])];
  }
  if (typeof first === 'string') return [scrubLogText(first), ...scrubbedRest];
  return [redactLogObject(first), ...scrubbedRest];
}
