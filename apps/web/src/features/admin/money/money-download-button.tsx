import { useState } from 'react';
import { Button } from '../../../components/button';
import { errorMessage } from '../admin-http';
import { showError } from '../ui/toast-store';
import { downloadAdminFile } from './money-api';

/** Downloads a workbook or PDF of an admin call; a refusal shows as a toast. */
export function MoneyDownloadButton({
  path,
  fileName,
  label,
}: {
  path: string;
  fileName: string;
  label: string;
}) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadAdminFile(path, fileName);
    } catch (error) {
      showError(errorMessage(error, 'The file could not be downloaded.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" busy={busy} busyLabel="Downloading..." onClick={() => void download()}>
      {label}
    </Button>
  );
}
