import type { ClinicNow } from '@therapy/shared/open-slots';
import type { SeriesOccurrence } from '@therapy/shared/series-rules';
import type { SeriesClash } from '@therapy/shared/series-schemas';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { BookingRequest, CheckedBooking } from './booking-policy.ts';
import { lockTherapistSchedule } from './bookings-repo.ts';
import { type CreatedBooking, createBooking, type NewBookingDetails } from './create-booking.ts';
import { expireUnpaidHoldsOfDay } from './expire-holds.ts';
import { checkSeriesOccurrences } from './series-clashes.ts';
import { insertSeries, shareConfirmationToken, tieToSeries } from './series-repo.ts';

/**
 * Books a standing appointment as one (decision 055): in the caller's transaction, under the
 * therapist's schedule lock every single booking takes, every session is checked against what
 * holds the therapist's time now, and either all are written (each through createBooking, so the
 * exclusion constraint still has the last word on each) or none: a 409 listing every clash.
 */

export const SERIES_CLASH_MESSAGE =
  'Some dates of this standing appointment are not available. Drop or move them and try again.';

export type SeriesToBook = {
  everyWeeks: 1 | 2;
  patternCount: number;
  pay: 'all' | 'each';
  occurrences: readonly SeriesOccurrence[];
};

export type BookedSeries = { seriesId: number; bookings: CreatedBooking[] };

export async function bookSeries(
  tx: Queryable,
  request: BookingRequest,
  checked: CheckedBooking,
  details: NewBookingDetails,
  series: SeriesToBook,
  clock: ClinicNow,
): Promise<BookedSeries> {
  await lockTherapistSchedule(tx, request.therapistId);
  for (const date of new Set(series.occurrences.map((occurrence) => occurrence.booking_date))) {
    await expireUnpaidHoldsOfDay(tx, request.therapistId, date, details.now);
  }
  const checkedOccurrences = await checkSeriesOccurrences(tx, request.therapistId, series.occurrences, {
    locationId: checked.locationId,
    anyLocation: request.source === 'admin',
    clock,
  });
  const clashes: SeriesClash[] = checkedOccurrences.flatMap(
    ({ reason, booking_date, booking_time_slot_start }) =>
      reason ? [{ booking_date, booking_time_slot_start, reason }] : [],
  );
  if (clashes.length > 0) throw new AppError(409, SERIES_CLASH_MESSAGE, { clashes });

  const seriesId = await insertSeries(tx, {
    therapistId: request.therapistId,
    everyWeeks: series.everyWeeks,
    patternCount: series.patternCount,
    pay: series.pay,
  });
  const bookings: CreatedBooking[] = [];
  for (const occurrence of checkedOccurrences) {
    const created = await createBooking(
      tx,
      { ...request, bookingDate: occurrence.booking_date, startTime: occurrence.booking_time_slot_start },
      { ...checked, endTime: occurrence.booking_time_slot_end! },
      details,
    );
    await tieToSeries(tx, created.id, seriesId, occurrence.position);
    bookings.push(created);
  }
  if (details.source === 'visitor') await shareConfirmationToken(tx, seriesId, bookings[0]!.id);
  return { seriesId, bookings };
}
