import { adminToken, clearAdminSession } from './admin-session';

export const UNAUTHORIZED_MESSAGE = 'Unauthorized. Please log in again.';
export const NO_TOKEN_MESSAGE = 'No admin authentication token found.';

/** A failed admin call: the server's `detail` or `message`, else 'HTTP error! status: N'. */
export class AdminApiError extends Error {
  readonly status: number;
  /** What the server said, if anything. */
  readonly serverMessage: string | undefined;

  constructor(status: number, message: string, serverMessage?: string) {
    super(message);
    this.name = 'AdminApiError';
    this.status = status;
    this.serverMessage = serverMessage;
  }

  get unauthorized(): boolean {
    return this.status === 401;
  }
}

export function messageOf(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const { detail, message } = body as { detail?: unknown; message?: unknown };
  if (typeof detail === 'string' && detail) return detail;
  if (typeof message === 'string' && message) return message;
  return undefined;
}

type AdminRequest = {
  method?: 'GET' | 'POST';
  /** Sent as JSON. */
  json?: unknown;
  signal?: AbortSignal | undefined;
};

/**
 * An admin call with the bearer token. A 401 (or no token at all) ends the session here: the
 * stored credentials are cleared, so the admin screens send the user back to the login.
 */
export async function adminRequest<T>(path: string, { method = 'GET', json, signal }: AdminRequest = {}) {
  const token = adminToken();
  if (!token) {
    clearAdminSession(NO_TOKEN_MESSAGE);
    throw new AdminApiError(401, NO_TOKEN_MESSAGE);
  }
  const headers: Record<string, string> = { accept: 'application/json', authorization: `Bearer ${token}` };
  if (json !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(path, {
    method,
    headers,
    body: json === undefined ? null : JSON.stringify(json),
    signal: signal ?? null,
  });
  const body: unknown = await response.json().catch(() => undefined);
  if (response.status === 401) {
    clearAdminSession(UNAUTHORIZED_MESSAGE);
    throw new AdminApiError(401, UNAUTHORIZED_MESSAGE, messageOf(body));
  }
  if (!response.ok) {
    const serverMessage = messageOf(body);
    throw new AdminApiError(
      response.status,
      serverMessage ?? `HTTP error! status: ${response.status}`,
      serverMessage,
    );
  }
  return body as T;
}

/** The server's message of a failed call, or `fallback` (network failures, unexpected errors). */
export function errorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof AdminApiError)) return fallback;
  return error.unauthorized ? UNAUTHORIZED_MESSAGE : (error.serverMessage ?? fallback);
}

/** A failed load as the screens show it: the call's own message, or `fallback` when the network failed. */
export function loadErrorMessage(error: unknown, fallback: string): string {
  return error instanceof AdminApiError ? error.message : fallback;
}
