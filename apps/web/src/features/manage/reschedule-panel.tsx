import { SESSION_MINUTES } from '@therapy/shared/booking-rules';
import type { ManagedBooking, RescheduleResult } from '@therapy/shared/manage-schemas';
import { type ReactNode, type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '../../components/button';
import { SummaryList, SummaryRow } from '../../components/summary-list';
import { ApiError } from '../../lib/api-client';
import { useFetch } from '../../lib/use-fetch';
import { BOOKING_MESSAGES } from '../booking/booking-messages';
import { loadOpenSlots } from '../booking/catalog-api';
import { rescheduleManagedBooking } from './manage-api';
import { rescheduleTimes, whenText } from './manage-rules';
import { SlotChoice } from './slot-choice';

type ReschedulePanelProps = {
  token: string;
  booking: ManagedBooking;
  onDone: (result: RescheduleResult) => void;
  /** The server refused for good (link spent, window closed): back to the booking, with its words. */
  onRefused: (message: string) => void;
  onBack: () => void;
};

const HEADING_ID = 'reschedule-heading';

/** A refusal no retry can change (not a busy server, not a rate limit). */
const isFinal = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429;

/**
 * Reschedule: a new day and time on the wizard's date strip and time grid (the same therapist,
 * type and centre), then old → new to confirm. A slot taken meanwhile (409) brings the server's
 * words and fresh times; the booking stays as it was.
 */
export function ReschedulePanel({ token, booking, onDone, onRefused, onBack }: ReschedulePanelProps) {
  const [version, setVersion] = useState(0);
  const slots = useFetch(
    `manage-slots:${booking.therapist_id}`,
    (signal) => loadOpenSlots(booking.therapist_id, signal),
    { version },
  );
  const [picked, setPicked] = useState<{ date: string | null; start: string | null }>({
    date: null,
    start: null,
  });
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const times = useMemo(
    () => (slots.data ? rescheduleTimes(slots.data, booking) : null),
    [slots.data, booking],
  );

  // Each step starts from its heading, for screen-reader and keyboard users alike.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose when the step changes
  useEffect(() => headingRef.current?.focus(), [confirming]);

  const dates = times ? [...times.keys()].sort() : [];
  const date = picked.date && dates.includes(picked.date) ? picked.date : (dates[0] ?? null);
  const start = date && picked.start && times?.get(date)?.has(picked.start) ? picked.start : null;

  const submit = async () => {
    if (!date || !start) return;
    setBusy(true);
    setNotice(null);
    try {
      onDone(
        await rescheduleManagedBooking(token, {
          booking_date: date,
          booking_time_slot_start: start.slice(0, 5),
        }),
      );
    } catch (error) {
      setBusy(false);
      if (error instanceof ApiError && error.status === 409) {
        // Taken meanwhile: the server's words, fresh times, the same day still chosen.
        setNotice(error.serverMessage ?? BOOKING_MESSAGES.slotTaken);
        setPicked({ date, start: null });
        setConfirming(false);
        setVersion((value) => value + 1);
      } else if (isFinal(error)) {
        onRefused((error as ApiError).message);
      } else {
        setNotice(error instanceof Error ? error.message : BOOKING_MESSAGES.unexpected);
      }
    }
  };

  const noticeAlert = notice && (
    <p className="alert alert--warning" role="alert">
      {notice}
    </p>
  );

  if (confirming && date && start) {
    return (
      <Step title="Confirm the new time" headingRef={headingRef}>
        {noticeAlert}
        <MoveSummary booking={booking} date={date} start={start} />
        <div className="step-actions">
          <Button variant="secondary" onClick={() => setConfirming(false)} disabled={busy}>
            Back
          </Button>
          <Button busy={busy} busyLabel="Confirming..." onClick={submit}>
            Confirm new time
          </Button>
        </div>
      </Step>
    );
  }

  return (
    <Step title="Choose a new time" headingRef={headingRef}>
      <p className="muted">
        Now: {whenText(booking.booking_date, booking.booking_time_slot_start)}. Pick a day, then a start time.
      </p>
      {noticeAlert}
      <SlotChoice
        slots={slots}
        times={times}
        date={date}
        start={start}
        onDate={(next) => setPicked({ date: next, start: null })}
        onStart={(next) => setPicked({ date, start: next })}
      />
      <div className="step-actions">
        <Button variant="secondary" onClick={onBack}>
          Back
        </Button>
        <Button disabled={!start} onClick={() => setConfirming(true)}>
          Continue
        </Button>
      </div>
    </Step>
  );
}

function Step({
  title,
  headingRef,
  children,
}: {
  title: string;
  headingRef: RefObject<HTMLHeadingElement | null>;
  children: ReactNode;
}) {
  return (
    <section className="card manage-step" aria-labelledby={HEADING_ID}>
      <h2 id={HEADING_ID} ref={headingRef} tabIndex={-1} className="manage-step__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Old → new, before the client confirms the move. */
function MoveSummary({ booking, date, start }: { booking: ManagedBooking; date: string; start: string }) {
  return (
    <>
      <SummaryList>
        <SummaryRow term="From">
          <del className="tabular-nums">
            {whenText(booking.booking_date, booking.booking_time_slot_start)}
          </del>
        </SummaryRow>
        <SummaryRow term="To">
          <strong className="tabular-nums">{whenText(date, start)}</strong>
        </SummaryRow>
        <SummaryRow term="Duration">{SESSION_MINUTES} minutes</SummaryRow>
      </SummaryList>
      <p className="muted">
        The same therapist and place{booking.paid_online ? '; your payment carries over' : ''}. We will e-mail
        you the new details.
      </p>
    </>
  );
}
