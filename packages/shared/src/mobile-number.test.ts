import { describe, expect, it } from 'vitest';
import { CLIENT_DETAILS_MESSAGES, validateClientDetails } from './client-details-rules.ts';
import { keepMobileCharacters, normalizeMobile, readMobile } from './mobile-number.ts';

describe('reading a typed mobile number', () => {
  it.each([
    '9876543210',
    '+91 98765 43210',
    '+919876543210',
    '+91-98765-43210',
    '91-98765-43210',
    '91 98765 43210',
    '919876543210',
    '098765 43210',
    '09876543210',
    '0091 98765 43210',
    ' 98765 43210 ',
    '(+91) 98765.43210',
  ])('understands %j as 9876543210', (typed) => {
    expect(normalizeMobile(typed)).toBe('9876543210');
  });

  it('never cuts a number to other digits', () => {
    // Before: +919876543210 lost its last digits to the field's 10-character limit.
    expect(normalizeMobile('+919876543210')).not.toBe('9198765432');
    expect(normalizeMobile('98765432101')).toBeUndefined();
    expect(normalizeMobile('+91 98765 4321')).toBeUndefined();
    expect(normalizeMobile('9198765432101')).toBeUndefined();
  });

  it.each(['', '98765', '987654321', 'phone', '98765x43210', '+', '+91', '++919876543210', '0 0 9'])(
    'refuses %j as not 10 digits',
    (typed) => {
      expect(readMobile(typed)).toEqual({ ok: false, reason: 'invalid' });
    },
  );

  it.each(['+1 415 555 0100', '+44 7700 900123', '0044 7700 900123'])(
    'refuses %j as another country’s number',
    (typed) => {
      expect(readMobile(typed)).toEqual({ ok: false, reason: 'foreign' });
    },
  );

  it('keeps only digits, + and separators as the visitor types', () => {
    expect(keepMobileCharacters('+91 (98765)-43.210abc')).toBe('+91 (98765)-43.210');
  });
});

describe('the form’s mobile messages', () => {
  const details = {
    fullName: 'A',
    email: 'a@example.com',
    age: 30,
    state: '',
    city: '',
    notes: '',
    termsAccepted: true,
    sessionType: 'individual' as const,
  };
  const errorFor = (mobile: string) => validateClientDetails({ ...details, mobile }, 'online').mobile;

  it('keeps the specification’s words, and says why a foreign number is refused', () => {
    expect(errorFor('')).toBe('Mobile number is required');
    expect(errorFor('98765')).toBe('Mobile number must be 10 digits');
    expect(errorFor('+44 7700 900123')).toBe(CLIENT_DETAILS_MESSAGES.mobileNotIndian);
    expect(errorFor('+91 98765 43210')).toBeUndefined();
    expect(errorFor('098765 43210')).toBeUndefined();
  });
});
