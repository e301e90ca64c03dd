/**
 * A session's place in its standing appointment ("3 of 8"), as the admin's and the therapist's
 * booking answers carry it (`series: {series_id, position, count} | null`, CONTRACT.md "Standing
 * appointments"). Read defensively, so a screen shows nothing for a single booking, or for an
 * answer from a server that does not send the field yet.
 */
export type SeriesPlace = { position: number; count: number };

export function seriesPlaceOf(row: object): SeriesPlace | null {
  const series: unknown = (row as { series?: unknown }).series;
  if (!series || typeof series !== 'object') return null;
  const { position, count } = series as { position?: unknown; count?: unknown };
  if (!Number.isInteger(position) || !Number.isInteger(count)) return null;
  if ((position as number) < 1 || (count as number) < 1) return null;
  return { position: position as number, count: count as number };
}
