import { describe, expect, it } from 'vitest';
import { AppError } from './app-error.ts';
import { decodeCursor, encodeCursor } from './keyset-cursor.ts';

describe('keyset cursors', () => {
  it('reads back what it wrote, text included', () => {
    const kinds = ['text', 'date', 'time', 'id'] as const;
    const cursor = encodeCursor(['anita~desai ✓', '2026-11-24', '09:30:00', 42], kinds);
    expect(cursor).toMatch(/^[\w.:~-]+$/);
    expect(decodeCursor(cursor, kinds)).toEqual(['anita~desai ✓', '2026-11-24', '09:30:00', '42']);
  });

  it.each([
    ['an id past the integer column', '2147483648', ['id']],
    ['an id with a sign', '-1', ['id']],
    ['no real day', '2026-02-30', ['date']],
    ['no real time', '24:00:00', ['time']],
    ['minutes past 59', '10:60', ['time']],
    ['too few parts', '2026-01-01', ['date', 'time', 'id']],
    ['text that is not base64url', 'a+b', ['text']],
    ['text holding a NUL', Buffer.from('a\u0000b').toString('base64url'), ['text']],
    ['text that is not UTF-8', Buffer.from([0xff, 0xfe]).toString('base64url'), ['text']],
  ] as const)('refuses %s with a 400, never a query error', (_, cursor, kinds) => {
    expect(() => decodeCursor(cursor, kinds)).toThrow(AppError);
    try {
      decodeCursor(cursor, kinds);
    } catch (error) {
      expect((error as AppError).statusCode).toBe(400);
    }
  });
});
