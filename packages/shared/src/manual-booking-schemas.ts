import * as z from 'zod/mini';
import { MANUAL_BOOKING_WINDOW_DAYS } from './booking-rules.ts';
import { isValidEmail, isValidMobile } from './client-details-rules.ts';
import { isClockTime, isSupportedDate, MAX_DB_INT, safeMultilineText, safeText } from './schema-limits.ts';

/*
 * The administrators' manual booking (specification section 5 "Manual booking form"): the
 * request of POST /api/admin/manual-booking, its rules, shared by the form and the server, and
 * its answer.
 */

const positiveId = z.int().check(z.positive());

/** The manual booking form's messages (specification section 5), word for word. */
export const MANUAL_BOOKING_MESSAGES = {
  therapistRequired: 'Therapist is required',
  dateRequired: 'Booking date is required',
  timeSlotRequired: 'Time slot is required',
  clientNameRequired: 'Client name is required',
  clientEmailInvalid: 'Valid client email is required',
  clientMobileInvalid: 'Valid 10-digit mobile is required',
  bookingTypeRequired: 'Booking type is required',
  locationRequired: 'Location is required for offline booking',
  amountInvalid: 'Amount is required and must be positive',
  amountDecimals: 'Amount can have at most 2 decimal places',
  amountTooLarge: 'Amount must be at most 1000000',
} as const;

/** Largest manual booking amount, in rupees. */
export const MAX_MANUAL_AMOUNT = 1_000_000;

/** Dates the manual booking form offers: today and the next 14 days. */
export const MANUAL_BOOKING_DAYS = MANUAL_BOOKING_WINDOW_DAYS;

const looseNumber = z.optional(z.nullable(z.union([z.number(), safeText(30)])));
const looseText = z.optional(z.nullable(safeText(2000)));

/**
 * POST /api/admin/bookings, JSON: the booking payload plus `admin_confirmed`. Fields are loose
 * on purpose so that the server answers the form's own messages (400 with the first failing
 * rule of `validateManualBooking`, in the order of MANUAL_BOOKING_MESSAGES).
 *
 * `payment_status` from the client is ignored: ONLINE becomes COMPLETED (paid to the admin),
 * OFFLINE PENDING (paid at the visit). `amount` is in rupees, from the form. The date must be
 * today to today + 14 days; the slot a template slot of the therapist, not past, not booked and
 * not blocked (409 otherwise). Answers 201 with ManualBookingResult.
 */
export const manualBookingRequestSchema = z.object({
  therapist_id: looseNumber,
  booking_date: looseText,
  /** 'HH:MM' or 'HH:MM:SS'. */
  booking_time_slot_start: looseText,
  client_full_name: looseText,
  client_email: looseText,
  client_mobile: looseText,
  client_note: z.optional(z.nullable(safeMultilineText(2000))),
  /** 'ONLINE' or 'OFFLINE' (lower case accepted). */
  booking_type: looseText,
  /** Required for OFFLINE; 0 or absent for ONLINE. */
  location_id: looseNumber,
  /** Rupees, positive, up to 2 decimals. */
  amount: looseNumber,
  /** Defaults to true. */
  admin_confirmed: z.optional(z.nullable(z.boolean())),
  /** Optional; the default service (1) when the therapist offers it. */
  service_id: looseNumber,
  // Accepted for compatibility with the booking payload; ignored.
  payment_status: looseText,
  terms_accepted: z.optional(z.nullable(z.boolean())),
  therapist_email: looseText,
  payment_transaction_id: looseText,
});
export type ManualBookingRequest = z.input<typeof manualBookingRequestSchema>;

/** A manual booking that passed `validateManualBooking`. */
export type ValidManualBooking = {
  therapistId: number;
  bookingDate: string;
  /** 'HH:MM:SS'. */
  startTime: string;
  clientFullName: string;
  clientEmail: string;
  clientMobile: string;
  clientNote: string | null;
  bookingType: 'ONLINE' | 'OFFLINE';
  /** null for ONLINE. */
  locationId: number | null;
  amountPaise: number;
  adminConfirmed: boolean;
  serviceId: number | null;
};

export type ManualBookingField =
  | 'therapist_id'
  | 'booking_date'
  | 'booking_time_slot_start'
  | 'client_full_name'
  | 'client_email'
  | 'client_mobile'
  | 'booking_type'
  | 'location_id'
  | 'amount';

