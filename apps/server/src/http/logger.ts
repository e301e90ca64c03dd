import type { FastifyServerOptions } from 'fastify';

/**
 * Request logs carry method, path, status and timing, never personal data: query strings (client
 * names in searches, payment ids), bodies and credentials are left out.
 */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  if (level === 'silent') return false;
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        '*.password',
        '*.client_email',
        '*.client_mobile',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req(request) {
        return { method: request.method, path: request.url.split('?')[0], id: request.id };
      },
      res(reply) {
        return { statusCode: reply.statusCode };
      },
    },
  };
}
