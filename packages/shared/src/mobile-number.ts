/**
 * An Indian mobile number as people type it, made into the 10 digits the clinic stores
 * (decision 026): `+91 98765 43210`, `+91-98765-43210`, `91 98765 43210`, `0091 98765 43210`,
 * `098765 43210` and `98765 43210` are all 9876543210. A number is never cut to other digits:
 * what cannot be read as exactly one 10-digit number is refused (undefined).
 */

/** Separators people put between digit groups; anything else besides digits and a leading + is refused. */
const SEPARATORS = /[\s\-.()]/g;
const LOCAL_DIGITS = 10;
const INDIA_CODE = '91';

export type MobileReading =
  | { ok: true; digits: string }
  /** `foreign`: a + or 00 number of another country; `invalid`: anything else not 10 digits. */
  | { ok: false; reason: 'foreign' | 'invalid' };

export function readMobile(typed: string): MobileReading {
  const compact = typed.replace(SEPARATORS, '');
  const international = compact.startsWith('+') || compact.startsWith('00');
  const digits = compact.replace(/^(\+|00)/, '');
  if (!/^\d+$/.test(digits)) return { ok: false, reason: 'invalid' };
  if (international) {
    if (!digits.startsWith(INDIA_CODE)) {
      // An international number is 8 to 15 digits long (E.164); shorter is a typing slip.
      return { ok: false, reason: digits.length >= 8 && digits.length <= 15 ? 'foreign' : 'invalid' };
    }
    return localDigits(digits.slice(INDIA_CODE.length));
  }
  if (digits.length === LOCAL_DIGITS + 1 && digits.startsWith('0')) return localDigits(digits.slice(1));
  if (digits.length === LOCAL_DIGITS + INDIA_CODE.length && digits.startsWith(INDIA_CODE)) {
    return localDigits(digits.slice(INDIA_CODE.length));
  }
  return localDigits(digits);
}

function localDigits(digits: string): MobileReading {
  return digits.length === LOCAL_DIGITS ? { ok: true, digits } : { ok: false, reason: 'invalid' };
}

/** The 10 digits of `typed`, or undefined when it is not one Indian mobile number. */
export function normalizeMobile(typed: string): string | undefined {
  const reading = readMobile(typed);
  return reading.ok ? reading.digits : undefined;
}

/** The longest a typed mobile may be (`+91 (98765) 43210` and the like): the request's own limit. */
export const MOBILE_TYPED_MAX_LENGTH = 20;

/** What the mobile field keeps as the visitor types: digits, a + and the separators above. */
export function keepMobileCharacters(typed: string): string {
  return typed.replace(/[^\d+\s\-.()]/g, '');
}
