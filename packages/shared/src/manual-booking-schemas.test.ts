import { describe, expect, it } from 'vitest';
import {
  firstManualBookingError,
  MANUAL_BOOKING_MESSAGES as m,
  manualBookingRequestSchema,
  validateManualBooking,
} from './manual-booking-schemas.ts';

const form = {
  therapist_id: '2',
  booking_date: '2026-11-24',
  booking_time_slot_start: '10:00',
  client_full_name: 'Rahul Verma',
  client_email: 'rahul@example.com',
  client_mobile: '9123456780',
  booking_type: 'ONLINE',
  location_id: '',
  amount: '800',
};

const issuesOf = (body: unknown) => {
  const parsed = manualBookingRequestSchema.safeParse(body);
  return parsed.success ? [] : parsed.error.issues;
};

describe('the manual booking request schema', () => {
  it("picks the first failing rule in the form's order, whatever order the fields fail in", () => {
    const issues = issuesOf({ ...form, amount: 0, client_mobile: '123', booking_type: 'OFFLINE' });
    expect(firstManualBookingError(issues)).toEqual({ message: m.clientMobileInvalid, fromForm: true });
    expect(firstManualBookingError(issuesOf({ ...form, booking_type: 'OFFLINE', amount: 0 }))).toEqual({
      message: m.locationRequired,
      fromForm: true,
    });
  });

  it("names the field for a text's own limits, which are not the form's messages", () => {
    expect(firstManualBookingError(issuesOf({ ...form, client_email: `${'a'.repeat(250)}@b.in` }))).toEqual({
      message: 'client_email: must be at most 254 characters',
      fromForm: false,
    });
    expect(firstManualBookingError(issuesOf([]))).toEqual({ message: 'Invalid input', fromForm: false });
  });

  it('shows a note the database cannot hold as an error of the note field', () => {
    expect(validateManualBooking({ ...form, client_note: 'line\u0000break' })).toEqual({
      ok: false,
      errors: { client_note: 'must not contain control characters' },
    });
    const tabbed = validateManualBooking({ ...form, client_note: ' first\tsecond\nthird ' });
    expect(tabbed.ok && tabbed.value.clientNote).toBe('first\tsecond\nthird');
  });

  it('never turns a tiny amount into a free booking', () => {
    expect(validateManualBooking({ ...form, amount: 1e-7 })).toEqual({
      ok: false,
      errors: { amount: m.amountDecimals },
    });
    expect(validateManualBooking({ ...form, amount: '0.00' })).toEqual({
      ok: false,
      errors: { amount: m.amountInvalid },
    });
  });
});
