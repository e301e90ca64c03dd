import * as z from 'zod/mini';
import { isCalendarDate } from './clinic-time.ts';

/**
 * What the database can hold, as schema pieces every request schema is built from, so the web
 * form, the route and the OpenAPI document refuse the same values (issue 8: a value PostgreSQL
 * cannot store must be a 400, never a 500). Ids and counts are `integer` columns (32 bits);
 * PostgreSQL refuses a NUL character in text; a `time` is 00:00 to 23:59:59.
 */

/** The largest value of a PostgreSQL `integer` (and `serial`) column: 2^31 − 1. */
export const MAX_DB_INT = 2_147_483_647;

/** Whole numbers from `min` to `max`, as a JSON number (never a string or a boolean). */
export const intInRange = (min: number, max: number) =>
  z.int().check(z.gte(min, `must be at least ${min}`), z.lte(max, `must be at most ${max}`));

/** Any value of an `integer` column, as a JSON number; a rule of the field then says what fits. */
export const dbInt = intInRange(-MAX_DB_INT - 1, MAX_DB_INT);

/** A row id in a JSON body: a number from 1 to 2^31 − 1. */
export const dbId = intInRange(1, MAX_DB_INT);

/**
 * A whole number written in a path or query string: plain decimal digits only (no sign, space,
 * exponent or leading zero, which `Number()` would quietly accept), then range checked.
 */
export const intTextInRange = (min: number, max: number) =>
  z.pipe(
    z.string().check(z.regex(/^(0|[1-9]\d{0,9})$/, 'must be a whole number in plain digits')),
    z.pipe(
      z.transform((text: string) => Number(text)),
      intInRange(min, max),
    ),
  );

/** A row id in a path or query string: '1' to '2147483647'. */
export const dbIdText = intTextInRange(1, MAX_DB_INT);

/** The row id `text` names in plain digits (e.g. a payment link's reference id), or undefined. */
export function parseDbId(text: string): number | undefined {
  const parsed = dbIdText.safeParse(text);
  return parsed.success ? parsed.data : undefined;
}

/*
 * Patterns, so the OpenAPI document shows the rule as the fields' `pattern`: no C0 control
 * characters (NUL, tab, line breaks, escape, …) and no DEL; a multi-line text keeps tab, LF, CR.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
export const ONE_LINE_PATTERN = /^[^\u0000-\u001f\u007f]*$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const MULTI_LINE_PATTERN = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;

/** Whether `text` holds a control character a one-line text never holds (NUL among them). */
export const hasControlCharacter = (text: string) => !ONE_LINE_PATTERN.test(text);

export const NO_CONTROL_CHARACTERS = 'must not contain control characters';

/** One-line text of at most `max` characters without control characters (NUL among them). */
export const safeText = (max: number) =>
  z
    .string()
    .check(
      z.maxLength(max, `must be at most ${max} characters`),
      z.regex(ONE_LINE_PATTERN, NO_CONTROL_CHARACTERS),
    );

/** Multi-line text (a note): tabs and line breaks allowed, other control characters not. */
export const safeMultilineText = (max: number) =>
  z
    .string()
    .check(
      z.maxLength(max, `must be at most ${max} characters`),
      z.regex(MULTI_LINE_PATTERN, NO_CONTROL_CHARACTERS),
    );

/** 'HH:MM' or 'HH:MM:SS' on a 24-hour clock: 00:00 to 23:59:59. */
export const CLOCK_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;
export const isClockTime = (text: string) => CLOCK_TIME_PATTERN.test(text);
export const clockTime = z
  .string()
  .check(z.regex(CLOCK_TIME_PATTERN, 'must be a time HH:MM (00:00 to 23:59)'));

/**
 * The years a date may name. Wide enough for any booking, report or filter, narrow enough that
 * date arithmetic never leaves four digits and PostgreSQL never meets year 0.
 */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2999;

/** 'YYYY-MM-DD' naming a real day (not 2026-02-30) of the years MIN_YEAR to MAX_YEAR. */
export function isSupportedDate(text: string): boolean {
  if (!isCalendarDate(text)) return false;
  const year = Number(text.slice(0, 4));
  return year >= MIN_YEAR && year <= MAX_YEAR;
}

const DATE_MESSAGE = `must be a real date YYYY-MM-DD (years ${MIN_YEAR} to ${MAX_YEAR})`;
export const calendarDate = z
  .string()
  .check(z.regex(/^\d{4}-\d{2}-\d{2}$/, DATE_MESSAGE), z.refine(isSupportedDate, DATE_MESSAGE));

/**
 * An amount in rupees: more than 0, at most `max`, at most 2 decimals (paise), each rule with
 * the caller's message (the manual booking's and the front desk's words differ).
 */
export function rupeeAmount(max: number, messages: { invalid: string; decimals: string; tooLarge: string }) {
  return z
    .number(messages.invalid)
    .check(
      z.positive(messages.invalid),
      z.gte(0.01, messages.decimals),
      z.lte(max, messages.tooLarge),
      z.multipleOf(0.01, messages.decimals),
    );
}
