import { describe, expect, it } from 'vitest';
import { dateParts, formatLongDate, formatRupees, formatShortDate, formatsFor, formatTime12 } from './format';

describe('display formats', () => {
  it('shows times in 12-hour AM/PM', () => {
    expect(formatTime12('00:00:00')).toBe('12:00 AM');
    expect(formatTime12('09:05')).toBe('9:05 AM');
    expect(formatTime12('10:00:00')).toBe('10:00 AM');
    expect(formatTime12('12:30:00')).toBe('12:30 PM');
    expect(formatTime12('19:45')).toBe('7:45 PM');
  });

  it('shows clinic dates with short weekday, short month and day, whatever the zone', () => {
    expect(formatShortDate('2026-11-23')).toBe('Mon, Nov 23');
    expect(formatLongDate('2027-01-01')).toBe('Fri, Jan 1, 2027');
    expect(dateParts('2026-12-31')).toEqual({ weekday: 'Thu', month: 'Dec', day: '31' });
  });

  it('shows rupees with Indian digit grouping', () => {
    expect(formatRupees(1500)).toBe('₹1,500');
    expect(formatRupees(125000)).toBe('₹1,25,000');
    expect(formatRupees(1499.5)).toBe('₹1,499.50');
  });
});

describe('display formats in Hindi (issue 15)', () => {
  const hindi = formatsFor('hi');

  it('names days and months in Hindi and keeps the digits Latin', () => {
    expect(hindi.longDate('2026-11-23')).toBe('सोम, 23 नव॰ 2026');
    expect(hindi.dateParts('2026-12-31')).toEqual({ weekday: 'गुरु', month: 'दिस॰', day: '31' });
    expect(hindi.time('19:45')).toBe('शाम 7:45');
    expect(hindi.rupees(125000)).toBe('₹1,25,000');
  });

  it('leaves English exactly as the specification shows it', () => {
    expect(formatsFor('en').longDate('2027-01-01')).toBe('Fri, Jan 1, 2027');
    expect(formatsFor('en').time('19:45')).toBe('7:45 PM');
  });
});
