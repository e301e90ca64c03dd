import type { FastifyServerOptions } from 'fastify';
import { REDACTED, redactLogArguments, sanitizeErrorForLog, scrubLogText } from './log-redaction.ts';

/**
 * A manage link's, a waitlist offer's or a therapist's invitation's token, or a therapist's calendar
 * feed token, in a page's path or an API call's (a key to a booking, a login or a therapist's
 * sessions: never logged).
 */
const MANAGE_TOKEN = /(\/(?:manage|waitlist\/offers?|admin\/invites?|calendar)\/)[^/?#]+/g;

/**
 * A request's path as logged: no query string, manage tokens masked, and anything that looks like
 * an e-mail address or a mobile number (anyone can put one in a path they make up) masked.
 */
export function logPath(url: string): string {
  return scrubLogText(url.split('?')[0]!.replace(MANAGE_TOKEN, '$1[token]'));
}

/** Where log lines go instead of stdout (tests read them). */
export type LogStream = { write(line: string): void };

/**
 * Request logs carry method, path, status and timing, never personal data: query strings (client
 * names in searches, payment ids), bodies and credentials are left out. Every log call goes
 * through `redactLogArguments` (log-redaction.ts): errors keep safe fields only, personal keys
 * are censored at any depth, e-mail addresses and mobiles in messages are masked.
 */
export function loggerOptions(level: string, stream?: LogStream): FastifyServerOptions['logger'] {
  if (level === 'silent') return false;
  return {
    level,
    ...(stream ? { stream } : {}),
    hooks: {
      logMethod(args, method) {
        return method.apply(this, redactLogArguments(args) as Parameters<typeof method>);
      },
    },
    // Personal keys (PERSONAL_DATA_KEYS) are censored by the hook at any depth; pino's wildcard
    // paths would only reach one level and cost ~30 µs a line.
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], censor: REDACTED },
    serializers: {
      // Also for pino's own paths that bypass the hook (a child logger's bindings). Fastify types
      // the result as pino's error shape, which ours leaves out fields of on purpose.
      err: (error) => sanitizeErrorForLog(error) as never,
      req(request) {
        return { method: request.method, path: logPath(request.url), id: request.id };
      },
      res(reply) {
        return { statusCode: reply.statusCode };
      },
    },
  };
}
