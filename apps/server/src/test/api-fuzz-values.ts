import fc from 'fast-check';

/**
 * Hostile values for the generated requests of api-fuzz-requests.ts, in classes (numbers a
 * column cannot hold, impossible dates and times, injection strings, control characters, odd
 * unicode, very long text), and, for a valid value, the hostile values of its own kind: an id
 * gets out-of-range numbers, a date impossible dates, a name a NUL inside.
 */

const NUMBER_TEXTS = [
  '0',
  '-1',
  '1e308',
  '1e3',
  '2147483647',
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '99999999999999999999',
  '0x10',
  ' 1',
  '1 ',
  '+1',
  '01',
  '1.5',
  'NaN',
  'Infinity',
  '-0',
];
const DATE_TEXTS = [
  '2026-02-30',
  '2026-02-29',
  '0000-01-01',
  '9999-12-31',
  '2026-13-01',
  '275760-09-13',
  '2026-1-1',
];
const TIME_TEXTS = ['25:00', '25:61', '24:00', '23:60', '9:00', '10:00:60', '-1:00', '10:00 '];
const INJECTION_TEXTS = [
  "' OR 1=1--",
  "'; DROP TABLE bookings;--",
  '" OR ""="',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '..\\..\\windows\\win.ini',
  `\${7*7}{{7*7}}`,
  '%00',
  'null',
  'true',
  '[]',
  '{}',
  '',
  ' ',
];
const UNICODE_TEXTS = ['\u202eevil', '\ud800', '\udfff\ud800', '😀𝕏 आशा', '\ufeff', 'ß'.repeat(300)];

/** Values a well-behaved client would send somewhere: ids, dates near the test's "now", names. */
export const PLAUSIBLE_STRINGS = [
  '1',
  '2',
  '3',
  '5',
  '1000',
  '2026-11-22',
  '2026-11-23',
  '2026-11-25',
  '2026-12-06',
  '09:00',
  '10:00',
  '11:00:00',
  'ONLINE',
  'OFFLINE',
  'individual',
  'client@example.com',
  'boss@example.com',
  '9876543210',
  'Asha Client',
  'Mumbai',
  'therapist-1.png',
  'plink_abc123',
  'paid',
];

const controlCharacter = fc
  .integer({ min: 0, max: 0x20 })
  .map((c) => String.fromCharCode(c === 0x20 ? 0x7f : c));
/** Ordinary text with a control character (NUL, escape, line break, DEL, …) somewhere in it. */
const withControlCharacter = fc
  .tuple(fc.constantFrom('', 'Asha', 'client@example.com'), controlCharacter, fc.constantFrom('', 'x'))
  .map(([before, control, after]) => `${before}${control}${after}`);

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...NUMBER_TEXTS),
  fc.constantFrom(...DATE_TEXTS, ...TIME_TEXTS),
  fc.constantFrom(...INJECTION_TEXTS),
  withControlCharacter,
  fc.oneof(fc.constantFrom(...UNICODE_TEXTS), fc.string({ unit: 'binary', maxLength: 20 })),
  fc.integer({ min: 100, max: 6000 }).map((n) => 'x'.repeat(n)),
);

export const anyString = fc.oneof(fc.constantFrom(...PLAUSIBLE_STRINGS), hostileString);

/** Hostile text of the kind `valid` is: number-like for digits, dates for a date, and so on. */
export function hostileTextLike(valid: string): fc.Arbitrary<string> {
  const own = /^\d+$/.test(valid)
    ? fc.constantFrom(...NUMBER_TEXTS)
    : /^\d{4}-\d{2}-\d{2}$/.test(valid)
      ? fc.constantFrom(...DATE_TEXTS)
      : /^\d{2}:\d{2}/.test(valid)
        ? fc.constantFrom(...TIME_TEXTS)
        : fc.oneof(withControlCharacter, fc.constant(`${valid}\u0000`));
  return fc.oneof({ arbitrary: own, weight: 3 }, { arbitrary: hostileString, weight: 1 });
}

/** A number as JSON text, so values JSON.stringify cannot write (1e999, 2^53 + 1) go through too. */
export class RawNumber {
  readonly text: string;

  constructor(text: string) {
    this.text = text;
  }
}

export const hostileNumber: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(0, -1, 2_147_483_647, 2_147_483_648, -2_147_483_649, 1e308, -1e308, 0.5, -0.01, 2 ** 53),
  fc.constantFrom('1e999', '-1e999', '9007199254740993', '1.0', '1E2', '-0').map((t) => new RawNumber(t)),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

export const scalar = fc.oneof(hostileNumber, anyString, fc.boolean(), fc.constant(null));
export const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: scalar, weight: 5 },
  { arbitrary: fc.array(scalar, { maxLength: 3 }), weight: 1 },
  { arbitrary: fc.dictionary(fc.constantFrom('a', 'id', '__proto__', 'constructor'), scalar), weight: 1 },
);

/** Hostile values of the kind `valid` is, sometimes of another kind altogether. */
export function hostileLike(valid: unknown): fc.Arbitrary<unknown> {
  const own =
    typeof valid === 'number'
      ? hostileNumber
      : typeof valid === 'string'
        ? fc.oneof(
            hostileTextLike(valid),
            fc.constantFrom(...NUMBER_TEXTS).map((t) => new RawNumber(t)),
          )
        : anyJson;
  return fc.oneof({ arbitrary: own, weight: 3 }, { arbitrary: anyJson, weight: 1 });
}

/** JSON text; RawNumber values are written as their own text (and may not be JSON at all). */
export function toJsonText(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, item) => {
    if (item instanceof RawNumber) {
      raws.push(item.text);
      return `\u0002raw${raws.length - 1}\u0002`;
    }
    return item;
  });
  return (text ?? 'null').replace(/"\\u0002raw(\d+)\\u0002"/g, (_match, index) => raws[Number(index)]!);
}

/** encodeURIComponent, but a lone surrogate goes out as its (invalid UTF-8) WTF-8 bytes. */
export function encodeAny(text: string): string {
  return Array.from(text, (char) => {
    const code = char.codePointAt(0)!;
    if (code < 0xd800 || code > 0xdfff) return encodeURIComponent(char);
    return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
      .map((byte) => `%${byte.toString(16).toUpperCase()}`)
      .join('');
  }).join('');
}
