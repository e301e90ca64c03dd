import {
  bookingReceiptListSchema,
  payoutReportSchema,
  registerSchema,
} from '@therapy/shared/money-papers-schemas';
import { ApiError, messageOf, queryString } from '../../../lib/api-client';
import { adminRequest, pathId } from '../admin-http';
import { adminToken } from '../admin-session';

/** The money papers' calls (decision 057): a booking's documents, the register, the payouts. */

export const fetchBookingReceipts = (bookingId: number, signal?: AbortSignal) =>
  adminRequest(`/api/admin/bookings/${pathId(bookingId)}/receipts`, {
    signal,
    schema: bookingReceiptListSchema,
  });

export const registerPath = (range: { from: string; to: string }, format?: 'xlsx') =>
  `/api/admin/receipts${queryString({ ...range, format })}`;

export const fetchRegister = (range: { from: string; to: string }, signal?: AbortSignal) =>
  adminRequest(registerPath(range), { signal, schema: registerSchema });

export const payoutsPath = (month: { year: number; month: number }, format?: 'xlsx') =>
  `/api/admin/payouts${queryString({ ...month, format })}`;

export const fetchPayouts = (month: { year: number; month: number }, signal?: AbortSignal) =>
  adminRequest(payoutsPath(month), { signal, schema: payoutReportSchema });

/**
 * Downloads a file an admin call answers (a PDF, a workbook): fetched with the bearer token, then
 * saved under `fileName` by the browser. A refusal throws the server's message.
 */
export async function downloadAdminFile(path: string, fileName: string): Promise<void> {
  const response = await fetch(path, { headers: { authorization: `Bearer ${adminToken() ?? ''}` } });
  if (!response.ok) {
    throw new ApiError(response.status, messageOf(await response.json().catch(() => undefined)));
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** 'R/2026-27/000001' → 'R-2026-27-000001.pdf'. */
export const pdfFileName = (number: string) => `${number.replaceAll('/', '-')}.pdf`;
