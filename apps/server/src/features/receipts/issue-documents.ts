import { todayIn } from '@therapy/shared/clinic-time';
import { amountInWords, documentNumber, financialYearOf, splitTax } from '@therapy/shared/gst';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import * as repo from './documents-repo.ts';

/**
 * The money papers' one write (decision 057): a receipt for every payment collected and a credit
 * note for every one given back, each in the transaction that records the payment, the refund
 * or the undoing. The payment and its document are committed together or not at all.
 */

/** The clinic's clock: the issue date (and so the financial year) is the clinic's day. */
export type IssueClock = { timeZone: string; now: () => Date };

/**
 * What was paid: an online payment, a payment taken at the centre, or a manual booking the front
 * desk entered as paid (ONLINE: paid to the clinic outside the app), named by its booking id.
 */
export type PaidSource =
  | { kind: 'payment'; id: string }
  | { kind: 'centre'; id: number }
  | { kind: 'manual'; id: number };

/** An online payment `paymentId` of `amountPaise` for `bookingId`, as issueReceipt takes it. */
export const paidOnline = (paymentId: string, bookingId: number, amountPaise: number) => ({
  source: { kind: 'payment' as const, id: paymentId },
  bookingId,
  amountPaise,
});

export const sourceKey = (source: PaidSource) => `${source.kind}:${source.id}`;

/**
 * The receipt's source of a booking paid as a whole by `paymentTransactionId`: a manual booking's
 * merchant reference (`MANUAL-{id}`) names the booking, anything else the online payment.
 */
export const paidBookingSource = (bookingId: number, paymentTransactionId: string): string =>
  paymentTransactionId === `MANUAL-${bookingId}`
    ? sourceKey({ kind: 'manual', id: bookingId })
    : sourceKey({ kind: 'payment', id: paymentTransactionId });

/** A number that no longer fits in 16 characters: the clinic must start a new series. */
export const SERIES_FULL =
  'This year’s document series is full for its prefix: set a shorter prefix in the clinic profile.';

const DEFAULT_PREFIX: Record<repo.Series, string> = { receipt: 'R', credit_note: 'C' };

async function numberFor(tx: Queryable, series: repo.Series, prefix: string | null, issueDate: string) {
  const financialYear = financialYearOf(issueDate);
  const serial = await repo.takeSerial(tx, series, financialYear);
  const number = documentNumber(prefix || DEFAULT_PREFIX[series], financialYear, serial);
  if (!number) throw new AppError(409, SERIES_FULL);
  return { series, financial_year: financialYear, serial, number };
}

/**
 * Issues the receipt of a payment of `amountPaise` for `bookingId` (once per payment: a replayed
 * webhook finds the one issued): a Tax Invoice when the booking's service is taxable, a Bill of
 * Supply when it is exempt (or has no service), the tax split by the place of supply.
 */
export async function issueReceipt(
  tx: Queryable,
  payment: { source: PaidSource; bookingId: number; amountPaise: number },
  clock: IssueClock,
): Promise<repo.DocumentRow> {
  const source = sourceKey(payment.source);
  const issued = await repo.findBySource(tx, source);
  if (issued) return issued;
  const facts = await repo.readIssueFacts(tx, payment.bookingId);
  if (!facts) throw new Error(`Booking ${payment.bookingId} not found for its receipt`);
  const supplierState = facts.clinic_state ?? '';
  const placeOfSupply = facts.client_state?.trim() || supplierState;
  const interState = supplierState !== '' && placeOfSupply !== supplierState;
  const rate = facts.tax_rate_percent === null ? null : Number(facts.tax_rate_percent);
  const split = splitTax(payment.amountPaise, rate, interState);
  const issueDate = todayIn(clock.timeZone, clock.now());
  return repo.insertDocument(tx, {
    ...(await numberFor(tx, 'receipt', facts.receipt_prefix, issueDate)),
    kind: rate === null ? 'bill_of_supply' : 'tax_invoice',
    source,
    booking_id: facts.booking_id,
    original_id: null,
    issue_date: issueDate,
    supplier_state: supplierState,
    place_of_supply: placeOfSupply,
    sac: facts.tax_sac,
    rate_percent: rate ?? 0,
    taxable_paise: split.taxablePaise,
    cgst_paise: split.cgstPaise,
    sgst_paise: split.sgstPaise,
    igst_paise: split.igstPaise,
    total_paise: split.totalPaise,
    amount_words: amountInWords(split.totalPaise),
    clinic_name: facts.clinic_name ?? '',
    clinic_legal_name: facts.clinic_legal_name ?? '',
    clinic_address: facts.clinic_address ?? '',
    clinic_gstin: facts.clinic_gstin ?? '',
    therapist_id: facts.therapist_id,
    therapist_name: facts.therapist_name,
    therapist_registration: facts.therapist_registration,
    service_name: facts.service_name ?? 'Therapy session',
    session_date: facts.session_date,
  });
}

/** What a credit note gives back: all of the document (the default), or one session's share. */
export type CreditPart = { amountPaise: number; bookingId: number };

/**
 * Issues the credit note that reverses the receipt of `paid` (a refund, or a centre payment
 * undone), from the credit notes' own series, pointing at the receipt: in full, or `part` of it (a
 * series paid at once, refunded session by session), the tax split as on the receipt. Once per
 * part; never more than the receipt's total; none for a payment recorded before receipts existed.
 */
export async function issueCreditNote(
  tx: Queryable,
  paid: PaidSource,
  clock: IssueClock,
  part?: CreditPart,
): Promise<repo.DocumentRow | undefined> {
  const original = await repo.findBySource(tx, sourceKey(paid));
  if (!original) return undefined;
  const source = `credit:${sourceKey(paid)}${part ? `:booking:${part.bookingId}` : ''}`;
  const existing = await repo.findBySource(tx, source);
  if (existing) return existing;
  const left = original.total_paise - (await repo.creditedPaise(tx, original.id));
  const amountPaise = Math.min(part?.amountPaise ?? original.total_paise, left);
  if (amountPaise <= 0) return undefined;
  const interState = original.igst_paise > 0 || original.place_of_supply !== original.supplier_state;
  const rate = original.sac === null ? null : Number(original.rate_percent);
  const split = splitTax(amountPaise, rate, interState && original.supplier_state !== '');
  const facts = await repo.readIssueFacts(tx, original.booking_id);
  const issueDate = todayIn(clock.timeZone, clock.now());
  const { id: _id, ...copy } = original;
  return repo.insertDocument(tx, {
    ...copy,
    ...(await numberFor(tx, 'credit_note', facts?.credit_note_prefix ?? null, issueDate)),
    kind: 'credit_note',
    source,
    booking_id: part?.bookingId ?? original.booking_id,
    original_id: original.id,
    issue_date: issueDate,
    taxable_paise: split.taxablePaise,
    cgst_paise: split.cgstPaise,
    sgst_paise: split.sgstPaise,
    igst_paise: split.igstPaise,
    total_paise: split.totalPaise,
    amount_words: amountInWords(split.totalPaise),
  });
}
