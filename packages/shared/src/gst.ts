/**
 * India's GST rules as the money papers need them (issue 27, decision 057): the GSTIN's form and
 * checksum, the states' GST codes, the financial year (April to March), the documents' numbers,
 * the tax split by place of supply and an amount in words (Indian numbering). One home for each;
 * the admin forms and the server import them from here.
 */

import { toPaise, toRupees } from './money.ts';

/** The GST state codes (the GSTIN's first two digits), by the state names of indian-states.ts. */
export const GST_STATE_CODES: Readonly<Record<string, string>> = {
  'Jammu and Kashmir': '01',
  'Himachal Pradesh': '02',
  Punjab: '03',
  Chandigarh: '04',
  Uttarakhand: '05',
  Haryana: '06',
  Delhi: '07',
  Rajasthan: '08',
  'Uttar Pradesh': '09',
  Bihar: '10',
  Sikkim: '11',
  'Arunachal Pradesh': '12',
  Nagaland: '13',
  Manipur: '14',
  Mizoram: '15',
  Tripura: '16',
  Meghalaya: '17',
  Assam: '18',
  'West Bengal': '19',
  Jharkhand: '20',
  Odisha: '21',
  Chhattisgarh: '22',
  'Madhya Pradesh': '23',
  Gujarat: '24',
  'Dadra and Nagar Haveli and Daman and Diu': '26',
  Maharashtra: '27',
  Karnataka: '29',
  Goa: '30',
  Lakshadweep: '31',
  Kerala: '32',
  'Tamil Nadu': '33',
  Puducherry: '34',
  'Andaman and Nicobar Islands': '35',
  Telangana: '36',
  'Andhra Pradesh': '37',
  Ladakh: '38',
};

const GSTIN_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** 2-digit state code, PAN (5 letters, 4 digits, a letter), entity number, 'Z', check character. */
const GSTIN_PATTERN = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** The GSTIN's 15th character, from its first 14 (the GSTN's mod-36 check). */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let index = 0; index < 14; index++) {
    const product = GSTIN_CHARS.indexOf(first14[index] ?? '') * (index % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARS[(36 - (sum % 36)) % 36]!;
}

export const GSTIN_MESSAGES = {
  format: 'must be a 15-character GSTIN, e.g. 27AAPFU0939F1ZV',
  checksum: 'is not a valid GSTIN: its check character does not match',
  state: 'does not belong to the clinic’s state (its first two digits are the state code)',
  stateRequired: 'needs the clinic’s state',
} as const;

/** Why `gstin` (upper case, no spaces) is refused for a clinic in `state`, or undefined when it is fine. */
export function gstinProblem(gstin: string, state: string): string | undefined {
  if (!GSTIN_PATTERN.test(gstin)) return GSTIN_MESSAGES.format;
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin[14]) return GSTIN_MESSAGES.checksum;
  if (!state) return GSTIN_MESSAGES.stateRequired;
  if (GST_STATE_CODES[state] !== gstin.slice(0, 2)) return GSTIN_MESSAGES.state;
  return undefined;
}

