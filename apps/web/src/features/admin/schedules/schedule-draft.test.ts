import { scheduleRequestSchema } from '@therapy/shared/schedule-schemas';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { outsideNote } from './schedule-api';
import {
  COPY_TARGETS,
  copyDay,
  detailIssues,
  draftFromSchedule,
  draftToRequest,
  errorsFromDetail,
  newRange,
  previewSessions,
  type ScheduleDraft,
} from './schedule-draft';
import { defaultPlace, placeOptions } from './schedule-places';

const week = {
  weekly: [
    { weekday: 1, start: '14:00', end: '18:00', location_id: 2 },
    { weekday: 1, start: '09:00', end: '12:00', location_id: 0 },
    { weekday: 3, start: '10:00:00', end: '13:00:00', location_id: 0 },
  ],
  buffer_minutes: 15,
};

describe('the weekly hours editor', () => {
  it('shows the server’s week: days without hours off, ranges sorted by start, seconds dropped', () => {
    const draft = draftFromSchedule(week, '0');
    expect(draft.days.map((day) => day.working)).toEqual([false, true, false, true, false, false, false]);
    expect(draft.days[1]?.ranges.map((r) => [r.start, r.end, r.location_id])).toEqual([
      ['09:00', '12:00', '0'],
      ['14:00', '18:00', '2'],
    ]);
    expect(draft.days[3]?.ranges.map((r) => [r.start, r.end])).toEqual([['10:00', '13:00']]);
    expect(draft.buffer_minutes).toBe(15);
  });

  it('sends the working days’ ranges as the PUT body the server’s schema takes, and where each came from', () => {
    const draft = draftFromSchedule(week, '0');
    // A day switched off keeps its ranges in the editor but sends none.
    draft.days[3] = { ...draft.days[3]!, working: false };
    const result = draftToRequest(draft);
    if (!result.ok) throw new Error('expected a body');
    expect(result.body).toEqual({
      weekly: [
        { weekday: 1, start: '09:00', end: '12:00', location_id: 0 },
        { weekday: 1, start: '14:00', end: '18:00', location_id: 2 },
      ],
      buffer_minutes: 15,
    });
    expect(z.safeParse(scheduleRequestSchema, result.body).success).toBe(true);
    expect(result.sources).toEqual([
      { day: 1, index: 0 },
      { day: 1, index: 1 },
    ]);
  });

  it('refuses empty times, an end before its start, no place, and overlapping ranges, beside each field', () => {
    const draft: ScheduleDraft = {
      buffer_minutes: 0,
      days: Array.from({ length: 7 }, () => ({ working: false, ranges: [] })),
    };
    draft.days[2] = {
      working: true,
      ranges: [newRange('0', '10:00', '09:00'), newRange('', '', '12:00'), newRange('0', '09:00', '11:00')],
    };
    draft.days[4] = {
      working: true,
      ranges: [newRange('0', '09:00', '12:00'), newRange('1', '11:00', '13:00')],
    };
    const result = draftToRequest(draft);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      'weekly-2-0-end': 'The end must be after the start',
      'weekly-2-1-start': 'Enter a start time',
      'weekly-2-1-location-id': 'Choose a place',
      'weekly-4-1-start': 'These hours overlap 09:00–12:00',
    });
  });

  it('puts the server’s messages back beside the ranges and fields they name, the rest above the form', () => {
    const detail =
      'Invalid body: weekly.1.end: end must be after start; buffer_minutes: Too big: expected number to be <=120; weekly: Too big';
    expect(detailIssues(detail)[0]).toEqual({ path: 'weekly.1.end', message: 'End must be after start' });
    const mapped = errorsFromDetail(detail, {
      sources: [
        { day: 1, index: 0 },
        { day: 5, index: 2 },
      ],
      fields: { buffer_minutes: 'schedule-buffer' },
    });
    expect(mapped.errors).toEqual({
      'weekly-5-2-end': 'End must be after start',
      'schedule-buffer': 'Too big: expected number to be <=120',
    });
    expect(mapped.general).toEqual(['weekly: Too big']);
  });

  it('keeps a plain refusal (no field named) as the form’s message', () => {
    const mapped = errorsFromDetail('Therapist not found', {});
    expect(mapped).toEqual({ errors: {}, general: ['Therapist not found'] });
    const leave = errorsFromDetail('Invalid body: to: must not be before from', {
      fields: { to: 'leave-to' },
    });
    expect(leave.errors).toEqual({ 'leave-to': 'Must not be before from' });
  });

  it('previews the 45-minute sessions a day yields with the buffer, as the server cuts them', () => {
    const day = { working: true, ranges: [newRange('0', '09:00', '11:30'), newRange('0', '', '')] };
    expect(previewSessions(day, 1, 0).map((s) => s.start_time)).toEqual(['09:00', '09:45', '10:30']);
    expect(previewSessions(day, 1, 15).map((s) => s.start_time)).toEqual(['09:00', '10:00']);
    expect(previewSessions({ ...day, working: false }, 1, 0)).toEqual([]);
  });
});

