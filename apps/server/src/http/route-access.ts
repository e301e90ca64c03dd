import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  FastifySchema,
  FastifyTypeProvider,
  FastifyTypeProviderDefault,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerBase,
  RawServerDefault,
  RouteGenericInterface,
} from 'fastify';

/**
 * Who may call a route: anyone, a signed-in administrator (front desk or superadmin), a
 * superadmin, or a therapist's own sign-in (decision 052). A therapist is no administrator: the
 * admin and superadmin routes refuse it, and the therapist routes refuse administrators.
 */
export type RouteAccess = 'public' | 'admin' | 'superadmin' | 'therapist';
export type AdminRouteInfo = { method: string; url: string; role: Exclude<RouteAccess, 'public'> };

declare module 'fastify' {
  // The same type parameters as fastify's own declaration: TypeScript merges the two.
  interface RouteShorthandOptions<
    RawServer extends RawServerBase = RawServerDefault,
    RawRequest extends RawRequestDefaultExpression<RawServer> = RawRequestDefaultExpression<RawServer>,
    RawReply extends RawReplyDefaultExpression<RawServer> = RawReplyDefaultExpression<RawServer>,
    RouteGeneric extends RouteGenericInterface = RouteGenericInterface,
    ContextConfig = ContextConfigDefault,
    SchemaCompiler extends FastifySchema = FastifySchema,
    TypeProvider extends FastifyTypeProvider = FastifyTypeProviderDefault,
    Logger extends FastifyBaseLogger = FastifyBaseLogger,
  > {
    /**
     * Who may call this route. Required: a route's options without it are a type error, and a
     * route registered without it (or with less than its path needs) stops the app's start.
     */
    access: RouteAccess;
  }
  interface FastifyContextConfig {
    /** The route's `access`, copied here at registration for the guard: not to be set by hand. */
    readonly access?: RouteAccess;
  }
  interface FastifyInstance {
    /** Every route that needs an administrator, with its role: what the authorization tests walk. */
    readonly adminRoutes: readonly AdminRouteInfo[];
    /** Set in the scope of a plugin we don't own (registerPluginRoutes): its routes' access. */
    readonly pluginRouteAccess?: RouteAccess;
  }
}

const ADMIN_PREFIX = '/api/admin';
/** A therapist's own calls: every route under it is declared 'therapist'. */
const THERAPIST_PREFIX = '/api/therapist';
/** The only calls under /api/admin that may be declared public: the sign-in, and an invitation's link (one segment). */
const PUBLIC_ADMIN_PATHS = new Set(['/api/admin/login']);
const PUBLIC_ADMIN_PATTERN = /^\/api\/admin\/invites\/[^/]+$/;
/** Superadmins only: every route under these, whatever it declares, and any path sent there. */
export const SUPERADMIN_PREFIXES = [
  '/api/admin/reports',
  '/api/admin/income',
  '/api/admin/audit-log',
  '/api/admin/system',
  // Each therapist's share of the month (decision 057).
  '/api/admin/payouts',
];
/** How the OpenAPI document says that a route takes the bearer token (scheme: app.ts). */
const BEARER_SECURITY = [{ bearerAuth: [] }];

const ACCESSES: readonly RouteAccess[] = ['public', 'admin', 'superadmin', 'therapist'];

/** The declarations a path's floor allows: at least an admin under /api/admin/, a therapist under /api/therapist/. */
const ALLOWED_BY_FLOOR: Record<RouteAccess, readonly RouteAccess[]> = {
  public: ACCESSES,
  admin: ['admin', 'superadmin'],
  superadmin: ['superadmin'],
  therapist: ['therapist'],
};

/** Whether a route declared `declared` may sit on a path whose floor is `floor`. */
export function meetsFloor(declared: RouteAccess, floor: RouteAccess): boolean {
  return ALLOWED_BY_FLOOR[floor].includes(declared);
}

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

/**
 * The safety net: the least access a path (or route pattern) needs, whatever its route declares.
 * Everything under /api/admin/ but the sign-in needs an admin, reports, income and the audit log
 * a superadmin, everything under /api/therapist/ a therapist, so that a mistaken declaration (or
 * a path matching no route) fails closed.
 */
export function pathFloor(path: string): RouteAccess {
  // Every guarded path spells "admin"; a path that does not, even once decoded (no escapes), is
  // public without the full normalisation (most requests: the public reads).
  const end = path.indexOf('?');
  const pathOnly = end === -1 ? path : path.slice(0, end);
  if (!pathOnly.includes('%') && !/admin|therapist/i.test(pathOnly)) return 'public';
  const normalized = normalizePath(path);
  if (PUBLIC_ADMIN_PATHS.has(normalized) || PUBLIC_ADMIN_PATTERN.test(normalized)) return 'public';
  if (SUPERADMIN_PREFIXES.some((prefix) => underPrefix(normalized, prefix))) return 'superadmin';
  if (underPrefix(normalized, ADMIN_PREFIX)) return 'admin';
  if (underPrefix(normalized, THERAPIST_PREFIX)) return 'therapist';
  return 'public';
}

/**
 * On the root instance, before any route: every route must declare its `access`, at least what
 * its path needs, or the registration throws and the app does not start. Copies the declaration
 * into the route's config (for the guard), marks admin routes with the bearer scheme in the
 * OpenAPI document and lists them in `app.adminRoutes`.
 */
export function registerRouteAccess(app: FastifyInstance) {
  const adminRoutes: AdminRouteInfo[] = [];
  app.decorate('adminRoutes', adminRoutes);
  app.addHook('onRoute', function checkAccess(route) {
    const methods = [route.method].flat();
    const name = `${methods.join(',')} ${route.url}`;
    const access: RouteAccess | undefined = route.access ?? this.pluginRouteAccess;
    if (!access || !ACCESSES.includes(access)) {
      throw new Error(
        `Route ${name} declares no access: give it access 'public', 'admin', 'superadmin' or 'therapist'`,
      );
    }
    const floor = pathFloor(route.url);
    if (!meetsFloor(access, floor)) {
      throw new Error(`Route ${name} is declared '${access}' but its path needs '${floor}'`);
    }
    route.config = { ...route.config, access };
    if (access === 'public') return;
    route.schema = { ...route.schema, security: route.schema?.security ?? BEARER_SECURITY };
    for (const method of methods) {
      if (method !== 'HEAD') adminRoutes.push({ method, url: route.url, role: access });
    }
  });
}

/**
 * Registers plugins we don't own, whose routes cannot declare their access (the API's
 * documentation, the web app's files): `register` registers them on a scope of their own, where
 * every route gets `access`. The safety net still holds: such a route under /api/admin/ (or one
 * needing more) stops the app's start.
 */
export async function registerPluginRoutes(
  app: FastifyInstance,
  access: RouteAccess,
  register: (scope: FastifyInstance) => PromiseLike<unknown>,
) {
  await app.register(async (scope) => {
    scope.decorate('pluginRouteAccess', access);
    await register(scope);
  });
}
