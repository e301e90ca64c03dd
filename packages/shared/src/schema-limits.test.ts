import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import {
  calendarDate,
  clockTime,
  dbId,
  dbIdText,
  intTextInRange,
  MAX_DB_INT,
  safeMultilineText,
  safeText,
} from './schema-limits.ts';

const accepts = (schema: z.ZodMiniType, value: unknown) => schema.safeParse(value).success;

describe('schema limits: what the database can hold', () => {
  it('takes ids from 1 to 2^31 − 1 as JSON numbers only', () => {
    expect(dbId.parse(1)).toBe(1);
    expect(dbId.parse(MAX_DB_INT)).toBe(2_147_483_647);
    for (const bad of [
      0,
      -1,
      1.5,
      MAX_DB_INT + 1,
      1e308,
      Number('9007199254740993'),
      Number.NaN,
      true,
      '1',
      null,
    ]) {
      expect(accepts(dbId, bad), String(bad)).toBe(false);
    }
  });

  it('reads ids in paths and queries from plain digits only', () => {
    expect(dbIdText.parse('1')).toBe(1);
    expect(dbIdText.parse('2147483647')).toBe(MAX_DB_INT);
    for (const bad of [
      '2147483648',
      '9999999999',
      '99999999999',
      '0',
      '-1',
      ' 1',
      '1 ',
      '+1',
      '01',
      '1e3',
      '0x1',
      '1.0',
      '',
    ]) {
      expect(accepts(dbIdText, bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it('range-checks counts written as text, zero included when allowed', () => {
    const offset = intTextInRange(0, MAX_DB_INT);
    expect(offset.parse('0')).toBe(0);
    expect(accepts(offset, '00')).toBe(false);
    expect(accepts(intTextInRange(1, 12), '13')).toBe(false);
    expect(intTextInRange(1, 12).parse('12')).toBe(12);
  });

  it('refuses control characters in one-line text, NUL first of all', () => {
    const name = safeText(20);
    expect(name.parse('Asha Menon – आशा')).toBe('Asha Menon – आशा');
    for (const bad of ['a\u0000b', 'a\tb', 'a\nb', 'a\rb', 'a\u001bb', 'a\u007fb', 'x'.repeat(21)]) {
      expect(accepts(name, bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it('keeps tabs and line breaks in a multi-line note, and nothing else of the kind', () => {
    const note = safeMultilineText(100);
    expect(note.parse('one\r\n\ttwo')).toBe('one\r\n\ttwo');
    for (const bad of ['a\u0000b', 'a\u000bb', 'a\u000cb', 'a\u001fb', 'a\u007fb']) {
      expect(accepts(note, bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it('takes real clock times only', () => {
    for (const good of ['00:00', '09:30', '23:59', '23:59:59', '10:00:00']) {
      expect(accepts(clockTime, good), good).toBe(true);
    }
    for (const bad of [
      '24:00',
      '25:00',
      '25:61',
      '23:60',
      '9:00',
      '10:00:60',
      '10:00:0',
      '10-00',
      ' 10:00',
    ]) {
      expect(accepts(clockTime, bad), bad).toBe(false);
    }
  });

  it('takes real dates of supported years only', () => {
    for (const good of ['2026-11-23', '2028-02-29', '1900-01-01', '2999-12-31']) {
      expect(accepts(calendarDate, good), good).toBe(true);
    }
    for (const bad of [
      '2026-02-30',
      '2026-02-29',
      '2026-13-01',
      '2026-00-10',
      '0000-01-01',
      '1899-12-31',
      '3000-01-01',
      '2026-1-1',
      '+02026-01-01',
    ]) {
      expect(accepts(calendarDate, bad), bad).toBe(false);
    }
  });
});