describe('the places a range can be at', () => {
  const centres = [
    { id: 1, name: 'Koramangala', short_name: 'KOR', description: '', address: '', is_active: true },
    { id: 2, name: 'Indiranagar', short_name: 'IND', description: '', address: '', is_active: true },
  ];

  it('follows the therapist’s kind: online only, their centres, or both; a place in use stays', () => {
    expect(placeOptions({ type: 1, locations: [] }, centres).map((p) => p.label)).toEqual(['Online']);
    expect(placeOptions({ type: 2, locations: [2] }, centres).map((p) => p.label)).toEqual(['Indiranagar']);
    expect(placeOptions({ type: 2, locations: [] }, centres).map((p) => p.value)).toEqual(['1', '2']);
    expect(placeOptions({ type: 3, locations: [1] }, centres, ['9']).map((p) => p.label)).toEqual([
      'Online',
      'Koramangala',
      'Centre 9',
    ]);
  });

  it('offers no new hours at a deactivated centre, but keeps one in use', () => {
    const closed = centres.map((centre) => (centre.id === 2 ? { ...centre, is_active: false } : centre));
    expect(placeOptions({ type: 2, locations: [1, 2] }, closed).map((p) => p.label)).toEqual(['Koramangala']);
    expect(placeOptions({ type: 2, locations: [1, 2] }, closed, ['2']).map((p) => p.label)).toEqual([
      'Koramangala',
      'Indiranagar',
    ]);
  });
});

describe('what a schedule write says of bookings it leaves outside', () => {
  it('names how many, or nothing', () => {
    expect(outsideNote({ id: 1, outside_bookings: 2 })).toBe(
      ' 2 bookings now fall outside the schedule: see Outside schedule.',
    );
    expect(outsideNote({ outside_bookings: 1 })).toBe(
      ' 1 booking now falls outside the schedule: see Outside schedule.',
    );
    expect(outsideNote({ outside_bookings: 0 })).toBe('');
    expect(outsideNote(undefined)).toBe('');
  });
});

describe('a schedule in seconds (issue 31)', () => {
  const centre = { short_name: '', description: '', address: '', is_active: true };
  const centres = [
    { ...centre, id: 4, name: 'Koregaon Park Centre' },
    { ...centre, id: 5, name: 'Baner Centre' },
  ];

  it("starts a new day at the therapist's centre when it works in person, online only when it works only online", () => {
    expect(defaultPlace(placeOptions({ type: 3, locations: [5] }, centres))).toBe('5');
    expect(defaultPlace(placeOptions({ type: 2, locations: [4, 5] }, centres))).toBe('4');
    expect(defaultPlace(placeOptions({ type: 1, locations: [] }, centres))).toBe('0');
    const fresh = draftFromSchedule({ weekly: [], buffer_minutes: 0 }, '5');
    expect(fresh.days.map((day) => day.ranges[0]?.location_id)).toEqual(Array(7).fill('5'));
  });

  it("copies a day's hours and places to Monday–Friday or to every day, each range its own", () => {
    const draft = draftFromSchedule({ weekly: [], buffer_minutes: 0 }, '4');
    draft.days[1] = {
      working: true,
      ranges: [newRange('4', '10:00', '13:00'), newRange('0', '15:00', '16:00')],
    };
    const weekdays = copyDay(draft, 1, COPY_TARGETS.weekdays);
    const shape = (copy: ScheduleDraft) =>
      copy.days.map((day) =>
        day.working ? day.ranges.map((r) => `${r.start}-${r.end}@${r.location_id}`) : 'off',
      );
    expect(shape(weekdays)).toEqual(['off', ...Array(5).fill(['10:00-13:00@4', '15:00-16:00@0']), 'off']);
    expect(new Set(weekdays.days.flatMap((day) => day.ranges.map((r) => r.key))).size).toBe(
      weekdays.days.flatMap((day) => day.ranges).length,
    );
    expect(shape(copyDay(draft, 1, COPY_TARGETS.everyDay))).toEqual(
      Array(7).fill(['10:00-13:00@4', '15:00-16:00@0']),
    );
    expect(draftToRequest(weekdays)).toMatchObject({ ok: true });
  });
});
