import type { FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * Fastify answers a URL it cannot decode (400) and a path parameter past `maxParamLength` (414)
 * before any route, hook or error handler runs, with a body of its own. This gives those answers
 * the API's shape, {"detail": …}, like every other error (CONTRACT.md).
 */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (
  error,
  _request: FastifyRequest,
  reply: FastifyReply,
) => {
  // The security headers' hooks do not run here either; JSON must never be sniffed as a page.
  reply.header('x-content-type-options', 'nosniff');
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH')
    return reply.status(414).send({ detail: 'The address is too long.' });
  if (error.code === 'FST_ERR_BAD_URL')
    return reply.status(400).send({ detail: 'The address is not valid.' });
  // Only an async route constraint fails otherwise, and the app declares none.
  return reply.status(500).send({ detail: 'Internal server error. Please try again later.' });
};
