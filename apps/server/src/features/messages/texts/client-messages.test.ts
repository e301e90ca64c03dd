import { CENTRE_PAYMENT_METHOD_LABELS } from '@therapy/shared/front-desk-schemas';
import { formatPaise } from '@therapy/shared/money';
import { describe, expect, it } from 'vitest';
import { clientMessage, type MessageKey } from './catalogue.ts';
import { en } from './en.ts';
import { formatAmount, formatClockTime, formatLongDate } from './formats.ts';
import { hi } from './hi.ts';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
const DEVANAGARI_DIGIT = /[\u0966-\u096F]/;

describe('the client messages catalogue', () => {
  const keys = Object.keys(en) as MessageKey[];

  it('has a non-empty Hindi text for every key, with the English text’s placeholders', () => {
    expect(Object.keys(hi).sort()).toEqual([...keys].sort());
    for (const key of keys) {
      expect(hi[key].trim(), key).not.toBe('');
      expect(placeholders(hi[key]), key).toEqual(placeholders(en[key]));
    }
  });

  it('writes its Hindi in Devanagari, digits and brand names left Latin', () => {
    for (const key of keys) expect(hi[key], key).not.toMatch(DEVANAGARI_DIGIT);
    expect(hi.noticeRule).toMatch(/[\u0900-\u097F]/);
    expect(hi.refundTiming).toContain('UPI');
    expect(hi.arriveEarly).toContain('10');
  });

  it('names the receipt’s payment methods as the front desk does, in English', () => {
    expect([en.methodCash, en.methodCard, en.methodUpi, en.methodOther]).toEqual([
      CENTRE_PAYMENT_METHOD_LABELS.cash,
      CENTRE_PAYMENT_METHOD_LABELS.card,
      CENTRE_PAYMENT_METHOD_LABELS.upi,
      CENTRE_PAYMENT_METHOD_LABELS.other,
    ]);
  });

  it('fills in the placeholders, in either language', () => {
    expect(clientMessage('en', 'greeting', { name: 'Asha' })).toBe('Dear Asha,');
    expect(clientMessage('hi', 'greeting', { name: 'Asha' })).toBe('प्रिय Asha,');
    expect(clientMessage('en', 'noticeRule', { hours: 24 })).toContain('up to 24 hours before the session');
    expect(clientMessage('hi', 'refundSubject', { id: 7 })).toBe('बुकिंग 7 का रिफ़ंड जारी किया गया');
    // A value that looks like a placeholder is left as it is.
    expect(clientMessage('en', 'bookAgain', { url: 'http://x/{id}' })).toBe('Book again: http://x/{id}');
  });
});

describe('dates, times and amounts in the client’s language', () => {
  it('writes English as the e-mails always have', () => {
    expect(formatLongDate('2026-11-23')).toBe('Monday, 23 November 2026');
    expect(formatClockTime('10:00:00')).toBe('10:00 AM');
    // Every minute of the day, as the e-mails' hand-made 12-hour clock wrote it.
    for (let minute = 0; minute < 24 * 60; minute++) {
      const hours = Math.floor(minute / 60);
      const clock = `${String(hours).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}:00`;
      const before = `${hours % 12 || 12}:${String(minute % 60).padStart(2, '0')} ${hours >= 12 ? 'PM' : 'AM'}`;
      expect(formatClockTime(clock)).toBe(before);
    }
    for (const paise of [0, 1, 99, 100_000, 150_000, 12_345_678, 123_456_789_005]) {
      expect(formatAmount(paise)).toBe(formatPaise(paise));
    }
  });

  it('writes Hindi through hi-IN, with Latin digits', () => {
    expect(formatLongDate('2026-11-23', 'hi')).toBe('सोमवार, 23 नवंबर 2026');
    expect(formatLongDate('2026-12-01', 'hi')).toBe('मंगलवार, 1 दिसंबर 2026');
    expect(formatClockTime('10:00:00', 'hi')).toBe('सुबह 10:00');
    expect(formatClockTime('14:30:00', 'hi')).toBe('दोपहर 2:30');
    expect(formatClockTime('18:15:00', 'hi')).toBe('शाम 6:15');
    expect(formatAmount(150_000, 'hi')).toBe('₹1,500.00');
    expect(formatAmount(12_345_678, 'hi')).toBe('₹1,23,456.78');
  });
});
