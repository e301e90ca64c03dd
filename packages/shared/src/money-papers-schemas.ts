import * as z from 'zod/mini';
import { MAX_GST_RATE } from './gst.ts';
import { calendarDate, dbId, safeText } from './schema-limits.ts';

/**
 * The money papers' fields and answers (issue 27, CONTRACT.md "Money papers", decision 057): a
 * service's tax treatment, a therapist's registration number and payout share, the receipts of a
 * booking, the register of documents and the monthly payouts.
 */

export const SAC_MESSAGE = 'must be a 6-digit SAC code, e.g. 999312';
export const RATE_MESSAGE = `must be a rate from 0 to ${MAX_GST_RATE} (per cent)`;
export const TAX_MESSAGE = 'must be {exempt: true} or {rate_percent, sac}';

/**
 * A service's treatment: `{exempt: true}` (health care, Notification 12/2017 entry 74: a Bill of
 * Supply) or `{rate_percent, sac}` (taxable: a Tax Invoice). The clinic's accountant decides.
 */
export const serviceTaxSchema = z
  .object({
    exempt: z.optional(z.literal(true, 'must be true (or leave it out and give rate_percent and sac)')),
    rate_percent: z.optional(
      z
        .number(RATE_MESSAGE)
        .check(z.gte(0, RATE_MESSAGE), z.lte(MAX_GST_RATE, RATE_MESSAGE), z.multipleOf(0.01, RATE_MESSAGE)),
    ),
    sac: z.optional(z.string(SAC_MESSAGE).check(z.regex(/^\d{6}$/, SAC_MESSAGE))),
  })
  .check(
    z.refine(
      (tax) =>
        tax.exempt === true
          ? tax.rate_percent === undefined && tax.sac === undefined
          : tax.rate_percent !== undefined && tax.sac !== undefined,
      TAX_MESSAGE,
    ),
  );
export type ServiceTax = { exempt: true } | { rate_percent: number; sac: string };

export const PAYOUT_MESSAGE = 'must be {percent} or {per_session} (rupees), not both';
const PERCENT_MESSAGE = 'must be a percentage from 0 to 100';
const PER_SESSION_MESSAGE = 'must be an amount in rupees from 0 to 100000, at most 2 decimals';

/**
 * A therapist's share: a percentage of each session's fee, or a fixed amount per session held or
 * no-show charged. `from`: the first day it counts (default: today); never in a past month.
 */
export const therapistPayoutSchema = z
  .object({
    percent: z.optional(
      z
        .number(PERCENT_MESSAGE)
        .check(z.gte(0, PERCENT_MESSAGE), z.lte(100, PERCENT_MESSAGE), z.multipleOf(0.01, PERCENT_MESSAGE)),
    ),
    per_session: z.optional(
      z
        .number(PER_SESSION_MESSAGE)
        .check(
          z.gte(0, PER_SESSION_MESSAGE),
          z.lte(100_000, PER_SESSION_MESSAGE),
          z.multipleOf(0.01, PER_SESSION_MESSAGE),
        ),
    ),
    from: z.optional(calendarDate),
  })
  .check(
    z.refine(
      (payout) => (payout.percent === undefined) !== (payout.per_session === undefined),
      PAYOUT_MESSAGE,
    ),
  );
export type TherapistPayoutRequest = z.infer<typeof therapistPayoutSchema>;

/** The share in force now, as the catalogue answers it. */
export const payoutShareSchema = z.object({
  percent: z.optional(z.number()),
  per_session: z.optional(z.number()),
  from: z.string(),
});
export type PayoutShare = z.infer<typeof payoutShareSchema>;

export const registrationNumberSchema = safeText(40);

export const DOCUMENT_KINDS = ['bill_of_supply', 'tax_invoice', 'credit_note'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const DOCUMENT_TITLES: Record<DocumentKind, string> = {
  bill_of_supply: 'Bill of Supply',
  tax_invoice: 'Tax Invoice',
  credit_note: 'Credit Note',
};

/** GET /api/admin/bookings/{id}/receipts: the booking's documents, oldest first. */
export const bookingReceiptSchema = z.object({
  number: z.string(),
  kind: z.enum(DOCUMENT_KINDS),
  date: z.string(),
  /** Rupees: the total of the document. */
  amount: z.number(),
  /** The PDF (admin: bearer token; the manage page has its own link). */
  pdf_url: z.string(),
});
export type BookingReceipt = z.infer<typeof bookingReceiptSchema>;
export const bookingReceiptListSchema = z.array(bookingReceiptSchema);

/** One line of the register: what an accountant files GST returns from. Money in rupees. */
export const registerRowSchema = z.object({
  number: z.string(),
  date: z.string(),
  kind: z.enum(DOCUMENT_KINDS),
  booking_id: dbId,
  client_state: z.string(),
  sac: z.nullable(z.string()),
  taxable_value: z.number(),
  rate_percent: z.number(),
  cgst: z.number(),
  sgst: z.number(),
  igst: z.number(),
  total: z.number(),
  /** For a credit note: the document it reverses. */
  linked_number: z.nullable(z.string()),
});
export type RegisterRow = z.infer<typeof registerRowSchema>;

export const MAX_REGISTER_ROWS = 5000;
export const registerSchema = z.object({
  from: z.string(),
  to: z.string(),
  items: z.array(registerRowSchema),
  totals: z.object({
    taxable_value: z.number(),
    cgst: z.number(),
    sgst: z.number(),
    igst: z.number(),
    total: z.number(),
  }),
});
export type Register = z.infer<typeof registerSchema>;

/** One therapist's month. Money in rupees; gross = the clinic's share + the therapist's. */
export const payoutRowSchema = z.object({
  therapist_id: dbId,
  therapist_name: z.string(),
  sessions_held: z.int(),
  no_shows_charged: z.int(),
  cancellations: z.int(),
  gross: z.number(),
  clinic_share: z.number(),
  therapist_share: z.number(),
});
export type PayoutRow = z.infer<typeof payoutRowSchema>;

export const payoutReportSchema = z.object({
  year: z.int(),
  month: z.int(),
  items: z.array(payoutRowSchema),
  totals: z.object({ gross: z.number(), clinic_share: z.number(), therapist_share: z.number() }),
});
export type PayoutReport = z.infer<typeof payoutReportSchema>;
