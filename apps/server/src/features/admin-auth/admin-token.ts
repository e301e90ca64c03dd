import type { AdminRole } from '@therapy/shared/admin-schemas';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

/**
 * Admin access tokens: HS256 JWTs signed with JWT_SECRET (or the generated secret in DATA_DIR).
 * `sub` is the admin's id and `tv` the admin's token_version at sign-in: deactivation and
 * password resets raise token_version, so every earlier token stops working at once. `role` is
 * the login's role at sign-in (a therapist's login carries 'therapist', decision 052); the guard
 * still reads the user's row on every request, and ends a token whose role is no longer true.
 */
export const TOKEN_LIFETIME_SECONDS = 8 * 60 * 60;
const ISSUER = 'therapy-booking';
const AUDIENCE = 'admin';

/** `role` is absent only from tokens issued before roles (they end within 8 hours). */
export type TokenClaims = { adminId: number; tokenVersion: number; role?: AdminRole };
const ROLES: readonly unknown[] = ['superadmin', 'admin', 'therapist'] satisfies AdminRole[];

export function createAdminTokens(secret: string, now: () => Date = () => new Date()) {
  const key = new TextEncoder().encode(secret);
  const seconds = () => Math.floor(now().getTime() / 1000);

  return {
    lifetimeSeconds: TOKEN_LIFETIME_SECONDS,

    async issue(claims: TokenClaims): Promise<string> {
      const issuedAt = seconds();
      return new SignJWT({ tv: claims.tokenVersion, ...(claims.role ? { role: claims.role } : {}) })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(claims.adminId))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + TOKEN_LIFETIME_SECONDS)
        .sign(key);
    },

    /** The token's claims, or undefined when it is malformed, forged, expired or not ours. */
    async verify(token: string): Promise<TokenClaims | undefined> {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          currentDate: now(),
          requiredClaims: ['sub', 'exp', 'tv'],
        });
        const adminId = Number(payload.sub);
        const tokenVersion = payload.tv;
        if (!Number.isInteger(adminId) || adminId <= 0 || typeof tokenVersion !== 'number') return undefined;
        if (payload.role === undefined) return { adminId, tokenVersion };
        if (!ROLES.includes(payload.role)) return undefined;
        return { adminId, tokenVersion, role: payload.role as AdminRole };
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return undefined;
        throw error;
      }
    },
  };
}

export type AdminTokens = ReturnType<typeof createAdminTokens>;
