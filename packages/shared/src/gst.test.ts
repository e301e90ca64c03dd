import { describe, expect, it } from 'vitest';
import {
  amountInWords,
  documentNumber,
  financialYearOf,
  GSTIN_MESSAGES,
  gstinCheckCharacter,
  gstinProblem,
  PREFIX_MESSAGE,
  prefixProblem,
  splitTax,
} from './gst.ts';

describe('the GSTIN', () => {
  it('takes a GSTIN whose check character matches and whose state is the clinic’s', () => {
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V');
    expect(gstinProblem('27AAPFU0939F1ZV', 'Maharashtra')).toBeUndefined();
  });

  it.each([
    ['27AAPFU0939F1ZX', 'Maharashtra', GSTIN_MESSAGES.checksum],
    ['27AAPFU0939F1Z', 'Maharashtra', GSTIN_MESSAGES.format],
    ['27aapfu0939f1zv', 'Maharashtra', GSTIN_MESSAGES.format],
    ['27AAPFU0939F1ZV', 'Karnataka', GSTIN_MESSAGES.state],
    ['27AAPFU0939F1ZV', '', GSTIN_MESSAGES.stateRequired],
  ])('refuses %s for %s', (gstin, state, message) => {
    expect(gstinProblem(gstin, state)).toBe(message);
  });
});

describe('document numbers', () => {
  it('reckons the financial year from April to March', () => {
    expect(financialYearOf('2026-04-01')).toBe('2026-27');
    expect(financialYearOf('2027-03-31')).toBe('2026-27');
    expect(financialYearOf('2026-03-31')).toBe('2025-26');
    expect(financialYearOf('2099-12-31')).toBe('2099-00');
  });

  it('writes {prefix}/{year}/{serial} in at most 16 characters', () => {
    expect(documentNumber('R', '2026-27', 123)).toBe('R/2026-27/000123');
    expect(documentNumber('INV', '2026-27', 7)).toBe('INV/2026-27/0007');
    expect(documentNumber('INV', '2026-27', 9999)).toHaveLength(16);
    // Past its digits the series is full: no number longer than 16 characters is ever made.
    expect(documentNumber('INV', '2026-27', 10_000)).toBeUndefined();
  });

  it('refuses a prefix that leaves no room for the serial', () => {
    expect(prefixProblem('CN')).toBeUndefined();
    expect(prefixProblem('ABCD')).toBe(PREFIX_MESSAGE);
    expect(prefixProblem('')).toBe(PREFIX_MESSAGE);
    expect(prefixProblem('r/')).toBe(PREFIX_MESSAGE);
  });
});

describe('the tax split', () => {
  it('leaves an exempt supply untaxed', () => {
    expect(splitTax(150_000, null, false)).toEqual({
      taxablePaise: 150_000,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 0,
      totalPaise: 150_000,
    });
  });

  it('splits 18% inside ₹1,180 into ₹1,000 and CGST ₹90 + SGST ₹90 within the state', () => {
    expect(splitTax(118_000, 18, false)).toEqual({
      taxablePaise: 100_000,
      cgstPaise: 9000,
      sgstPaise: 9000,
      igstPaise: 0,
      totalPaise: 118_000,
    });
  });

  it('charges IGST to a client in another state', () => {
    expect(splitTax(118_000, 18, true)).toEqual({
      taxablePaise: 100_000,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 18_000,
      totalPaise: 118_000,
    });
  });

  it('rounds to the paisa and gives the odd paisa to SGST, the parts always adding up', () => {
    // ₹1,500 at 18%: 1,271.19 taxable, 228.81 tax → 114.40 + 114.41.
    const split = splitTax(150_000, 18, false);
    expect(split).toEqual({
      taxablePaise: 127_119,
      cgstPaise: 11_440,
      sgstPaise: 11_441,
      igstPaise: 0,
      totalPaise: 150_000,
    });
  });
});

describe('amounts in words (Indian numbering)', () => {
  it.each([
    [150_000, 'One Thousand Five Hundred Rupees Only'],
    [100, 'One Rupee Only'],
    [118_050, 'One Thousand One Hundred Eighty Rupees and Fifty Paise Only'],
    [
      12_345_678_900,
      'Twelve Crore Thirty Four Lakh Fifty Six Thousand Seven Hundred Eighty Nine Rupees Only',
    ],
    [10_000_000, 'One Lakh Rupees Only'],
    [0, 'Zero Rupees Only'],
    [99, 'Zero Rupees and Ninety Nine Paise Only'],
  ])('%i paise: %s', (paise, words) => {
    expect(amountInWords(paise)).toBe(words);
  });
});
