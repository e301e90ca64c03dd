import { SESSION_MINUTES } from '@therapy/shared/booking-rules';
import type { ManagedBooking, RescheduleResult } from '@therapy/shared/manage-schemas';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '../../components/button';
import { PageLoading } from '../../components/page-loading';
import { LoadError, StatePanel } from '../../components/state-panel';
import { SummaryList, SummaryRow } from '../../components/summary-list';
import { ApiError } from '../../lib/api-client';
import { formatLongDate } from '../../lib/format';
import { useFetch } from '../../lib/use-fetch';
import { BOOKING_MESSAGES } from '../booking/booking-messages';
import { loadOpenSlots } from '../booking/catalog-api';
import { DateStrip } from '../booking/date-strip';
import { TimeSlotGrid } from '../booking/time-slot-grid';
import { rescheduleManagedBooking } from './manage-api';
import { rescheduleTimes, whenText } from './manage-rules';

type ReschedulePanelProps = {
  token: string;
  booking: ManagedBooking;
  onDone: (result: RescheduleResult) => void;
  /** The server refused for good (link spent, window closed): back to the booking, with its words. */
  onRefused: (message: string) => void;
  onBack: () => void;
};

const HEADING_ID = 'reschedule-heading';
const SLOTS_HEADING_ID = 'reschedule-slots-heading';

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
  const [pickedDate, setPickedDate] = useState<string | null>(null);
  const [pickedStart, setPickedStart] = useState<string | null>(null);
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
  const activeDate = pickedDate && dates.includes(pickedDate) ? pickedDate : (dates[0] ?? null);
  const dayTimes = activeDate ? times?.get(activeDate) : undefined;
  const start = pickedStart && dayTimes?.has(pickedStart) ? pickedStart : null;

  const submit = async () => {
    if (!activeDate || !start) return;
    setBusy(true);
    setNotice(null);
    try {
      onDone(
        await rescheduleManagedBooking(token, {
          booking_date: activeDate,
          booking_time_slot_start: start.slice(0, 5),
        }),
      );
    } catch (error) {
      setBusy(false);
      if (error instanceof ApiError && error.status === 409) {
        setNotice(error.serverMessage ?? BOOKING_MESSAGES.slotTaken);
        setPickedStart(null);
        setConfirming(false);
        setVersion((value) => value + 1);
      } else if (
        error instanceof ApiError &&
        error.status >= 400 &&
        error.status < 500 &&
        error.status !== 429
      ) {
        onRefused(error.message);
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

  if (confirming && activeDate && start) {
    return (
      <section className="card manage-step" aria-labelledby={HEADING_ID}>
        <h2 id={HEADING_ID} ref={headingRef} tabIndex={-1} className="manage-step__title">
          Confirm the new time
        </h2>
        {noticeAlert}
        <SummaryList>
          <SummaryRow term="From">
            <del className="tabular-nums">
              {whenText(booking.booking_date, booking.booking_time_slot_start)}
            </del>
          </SummaryRow>
          <SummaryRow term="To">
            <strong className="tabular-nums">{whenText(activeDate, start)}</strong>
          </SummaryRow>
          <SummaryRow term="Duration">{SESSION_MINUTES} minutes</SummaryRow>
        </SummaryList>
        <p className="muted">
          The same therapist and place; your payment carries over. We will e-mail you the new details.
        </p>
        <div className="step-actions">
          <Button variant="secondary" onClick={() => setConfirming(false)} disabled={busy}>
            Back
          </Button>
          <Button busy={busy} busyLabel="Confirming..." onClick={submit}>
            Confirm new time
          </Button>
        </div>
      </section>
    );
  }

  let body: React.ReactNode;
  if (slots.status === 'error') {
    const message = slots.error instanceof ApiError ? slots.error.message : BOOKING_MESSAGES.slotsFailed;
    body = <LoadError message={message} onRetry={slots.retry} />;
  } else if (!times) {
    body = <PageLoading label="Loading available times…" />;
  } else if (dates.length === 0) {
    body = (
      <StatePanel title="No Time Slots Available">
        <p>
          There are no other open times in the coming days. Please call the clinic to change your booking.
        </p>
      </StatePanel>
    );
  } else {
    body = (
      <>
        <DateStrip
          dates={dates}
          selected={activeDate}
          onSelect={(date) => {
            setPickedDate(date);
            setPickedStart(null);
          }}
        />
        {activeDate && (
          <div className="slots">
            <h3 id={SLOTS_HEADING_ID} className="slots__title">
              Available times on {formatLongDate(activeDate)}
            </h3>
            <TimeSlotGrid
              startTimes={dayTimes ? [...dayTimes.keys()].sort() : []}
              selected={start}
              labelledBy={SLOTS_HEADING_ID}
              onSelect={setPickedStart}
            />
          </div>
        )}
      </>
    );
  }

  return (
    <section className="card manage-step" aria-labelledby={HEADING_ID}>
      <h2 id={HEADING_ID} ref={headingRef} tabIndex={-1} className="manage-step__title">
        Choose a new time
      </h2>
      <p className="muted">
        Now: {whenText(booking.booking_date, booking.booking_time_slot_start)}. Pick a day, then a start time.
      </p>
      {noticeAlert}
      {body}
      <div className="step-actions">
        <Button variant="secondary" onClick={onBack}>
          Back
        </Button>
        <Button disabled={!start} onClick={() => setConfirming(true)}>
          Continue
        </Button>
      </div>
    </section>
  );
}
