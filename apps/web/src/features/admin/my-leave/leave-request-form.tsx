import { type FormEvent, useState } from 'react';
import { FormField } from '../../../components/form-field';
import { useT } from '../../../i18n/use-t';
import { errorMessage } from '../admin-http';
import { requestLeave } from './my-leave-api';

/** The therapist's request for leave: first and last day, an optional reason. The server checks the rules. */
export function LeaveRequestForm({ onSent }: { onSent: () => void }) {
  const { t } = useT();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Said here, not in a toast: the therapist's shell has no toast region.
  const [sent, setSent] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!from || !to) {
      setError(t('leave.mine.datesMissing'));
      return;
    }
    setBusy(true);
    setError(null);
    setSent(false);
    try {
      await requestLeave({ from, to, reason });
      setFrom('');
      setTo('');
      setReason('');
      setSent(true);
      onSent();
    } catch (failure) {
      setError(errorMessage(failure, t('leave.mine.sendFailed')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="admin-panel" aria-labelledby="leave-ask">
      <h2 id="leave-ask">{t('leave.mine.ask')}</h2>
      <form className="admin-form" onSubmit={submit} noValidate>
        <FormField id="leave-from" label={t('leave.mine.from')}>
          {(control) => (
            <input {...control} type="date" required value={from} onChange={(e) => setFrom(e.target.value)} />
          )}
        </FormField>
        <FormField id="leave-to" label={t('leave.mine.to')}>
          {(control) => (
            <input
              {...control}
              type="date"
              required
              min={from || undefined}
              value={to}
              onChange={(e) => setTo(e.target.value)}
            />
          )}
        </FormField>
        <FormField id="leave-reason" label={t('leave.reason')} hint={t('leave.mine.reasonHint')} optional>
          {(control) => (
            <textarea
              {...control}
              maxLength={200}
              rows={2}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          )}
        </FormField>
        {error && (
          <p className="field__error" role="alert">
            {error}
          </p>
        )}
        <p role="status" className="my-leave-status">
          {sent ? t('leave.mine.sent') : ''}
        </p>
        <button type="submit" className="button button--primary" aria-disabled={busy}>
          {busy ? t('leave.mine.sending') : t('leave.mine.send')}
        </button>
      </form>
    </section>
  );
}
