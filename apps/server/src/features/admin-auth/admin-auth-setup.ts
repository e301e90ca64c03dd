import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { loadJwtSecret } from '../../secrets.ts';
import { registerAdminGuard } from './admin-guard.ts';
import { createAdminLoginService } from './admin-login-service.ts';
import { createAdminTokens } from './admin-token.ts';
import { createMemoryLoginThrottle, type LoginThrottle } from './login-throttle.ts';
import { createRedisLoginThrottle } from './login-throttle-redis.ts';

export type AdminAuthDeps = {
  config: AppConfig;
  db: Database;
  /** The token signing key; read (or generated) from configuration and DATA_DIR when absent. */
  jwtSecret?: string;
  /** Sign-in rate limits; in `redis`, or in memory, when absent. */
  loginThrottle?: LoginThrottle;
  /** The instance's shared Redis connection (REDIS_URL), if any; the app closes it. */
  redis?: Redis;
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
    throttle = deps.redis
      ? createRedisLoginThrottle(deps.redis, {
          onError: (error) =>
            app.log.warn({ err: String(error) }, 'sign-in rate limit store failed; counting in memory'),
        })
      : createMemoryLoginThrottle();
    const owned = throttle;
    app.addHook('onClose', () => owned.close());
  }
  return { db, tokens, login: createAdminLoginService({ db, tokens, throttle, now }) };
}
