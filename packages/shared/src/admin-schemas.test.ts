import { describe, expect, it } from 'vitest';
import { adminBlockRequestSchema } from './admin-slot-schemas.ts';
import { isCalendarDate } from './clinic-time.ts';
import {
  amountToPaise,
  MANUAL_BOOKING_MESSAGES as m,
  validateManualBooking,
} from './manual-booking-schemas.ts';

const valid = {
  therapist_id: '3',
  booking_date: '2026-11-24',
  booking_time_slot_start: '09:00',
  client_full_name: ' Rahul Verma ',
  client_email: 'rahul@example.com',
  client_mobile: '9123456780',
  booking_type: 'offline',
  location_id: '1',
  amount: '1200',
};

describe('manual booking rules', () => {
  it('normalizes a valid form: trimmed name, HH:MM:SS, upper-case type, paise', () => {
    expect(validateManualBooking(valid)).toEqual({
      ok: true,
      value: {
        therapistId: 3,
        bookingDate: '2026-11-24',
        startTime: '09:00:00',
        clientFullName: 'Rahul Verma',
        clientEmail: 'rahul@example.com',
        clientMobile: '9123456780',
        clientNote: null,
        bookingType: 'OFFLINE',
        locationId: 1,
        amountPaise: 120_000,
        adminConfirmed: true,
        serviceId: null,
      },
    });
    const online = validateManualBooking({ ...valid, booking_type: 'ONLINE', location_id: 2 });
    expect(online.ok && online.value.locationId).toBeNull();
  });

  it('reports every failing field with the form’s message', () => {
    const result = validateManualBooking({});
    expect(result).toEqual({
      ok: false,
      errors: {
        therapist_id: m.therapistRequired,
        booking_date: m.dateRequired,
        booking_time_slot_start: m.timeSlotRequired,
        client_full_name: m.clientNameRequired,
        client_email: m.clientEmailInvalid,
        client_mobile: m.clientMobileInvalid,
        booking_type: m.bookingTypeRequired,
        amount: m.amountInvalid,
      },
    });
    expect(validateManualBooking({ ...valid, location_id: 0 })).toEqual({
      ok: false,
      errors: { location_id: m.locationRequired },
    });
  });

  it('turns rupees into paise exactly, refusing more than 2 decimals', () => {
    expect(amountToPaise(19.99)).toEqual({ paise: 1999 });
    expect(amountToPaise('0.3')).toEqual({ paise: 30 });
    expect(amountToPaise(1_000_000)).toEqual({ paise: 100_000_000 });
    expect(amountToPaise(1_000_000.01)).toEqual({ error: m.amountTooLarge });
    expect(amountToPaise(0.001)).toEqual({ error: m.amountDecimals });
    for (const bad of [0, -1, '', ' ', null, undefined, 'ten', Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(amountToPaise(bad)).toEqual({ error: m.amountInvalid });
    }
  });

  it('knows real calendar dates', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2026-11-2')).toBe(false);
    expect(
      adminBlockRequestSchema.safeParse({ therapist_id: 1, start_time: '10:00', date: '2026-04-31' }).success,
    ).toBe(false);
    expect(
      adminBlockRequestSchema.safeParse({ therapist_id: 1, start_time: '10:00', date: '2026-04-30' }).success,
    ).toBe(true);
  });
});
