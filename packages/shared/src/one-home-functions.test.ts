import { describe, expect, it } from 'vitest';
import {
  canUndoCentrePayment,
  hasStarted,
  holdLapsed,
  isAwaitingPayment,
  isCancelled,
  isPaidTwice,
} from './booking-states.ts';
import { formatsFor } from './locale-format.ts';
import { formatAmount, formatPaise, formatPrice, toPaise, toRupees } from './money.ts';
import { isInBookingWindow, lastBookableDate } from './slot-rules.ts';
import { earlierOverlap, hoursOverlap } from './working-hours-rules.ts';

/* The one-home functions of issue 23 (decision 044), each asked the way its users ask it. */

describe('the session has begun', () => {
  const session = { booking_date: '2026-11-23', booking_time_slot_start: '10:00:00' };
  it('at its start, to the second, by the clinic clock; not a second before', () => {
    expect(hasStarted(session, { date: '2026-11-23', time: '09:59:59' })).toBe(false);
    expect(hasStarted(session, { date: '2026-11-23', time: '10:00:00' })).toBe(true);
    expect(hasStarted(session, { date: '2026-11-23', time: '10:00' })).toBe(true);
    expect(hasStarted(session, { date: '2026-11-22', time: '23:59:59' })).toBe(false);
    expect(hasStarted(session, { date: '2026-11-24', time: '00:00:00' })).toBe(true);
    expect(
      hasStarted({ ...session, booking_time_slot_start: '10:00' }, { date: '2026-11-23', time: '10:00:30' }),
    ).toBe(true);
  });
});

describe('the hold has lapsed', () => {
  const now = new Date('2026-11-23T10:00:00Z');
  it('at its end or after; never without one', () => {
    expect(holdLapsed({ hold_expires_at: null }, now)).toBe(false);
    expect(holdLapsed({ hold_expires_at: new Date('2026-11-23T10:00:01Z') }, now)).toBe(false);
    expect(holdLapsed({ hold_expires_at: now }, now)).toBe(true);
    expect(holdLapsed({ hold_expires_at: '2026-11-23T09:00:00.000Z' }, now)).toBe(true);
  });
});

describe('status questions', () => {
  it('asks by name', () => {
    expect(isAwaitingPayment({ payment_status: 'INITIATED' })).toBe(true);
    expect(isCancelled({ payment_status: 'BLOCKED', cancelled: true })).toBe(true);
    expect(isCancelled({ payment_status: 'CANCELLED' })).toBe(true);
    expect(isCancelled({ payment_status: 'COMPLETED', cancelled: false })).toBe(false);
    expect(isPaidTwice({ payment_status: 'COMPLETED', paid_online: true, paid_at_centre: true })).toBe(true);
    expect(isPaidTwice({ payment_status: 'CANCELLED', paid_online: true, paid_at_centre: true })).toBe(false);
    expect(
      canUndoCentrePayment({ payment_status: 'COMPLETED', cancelled: false, centre_payment_id: 4 }),
    ).toBe(true);
    expect(
      canUndoCentrePayment({ payment_status: 'COMPLETED', cancelled: false, centre_payment_id: null }),
    ).toBe(false);
  });
});

describe('money', () => {
  it('changes unit exactly', () => {
    expect(toRupees(150_050)).toBe(1500.5);
    expect(toPaise(1499.99)).toBe(149_999);
    expect(toPaise(0.1 + 0.2)).toBe(30);
  });
  it('writes an amount, a price and paise, the same digits in both languages', () => {
    expect(formatAmount(1500)).toBe('₹1,500.00');
    expect(formatPaise(12_345_678)).toBe('₹1,23,456.78');
    expect(formatPrice(1500)).toBe('₹1,500');
    expect(formatPrice(1499.5)).toBe('₹1,499.50');
    expect(formatAmount(1500, 'hi')).toBe('₹1,500.00');
    expect(formatPrice(125_000, 'hi')).toBe('₹1,25,000');
  });
});

describe('dates and times per language', () => {
  it('writes English as the specification does', () => {
    const english = formatsFor('en');
    expect(english.longDate('2026-11-23')).toBe('Mon, Nov 23, 2026');
    expect(english.time('10:00:00')).toBe('10:00 AM');
    expect(english.time('00:05')).toBe('12:05 AM');
    expect(english.fullDate('2026-11-23')).toBe('Monday, 23 November 2026');
  });
  it('writes a Hindi time one way, naming the part of the day, for pages and messages alike', () => {
    const hindi = formatsFor('hi');
    expect(hindi.time('10:00:00')).toBe('सुबह 10:00');
    expect(hindi.time('14:45')).toBe('दोपहर 2:45');
    expect(hindi.time('17:00')).toBe('शाम 5:00');
    expect(hindi.fullDate('2026-11-23')).toBe('सोमवार, 23 नवंबर 2026');
    expect(hindi.longDate('2026-11-23')).toBe('सोम, 23 नव॰ 2026');
  });
});

describe('the booking window', () => {
  it('is today and the next 14 days', () => {
    expect(lastBookableDate('2026-11-23')).toBe('2026-12-07');
    expect(isInBookingWindow('2026-12-07', '2026-11-23')).toBe(true);
    expect(isInBookingWindow('2026-12-08', '2026-11-23')).toBe(false);
  });
});

describe('weekly hours', () => {
  it('overlap when each range starts before the other ends', () => {
    expect(hoursOverlap({ start: '10:00', end: '12:00' }, { start: '11:00', end: '13:00' })).toBe(true);
    expect(hoursOverlap({ start: '10:00', end: '12:00' }, { start: '12:00', end: '13:00' })).toBe(false);
  });
  it('name each clash once, on the later range, among the ranges of its day', () => {
    const hours = [
      { day: 1, start: '10:00', end: '12:00' },
      { day: 2, start: '11:00', end: '12:00' },
      { day: 1, start: '11:30', end: '13:00' },
    ];
    const sameDay = (index: number) => (other: { day: number }) => other.day === hours[index]!.day;
    expect(earlierOverlap(hours, 0, sameDay(0))).toBe(-1);
    expect(earlierOverlap(hours, 1, sameDay(1))).toBe(-1);
    expect(earlierOverlap(hours, 2, sameDay(2))).toBe(0);
    expect(earlierOverlap(hours, 2)).toBe(0);
  });
});
