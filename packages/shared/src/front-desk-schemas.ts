import * as z from 'zod/mini';
import { MAX_MANUAL_AMOUNT } from './manual-booking-schemas.ts';
import { dbIdText, rupeeAmount, safeText } from './schema-limits.ts';

/*
 * The front desk's calls (issue 10): a payment taken at the centre for a pending in-person
 * booking (POST /api/admin/bookings/{id}/payments), its undoing by a superadmin, and a session's
 * attendance (POST /api/admin/bookings/{id}/attendance).
 */

export const CENTRE_PAYMENT_METHODS = ['cash', 'card', 'upi', 'other'] as const;
export type CentrePaymentMethod = (typeof CENTRE_PAYMENT_METHODS)[number];

/** How the lists, the dialog and the receipt name a method. */
export const CENTRE_PAYMENT_METHOD_LABELS: Readonly<Record<CentrePaymentMethod, string>> = {
  cash: 'Cash',
  card: 'Card',
  upi: 'UPI',
  other: 'Other',
};

export const MAX_PAYMENT_REFERENCE = 100;

export const CENTRE_PAYMENT_MESSAGES = {
  methodInvalid: 'Method must be cash, card, upi or other',
  amountInvalid: 'Amount must be more than 0',
  amountDecimals: 'Amount can have at most 2 decimal places',
  amountTooLarge: `Amount must be at most ${MAX_MANUAL_AMOUNT}`,
} as const;

const m = CENTRE_PAYMENT_MESSAGES;

/** Rupees, more than 0, at most MAX_MANUAL_AMOUNT, at most 2 decimals (the manual booking's bounds). */
export const centreAmountSchema = rupeeAmount(MAX_MANUAL_AMOUNT, {
  invalid: m.amountInvalid,
  decimals: m.amountDecimals,
  tooLarge: m.amountTooLarge,
});

/** The amount is the booking's when left out; the reference is a receipt or UPI number, optional. */
export const centrePaymentRequestSchema = z.object({
  method: z.enum(CENTRE_PAYMENT_METHODS, m.methodInvalid),
  amount: z.optional(z.nullable(centreAmountSchema)),
  reference: z.optional(
    z.nullable(
      z.pipe(
        safeText(MAX_PAYMENT_REFERENCE),
        z.transform((text) => text.trim()),
      ),
    ),
  ),
});
export type CentrePaymentRequest = z.input<typeof centrePaymentRequestSchema>;

export const centrePaymentSchema = z.object({
  payment_id: z.int(),
  booking_id: z.int(),
  method: z.enum(CENTRE_PAYMENT_METHODS),
  amount: z.number(),
  reference: z.nullable(z.string()),
  recorded_at: z.string(),
});
export type CentrePayment = z.infer<typeof centrePaymentSchema>;

export const centrePaymentResultSchema = z.object({
  booking_id: z.int(),
  payment_status: z.enum(['COMPLETED', 'PENDING']),
  payment: centrePaymentSchema,
  /** 'Payment of ₹1,500.00 (Cash) recorded for booking 1001.' */
  message: z.string(),
});
export type CentrePaymentResult = z.infer<typeof centrePaymentResultSchema>;

export const centrePaymentParamsSchema = z.object({ id: dbIdText, payment_id: dbIdText });

export const ATTENDANCE_STATUSES = ['attended', 'no_show'] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];

export const attendanceRequestSchema = z.object({
  status: z.enum(ATTENDANCE_STATUSES, 'Status must be attended or no_show'),
});

export const attendanceResultSchema = z.object({
  booking_id: z.int(),
  attendance: z.enum(ATTENDANCE_STATUSES),
  /** 'Booking 1001 marked No-show.' */
  message: z.string(),
});
export type AttendanceResult = z.infer<typeof attendanceResultSchema>;
