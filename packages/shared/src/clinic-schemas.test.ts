import { describe, expect, it } from 'vitest';
import {
  CLINIC_MESSAGES,
  clinicErrorDetail,
  clinicErrorsOf,
  normalizeClinicPhone,
  validateClinicProfile,
} from './clinic-schemas.ts';

const VALID = {
  name: 'Calm Minds',
  phone: '98765 43210',
  email: 'hello@example.com',
  address: '',
  privacy_contact: '',
  legal_name: '',
  gstin: '',
  state: '',
  receipt_prefix: 'R',
  credit_note_prefix: 'C',
};

describe('the clinic phone', () => {
  it.each([
    ['98765 43210', '+91 98765 43210'],
    ['+91-98765-43210', '+91 98765 43210'],
    ['022 4000 0000', '+91 22 4000 0000'],
    ['+91 22 40000000', '+91 22 4000 0000'],
    ['0141 2345678', '+91 1412 345678'],
  ])('reads %s as %s', (typed, shown) => {
    expect(normalizeClinicPhone(typed)).toEqual({ ok: true, phone: shown });
  });

  it.each([
    ['12345', CLINIC_MESSAGES.phoneInvalid],
    ['0123456789', CLINIC_MESSAGES.phoneInvalid],
    ['+44 20 7946 0958', CLINIC_MESSAGES.phoneForeign],
    ['phone me', CLINIC_MESSAGES.phoneInvalid],
  ])('refuses %s', (typed, message) => {
    expect(normalizeClinicPhone(typed)).toEqual({ ok: false, message });
  });
});

describe('the clinic profile rules', () => {
  it('trims every field, normalises the phone and leaves address and privacy contact optional', () => {
    expect(validateClinicProfile({ ...VALID, name: '  Calm \n Minds ' })).toEqual({
      ok: true,
      profile: { ...VALID, phone: '+91 98765 43210', documents_in_client_language: false },
    });
  });

  it('names each refused field, and the form reads them back from the detail', () => {
    const checked = validateClinicProfile({ ...VALID, name: ' ', email: 'nope' });
    expect(checked).toEqual({
      ok: false,
      errors: { name: CLINIC_MESSAGES.nameRequired, email: CLINIC_MESSAGES.emailInvalid },
    });
    if (checked.ok) return;
    const detail = clinicErrorDetail(checked.errors);
    expect(detail).toBe(
      `Invalid body: name: ${CLINIC_MESSAGES.nameRequired}; email: ${CLINIC_MESSAGES.emailInvalid}`,
    );
    expect(clinicErrorsOf(detail)).toEqual(checked.errors);
    // The schema's own limits come in the same form.
    expect(clinicErrorsOf('Invalid body: address: must be at most 300 characters')).toEqual({
      address: 'must be at most 300 characters',
    });
    expect(clinicErrorsOf('This action needs a superadmin.')).toEqual({});
  });
});
