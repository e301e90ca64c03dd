/**
 * The web app's one HTTP client: the public pages call it directly, the admin screens through
 * `adminRequest` (features/admin/admin-http.ts), which adds the token and ends the session on 401.
 */

/** A failed call: `message` is the server's `detail` or `message`, else 'HTTP error! status: N'. */
export class ApiError extends Error {
  readonly status: number;
  /** The message the server sent, if any. */
  readonly serverMessage: string | undefined;

  /** `message` replaces the usual text where a screen has its own (sign-in, expired session). */
  constructor(status: number, serverMessage: string | undefined, message?: string) {
    super(message ?? serverMessage ?? `HTTP error! status: ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
  }

  get unauthorized(): boolean {
    return this.status === 401;
  }
}

/**
 * The server answered, but not in the shape the screen needs (a half-deployed update, a proxy's
 * page): the screen shows its load failure rather than a wrong figure.
 */
export class UnexpectedAnswerError extends Error {
  constructor() {
    super('The server sent an answer this page does not understand.');
    this.name = 'UnexpectedAnswerError';
  }
}

/**
 * What a response schema must offer. The shared zod/mini schemas fit; typed by shape so that
 * this file, which the first screen loads, does not bring zod with it: only callers that parse do.
 */
export type ResponseSchema<T> = {
  safeParse(data: unknown): { success: true; data: T } | { success: false };
};

export type RequestOptions<T> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as it is, with its own type (a photo upload). */
  file?: Blob;
  /** Sent form-encoded (the admin login, as the specification says). */
  form?: URLSearchParams;
  headers?: Record<string, string>;
  signal?: AbortSignal | undefined;
  /** Checks the answer: a wrong shape fails the call with `UnexpectedAnswerError`. */
  schema?: ResponseSchema<T>;
};

/** The server's `detail` (or `message`) of an error body. */
export function messageOf(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const { detail, message } = body as { detail?: unknown; message?: unknown };
  if (typeof detail === 'string' && detail) return detail;
  if (typeof message === 'string' && message) return message;
  return undefined;
}

function bodyOf({ json, form, file }: RequestOptions<unknown>): {
  type?: string;
  body: string | Blob | null;
} {
  if (json !== undefined) return { type: 'application/json', body: JSON.stringify(json) };
  if (file) return { type: file.type, body: file };
  if (form) return { type: 'application/x-www-form-urlencoded', body: form.toString() };
  return { body: null };
}

/** The answer as `schema` reads it, or `UnexpectedAnswerError`. */
export function parseAnswer<T>(schema: ResponseSchema<T>, answer: unknown): T {
  const parsed = schema.safeParse(answer);
  if (!parsed.success) throw new UnexpectedAnswerError();
  return parsed.data;
}

/** One call: its answer, or an `ApiError` (the server said no) or `UnexpectedAnswerError`. */
export async function request<T>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const { type, body } = bodyOf(options);
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (type) headers['content-type'] = type;
  const response = await fetch(path, {
    method: options.method ?? 'GET',
    headers,
    body,
    signal: options.signal ?? null,
  });
  const answer: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw new ApiError(response.status, messageOf(answer));
  return options.schema ? parseAnswer(options.schema, answer) : (answer as T);
}

export function getJson<T>(path: string, signal?: AbortSignal, schema?: ResponseSchema<T>): Promise<T> {
  return request<T>(path, { signal, schema });
}

/**
 * A GET parsed by a schema from a module loaded beside the answer (a dynamic import), so the
 * schemas and zod stay out of the first screen (decision 007): `schemaOf` picks it from the module.
 */
export async function getJsonParsedLazily<T, Schemas>(
  path: string,
  loadSchemas: () => Promise<Schemas>,
  schemaOf: (schemas: Schemas) => ResponseSchema<T>,
  signal?: AbortSignal,
): Promise<T> {
  const [schemas, answer] = await Promise.all([loadSchemas(), getJson<unknown>(path, signal)]);
  return parseAnswer(schemaOf(schemas), answer);
}

export function postJson<T>(path: string, json: unknown, schema?: ResponseSchema<T>): Promise<T> {
  return request<T>(path, { method: 'POST', json, schema });
}

/** Query string from the values that are set. */
export function queryString(params: Record<string, string | number | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
