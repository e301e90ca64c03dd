import type { FastifyServerOptions } from 'fastify';
import { PERSONAL_DATA_KEYS, REDACTED, redactLogArguments, sanitizeErrorForLog } from './log-redaction.ts';

/**
 * Request logs carry method, path, status and timing, never personal data: query strings (client
 * names in searches, payment ids), bodies and credentials are left out. Every log call goes
 * through `redactLogArguments` (log-redaction.ts): errors keep safe fields only, personal keys
 * are censored at any depth, e-mail addresses and mobiles in messages are masked.
 */
/** Where log lines go instead of stdout (tests read them). */
export type LogStream = { write(line: string): void };

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
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        ...PERSONAL_DATA_KEYS.flatMap((key) => [key, `*.${key}`]),
      ],
      censor: REDACTED,
    },
    serializers: {
      // Also for pino's own paths that bypass the hook (a child logger's bindings). Fastify types
      // the result as pino's error shape, which ours leaves out fields of on purpose.
      err: (error) => sanitizeErrorForLog(error) as never,
      req(request) {
        return { method: request.method, path: request.url.split('?')[0], id: request.id };
      },
      res(reply) {
        return { statusCode: reply.statusCode };
      },
    },
  };
}
