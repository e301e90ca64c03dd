import type { ManualBookingRequest, ManualBookingResult } from '@therapy/shared/manual-booking-schemas';
import { type SeriesPreview, seriesPreviewSchema } from '@therapy/shared/series-schemas';
import { type PreviewRequest, postSeries } from '../../../kit/series/series-api';
import type { SeriesPattern } from '../../../kit/series/series-rows';
import { repeatOf } from '../../../kit/series/series-rows';
import { ApiError } from '../../../lib/api-client';
import { adminRequest, UNAUTHORIZED_MESSAGE } from '../admin-http';
import { adminToken, clearAdminSession } from '../admin-session';

/**
 * POST /api/admin/bookings with `repeat` (decision 055): the front desk's standing appointment,
 * booked all or nothing; a 409 is a `SeriesClashError` naming the dates that were taken. The
 * session ends on a 401 as every admin call's does (admin-http.ts).
 */
export async function createAdminSeries(
  request: ManualBookingRequest,
  pattern: SeriesPattern,
): Promise<ManualBookingResult> {
  const token = adminToken();
  try {
    if (!token) throw new ApiError(401, undefined);
    return await postSeries<ManualBookingResult>(
      '/api/admin/bookings',
      { ...request, booking_date: pattern.first, repeat: repeatOf(pattern) },
      { authorization: `Bearer ${token}` },
    );
  } catch (error) {
    if (!(error instanceof ApiError) || !error.unauthorized) throw error;
    clearAdminSession(UNAUTHORIZED_MESSAGE);
    throw new ApiError(401, error.serverMessage, UNAUTHORIZED_MESSAGE);
  }
}

/** POST /api/admin/bookings/series-preview: the dates before Create, each open or why not. */
export const previewAdminSeries = (body: PreviewRequest, signal?: AbortSignal): Promise<SeriesPreview> =>
  adminRequest('/api/admin/bookings/series-preview', {
    method: 'POST',
    json: body,
    signal,
    schema: seriesPreviewSchema,
  });