/** '2026-27': the financial year (April to March) of a calendar date 'YYYY-MM-DD'. */
export function financialYearOf(date: string): string {
  const year = Number(date.slice(0, 4));
  const start = Number(date.slice(5, 7)) >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** The first and last day of a financial year '2026-27'. */
export function financialYearRange(financialYear: string): { from: string; to: string } {
  const start = Number(financialYear.slice(0, 4));
  return { from: `${start}-04-01`, to: `${start + 1}-03-31` };
}

/** A GST invoice number is at most 16 characters (CGST Rules, rule 46(b)). */
export const MAX_DOCUMENT_NUMBER_LENGTH = 16;
/** '/2026-27/': what a number holds besides its prefix and serial. */
const FIXED_PART_LENGTH = '/2026-27/'.length;
/** The fewest digits a serial is written with: a prefix must leave at least these. */
export const MIN_SERIAL_DIGITS = 4;
export const MAX_PREFIX_LENGTH = MAX_DOCUMENT_NUMBER_LENGTH - FIXED_PART_LENGTH - MIN_SERIAL_DIGITS;
export const DOCUMENT_PREFIX_PATTERN = /^[A-Z0-9]+$/;
export const PREFIX_MESSAGE = `must be 1 to ${MAX_PREFIX_LENGTH} capital letters or digits (a number is at most ${MAX_DOCUMENT_NUMBER_LENGTH} characters)`;

/** Why a series prefix is refused, or undefined. */
export function prefixProblem(prefix: string): string | undefined {
  return prefix.length >= 1 && prefix.length <= MAX_PREFIX_LENGTH && DOCUMENT_PREFIX_PATTERN.test(prefix)
    ? undefined
    : PREFIX_MESSAGE;
}

/** How many digits the serial gets after `prefix`: the rest of the 16 characters ('R' → 6). */
export function serialDigits(prefix: string): number {
  return MAX_DOCUMENT_NUMBER_LENGTH - FIXED_PART_LENGTH - prefix.length;
}

/**
 * 'R/2026-27/000123': a document's number, or undefined when the serial no longer fits in 16
 * characters (the caller refuses to issue: the clinic changes its prefix, which starts a new series).
 */
export function documentNumber(prefix: string, financialYear: string, serial: number): string | undefined {
  const digits = serialDigits(prefix);
  const written = String(serial).padStart(digits, '0');
  return written.length > digits ? undefined : `${prefix}/${financialYear}/${written}`;
}

/** Percentages: a rate of 18 takes 18 of every 100. Not a money conversion (money.ts holds those). */
const PERCENT = 100;
export const MAX_GST_RATE = 28;

export type TaxSplit = {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
};

/**
 * The tax inside an amount collected (prices include tax): the taxable value is the total less
 * the tax at `ratePercent` (rounded to the paisa); within the supplier's state half is CGST and
 * half SGST (the odd paisa to SGST), across states all of it is IGST. Exempt (rate null): no tax.
 */
export function splitTax(totalPaise: number, ratePercent: number | null, interState: boolean): TaxSplit {
  const none = { totalPaise, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 };
  if (!ratePercent) return { ...none, taxablePaise: totalPaise };
  const taxablePaise = Math.round((totalPaise * PERCENT) / (PERCENT + ratePercent));
  const tax = totalPaise - taxablePaise;
  if (interState) return { ...none, taxablePaise, igstPaise: tax };
  const cgstPaise = Math.floor(tax / 2);
  return { ...none, taxablePaise, cgstPaise, sgstPaise: tax - cgstPaise };
}

/** The share at `percent` of an amount, to the paisa (a therapist's payout). */
export function percentOf(paise: number, percent: number): number {
  return Math.round((paise * percent) / PERCENT);
}

const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/** 0–99 in words ('' for 0). */
function underHundred(value: number): string {
  if (value < 20) return ONES[value]!;
  const ones = value % 10;
  return `${TENS[Math.floor(value / 10)]}${ones ? ` ${ONES[ones]}` : ''}`;
}

/** A count of hundreds in words (not money: 'Five Hundred'). */
const HUNDRED = 100;

/** 0–999 in words ('' for 0). */
function underThousand(value: number): string {
  const hundreds = Math.floor(value / HUNDRED);
  const rest = underHundred(value % HUNDRED);
  if (!hundreds) return rest;
  return `${ONES[hundreds]} Hundred${rest ? ` ${rest}` : ''}`;
}

/** A whole number in Indian numbering: crore, lakh, thousand ('Zero' for 0). */
export function numberInWords(value: number): string {
  if (value === 0) return 'Zero';
  const parts: string[] = [];
  const crore = Math.floor(value / 10_000_000);
  if (crore) parts.push(`${numberInWords(crore)} Crore`);
  const lakh = Math.floor((value % 10_000_000) / 100_000);
  if (lakh) parts.push(`${underHundred(lakh)} Lakh`);
  const thousand = Math.floor((value % 100_000) / 1000);
  if (thousand) parts.push(`${underHundred(thousand)} Thousand`);
  const rest = underThousand(value % 1000);
  if (rest) parts.push(rest);
  return parts.join(' ');
}

/** 'One Thousand Five Hundred Rupees Only'; with paise: '… Rupees and Fifty Paise Only'. */
export function amountInWords(paise: number): string {
  const rupees = Math.floor(toRupees(paise));
  const rest = paise - toPaise(rupees);
  const rupeeWords = `${numberInWords(rupees)} ${rupees === 1 ? 'Rupee' : 'Rupees'}`;
  return rest ? `${rupeeWords} and ${numberInWords(rest)} Paise Only` : `${rupeeWords} Only`;
}
