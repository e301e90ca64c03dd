import type { PrivacyExport, PrivacySubject } from '@therapy/shared/privacy-schemas';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/button';
import { FormField } from '../../../components/form-field';
import { PageLoading } from '../../../components/page-loading';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { errorMessage } from '../admin-http';
import { AdminPageHeader } from '../ui/admin-page-header';
import { ClientDataPanel } from './client-data-panel';
import { fetchClientData, subjectOf } from './privacy-api';
import { PrivacyRequestsPanel } from './privacy-requests-panel';
import './privacy.css';

export const CLIENT_LOAD_FAILED = 'Could not load this client’s data. Please try again.';

type Found = { subject: PrivacySubject; data: PrivacyExport };

/**
 * Superadmins: the client privacy desk (issue 14). Find a client by e-mail or mobile, see and
 * download everything held about them, correct their contact details or erase them; the log of
 * requests with their due dates; the retention job's last run.
 */
export function PrivacyDeskPage() {
  useDocumentTitle('Privacy Desk');
  const fieldId = useId();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [found, setFound] = useState<Found>();
  const [version, setVersion] = useState(0);

  async function find(subject: PrivacySubject) {
    setBusy(true);
    setError(undefined);
    try {
      setFound({ subject, data: await fetchClientData(subject) });
    } catch (failure) {
      setFound(undefined);
      setError(errorMessage(failure, CLIENT_LOAD_FAILED));
    } finally {
      setBusy(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const subject = subjectOf(typed);
    if (!subject) {
      setError('Enter the client’s e-mail or mobile number.');
      return;
    }
    void find(subject);
  }

  return (
    <div className="admin-page">
      <AdminPageHeader
        title="Privacy Desk"
        subtitle="Clients’ requests to see, correct or erase their personal data, answered within 90 days."
      />
      <section className="admin-panel privacy-find" aria-labelledby={`${fieldId}-title`}>
        <h2 id={`${fieldId}-title`}>Find a client</h2>
        <form className="admin-form privacy-find__form" onSubmit={submit} noValidate>
          <FormField
            id={fieldId}
            label="Client’s e-mail or mobile number"
            hint="Every booking made with it is found. Looking is recorded in the audit log."
            error={error}
          >
            {(control) => (
              <input
                {...control}
                className="input"
                value={typed}
                autoComplete="off"
                onChange={(event) => setTyped(event.target.value)}
              />
            )}
          </FormField>
          <div className="admin-form__actions">
            <Button type="submit" disabled={busy}>
              {busy ? 'Finding…' : 'Find'}
            </Button>
          </div>
        </form>
      </section>
      {busy && <PageLoading label="Loading the client’s data…" />}
      {found && !busy && (
        <ClientDataPanel
          subject={found.subject}
          data={found.data}
          onChanged={(subject) => {
            setVersion((value) => value + 1);
            void find(subject);
          }}
        />
      )}
      <PrivacyRequestsPanel version={version} onChanged={() => setVersion((value) => value + 1)} />
    </div>
  );
}
