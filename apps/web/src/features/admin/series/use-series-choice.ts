import { normalizeTime } from '@therapy/shared/clinic-time';
import type { SeriesClash } from '@therapy/shared/series-schemas';
import { useState } from 'react';
import type { SeriesPattern } from '../../../kit/series/series-rows';
import type { RepeatChoice } from './repeat-choice';

/**
 * A front-desk series being put together: how often and how many, the dates left out or moved
 * (kept while the first date, the time and the choice stay), and the clashes of the last refusal.
 */
export function useSeriesChoice(first: string, start: string, initial: RepeatChoice) {
  const [choice, setChoiceState] = useState<RepeatChoice>(initial);
  const [edits, setEdits] = useState<SeriesPattern | null>(null);
  const [clashes, setClashes] = useState<SeriesClash[] | null>(null);
  const pattern: SeriesPattern | null =
    choice.every_weeks === 0 || !first || !start
      ? null
      : { first, start: normalizeTime(start), every_weeks: choice.every_weeks, count: choice.count };
  const same =
    pattern &&
    edits &&
    edits.first === pattern.first &&
    edits.start === pattern.start &&
    edits.every_weeks === pattern.every_weeks &&
    edits.count === pattern.count;
  const setChoice = (next: RepeatChoice) => {
    setChoiceState(next);
    setClashes(null);
  };
  return { choice, setChoice, pattern: same ? edits : pattern, setEdits, clashes, setClashes };
}
