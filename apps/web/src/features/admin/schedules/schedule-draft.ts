import { addDays } from '@therapy/shared/clinic-time';
import { type SessionSlot, sessionsOn, toMinutes } from '@therapy/shared/open-slots';
import type { ScheduleRequest } from '@therapy/shared/schedule-schemas';
import { earlierOverlap } from '@therapy/shared/working-hours-rules';

/**
 * The weekly hours editor's state and the pure steps around it: the schedule the server sent into
 * the editor, the editor into the PUT body (with its own checks first), the server's `detail` back
 * into messages beside the fields, and the sessions each weekday yields (the server's own function).
 */

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
export const BUFFER_CHOICES = [0, 5, 10, 15, 30] as const;

/** One time range as typed: 'HH:MM' from the time inputs ('' while empty); place '0' for online. */
export type RangeDraft = { key: number; start: string; end: string; location_id: string };
export type DayDraft = { working: boolean; ranges: RangeDraft[] };
export type ScheduleDraft = { days: DayDraft[]; buffer_minutes: number };

export type RangeField = 'start' | 'end' | 'location_id';
/** Messages by field id (the ids of the inputs, so the error summary can link to them). */
export type FieldErrors = Record<string, string>;

export const BUFFER_FIELD_ID = 'schedule-buffer';

/** The id of one input of a range: `${prefix}-${day}-${index}-${field}` ('weekly-1-0-start'). */
export function rangeFieldId(prefix: string, day: number, index: number, field: RangeField): string {
  return `${prefix}-${day}-${index}-${field.replace('_', '-')}`;
}

let nextKey = 1;
/** A new range, for React's list keys; new ones start 09:00–17:00 at `location`. */
export function newRange(location: string, start = '09:00', end = '17:00'): RangeDraft {
  return { key: nextKey++, start, end, location_id: location };
}

type Hours = { weekday?: number; start: string; end: string; location_id: number };

const byStart = (a: Hours, b: Hours) => a.start.localeCompare(b.start) || a.location_id - b.location_id;

/** The server's week as the editor shows it: days without hours are off, ranges sorted. */
export function draftFromSchedule(
  schedule: { weekly: readonly Hours[]; buffer_minutes: number },
  defaultLocation: string,
): ScheduleDraft {
  const days = WEEKDAYS.map((_, weekday) => {
    const hours = schedule.weekly.filter((entry) => entry.weekday === weekday).sort(byStart);
    return hours.length > 0
      ? {
          working: true,
          ranges: hours.map((h) => newRange(String(h.location_id), h.start.slice(0, 5), h.end.slice(0, 5))),
        }
      : { working: false, ranges: [newRange(defaultLocation)] };
  });
  return { days, buffer_minutes: schedule.buffer_minutes };
}

/** The editor's own checks of a list of ranges: times given, end after start, no overlaps. */
export function checkRanges(prefix: string, day: number, ranges: readonly RangeDraft[]): FieldErrors {
  const errors: FieldErrors = {};
  const id = (index: number, field: RangeField) => rangeFieldId(prefix, day, index, field);
  ranges.forEach((range, index) => {
    if (!range.start) errors[id(index, 'start')] = 'Enter a start time';
    if (!range.end) errors[id(index, 'end')] = 'Enter an end time';
    if (range.location_id === '') errors[id(index, 'location_id')] = 'Choose a place';
    if (range.start && range.end && toMinutes(range.end) <= toMinutes(range.start)) {
      errors[id(index, 'end')] = 'The end must be after the start';
    }
  });
  ranges.forEach((_, index) => {
    if (errors[id(index, 'start')] || errors[id(index, 'end')]) return;
    const clash = earlierOverlap(ranges, index, (other) => Boolean(other.start && other.end));
    if (clash >= 0)
      errors[id(index, 'start')] = `These hours overlap ${ranges[clash]?.start}–${ranges[clash]?.end}`;
  });
  return errors;
}

/** Where each entry of the PUT body's `weekly` came from, to put the server's messages back. */
export type BodySource = { day: number; index: number };

