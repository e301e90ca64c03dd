import { toRupees } from '@therapy/shared/money';
import {
  type BookingReceipt,
  MAX_REGISTER_ROWS,
  type Register,
  type RegisterRow,
} from '@therapy/shared/money-papers-schemas';
import type { Queryable } from '../../db/database.ts';
import { badRequest, notFound } from '../../http/app-error.ts';
import * as repo from './documents-repo.ts';
import { renderDocumentPdf } from './receipt-pdf.ts';

/** Reads of the money papers: a booking's documents, their PDFs and the register. */

/** '/api/admin/receipts/R%2F2026-27%2F000001.pdf': a document's PDF for the admin screens. */
export const adminPdfUrl = (number: string) => `/api/admin/receipts/${encodeURIComponent(number)}.pdf`;

/** A manage link's PDF of one of its booking's documents. */
export const managePdfUrl = (token: string, number: string) =>
  `/api/manage/${token}/receipts/${encodeURIComponent(number)}.pdf`;

export const DOCUMENT_NOT_FOUND = 'No such receipt for this booking.';

/** The number a '{number}.pdf' path segment names (decoded by the router), or undefined. */
export function numberOfPdfFile(file: string): string | undefined {
  const match = /^(.{1,16})\.pdf$/.exec(file);
  return match?.[1];
}

/** A booking's documents, oldest first, each with its PDF's URL (`pdfUrl` makes it). */
export async function listBookingReceipts(
  db: Queryable,
  bookingId: number,
  pdfUrl: (number: string) => string = adminPdfUrl,
): Promise<BookingReceipt[]> {
  return (await repo.listForBooking(db, bookingId)).map((document) => ({
    number: document.number,
    kind: document.kind,
    date: document.issue_date,
    amount: toRupees(document.total_paise),
    pdf_url: pdfUrl(document.number),
  }));
}

/** The PDF of document `number`; 404 unless it is `bookingId`'s (when given). */
export async function documentPdf(db: Queryable, file: string, bookingId?: number): Promise<Buffer> {
  const number = numberOfPdfFile(file);
  const document = number === undefined ? undefined : await repo.findByNumber(db, number);
  if (!document || (bookingId !== undefined && document.booking_id !== bookingId)) {
    throw notFound(DOCUMENT_NOT_FOUND);
  }
  const original = document.original_id === null ? undefined : await repo.findById(db, document.original_id);
  return renderDocumentPdf({ document, original, ...(await repo.findPrintFacts(db, document.booking_id)) });
}

const toRegisterRow = (document: repo.RegisterDocumentRow): RegisterRow => ({
  number: document.number,
  date: document.issue_date,
  kind: document.kind,
  booking_id: document.booking_id,
  client_state: document.place_of_supply,
  sac: document.sac,
  taxable_value: toRupees(document.taxable_paise),
  rate_percent: Number(document.rate_percent),
  cgst: toRupees(document.cgst_paise),
  sgst: toRupees(document.sgst_paise),
  igst: toRupees(document.igst_paise),
  total: toRupees(document.total_paise),
  linked_number: document.linked_number,
});

/**
 * The register of a period: every document issued, credit notes counted against the totals
 * (they give money back). At most MAX_REGISTER_ROWS: a longer period is refused (400), so an
 * accountant never files from a register cut short.
 */
export async function readRegister(db: Queryable, range: { from: string; to: string }): Promise<Register> {
  if (range.from > range.to) throw badRequest("'from' must not be after 'to'");
  const documents = await repo.listRegister(db, range, MAX_REGISTER_ROWS + 1);
  if (documents.length > MAX_REGISTER_ROWS) {
    throw badRequest(`More than ${MAX_REGISTER_ROWS} documents in this period: choose a shorter one.`);
  }
  const sign = (document: repo.DocumentRow) => (document.kind === 'credit_note' ? -1 : 1);
  const sum = (pick: (document: repo.DocumentRow) => number) =>
    toRupees(documents.reduce((total, document) => total + sign(document) * pick(document), 0));
  return {
    ...range,
    items: documents.map(toRegisterRow),
    totals: {
      taxable_value: sum((document) => document.taxable_paise),
      cgst: sum((document) => document.cgst_paise),
      sgst: sum((document) => document.sgst_paise),
      igst: sum((document) => document.igst_paise),
      total: sum((document) => document.total_paise),
    },
  };
}

/** The document issued for `source` ('centre:12'), as an e-mail attachment, if there is one. */
export async function documentAttachment(db: Queryable, source: string) {
  const document = await repo.findBySource(db, source);
  if (!document) return undefined;
  const pdf = await documentPdf(db, `${document.number}.pdf`);
  return {
    number: document.number,
    attachment: {
      filename: `${document.number.replaceAll('/', '-')}.pdf`,
      content: pdf.toString('base64'),
      contentType: 'application/pdf',
      encoding: 'base64' as const,
    },
  };
}
