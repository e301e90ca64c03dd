import { addDays } from '@therapy/shared/clinic-time';
import type { OpenSlot } from '@therapy/shared/schedule-schemas';
import { mondayOf, SERIES_DEFAULT_MAX_SESSIONS, SERIES_MIN_SESSIONS } from '@therapy/shared/series-rules';
import {
  type SeriesClash,
  type SeriesPreview,
  seriesConflictSchema,
  seriesPreviewSchema,
} from '@therapy/shared/series-schemas';
import { ApiError, getJson, getJsonParsedLazily, postJson, queryString } from '../../lib/api-client';

/**
 * The calls of a standing appointment before it is booked (decision 055): the dates' check, the
 * open times of one week (to move a session within its week), the clinic's most sessions, and the
 * booking itself, whose refusal names the dates that were taken.
 */

export type PreviewRequest = {
  therapist_id: number;
  booking_type: 'ONLINE' | 'OFFLINE';
  location_id: number;
  booking_date: string;
  booking_time_slot_start: string;
  repeat: { every_weeks: 1 | 2; count: number; skip?: string[]; moves?: unknown[] };
};

/** POST /api/bookings/series-preview: each date open now, or why not (nothing is held). */
export const previewSeries = (body: PreviewRequest): Promise<SeriesPreview> =>
  postJson('/api/bookings/series-preview', body, seriesPreviewSchema);

/** The therapist's open times of the Monday-to-Sunday week `date` falls in (GET /api/open-slots). */
export async function loadWeekSlots(
  therapistId: number,
  date: string,
  signal?: AbortSignal,
): Promise<OpenSlot[]> {
  const monday = mondayOf(date);
  const query = queryString({ therapist_id: therapistId, from: monday, to: addDays(monday, 6) });
  // The catalogue's schemas chunk (lib/catalog-api.ts), usually loaded by then.
  return getJsonParsedLazily(
    `/api/open-slots${query}`,
    () => import('@therapy/shared/catalog-list-schemas'),
    (schemas) => schemas.openSlotListSchema,
    signal,
  );
}

/** SERIES_MAX_SESSIONS as GET /api/clinic gives it (the wizard's other settings come from there too). */
export async function loadSeriesMaxSessions(signal?: AbortSignal): Promise<number> {
  const answer = await getJson<{ series_max_sessions?: unknown }>('/api/clinic', signal);
  const max = answer?.series_max_sessions;
  return typeof max === 'number' && Number.isInteger(max) && max >= SERIES_MIN_SESSIONS
    ? max
    : SERIES_DEFAULT_MAX_SESSIONS;
}

/** A series the server refused because some of its dates are taken: nothing was booked. */
export class SeriesClashError extends ApiError {
  readonly clashes: SeriesClash[];
  constructor(detail: string, clashes: SeriesClash[]) {
    super(409, detail);
    this.name = 'SeriesClashError';
    this.clashes = clashes;
  }
}

/**
 * POSTs a booking with `repeat`. A 409 carrying `clashes` becomes a `SeriesClashError`; anything
 * else as the one HTTP client answers it. (The client's ApiError keeps no body: it is on the
 * wizard's first screen, which must not grow, so this one call reads its own answer.)
 */
export async function postSeries<T>(
  path: string,
  json: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const response = await fetch(path, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json', ...headers },
    body: JSON.stringify(json),
  });
  const answer: unknown = await response.json().catch(() => undefined);
  if (response.ok) return answer as T;
  // Any error's `detail` reads the same way; only a 409 carries `clashes`.
  const refusal = seriesConflictSchema.safeParse(answer);
  const detail = refusal.success ? refusal.data.detail : undefined;
  if (response.status === 409 && refusal.success && refusal.data.clashes?.length) {
    throw new SeriesClashError(refusal.data.detail, refusal.data.clashes);
  }
  throw new ApiError(response.status, detail);
}
