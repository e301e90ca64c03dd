import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { loadJwtSecret } from '../../secrets.ts';
import { registerAdminGuard } from './admin-guard.ts';
import { createAdminLoginService } from './admin-login-service.ts';
import { createAdminTokens } from './admin-token.ts';
import { createMemoryLoginThrottle, createRedisLoginThrottle, type LoginThrottle } from './login-throttle.ts';

export type AdminAuthDeps = {
  config: AppConfig;
  db: Database;
  /** The token signing key; read (or generated) from configuration and DATA_DIR when absent. */
  jwtSecret?: string;
  /** Sign-in rate limits; from REDIS_URL, or in memory, when absent. */
  loginThrottle?: LoginThrottle;
  now?: () => Date;
};

/**
 * Sets up admin authentication on the root instance: the guard of every admin route (call this
 * before any route is registered) and the sign-in service. Returns the options of adminAuthRoutes.
 */
export async function setUpAdminAuth(app: FastifyInstance, deps: AdminAuthDeps) {
  const { config, db, now } = deps;
  const secret = deps.jwtSecret ?? (await loadJwtSecret(config.dataDir, config.jwtSecret));
  const tokens = createAdminTokens(secret, now);
  registerAdminGuard(app, { db, tokens });

  let throttle = deps.loginThrottle;
  if (!throttle) {
    throttle = config.redisUrl
      ? await connectRedisThrottle(app, config.redisUrl)
      : createMemoryLoginThrottle();
    const owned = throttle;
    app.addHook('onClose', () => owned.close());
  }
  return { db, tokens, login: createAdminLoginService({ db, tokens, throttle, now }) };
}

async function connectRedisThrottle(app: FastifyInstance, url: string): Promise<LoginThrottle> {
  // No offline queue: while Redis is away, commands fail at once and the throttle counts in memory.
  const redis = new Redis(url, { lazyConnect: true, enableOfflineQueue: false, connectTimeout: 2_000 });
  let warned = false;
  redis.on('error', (error: Error) => {
    if (warned) return;
    warned = true;
    app.log.warn({ err: error.message }, 'Redis for sign-in rate limits is unreachable; counting in memory');
  });
  redis.on('ready', () => {
    warned = false;
  });
  await redis.connect().catch(() => {
    // reported by the error listener; ioredis keeps reconnecting in the background
  });
  return createRedisLoginThrottle(redis, {
    ownsConnection: true,
    onError: (error) =>
      app.log.warn({ err: String(error) }, 'sign-in rate limit store failed; counting in memory'),
  });
}
