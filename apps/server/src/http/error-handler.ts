import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/database-errors.ts';
import { AppError } from './app-error.ts';
import { replyDatabaseUnavailable } from './service-unavailable.ts';

/**
 * Maps every failure to {"detail": …}. Bad input is a 4xx with a message that says what is wrong;
 * an unexpected error is logged with its request id and answered with a generic 500.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({ ...error.extra, detail: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where =
        error.validationContext === 'querystring' ? 'query' : (error.validationContext ?? 'request');
      const details = error.validation.map((issue) => {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        return field ? `${field}: ${issue.message}` : issue.message;
      });
      return reply.status(400).send({ detail: `Invalid ${where}: ${details.join('; ')}` });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ detail: error.message });
    }
    if (isDatabaseUnavailable(error)) return replyDatabaseUnavailable(request, reply, error);
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ detail: 'Internal server error. Please try again later.' });
  });
}