/** The PUT body, or the editor's errors. Days off send no hours; their ranges stay in the editor. */
export function draftToRequest(
  draft: ScheduleDraft,
): { ok: true; body: ScheduleRequest; sources: BodySource[] } | { ok: false; errors: FieldErrors } {
  let errors: FieldErrors = {};
  const weekly: ScheduleRequest['weekly'] = [];
  const sources: BodySource[] = [];
  draft.days.forEach((day, weekday) => {
    if (!day.working) return;
    errors = { ...errors, ...checkRanges('weekly', weekday, day.ranges) };
    day.ranges.forEach((range, index) => {
      weekly.push({ weekday, start: range.start, end: range.end, location_id: Number(range.location_id) });
      sources.push({ day: weekday, index });
    });
  });
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, body: { weekly, buffer_minutes: draft.buffer_minutes }, sources };
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The server's `detail` as (path, message) pairs: 'Invalid body: weekly.2.end: end must be after
 * start; buffer_minutes: Too big' gives [['weekly.2.end', …], ['buffer_minutes', …]]; a detail
 * naming no field gives one pair with an empty path.
 */
export function detailIssues(detail: string): { path: string; message: string }[] {
  const body = detail.replace(/^Invalid [a-z]+: /i, '');
  return body.split('; ').map((part) => {
    const match = /^([a-z_][\w]*(?:\.[\w]+)*): (.+)$/i.exec(part);
    return match
      ? { path: match[1] ?? '', message: capitalised(match[2] ?? '') }
      : { path: '', message: part };
  });
}

/**
 * The server's refusal beside the fields it names: `weekly.N.field` on the range it came from,
 * `fields[path]` for the plain fields; what names no field known here stays a message for the form.
 */
export function errorsFromDetail(
  detail: string,
  {
    fields = {},
    sources = [],
    prefix = 'weekly',
  }: {
    fields?: Record<string, string>;
    sources?: readonly BodySource[];
    prefix?: string;
  },
): { errors: FieldErrors; general: string[] } {
  const errors: FieldErrors = {};
  const general: string[] = [];
  for (const { path, message } of detailIssues(detail)) {
    const [head, position, field] = path.split('.');
    const source = head === prefix || head === 'hours' ? sources[Number(position)] : undefined;
    const rangeField: RangeField = field === 'end' || field === 'location_id' ? field : 'start';
    const id = source
      ? rangeFieldId(prefix, source.day, source.index, rangeField)
      : (fields[path] ?? (head ? fields[head] : undefined));
    if (id && !errors[id]) errors[id] = message;
    else general.push(path && !id ? `${path}: ${message}` : message);
  }
  return { errors, general };
}

/** A date on the given weekday (the week of 7 January 2024, a Sunday): hours repeat every week. */
const SAMPLE_SUNDAY = '2024-01-07';

/** The 45-minute sessions a weekday's ranges yield, as the server cuts them (finished ranges only). */
export function previewSessions(day: DayDraft, weekday: number, bufferMinutes: number): SessionSlot[] {
  if (!day.working) return [];
  const weekly = day.ranges
    .filter((range) => range.start && range.end && toMinutes(range.start) < toMinutes(range.end))
    .map((range) => ({
      weekday,
      start: range.start,
      end: range.end,
      location_id: Number(range.location_id) || 0,
    }));
  const schedule = {
    weekly,
    buffer_minutes: bufferMinutes,
    overrides: new Map(),
    time_off: [],
    holidays: new Set<string>(),
  };
  return sessionsOn(schedule, addDays(SAMPLE_SUNDAY, weekday));
}

/** "Copy to other days": Monday to Friday, or every day of the week. */
export const COPY_TARGETS = { weekdays: [1, 2, 3, 4, 5], everyDay: [0, 1, 2, 3, 4, 5, 6] } as const;

/** The draft with `from`'s hours (working, each range and place) on each of `targets` too. */
export function copyDay(draft: ScheduleDraft, from: number, targets: readonly number[]): ScheduleDraft {
  const source = draft.days[from];
  if (!source) return draft;
  return {
    ...draft,
    days: draft.days.map((day, weekday) =>
      weekday === from || !targets.includes(weekday)
        ? day
        : {
            working: source.working,
            ranges: source.ranges.map((range) => newRange(range.location_id, range.start, range.end)),
          },
    ),
  };
}
