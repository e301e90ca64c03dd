import * as z from 'zod/mini';
import { MANUAL_BOOKING_WINDOW_DAYS } from './booking-rules.ts';
import { EMAIL_PATTERN, MOBILE_PATTERN } from './client-details-rules.ts';
import { toPaise } from './money.ts';
import {
  CLOCK_TIME_PATTERN,
  isSupportedDate,
  MAX_DB_INT,
  NO_CONTROL_CHARACTERS,
  ONE_LINE_PATTERN,
  rupeeAmount,
  safeMultilineText,
  safeText,
} from './schema-limits.ts';
import { seriesRepeatSchema } from './series-schemas.ts';

/*
 * The administrators' manual booking (specification section 5 "Manual booking form"): the
 * request of POST /api/admin/bookings with its rules, and its answer. One schema serves the
 * form (errors per field), the route (the 400) and the OpenAPI document (patterns and ranges).
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

const m = MANUAL_BOOKING_MESSAGES;

// Each rule carries the form's message, so the form, the server's 400 and the OpenAPI document
// say the same. Text is trimmed before its rule, as the form's fields are; numbers may come as
// plain digits, as a form's select and input give them.

const idNumber = (message: string) => z.int(message).check(z.gte(1, message), z.lte(MAX_DB_INT, message));

/** A row id: a number from 1 to 2^31 − 1, or the same in plain digits. */
const rowId = (message: string) =>
  z.union(
    [
      idNumber(message),
      z.pipe(
        z.string(message).check(z.trim(), z.regex(/^[1-9]\d{0,9}$/, message)),
        z.pipe(z.transform(Number), idNumber(message)),
      ),
    ],
    message,
  );

/** One line of text of at most `max` characters, trimmed, then matching `pattern`. */
const formText = (max: number, pattern: RegExp, message: string) =>
  z
    .string(message)
    .check(
      z.maxLength(max, `must be at most ${max} characters`),
      z.regex(ONE_LINE_PATTERN, NO_CONTROL_CHARACTERS),
      z.trim(),
      z.regex(pattern, message),
    );

const rupees = rupeeAmount(MAX_MANUAL_AMOUNT, {
  invalid: m.amountInvalid,
  decimals: m.amountDecimals,
  tooLarge: m.amountTooLarge,
});

/** Rupees, more than 0, at most 1000000, at most 2 decimals; a number or decimal digits. */
const amountRupees = z.union(
  [
    rupees,
    z.pipe(
      z.string(m.amountInvalid).check(z.trim(), z.regex(/^\d+(\.\d+)?$/, m.amountInvalid)),
      z.pipe(z.transform(Number), rupees),
    ),
  ],
  m.amountInvalid,
);

const LOCATION_ID = 'must be a location id (0 or empty for an online session)';

/** A location id; 0, empty or absent for an online session. */
const locationId = z.optional(
  z.nullable(
    z.union(
      [
        z.int(LOCATION_ID).check(z.gte(0, LOCATION_ID), z.lte(MAX_DB_INT, LOCATION_ID)),
        z.pipe(
          z.string(LOCATION_ID).check(z.trim(), z.regex(/^(0|[1-9]\d{0,9})?$/, LOCATION_ID)),
          z.pipe(
            z.transform((text: string) => Number(text || 0)),
            z.int().check(z.lte(MAX_DB_INT, LOCATION_ID)),
          ),
        ),
      ],
      LOCATION_ID,
    ),
  ),
);

/** Whether the body asks for an in-person session without a location (any other field may be wrong). */
function offlineWithoutLocation(body: unknown): boolean {
  const { booking_type: type, location_id: location } = (body ?? {}) as Record<string, unknown>;
  const offline = typeof type === 'string' && type.trim().toUpperCase() === 'OFFLINE';
  return offline && !(typeof location === 'number' && location >= 1);
}

/**
 * POST /api/admin/bookings, JSON: the booking payload plus `admin_confirmed`. A refused body is
 * a 400 naming the first failing rule in the form's order (MANUAL_BOOKING_FIELD_ORDER), with the
 * form's message.
 *
 * `payment_status` from the client is ignored: ONLINE becomes COMPLETED (paid to the admin),
 * OFFLINE PENDING (paid at the visit). The date must also be today to today + 14 days (clinic
 * time), and the slot a template slot of the therapist, not past, not booked and not blocked
 * (409 otherwise): those need the server's data. Answers 201 with ManualBookingResult.
 */
