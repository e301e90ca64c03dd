import type { AdminBooking } from '@therapy/shared/admin-schemas';
import { addDays, normalizeTime } from '@therapy/shared/clinic-time';
import type { ManualBookingRequest } from '@therapy/shared/manual-booking-schemas';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/button';
import { ModalDialog } from '../../../components/modal-dialog';
import { SeriesClashError } from '../../../kit/series/series-api';
import { keptRows, type SeriesPattern, seriesRows } from '../../../kit/series/series-rows';
import { clinicToday } from '../admin-format';
import { errorMessage } from '../admin-http';
import { BookingAtAGlance } from '../ui/booking-at-a-glance';
import { showSuccess } from '../ui/toast-store';
import { RepeatChoiceFields } from './repeat-choice';
import { createAdminSeries } from './series-admin-api';
import { SeriesDatesEditor } from './series-dates-editor';
import { useSeriesChoice } from './use-series-choice';

/** The first date after `booking`'s of its every-`everyWeeks` pattern that is today or later. */
export function nextRepeatDate(bookingDate: string, everyWeeks: 1 | 2, today: string): string {
  let date = addDays(bookingDate, 7 * everyWeeks);
  // Bounded: a booking is at most a few years old (retention), so this is a few hundred steps.
  for (let step = 0; date < today && step < 1000; step += 1) date = addDays(date, 7 * everyWeeks);
  return date;
}

/** The booking's client, therapist, place and price, as a manual booking (the server re-checks all). */
export function requestFrom(booking: AdminBooking): ManualBookingRequest {
  const offline = booking.booking_type === 'OFFLINE';
  return {
    therapist_id: booking.therapist_id,
    booking_date: booking.booking_date,
    booking_time_slot_start: normalizeTime(booking.booking_time_slot_start).slice(0, 5),
    client_full_name: booking.client_full_name ?? '',
    client_email: booking.client_email ?? '',
    client_mobile: booking.client_mobile ?? '',
    client_note: null,
    booking_type: booking.booking_type,
    location_id: offline ? booking.location_id : 0,
    amount: booking.amount,
    admin_confirmed: true,
    payment_status: offline ? 'PENDING' : 'COMPLETED',
    terms_accepted: true,
    service_id: booking.service_id,
  };
}

type RepeatBookingDialogProps = {
  booking: AdminBooking;
  onClose: () => void;
  /** The series was booked: the lists reload. */
  onCreated: () => void;
};

/**
 * "Repeat weekly…" on a booking (issue 26): the same client, therapist, place and time every week
 * or every 2 weeks from the next such date on, as one standing appointment booked all or nothing
 * (POST /api/admin/bookings with `repeat`). Dates taken come back marked, to leave out or move.
 */
export function RepeatBookingDialog({ booking, onClose, onCreated }: RepeatBookingDialogProps) {
  const [every, setEvery] = useState<1 | 2>(1);
  const first = nextRepeatDate(booking.booking_date, every, clinicToday());
  const series = useSeriesChoice(first, booking.booking_time_slot_start, { every_weeks: 1, count: 4 });
  const pattern = series.pattern as SeriesPattern;
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const formId = `repeat-booking-${booking.id}`;
  const sessions = keptRows(seriesRows(pattern)).length;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const result = await createAdminSeries(requestFrom(booking), pattern);
      showSuccess(result.message || `Standing appointment of ${sessions} sessions created.`);
      onCreated();
    } catch (error) {
      setBusy(false);
      if (error instanceof SeriesClashError) {
        series.setClashes(error.clashes);
        return;
      }
      setFailure(errorMessage(error, 'The standing appointment could not be created. Please try again.'));
    }
  };

  return (
    <ModalDialog
      title={`Repeat booking ${booking.id}`}
      size="large"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={onClose}>
            Cancel
          </button>
          <Button type="submit" form={formId} busy={busy} busyLabel="Creating..." disabled={sessions < 2}>
            {`Create ${sessions} sessions`}
          </Button>
        </>
      }
    >
      <form id={formId} className="admin-form" onSubmit={submit} noValidate>
        <BookingAtAGlance booking={booking} timeLabel="This booking:" />
        <RepeatChoiceFields
          value={series.choice}
          countLabel="Sessions after this one"
          onChange={(next) => {
            setEvery(next.every_weeks === 2 ? 2 : 1);
            series.setChoice(next);
          }}
        />
        {failure && (
          <p className="admin-alert admin-alert--error" role="alert">
            {failure}
          </p>
        )}
        <SeriesDatesEditor
          pattern={pattern}
          clashes={series.clashes}
          therapistId={booking.therapist_id}
          placeId={booking.booking_type === 'OFFLINE' ? booking.location_id : 0}
          online={booking.booking_type === 'ONLINE'}
          onChange={series.setEdits}
        />
      </form>
    </ModalDialog>
  );
}
