import { DOCUMENT_TITLES } from '@therapy/shared/money-papers-schemas';
import { useState } from 'react';
import { PageLoading } from '../../../components/page-loading';
import { useFetch } from '../../../lib/use-fetch';
import { formatAmount, formatDate } from '../admin-format';
import { errorMessage, loadErrorMessage } from '../admin-http';
import { showError } from '../ui/toast-store';
import { downloadAdminFile, fetchBookingReceipts, pdfFileName } from './money-api';

/** A booking's receipts, invoices and credit notes, each with its PDF (the booking's dialog). */
export function BookingReceiptsSection({ bookingId }: { bookingId: number }) {
  const receipts = useFetch(`booking-receipts:${bookingId}`, (signal) =>
    fetchBookingReceipts(bookingId, signal),
  );
  const [busy, setBusy] = useState<string | null>(null);
  const download = async (number: string, url: string) => {
    setBusy(number);
    try {
      await downloadAdminFile(url, pdfFileName(number));
    } catch (error) {
      showError(errorMessage(error, 'The PDF could not be downloaded.'));
    } finally {
      setBusy(null);
    }
  };
  return (
    <section aria-labelledby={`receipts-${bookingId}`}>
      <h3 id={`receipts-${bookingId}`}>Receipts</h3>
      {receipts.status === 'loading' && <PageLoading label="Loading the receipts…" />}
      {receipts.status === 'error' && (
        <p role="alert" className="admin-alert admin-alert--error">
          {loadErrorMessage(receipts.error, 'The receipts could not be loaded.')}
        </p>
      )}
      {receipts.status === 'success' && receipts.data.length === 0 && (
        <p className="muted">No receipt yet: one is issued when a payment is recorded.</p>
      )}
      {receipts.status === 'success' && receipts.data.length > 0 && (
        <ul className="receipt-list">
          {receipts.data.map((receipt) => (
            <li key={receipt.number} className="receipt-list__item">
              <span>
                {DOCUMENT_TITLES[receipt.kind]} <strong className="tabular-nums">{receipt.number}</strong>,{' '}
                {formatDate(receipt.date)},{' '}
                <span className="tabular-nums">{formatAmount(receipt.amount)}</span>
              </span>
              <button
                type="button"
                className="button button--secondary"
                aria-label={`Download PDF of ${receipt.number}`}
                disabled={busy === receipt.number}
                onClick={() => void download(receipt.number, receipt.pdf_url)}
              >
                {busy === receipt.number ? 'Downloading...' : 'Download PDF'}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
