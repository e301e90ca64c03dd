import type { ClashReason } from '@therapy/shared/series-rules';
import { useRef, useState } from 'react';
import { Button } from '../../components/button';
import type { MessageId } from '../../i18n/catalog';
import { useStepsCatalogue } from '../../i18n/steps-area';
import { useT } from '../../i18n/use-t';
import { useFormat } from '../../lib/format';
import { SeriesMoveChoice } from './series-move-choice';
import type { SeriesRow } from './series-rows';
import './series.css';

/** Why a date cannot be booked as it is, in the visitor's words. */
export const CLASH_REASON_TEXT: Record<ClashReason, MessageId> = {
  booked: 'series.reason.booked',
  blocked: 'series.reason.blocked',
  leave: 'series.reason.leave',
  holiday: 'series.reason.holiday',
  'outside hours': 'series.reason.outsideHours',
  past: 'series.reason.past',
};

export type SeriesListEdits = {
  onDrop: (date: string) => void;
  onRestore: (date: string) => void;
  onMove: (date: string, to: { date: string; start: string }) => void;
};

type SeriesSessionListProps = {
  rows: readonly SeriesRow[];
  therapistId: number;
  /** Where the sessions are: the centre's id, 0 online (the week's open times are filtered by it). */
  placeId: number;
  /** How the list may be changed; without it the list is only shown. */
  edits?: SeriesListEdits | undefined;
  labelledBy?: string;
};

/**
 * A standing appointment's dates before it is booked, one per line: "3 of 8", the date and time,
 * and whether it is free. A date that is not (booked, leave, holiday…) says why and may be dropped
 * or moved to another open time of its week; a dropped one may be put back.
 */
export function SeriesSessionList({ rows, therapistId, placeId, edits, labelledBy }: SeriesSessionListProps) {
  const { locale } = useT();
  // Its words are the wizard's later steps' (the front desk shows the same list).
  useStepsCatalogue(locale);
  const [moving, setMoving] = useState<string | null>(null);
  return (
    <ol className="series-list" aria-labelledby={labelledBy}>
      {rows.map((row) => (
        <SeriesListItem
          key={row.patternDate}
          row={row}
          count={rows.length}
          edits={edits}
          moving={moving === row.patternDate}
          onMoving={(open) => setMoving(open ? row.patternDate : null)}
          place={{ therapistId, placeId }}
        />
      ))}
    </ol>
  );
}

type SeriesListItemProps = {
  row: SeriesRow;
  count: number;
  edits: SeriesListEdits | undefined;
  /** The week's other open times are shown. */
  moving: boolean;
  onMoving: (open: boolean) => void;
  place: { therapistId: number; placeId: number };
};

const isClash = (row: SeriesRow) =>
  row.state !== 'open' && row.state !== 'dropped' && row.state !== 'unchecked';

function SeriesListItem({ row, count, edits: given, moving, onMoving, place }: SeriesListItemProps) {
  const { t } = useT();
  const edits = useRefocusingEdits(given);
  const { longDate, time } = useFormat();
  const when = t('series.when', {
    date: longDate(row.booking_date),
    time: time(row.booking_time_slot_start),
  });
  const clash = isClash(row);
  return (
    <li
      ref={edits?.itemRef}
      tabIndex={-1}
      className={`series-list__item series-list__item--${clash ? 'clash' : row.state}`}
    >
      <div className="series-list__line">
        <span className="series-list__place">{t('series.position', { position: row.position, count })}</span>
        <span
          className={`series-list__when tabular-nums${row.state === 'dropped' ? ' series-list__when--dropped' : ''}`}
        >
          {when}
        </span>
        <span className="series-list__state">
          {row.state === 'open' && t('series.state.open')}
          {row.state === 'dropped' && t('series.state.dropped')}
          {clash && <strong>{t(CLASH_REASON_TEXT[row.state as ClashReason])}</strong>}
          {row.moved && row.state !== 'dropped' && ` · ${t('series.state.moved')}`}
        </span>
      </div>
      {edits && (clash || row.moved || row.state === 'dropped') && (
        <RowActions row={row} clash={clash} edits={edits} moving={moving} onMoving={onMoving} />
      )}
      {edits && moving && clash && (
        <SeriesMoveChoice
          therapistId={place.therapistId}
          placeId={place.placeId}
          row={row}
          onChoose={(to) => {
            onMoving(false);
            edits.onMove(row.patternDate, to);
          }}
        />
      )}
    </li>
  );
}

/**
 * The edits, each followed by the focus moving to the line's first button (or the line): the
 * button pressed is gone once the line changes, and the keyboard should not be sent to the top.
 */
function useRefocusingEdits(edits: SeriesListEdits | undefined) {
  const itemRef = useRef<HTMLLIElement>(null);
  if (!edits) return undefined;
  const refocus = () =>
    requestAnimationFrame(() => {
      const item = itemRef.current;
      (item?.querySelector<HTMLButtonElement>('.series-list__actions button') ?? item)?.focus();
    });
  return {
    itemRef,
    onDrop: (date: string) => {
      edits.onDrop(date);
      refocus();
    },
    onRestore: (date: string) => {
      edits.onRestore(date);
      refocus();
    },
    onMove: (date: string, to: { date: string; start: string }) => {
      edits.onMove(date, to);
      refocus();
    },
  };
}

type RowActionsProps = Pick<SeriesListItemProps, 'row' | 'moving' | 'onMoving'> & {
  clash: boolean;
  edits: SeriesListEdits;
};

/** Put back (a left-out or moved date), Leave out, and Another time that week (a taken date). */
function RowActions({ row, clash, edits, moving, onMoving }: RowActionsProps) {
  const { t } = useT();
  const { longDate } = useFormat();
  return (
    <div className="series-list__actions">
      {(row.state === 'dropped' || row.moved) && (
        <Button
          variant="secondary"
          aria-label={t('series.restoreDate', { date: longDate(row.patternDate) })}
          onClick={() => edits.onRestore(row.patternDate)}
        >
          {t('series.restore')}
        </Button>
      )}
      {row.state !== 'dropped' && (
        <Button
          variant="secondary"
          aria-label={t('series.dropDate', { date: longDate(row.booking_date) })}
          onClick={() => edits.onDrop(row.patternDate)}
        >
          {t('series.drop')}
        </Button>
      )}
      {clash && (
        <Button
          variant="secondary"
          aria-expanded={moving}
          aria-label={t('series.moveDate', { date: longDate(row.booking_date) })}
          onClick={() => onMoving(!moving)}
        >
          {t('series.move')}
        </Button>
      )}
    </div>
  );
}
