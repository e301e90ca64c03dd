import { useState } from 'react';
import { showError } from '../ui/toast-store';
import { downloadWorkbook, type Workbook } from './report-export';

export const NO_DATA_MESSAGE = 'No data to export.';
export const EXPORT_FAILED_MESSAGE = 'The Excel file could not be created. Please try again.';

type DownloadExcelButtonProps = {
  /** The report as a workbook, or null while there is nothing to export. */
  workbook: () => Workbook | null;
  /** Which report, for screen readers: 'Download Excel' alone is ambiguous across tabs. */
  report: string;
};

export function DownloadExcelButton({ workbook, report }: DownloadExcelButtonProps) {
  const [busy, setBusy] = useState(false);

  async function download() {
    if (busy) return;
    const book = workbook();
    if (!book) {
      window.alert(NO_DATA_MESSAGE);
      return;
    }
    setBusy(true);
    try {
      await downloadWorkbook(book);
    } catch {
      showError(EXPORT_FAILED_MESSAGE);
    } finally {
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      className="button button--secondary report-download"
      aria-busy={busy || undefined}
      aria-description={`Saves the ${report} as an Excel file`}
      onClick={download}
    >
      <svg className="report-download__icon" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
        <path d="M10 3v9m0 0-3.5-3.5M10 12l3.5-3.5M4 15h12" />
      </svg>
      Download Excel
    </button>
  );
}
