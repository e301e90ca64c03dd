import * as z from 'zod/mini';

/** The kinds of value an environment variable takes (config.ts), each with its one-line complaint. */

export const booleanText = z.pipe(
  z.enum(['true', 'false', '1', '0', 'yes', 'no'], 'must be true or false'),
  z.transform((value) => value === 'true' || value === '1' || value === 'yes'),
);

export const wholeNumber = (min: number, max: number) =>
  z.pipe(
    z.string().check(z.regex(/^\d+$/, `must be a whole number from ${min} to ${max}`)),
    z.pipe(
      z.transform(Number),
      z
        .number()
        .check(
          z.gte(min, `must be a whole number from ${min} to ${max}`),
          z.lte(max, `must be a whole number from ${min} to ${max}`),
        ),
    ),
  );

export const httpUrl = z.string().check(
  z.refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'http:' || url.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'must be an http:// or https:// URL'),
);

export const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

export const emailText = z.string().check(z.regex(/^[^\s@]+@[^\s@]+$/, 'must be an e-mail address'));