export const manualBookingRequestSchema = z
  .object({
    therapist_id: rowId(m.therapistRequired),
    /** 'YYYY-MM-DD', a real day. */
    booking_date: z
      .string(m.dateRequired)
      .check(
        z.trim(),
        z.regex(/^\d{4}-\d{2}-\d{2}$/, m.dateRequired),
        z.refine(isSupportedDate, m.dateRequired),
      ),
    /** 'HH:MM' or 'HH:MM:SS'. */
    booking_time_slot_start: formText(20, CLOCK_TIME_PATTERN, m.timeSlotRequired),
    client_full_name: formText(200, /\S/, m.clientNameRequired),
    client_email: formText(254, EMAIL_PATTERN, m.clientEmailInvalid),
    /** 10 digits. */
    client_mobile: formText(20, MOBILE_PATTERN, m.clientMobileInvalid),
    client_note: z.optional(z.nullable(safeMultilineText(2000))),
    /** 'ONLINE' or 'OFFLINE', in any case. */
    booking_type: z.pipe(
      z
        .string(m.bookingTypeRequired)
        .check(z.trim(), z.toUpperCase(), z.regex(/^(ONLINE|OFFLINE)$/, m.bookingTypeRequired)),
      z.enum(['ONLINE', 'OFFLINE'], m.bookingTypeRequired),
    ),
    /** Required (1 or more) for OFFLINE; 0, empty or absent for ONLINE. */
    location_id: locationId,
    amount: amountRupees,
    /** Defaults to true. */
    admin_confirmed: z.optional(z.nullable(z.boolean())),
    /** Optional; the default service (1) when the therapist offers it. */
    service_id: z.optional(z.nullable(rowId('must be a service id'))),
    // Accepted for compatibility with the booking payload; ignored.
    payment_status: z.optional(z.nullable(safeText(2000))),
    terms_accepted: z.optional(z.nullable(z.boolean())),
    therapist_email: z.optional(z.nullable(safeText(2000))),
    payment_transaction_id: z.optional(z.nullable(safeText(2000))),
    /** "Repeat weekly…": a standing appointment for the client (CONTRACT, decision 055). */
    repeat: z.optional(seriesRepeatSchema),
  })
  .check(
    // Runs whatever else failed, so the form shows every field's error at once.
    z.refine((body) => !offlineWithoutLocation(body), {
      message: m.locationRequired,
      path: ['location_id'],
      when: () => true,
    }),
  );
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

/** The order in which the form lists its errors and the server reports the first failing rule. */
export const MANUAL_BOOKING_FIELD_ORDER = [
  'therapist_id',
  'booking_date',
  'booking_time_slot_start',
  'client_full_name',
  'client_email',
  'client_mobile',
  'client_note',
  'booking_type',
  'location_id',
  'amount',
] as const;
export type ManualBookingField = (typeof MANUAL_BOOKING_FIELD_ORDER)[number];

type Issue = { readonly path: readonly PropertyKey[]; readonly message: string };

const rankOf = (issue: Issue) => {
  const rank = (MANUAL_BOOKING_FIELD_ORDER as readonly PropertyKey[]).indexOf(issue.path[0] ?? '');
  return rank === -1 ? MANUAL_BOOKING_FIELD_ORDER.length : rank;
};

/**
 * The first failing rule in the form's order, as the server answers it: the form's own message
 * ('Therapist is required'), or, for the limits every text has, 'field: rule' (`fromForm` false).
 */
export function firstManualBookingError(issues: readonly Issue[]): { message: string; fromForm: boolean } {
  const first = [...issues].sort((a, b) => rankOf(a) - rankOf(b))[0];
  if (!first) return { message: 'Invalid manual booking', fromForm: false };
  if ((Object.values(m) as string[]).includes(first.message))
    return { message: first.message, fromForm: true };
  const field = first.path.map(String).join('.');
  return { message: field ? `${field}: ${first.message}` : first.message, fromForm: false };
}

/** Rupees (number or text) to paise, or the message that says why not. */
export function amountToPaise(amount: unknown): { paise: number } | { error: string } {
  const parsed = amountRupees.safeParse(amount);
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? m.amountInvalid };
  return { paise: toPaise(parsed.data) };
}

/**
 * The manual booking form's rules, shared by the form (errors per field, shown as typed) and the
 * server: the request schema's verdict, with the valid booking in the service's terms.
 */
export function validateManualBooking(
  input: unknown,
):
  | { ok: true; value: ValidManualBooking }
  | { ok: false; errors: Partial<Record<ManualBookingField, string>> } {
  const parsed = manualBookingRequestSchema.safeParse(input);
  if (!parsed.success) {
    const errors: Partial<Record<ManualBookingField, string>> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as ManualBookingField;
      if (MANUAL_BOOKING_FIELD_ORDER.includes(field)) errors[field] ??= issue.message;
    }
    return { ok: false, errors };
  }
  const body = parsed.data;
  const start = body.booking_time_slot_start;
  return {
    ok: true,
    value: {
      therapistId: body.therapist_id,
      bookingDate: body.booking_date,
      startTime: start.length === 5 ? `${start}:00` : start,
      clientFullName: body.client_full_name,
      clientEmail: body.client_email,
      clientMobile: body.client_mobile,
      clientNote: body.client_note?.trim() || null,
      bookingType: body.booking_type,
      locationId: body.booking_type === 'OFFLINE' ? (body.location_id ?? null) : null,
      amountPaise: toPaise(body.amount),
      adminConfirmed: body.admin_confirmed ?? true,
      serviceId: body.service_id ?? null,
    },
  };
}

export const manualBookingResultSchema = z.object({
  booking_id: positiveId,
  /** COMPLETED for ONLINE, PENDING for OFFLINE. */
  payment_status: z.enum(['COMPLETED', 'PENDING']),
  /** 'Manual booking {id} created successfully!' */
  message: z.string(),
  /** A standing appointment: its id and every session's booking, in date order. */
  series_id: z.optional(positiveId),
  booking_ids: z.optional(z.array(positiveId)),
});
export type ManualBookingResult = z.infer<typeof manualBookingResultSchema>;
