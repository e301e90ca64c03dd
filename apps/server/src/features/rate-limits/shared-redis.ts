import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';

/**
 * The one Redis connection (REDIS_URL) of an instance, shared by the sign-in throttle and the
 * public rate limits; closed with the app. No offline queue and a short command timeout: while
 * Redis is away, commands fail at once and every limit counts in this instance's memory.
 */
export async function connectSharedRedis(app: FastifyInstance, url: string): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    connectTimeout: 2_000,
    commandTimeout: 1_000,
  });
  let warned = false;
  redis.on('error', (error: Error) => {
    if (warned) return;
    warned = true;
    app.log.warn({ err: error.message }, 'Redis for rate limits is unreachable; counting in memory');
  });
  redis.on('ready', () => {
    warned = false;
  });
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  await redis.connect().catch(() => {
    // reported by the error listener; ioredis keeps reconnecting in the background
  });
  return redis;
}
