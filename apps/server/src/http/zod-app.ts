import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * The Fastify instance a zod-typed route plugin receives: the type of the small functions a
 * plugin hands it to, each registering one group of its routes with the same typing.
 */
export type ZodApp = Parameters<FastifyPluginAsyncZod>[0];
