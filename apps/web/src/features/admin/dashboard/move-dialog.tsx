import type { AdminBooking } from '@therapy/shared/admin-schemas';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/button';
import { ModalDialog } from '../../../components/modal-dialog';
import { formatLongDate } from '../../../lib/format';
import { formatDate, formatTime } from '../admin-format';
import { errorMessage } from '../admin-http';
import { BookingAtAGlance } from '../ui/booking-at-a-glance';
import { showSuccess } from '../ui/toast-store';
import { moveBooking } from './dashboard-api';
import { MoveTimes, useMoveTimes } from './move-times';
import './move-dialog.css';

type MoveDialogProps = {
  booking: AdminBooking;
  onClose: () => void;
  /** The booking moved: the lists reload. */
  onMoved: (moved: AdminBooking) => void;
};

const when = (date: string, start: string) => `${formatDate(date)} at ${formatTime(start)}`;

/**
 * The front desk moves a client's booking (a client who calls): the therapist's open times at the
 * booking's own place, then Move. The server moves it as the client's manage link does (same
 * rules, e-mails and invite update); a time taken meanwhile (409) shows the server's words, fresh
 * times, and the dialog stays open.
 */
export function MoveDialog({ booking, onClose, onMoved }: MoveDialogProps) {
  const { times, slots, date, start, pick, busy, failure, submit } = useMove(booking, onMoved);
  const formId = `move-booking-${booking.id}`;
  return (
    <ModalDialog
      title={`Move booking ${booking.id}`}
      size="large"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={onClose}>
            Cancel
          </button>
          <Button type="submit" form={formId} busy={busy} busyLabel="Moving..." disabled={!start}>
            Move booking
          </Button>
        </>
      }
    >
      <form id={formId} className="admin-move" onSubmit={submit} noValidate>
        <BookingAtAGlance booking={booking} timeLabel="Now" />
        {failure && (
          <p className="admin-alert admin-alert--error" role="alert">
            {failure}
          </p>
        )}
        <MoveTimes
          booking={booking}
          slots={slots}
          times={times}
          date={date}
          start={start}
          onDate={(next) => pick({ date: next, start: null })}
          onStart={(next) => pick({ date, start: next })}
        />
        <p className="admin-move__choice tabular-nums" aria-live="polite">
          {date && start ? `New time: ${formatLongDate(date)} at ${formatTime(start)}` : 'Choose a new time.'}
        </p>
      </form>
    </ModalDialog>
  );
}

/** The open times, the day and time picked, and the move itself. */
function useMove(booking: AdminBooking, onMoved: (moved: AdminBooking) => void) {
  const [version, setVersion] = useState(0);
  const { slots, times } = useMoveTimes(booking, version);
  const [picked, pick] = useState<{ date: string | null; start: string | null }>({ date: null, start: null });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const dates = times ? [...times.keys()].sort() : [];
  const date = picked.date && dates.includes(picked.date) ? picked.date : (dates[0] ?? null);
  const start = date && picked.start && times?.get(date)?.has(picked.start) ? picked.start : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!date || !start || busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const moved = await moveBooking(booking.id, {
        booking_date: date,
        booking_time_slot_start: start.slice(0, 5),
      });
      showSuccess(`Booking ${booking.id} moved to ${when(date, start)}.`);
      onMoved(moved);
    } catch (error) {
      setBusy(false);
      // Taken meanwhile, or refused: the server's words, and fresh times on the same day.
      setFailure(errorMessage(error, 'The booking could not be moved. Please try again.'));
      pick({ date, start: null });
      setVersion((value) => value + 1);
    }
  };
  return { times, slots, date, start, pick, busy, failure, submit };
}
