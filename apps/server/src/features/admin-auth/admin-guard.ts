import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { INACTIVE_MESSAGE, NOT_ADMIN_MESSAGE } from './admin-login-service.ts';
import type { AdminTokens } from './admin-token.ts';
import { findAdminById } from './admin-users-repo.ts';

/** The signed-in administrator of a request that passed the guard. */
export type AdminPrincipal = { id: number; email: string; isSuperadmin: boolean };

export type AdminRole = 'public' | 'admin' | 'superadmin';
export type AdminRouteInfo = { method: string; url: string; role: Exclude<AdminRole, 'public'> };

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the admin guard on every admin route; null elsewhere. */
    admin: AdminPrincipal | null;
  }
  interface FastifyContextConfig {
    /** Requires a signed-in admin, for a route outside /api/admin/. */
    admin?: boolean;
    /** Requires a superadmin. */
    superadmin?: boolean;
  }
  interface FastifyInstance {
    /** Every route the admin guard protects, with its role: what the authorization tests walk. */
    readonly adminRoutes: readonly AdminRouteInfo[];
  }
}

const ADMIN_PREFIX = '/api/admin';
/** The only call under /api/admin that needs no token. */
const PUBLIC_ADMIN_PATHS = new Set(['/api/admin/login']);
/**
 * Superadmins only: these prefixes cover every route under them, including ones registered
 * later by other features (reports and income), besides routes with `config.superadmin`.
 */
export const SUPERADMIN_PREFIXES = ['/api/admin/reports', '/api/admin/income', '/api/admin/audit-log'];

export const NOT_AUTHENTICATED = 'Not authenticated';
export const INVALID_TOKEN = 'Invalid or expired token';
export const SESSION_ENDED = 'Your session has ended. Please log in again.';
export const SUPERADMIN_REQUIRED = 'This action needs a superadmin.';

const underPrefix = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

function normalizePath(url: string): string {
  const path = url.split('?')[0] ?? '/';
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // keep it as sent: a malformed escape matches no route anyway
  }
  return decoded
    .toLowerCase()
    .replace(/\/+/g, '/')
    .replace(/(.)\/$/, '$1');
}

/** The one place that says which role a path (or route pattern) and its route config need. */
export function roleFor(path: string, config?: { admin?: boolean; superadmin?: boolean }): AdminRole {
  const normalized = normalizePath(path);
  if (PUBLIC_ADMIN_PATHS.has(normalized)) return 'public';
  if (config?.superadmin || SUPERADMIN_PREFIXES.some((prefix) => underPrefix(normalized, prefix))) {
    return 'superadmin';
  }
  if (config?.admin || underPrefix(normalized, ADMIN_PREFIX)) return 'admin';
  return 'public';
}

const RANK: Record<AdminRole, number> = { public: 0, admin: 1, superadmin: 2 };

function unauthorized(reply: FastifyReply, message: string): AppError {
  reply.header('www-authenticate', 'Bearer');
  return new AppError(401, message);
}

/**
 * Registers the guard on the root instance, before any route: an onRequest hook that checks the
 * bearer token, the admin user (exists, active, is_admin, same token_version) and the role of
 * every admin route, whatever feature registers it. Requests under /api/admin/ that match no
 * route are refused the same way, so an unauthenticated caller learns nothing about them.
 */
export function registerAdminGuard(app: FastifyInstance, deps: { db: Database; tokens: AdminTokens }) {
  const routes: AdminRouteInfo[] = [];
  app.decorate('adminRoutes', routes);
  app.decorateRequest('admin', null);

  app.addHook('onRoute', (route) => {
    const role = roleFor(route.url, route.config);
    if (role === 'public') return;
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routes.push({ method, url: route.url, role });
    }
  });

  app.addHook('onRequest', async (request, reply) => {
    // Both the matched route's pattern and the path as sent: the stricter one wins.
    const byPath = roleFor(request.url);
    const byRoute = request.routeOptions.url
      ? roleFor(request.routeOptions.url, request.routeOptions.config)
      : 'public';
    const role = RANK[byRoute] > RANK[byPath] ? byRoute : byPath;
    if (role === 'public') return;
    request.admin = await authenticate(request, reply, deps);
    if (role === 'superadmin' && !request.admin.isSuperadmin) throw new AppError(403, SUPERADMIN_REQUIRED);
  });
}

async function authenticate(
  request: FastifyRequest,
  reply: FastifyReply,
  { db, tokens }: { db: Database; tokens: AdminTokens },
): Promise<AdminPrincipal> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  if (!match?.[1]) throw unauthorized(reply, NOT_AUTHENTICATED);
  const claims = await tokens.verify(match[1]);
  if (!claims) throw unauthorized(reply, INVALID_TOKEN);
  const user = await findAdminById(db, claims.adminId);
  // Deactivation and password resets raise token_version: earlier tokens end here.
  if (!user || user.token_version !== claims.tokenVersion) throw unauthorized(reply, SESSION_ENDED);
  if (!user.is_active) throw unauthorized(reply, INACTIVE_MESSAGE);
  if (!user.is_admin) throw new AppError(403, NOT_ADMIN_MESSAGE);
  return { id: user.id, email: user.email, isSuperadmin: user.is_superadmin };
}

/** The guard's principal inside an admin route handler. */
export function requireAdmin(request: FastifyRequest): AdminPrincipal {
  if (!request.admin) throw new AppError(401, NOT_AUTHENTICATED);
  return request.admin;
}
