import type { PrivacyExport, PrivacySubject } from '@therapy/shared/privacy-schemas';
import { privacyWorkbook } from '@therapy/shared/privacy-workbook';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/button';
import { FormField } from '../../../components/form-field';
import { formatCount, formatInstant } from '../admin-format';
import { errorMessage } from '../admin-http';
import { downloadWorkbook, type Workbook } from '../reports/report-export';
import { useConfirm } from '../ui/confirm-dialog';
import { showError, showSuccess } from '../ui/toast-store';
import { HeldBookingsTable } from './held-bookings-table';
import { answerExportRequest, correctClient, eraseClient } from './privacy-api';
import { WaitlistPlacesTable } from './waitlist-places-table';

type Props = {
  subject: PrivacySubject;
  data: PrivacyExport;
  /** After a correction or erasure: the client as they are now named (a corrected contact). */
  onChanged: (subject: PrivacySubject) => void;
};

const who = (subject: PrivacySubject) => subject.email ?? subject.mobile ?? '';
const REQUEST_WORDS = { export: 'a copy of their data', correct: 'a correction', erase: 'erasure' } as const;

/** What is held about one client, and what the desk can do with it. */
export function ClientDataPanel({ subject, data, onChanged }: Props) {
  const { confirm, dialog } = useConfirm();
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const places = data.waitlist_entries;
  const held = data.bookings.length + places.length > 0;
  const name =
    data.bookings.find((booking) => booking.client_full_name)?.client_full_name ??
    places.find((place) => place.client_full_name)?.client_full_name;
  // The desk's actions answer this client's open request of their kind, if there is one.
  const openOf = (kind: 'export' | 'correct' | 'erase') =>
    data.open_requests.find((request) => request.kind === kind)?.id;

  async function erase() {
    const yes = await confirm({
      title: 'Erase client',
      message: `Erase the personal data of ${who(subject)} from ${data.bookings.length} booking(s)${places.length > 0 ? ` and ${places.length} waitlist place(s)` : ''}? Names, contacts and notes are replaced for good; amounts, payments and reports stay. This cannot be undone.`,
      confirmLabel: 'Erase',
    });
    if (!yes) return;
    setBusy(true);
    try {
      const answer = await eraseClient(subject, openOf('erase'));
      const waitlisted =
        answer.erased_waitlist_entries > 0
          ? ` and ${formatCount(answer.erased_waitlist_entries)} waitlist place(s)`
          : '';
      showSuccess(
        `Erased the client’s data from ${formatCount(answer.erased_bookings)} booking(s)${waitlisted}.`,
      );
      onChanged(subject);
    } catch (failure) {
      showError(errorMessage(failure, 'Could not erase the client’s data. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  /** A copy for the client: it answers their open request for one, if any. */
  async function giveCopy(save: () => void | Promise<void>) {
    const requestId = openOf('export');
    try {
      if (requestId) await answerExportRequest(subject, requestId);
      await save();
      if (requestId) {
        showSuccess(`Request ${requestId} answered.`);
        onChanged(subject);
      }
    } catch (failure) {
      showError(errorMessage(failure, 'Could not record the answer to the request. Please try again.'));
    }
  }

  function download() {
    const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = 'client-data.json';
    link.click();
    URL.revokeObjectURL(link.href);
  }

  return (
    <section className="admin-panel privacy-client" aria-labelledby={titleId}>
      <h2 id={titleId}>{held ? `Held about ${name ?? who(subject)}` : 'Nothing held'}</h2>
      {data.open_requests.length > 0 && (
        <ul className="privacy-client__requests" aria-label="This client’s open requests">
          {data.open_requests.map((request) => (
            <li key={request.id}>
              Request {request.id}: {REQUEST_WORDS[request.kind]}, due by {formatInstant(request.due_at)}. The
              matching action below answers it.
            </li>
          ))}
        </ul>
      )}
      {data.erasures.map((erasure) => (
        <p key={erasure.request_id} className="privacy-client__erased">
          Erased on {formatInstant(erasure.erased_at)} ({formatCount(erasure.bookings)} booking(s), request{' '}
          {erasure.request_id}).
        </p>
      ))}
      {!held ? (
        <p className="admin-empty">No booking or waitlist place carries this e-mail or mobile number.</p>
      ) : (
        <>
          {places.length > 0 && <WaitlistPlacesTable places={places} />}
          {data.bookings.length > 0 && <HeldBookingsTable bookings={data.bookings} />}
          <p className="muted">
            {formatCount(data.messages.length)} message(s) sent, {formatCount(data.payments.length)}{' '}
            payment(s), consent to the terms on every booking.
          </p>
          <div className="admin-form__actions">
            <Button variant="secondary" onClick={() => void giveCopy(download)}>
              Download JSON
            </Button>
            <Button
              variant="secondary"
              onClick={() => void giveCopy(() => downloadWorkbook(privacyWorkbook(data) as Workbook))}
            >
              Download spreadsheet
            </Button>
            <Button variant="danger" onClick={() => void erase()} disabled={busy}>
              Erase client
            </Button>
          </div>
          <CorrectionForm subject={subject} requestId={openOf('correct')} onCorrected={onChanged} />
        </>
      )}
      {dialog}
    </section>
  );
}

/** New contact details for every booking of the client. */
function CorrectionForm({
  subject,
  requestId,
  onCorrected,
}: {
  subject: PrivacySubject;
  requestId: number | undefined;
  onCorrected: Props['onChanged'];
}) {
  const id = useId();
  const [fields, setFields] = useState({ full_name: '', new_email: '', new_mobile: '' });
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const change = Object.fromEntries(Object.entries(fields).filter(([, value]) => value.trim() !== ''));
    if (Object.keys(change).length === 0) {
      setError('Enter at least one corrected detail.');
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const answer = await correctClient(subject, change, requestId);
      showSuccess(`Corrected ${formatCount(answer.bookings_affected)} booking(s).`);
      setFields({ full_name: '', new_email: '', new_mobile: '' });
      onCorrected(
        fields.new_email.trim()
          ? { email: fields.new_email.trim() }
          : fields.new_mobile.trim()
            ? { mobile: fields.new_mobile.trim() }
            : subject,
      );
    } catch (failure) {
      setError(errorMessage(failure, 'Could not correct the details. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  const field = (key: keyof typeof fields, label: string, type: string) => (
    <FormField id={`${id}-${key}`} label={label} optional>
      {(control) => (
        <input
          {...control}
          className="input"
          type={type}
          value={fields[key]}
          onChange={(event) => setFields({ ...fields, [key]: event.target.value })}
        />
      )}
    </FormField>
  );

  return (
    <form className="admin-form privacy-correct" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Correct contact details</h3>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
      {field('full_name', 'Full name', 'text')}
      {field('new_email', 'E-mail', 'email')}
      {field('new_mobile', 'Mobile number', 'tel')}
      <div className="admin-form__actions">
        <Button type="submit" variant="secondary" disabled={busy}>
          {busy ? 'Saving…' : 'Correct on every booking'}
        </Button>
      </div>
    </form>
  );
}
