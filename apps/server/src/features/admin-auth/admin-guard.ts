import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { pathFloor, type RouteAccess, registerRouteAccess } from '../../http/route-access.ts';
import { INACTIVE_MESSAGE, NOT_ADMIN_MESSAGE } from './admin-login-service.ts';
import { roleOf } from './admin-role.ts';
import type { AdminTokens } from './admin-token.ts';
import { findAdminById } from './admin-users-repo.ts';

/**
 * The signed-in user of a request that passed the guard: an administrator, or a therapist's login
 * (`therapistId` set, decision 052), which only the 'therapist' routes let through.
 */
export type AdminPrincipal = { id: number; email: string; isSuperadmin: boolean; therapistId: number | null };

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the admin guard on every admin route; null elsewhere. */
    admin: AdminPrincipal | null;
  }
}

export const NOT_AUTHENTICATED = 'Not authenticated';
export const INVALID_TOKEN = 'Invalid or expired token';
export const SESSION_ENDED = 'Your session has ended. Please log in again.';
export const SUPERADMIN_REQUIRED = 'This action needs a superadmin.';
export const NOT_FOR_THERAPISTS = "A therapist's sign-in opens only the therapist's own pages.";
export const THERAPIST_REQUIRED = "This call is for a therapist's own sign-in.";

function unauthorized(reply: FastifyReply, message: string): AppError {
  reply.header('www-authenticate', 'Bearer');
  return new AppError(401, message);
}

/**
 * Registers the guard on the root instance, before any route. Every route declares its access
 * (route-access.ts refuses one that does not); an onRequest hook checks the bearer token, the
 * admin user (exists, active, is_admin, same token_version) and the role that access needs. The
 * path's own floor (pathFloor) is the safety net: the stricter of the two wins, and requests under
 * /api/admin/ that match no route are refused the same way, so an unauthenticated caller learns
 * nothing about them.
 */
export function registerAdminGuard(app: FastifyInstance, deps: { db: Database; tokens: AdminTokens }) {
  registerRouteAccess(app);
  app.decorateRequest('admin', null);

  // A callback hook: public reads (most requests) pass without a promise (ADR 036).
  app.addHook('onRequest', (request, reply, done) => {
    // The route's declaration, the matched route's pattern and the path as sent: the strictest wins.
    const route = request.routeOptions;
    const declared = route.config.access ?? 'public';
    const byPattern = route.url ? pathFloor(route.url) : 'public';
    const needs = [declared, byPattern, pathFloor(request.url)].filter((access) => access !== 'public');
    if (needs.length === 0) return done();
    authenticate(request, reply, deps).then((admin) => {
      request.admin = admin;
      done(refusal(needs, admin));
    }, done);
  });
}

/** Why `admin` may not call a route that needs every one of `needs`: each must let it through. */
function refusal(needs: readonly RouteAccess[], admin: AdminPrincipal): AppError | undefined {
  const isTherapist = admin.therapistId !== null;
  for (const need of needs) {
    if (need === 'therapist' && !isTherapist) return new AppError(403, THERAPIST_REQUIRED);
    if (need !== 'therapist' && isTherapist) return new AppError(403, NOT_FOR_THERAPISTS);
    if (need === 'superadmin' && !admin.isSuperadmin) return new AppError(403, SUPERADMIN_REQUIRED);
  }
  return undefined;
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
  // A token names the role it was issued for: a login whose role changed since signs in again.
  if (claims.role !== undefined && claims.role !== roleOf(user)) throw unauthorized(reply, SESSION_ENDED);
  // A therapist the superadmin deactivated is signed out at once, as a deactivated login is.
  if (user.therapist_id !== null && !user.therapist_is_active) throw unauthorized(reply, SESSION_ENDED);
  if (!user.is_active) throw unauthorized(reply, INACTIVE_MESSAGE);
  if (!user.is_admin) throw new AppError(403, NOT_ADMIN_MESSAGE);
  return { id: user.id, email: user.email, isSuperadmin: user.is_superadmin, therapistId: user.therapist_id };
}

/** The guard's principal inside an admin route handler. */
export function requireAdmin(request: FastifyRequest): AdminPrincipal {
  if (!request.admin) throw new AppError(401, NOT_AUTHENTICATED);
  return request.admin;
}

/** The signed-in therapist inside a 'therapist' route: its login and the therapist it is tied to. */
export type TherapistPrincipal = { adminId: number; therapistId: number };

/** The signed-in therapist of a 'therapist' route (the guard let only a therapist's login through). */
export function requireTherapist(request: FastifyRequest): TherapistPrincipal {
  const admin = requireAdmin(request);
  if (admin.therapistId === null) throw new AppError(403, THERAPIST_REQUIRED);
  return { adminId: admin.id, therapistId: admin.therapistId };
}