/** A row id from the form (a number, or plain digits as a select gives them), or undefined. */
const wholePositive = (value: unknown): number | undefined => {
  const number =
    typeof value === 'string' ? (/^[1-9]\d{0,9}$/.test(value.trim()) ? Number(value) : NaN) : value;
  return typeof number === 'number' && Number.isInteger(number) && number > 0 && number <= MAX_DB_INT
    ? number
    : undefined;
};

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** Rupees (number or text) to paise, or the message that says why not. */
export function amountToPaise(amount: unknown): { paise: number } | { error: string } {
  const m = MANUAL_BOOKING_MESSAGES;
  const raw = typeof amount === 'string' ? amount.trim() : amount;
  if (raw === '' || raw === null || raw === undefined) return { error: m.amountInvalid };
  const value = typeof raw === 'string' ? Number(raw) : raw;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) return { error: m.amountInvalid };
  if (value > MAX_MANUAL_AMOUNT) return { error: m.amountTooLarge };
  const paise = Math.round(value * 100);
  if (Math.abs(paise - value * 100) > 1e-6) return { error: m.amountDecimals };
  return { paise };
}

/**
 * The manual booking form's rules, shared by the form (errors per field, shown as typed) and the
 * server (400 with the first error). Window, slot and availability checks need the server's data
 * and happen there.
 */
export function validateManualBooking(
  input: ManualBookingRequest,
):
  | { ok: true; value: ValidManualBooking }
  | { ok: false; errors: Partial<Record<ManualBookingField, string>> } {
  const m = MANUAL_BOOKING_MESSAGES;
  const errors: Partial<Record<ManualBookingField, string>> = {};
  const therapistId = wholePositive(input.therapist_id);
  if (therapistId === undefined) errors.therapist_id = m.therapistRequired;
  const bookingDate = text(input.booking_date);
  if (!isSupportedDate(bookingDate)) errors.booking_date = m.dateRequired;
  const start = text(input.booking_time_slot_start);
  if (!isClockTime(start)) errors.booking_time_slot_start = m.timeSlotRequired;
  const clientFullName = text(input.client_full_name);
  if (!clientFullName) errors.client_full_name = m.clientNameRequired;
  const clientEmail = text(input.client_email);
  if (!isValidEmail(clientEmail)) errors.client_email = m.clientEmailInvalid;
  const clientMobile = text(input.client_mobile);
  if (!isValidMobile(clientMobile)) errors.client_mobile = m.clientMobileInvalid;
  const type = text(input.booking_type).toUpperCase();
  const bookingType = type === 'ONLINE' || type === 'OFFLINE' ? type : undefined;
  if (!bookingType) errors.booking_type = m.bookingTypeRequired;
  const locationId = wholePositive(input.location_id);
  if (bookingType === 'OFFLINE' && locationId === undefined) errors.location_id = m.locationRequired;
  const amount = amountToPaise(input.amount);
  if ('error' in amount) errors.amount = amount.error;

  if (Object.keys(errors).length > 0 || !bookingType || therapistId === undefined || 'error' in amount) {
    return { ok: false, errors };
  }
  const note = text(input.client_note);
  return {
    ok: true,
    value: {
      therapistId,
      bookingDate,
      startTime: start.length === 5 ? `${start}:00` : start,
      clientFullName,
      clientEmail,
      clientMobile,
      clientNote: note || null,
      bookingType,
      locationId: bookingType === 'OFFLINE' ? (locationId ?? null) : null,
      amountPaise: amount.paise,
      adminConfirmed: input.admin_confirmed ?? true,
      serviceId: wholePositive(input.service_id) ?? null,
    },
  };
}

/** The order in which the server reports the first failing rule. */
export const MANUAL_BOOKING_FIELD_ORDER: readonly ManualBookingField[] = [
  'therapist_id',
  'booking_date',
  'booking_time_slot_start',
  'client_full_name',
  'client_email',
  'client_mobile',
  'booking_type',
  'location_id',
  'amount',
];

export const manualBookingResultSchema = z.object({
  booking_id: positiveId,
  /** COMPLETED for ONLINE, PENDING for OFFLINE. */
  payment_status: z.enum(['COMPLETED', 'PENDING']),
  /** 'Manual booking {id} created successfully!' */
  message: z.string(),
});
export type ManualBookingResult = z.infer<typeof manualBookingResultSchema>;
