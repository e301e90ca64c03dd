import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/button';
import { FormField } from '../../../components/form-field';
import { PageLoading } from '../../../components/page-loading';
import { useFetch } from '../../../lib/use-fetch';
import { formatCount, formatInstant } from '../admin-format';
import { errorMessage, loadErrorMessage } from '../admin-http';
import { LoadErrorPanel } from '../ui/load-error-panel';
import { TableScroller } from '../ui/table-scroller';
import { showSuccess } from '../ui/toast-store';
import { fetchOpenRequests, fetchRetention, logRequest, subjectOf } from './privacy-api';

const KINDS = { export: 'See a copy', correct: 'Correct', erase: 'Erase' } as const;
type Kind = keyof typeof KINDS;

/** The requests not answered yet, with their due dates; logging a new one; the retention job. */
export function PrivacyRequestsPanel({ version, onChanged }: { version: number; onChanged: () => void }) {
  const titleId = useId();
  const requests = useFetch(`privacy-requests:${version}`, fetchOpenRequests, { keepPrevious: true });
  const retention = useFetch(`privacy-retention:${version}`, fetchRetention, { keepPrevious: true });

  return (
    <>
      <section className="admin-panel" aria-labelledby={titleId}>
        <h2 id={titleId}>Open requests</h2>
        {requests.status === 'loading' && <PageLoading label="Loading the requests…" />}
        {requests.status === 'error' && (
          <LoadErrorPanel
            title="Error"
            message={loadErrorMessage(requests.error, 'Failed to load the requests.')}
            onRetry={requests.retry}
          />
        )}
        {requests.status === 'success' &&
          (requests.data.items.length === 0 ? (
            <p className="admin-empty">No request is waiting for an answer.</p>
          ) : (
            <TableScroller label="Open requests">
              <table className="admin-table">
                <caption className="visually-hidden">Open requests</caption>
                <thead>
                  <tr>
                    <th scope="col">Request</th>
                    <th scope="col">Client</th>
                    <th scope="col">Received</th>
                    <th scope="col">Due by</th>
                  </tr>
                </thead>
                <tbody>
                  {requests.data.items.map((request) => (
                    <tr key={request.id}>
                      <td>
                        {request.id} · {KINDS[request.kind]}
                      </td>
                      <td>{request.subject_hint}</td>
                      <td className="tabular-nums">{formatInstant(request.received_at)}</td>
                      <td className="tabular-nums">{formatInstant(request.due_at)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroller>
          ))}
        <LogRequestForm onLogged={onChanged} />
      </section>
      <section className="admin-panel" aria-label="Retention">
        <h2>Retention</h2>
        {retention.status === 'success' && (
          <p>
            Personal data of sessions before {retention.data.cutoff_date} is erased (
            {retention.data.retention_months} months).{' '}
            {retention.data.last_run
              ? `Last run ${formatInstant(retention.data.last_run.started_at)}: ${formatCount(retention.data.last_run.erased_bookings)} booking(s) erased.`
              : 'The daily job has not run yet.'}
          </p>
        )}
        {retention.status === 'error' && (
          <p role="alert">
            {loadErrorMessage(retention.error, 'Failed to load the retention job’s last run.')}
          </p>
        )}
      </section>
    </>
  );
}

/** A client's request as it comes in: recorded now, due within 90 days. */
function LogRequestForm({ onLogged }: { onLogged: () => void }) {
  const id = useId();
  const [kind, setKind] = useState<Kind>('export');
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const subject = subjectOf(typed);
    if (!subject) {
      setError('Enter the client’s e-mail or mobile number.');
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const logged = await logRequest(kind, subject);
      showSuccess(`Request ${logged.id} recorded; due by ${formatInstant(logged.due_at)}.`);
      setTyped('');
      onLogged();
    } catch (failure) {
      setError(errorMessage(failure, 'Could not record the request. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="admin-form privacy-log" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Record a new request</h3>
      <FormField id={`${id}-kind`} label="The client asks to">
        {(control) => (
          <select
            {...control}
            className="select"
            value={kind}
            onChange={(event) => setKind(event.target.value as Kind)}
          >
            {Object.entries(KINDS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField id={`${id}-subject`} label="Client’s e-mail or mobile number" error={error}>
        {(control) => (
          <input
            {...control}
            className="input"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
        )}
      </FormField>
      <div className="admin-form__actions">
        <Button type="submit" variant="secondary" disabled={busy}>
          {busy ? 'Recording…' : 'Record request'}
        </Button>
      </div>
    </form>
  );
}
