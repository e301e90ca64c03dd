import { SESSION_MINUTES } from '@therapy/shared/booking-rules';
import type { ManagedBooking, RescheduleResult } from '@therapy/shared/manage-schemas';
import { type ReactNode, type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '../../components/button';
import { SummaryList, SummaryRow } from '../../components/summary-list';
import type { MessageId } from '../../i18n/catalog';
import { translateNotice } from '../../i18n/notice';
import { useT } from '../../i18n/use-t';
import { rescheduleTimes } from '../../kit/booking/open-times';
import { loadWeekSlots } from '../../kit/series/series-api';
import { ApiError } from '../../lib/api-client';
import { loadOpenSlots } from '../../lib/catalog-api';
import { useFetch } from '../../lib/use-fetch';
import { rescheduleManagedBooking } from './manage-api';
import { useWords, whenText } from './manage-rules';
import { SlotChoice } from './slot-choice';

type ReschedulePanelProps = {
  token: string;
  booking: ManagedBooking;
  /** A session of a standing appointment: it moves within its own Monday-to-Sunday week. */
  inSeries?: boolean;
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
export function ReschedulePanel({
  token,
  booking,
  inSeries = false,
  onDone,
  onRefused,
  onBack,
}: ReschedulePanelProps) {
  const words = useWords();
  const { t } = words;
  const { slots, times, date, start, pick, confirming, setConfirming, busy, notice, headingRef, submit } =
    useReschedule(token, { booking, inSeries }, onDone, onRefused);

  if (confirming && date && start) {
    return (
      <Step title={t('manage.reschedule.confirmTitle')} headingRef={headingRef}>
        <NoticeAlert notice={notice} />
        <MoveSummary booking={booking} date={date} start={start} />
        <div className="step-actions">
          <Button variant="secondary" onClick={() => setConfirming(false)} disabled={busy}>
            {t('manage.back')}
          </Button>
          <Button busy={busy} busyLabel={t('manage.reschedule.confirming')} onClick={submit}>
            {t('manage.reschedule.confirm')}
          </Button>
        </div>
      </Step>
    );
  }

  return (
    <Step title={t('manage.reschedule.chooseTitle')} headingRef={headingRef}>
      <p className="muted">
        {t('manage.reschedule.now', {
          when: whenText(booking.booking_date, booking.booking_time_slot_start, words),
        })}
      </p>
      {inSeries && <p className="muted">{t('manage.series.moveHint')}</p>}
      <NoticeAlert notice={notice} />
      <SlotChoice
        slots={slots}
        times={times}
        date={date}
        start={start}
        onDate={(next) => pick({ date: next, start: null })}
        onStart={(next) => pick({ date, start: next })}
      />
      <div className="step-actions">
        <Button variant="secondary" onClick={onBack}>
          {t('manage.back')}
        </Button>
        <Button disabled={!start} onClick={() => setConfirming(true)}>
          {t('manage.continue')}
        </Button>
      </div>
    </Step>
  );
}

/** The server's (or the connection's) words, else one of ours, translated as it is shown. */
type Notice = { text: string } | { id: MessageId };

function NoticeAlert({ notice }: { notice: Notice | null }) {
  const { t } = useT();
  if (!notice) return null;
  return (
    <p className="alert alert--warning" role="alert">
      {'text' in notice ? translateNotice(t, notice.text) : t(notice.id)}
    </p>
  );
}

/** The panel's state: the open times, the day and time picked, the step, and the move itself. */
function useReschedule(
  token: string,
  { booking, inSeries }: { booking: ManagedBooking; inSeries: boolean },
  onDone: ReschedulePanelProps['onDone'],
  onRefused: ReschedulePanelProps['onRefused'],
) {
  const [version, setVersion] = useState(0);
  // A series' session: the open times of its own week (even past the booking window).
  const slots = useFetch(
    `manage-slots:${booking.therapist_id}:${inSeries ? booking.booking_date : ''}`,
    (signal) =>
      inSeries
        ? loadWeekSlots(booking.therapist_id, booking.booking_date, signal)
        : loadOpenSlots(booking.therapist_id, signal),
    { version },
  );
  const [picked, pick] = useState<{ date: string | null; start: string | null }>({ date: null, start: null });
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
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
        setNotice(
          error.serverMessage ? { text: error.serverMessage } : { id: 'manage.reschedule.slotTaken' },
        );
        pick({ date, start: null });
        setConfirming(false);
        setVersion((value) => value + 1);
      } else if (isFinal(error)) {
        onRefused((error as ApiError).message);
      } else {
        setNotice(error instanceof Error ? { text: error.message } : { id: 'common.unexpectedError' });
      }
    }
  };
  return { slots, times, date, start, pick, confirming, setConfirming, busy, notice, headingRef, submit };
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
  const words = useWords();
  const { t } = words;
  return (
    <>
      <SummaryList>
        <SummaryRow term={t('manage.reschedule.from')}>
          <del className="tabular-nums">
            {whenText(booking.booking_date, booking.booking_time_slot_start, words)}
          </del>
        </SummaryRow>
        <SummaryRow term={t('manage.reschedule.to')}>
          <strong className="tabular-nums">{whenText(date, start, words)}</strong>
        </SummaryRow>
        <SummaryRow term={t('manage.reschedule.duration')}>
          {t('manage.reschedule.minutes', { minutes: SESSION_MINUTES })}
        </SummaryRow>
      </SummaryList>
      <p className="muted">
        {t(booking.paid_online ? 'manage.reschedule.samePlacePaid' : 'manage.reschedule.samePlace')}
      </p>
    </>
  );
}
