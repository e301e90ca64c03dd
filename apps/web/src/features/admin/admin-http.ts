import { ApiError, type RequestOptions, request } from '../../lib/api-client';
import { adminToken, clearAdminSession } from './admin-session';

export const UNAUTHORIZED_MESSAGE = 'Unauthorized. Please log in again.';
export const NO_TOKEN_MESSAGE = 'No admin authentication token found.';

/**
 * An admin call: the one client with the bearer token. A 401 (or no token at all) ends the
 * session here: the stored credentials are cleared, so the admin screens send the user back to
 * the login with the reason. A 403 (a superadmin's call made by an admin) stays an `ApiError`
 * carrying the server's message, which the screen shows.
 */
export async function adminRequest<T>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const token = adminToken();
  if (!token) {
    clearAdminSession(NO_TOKEN_MESSAGE);
    throw new ApiError(401, undefined, NO_TOKEN_MESSAGE);
  }
  try {
    return await request(path, {
      ...options,
      headers: { ...options.headers, authorization: `Bearer ${token}` },
    });
  } catch (error) {
    if (!(error instanceof ApiError) || !error.unauthorized) throw error;
    clearAdminSession(UNAUTHORIZED_MESSAGE);
    throw new ApiError(401, error.serverMessage, UNAUTHORIZED_MESSAGE);
  }
}

/** The server's message of a failed call, or `fallback` (network failures, unexpected errors). */
export function errorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  return error.unauthorized ? UNAUTHORIZED_MESSAGE : (error.serverMessage ?? fallback);
}

/**
 * A failed load as the screens show it: the call's own message, or `fallback` when the network
 * failed or the answer had the wrong shape.
 */
export function loadErrorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}

/**
 * The server refused the call to this admin (403: a superadmin's screen): trying again cannot
 * help, so the screen says why instead of offering Retry.
 */
export function isForbidden(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403;
}

/** One page of what the server pages by cursor: `limit` rows after `cursor` (the last page's `next_cursor`). */
export type PageRequest = { limit: number; cursor?: string };

/** A number or name as one segment of a call's path. */
export const pathId = (value: number | string) => encodeURIComponent(String(value));
