import { normalizeTime } from '@therapy/shared/clinic-time';
import type { SeriesChoice } from '@therapy/shared/series-rules';
import { useSyncExternalStore } from 'react';
import type { SeriesPattern } from '../../../kit/series/series-rows';
import type { BookingDraft } from '../../../lib/booking-draft-store';

/**
 * The wizard's standing appointment (issue 26, decision 060): kept beside the booking draft, not
 * in it, so the first screen's draft store does not grow; only the later steps' chunks load this.
 * Its drops and moves belong to one first slot (`anchor`): another slot starts them afresh.
 */
type SeriesDraftState = {
  on: boolean;
  every_weeks: 1 | 2;
  count: number;
  skip: string[];
  moves: NonNullable<SeriesChoice['moves']>[number][];
  pay: 'all' | 'each';
  anchor: string | null;
  /** No series, or its list was checked and every kept date is free (not stored). */
  ready: boolean;
  set: (changes: Partial<Omit<SeriesDraftState, 'set'>>) => void;
};

const STORAGE_KEY = 'booking-series';

function stored(): Partial<SeriesDraftState> {
  try {
    return (JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<SeriesDraftState>) ?? {};
  } catch {
    return {};
  }
}

let state: SeriesDraftState;
const listeners = new Set<() => void>();

function setSeries(changes: Partial<Omit<SeriesDraftState, 'set'>>): void {
  state = { ...state, ...changes };
  const { on, every_weeks, count, skip, moves, pay, anchor } = state;
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ on, every_weeks, count, skip, moves, pay, anchor }));
  } catch {
    // Storage full or blocked: the choice is only forgotten on reload.
  }
  for (const listener of listeners) listener();
}

state = {
  on: false,
  every_weeks: 1,
  count: 4,
  skip: [],
  moves: [],
  pay: 'all',
  anchor: null,
  ...stored(),
  ready: true,
  set: setSeries,
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * The series choice, or what `select` picks of it; a small store of its own (the wizard's other
 * draft uses zustand, which here would be split off the first screen into a chunk of its own).
 */
export function useSeriesDraft(): SeriesDraftState;
export function useSeriesDraft<T>(select: (series: SeriesDraftState) => T): T;
export function useSeriesDraft<T>(select?: (series: SeriesDraftState) => T): T | SeriesDraftState {
  const snapshot = useSyncExternalStore(subscribe, () => state);
  return select ? select(snapshot) : snapshot;
}
useSeriesDraft.getState = () => state;

export type SlotDraft = Pick<
  BookingDraft,
  'bookingType' | 'selectedLocation' | 'selectedTherapist' | 'selectedTimeSlot'
>;

/** The first session a series repeats: therapist, place, date and time. */
export function anchorOf(draft: SlotDraft): string | null {
  const { bookingType, selectedTherapist, selectedTimeSlot } = draft;
  if (!bookingType || !selectedTherapist || !selectedTimeSlot) return null;
  const place = bookingType === 'offline' ? Number(draft.selectedLocation?.id ?? 0) : 0;
  return [
    selectedTherapist.id,
    bookingType,
    place,
    selectedTimeSlot.date,
    normalizeTime(selectedTimeSlot.start_time),
  ].join('|');
}

/**
 * The series the visitor chose for this slot, or null (no series, or no slot yet). The choice
 * belongs to the slot it was made for: another slot (a new booking after this one) starts unticked.
 */
export function seriesPatternOf(series: SeriesDraftState, draft: SlotDraft): SeriesPattern | null {
  const anchor = anchorOf(draft);
  const slot = draft.selectedTimeSlot;
  if (!series.on || !anchor || !slot || series.anchor !== anchor) return null;
  return {
    first: slot.date,
    start: normalizeTime(slot.start_time),
    every_weeks: series.every_weeks,
    count: series.count,
    skip: series.skip,
    moves: series.moves,
  };
}

/** Ticks or unticks the box for this slot (a new tick starts from the pattern's own dates). */
export function chooseSeries(on: boolean, draft: SlotDraft): void {
  useSeriesDraft.getState().set({ on, anchor: anchorOf(draft), skip: [], moves: [], ready: !on });
}

/** The therapist and place a series repeats (the draft's choices). */
export function seriesTargetOf(draft: SlotDraft): { therapistId: number; online: boolean; placeId: number } {
  const online = draft.bookingType !== 'offline';
  return {
    therapistId: draft.selectedTherapist?.id ?? 0,
    online,
    placeId: online ? 0 : Number(draft.selectedLocation?.id ?? 0),
  };
}

/** Stores a changed pattern (its drops and moves now belong to this slot). */
export function storePattern(pattern: SeriesPattern, draft: SlotDraft): void {
  useSeriesDraft.getState().set({
    every_weeks: pattern.every_weeks,
    count: pattern.count,
    skip: [...(pattern.skip ?? [])],
    moves: [...(pattern.moves ?? [])],
    anchor: anchorOf(draft),
  });
}

/** Records whether the list is ready to book (only when that changes: the store tells every reader). */
export function reportSeriesReady(ready: boolean): void {
  if (useSeriesDraft.getState().ready !== ready) useSeriesDraft.getState().set({ ready });
}
