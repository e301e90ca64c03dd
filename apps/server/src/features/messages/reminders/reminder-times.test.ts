import { clinicInstant } from '@therapy/shared/clinic-time';
import { describe, expect, it } from 'vitest';
import { parseReminderOffsets } from '../../../config.ts';
import { planReminders, quietHoursEnd } from './reminder-times.ts';

const ZONE = 'Asia/Kolkata';
const offsets = parseReminderOffsets('24h,2h');
const plan = (slot: string, plannedAt: string, given = offsets) =>
  planReminders(slot, given, new Date(plannedAt), ZONE).map(({ offset, runAt }) => [
    offset,
    runAt.toISOString(),
  ]);

describe('when reminders go', () => {
  it('goes each offset before the session, in clinic time', () => {
    // 1 December, 11:00 IST = 05:30 UTC.
    expect(plan('2026-12-01T11:00', '2026-11-25T00:00:00Z')).toEqual([
      ['24h', '2026-11-30T05:30:00.000Z'],
      ['2h', '2026-12-01T03:30:00.000Z'],
    ]);
  });

  it('leaves out an offset already past when the booking was made', () => {
    // Booked 30 November 17:30 IST, for the next morning: too late for the 24-hour reminder.
    expect(plan('2026-12-01T11:00', '2026-11-30T12:00:00Z')).toEqual([['2h', '2026-12-01T03:30:00.000Z']]);
    expect(plan('2026-12-01T11:00', '2026-12-01T04:00:00Z')).toEqual([]);
  });

  it('sends nothing between 21:00 and 08:00: such a reminder goes at 08:00, if that is before the session', () => {
    // 09:00 session: the 2-hour reminder (07:00) goes at 08:00 (02:30 UTC).
    expect(plan('2026-12-01T09:00', '2026-11-25T00:00:00Z')).toEqual([
      ['24h', '2026-11-30T03:30:00.000Z'],
      ['2h', '2026-12-01T02:30:00.000Z'],
    ]);
    // 08:00 session: 08:00 is not before it, so no 2-hour reminder at all.
    expect(plan('2026-12-01T08:00', '2026-11-25T00:00:00Z')).toEqual([['24h', '2026-11-30T02:30:00.000Z']]);
    // 22:00 the evening before: the next morning's 08:00.
    expect(plan('2026-12-02T10:00', '2026-11-25T00:00:00Z', parseReminderOffsets('12h'))).toEqual([
      ['12h', '2026-12-02T02:30:00.000Z'],
    ]);
  });

  it('knows the quiet hours and the instants of clinic-time wall clocks', () => {
    expect(quietHoursEnd(new Date('2026-12-01T15:29:00Z'), ZONE)).toBeUndefined(); // 20:59 IST
    expect(quietHoursEnd(new Date('2026-12-01T15:30:00Z'), ZONE)?.toISOString()).toBe(
      '2026-12-02T02:30:00.000Z',
    );
    expect(quietHoursEnd(new Date('2026-12-01T02:29:00Z'), ZONE)?.toISOString()).toBe(
      '2026-12-01T02:30:00.000Z',
    );
    expect(quietHoursEnd(new Date('2026-12-01T02:30:00Z'), ZONE)).toBeUndefined(); // 08:00 IST
    expect(clinicInstant('Europe/London', '2026-07-01', '09:00').toISOString()).toBe(
      '2026-07-01T08:00:00.000Z',
    );
    expect(clinicInstant('Europe/London', '2026-12-01', '09:00').toISOString()).toBe(
      '2026-12-01T09:00:00.000Z',
    );
  });
});
