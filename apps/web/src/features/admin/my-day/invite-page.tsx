import { type FormEvent, useState } from 'react';
import { Link } from 'wouter';
import { Button } from '../../../components/button';
import { CentredLayout } from '../../../components/centred-layout';
import { FormField } from '../../../components/form-field';
import { StatePanel } from '../../../components/state-panel';
import englishTherapist from '../../../i18n/en/therapist.json';
import { registerEnglishArea, useCatalogueArea } from '../../../i18n/i18n';
import { useT } from '../../../i18n/use-t';
import { ApiError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { acceptInvite } from './my-day-api';
import './my-day.css';

registerEnglishArea('therapist', englishTherapist);

/**
 * /admin/invite/{token}: the invitation e-mail's one-time link. The therapist chooses a password;
 * its login then exists and the link stops working (an expired or used link says so).
 */
export function InvitePage({ params }: { params: { token: string } }) {
  const { t, locale } = useT();
  useCatalogueArea('therapist', locale);
  useDocumentTitle(t('therapist.invite.title'));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const password = String(data.get('password') ?? '');
    if (password.length < 8) return setError(t('therapist.invite.tooShort'));
    if (password !== String(data.get('repeat') ?? '')) return setError(t('therapist.invite.mismatch'));
    setError(null);
    setBusy(true);
    try {
      setDone((await acceptInvite(params.token, password)).username);
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.serverMessage
          ? failure.serverMessage
          : t('therapist.invite.failed'),
      );
    } finally {
      setBusy(false);
    }
  }

  if (done) {
    return (
      <CentredLayout>
        <StatePanel
          title={t('therapist.invite.doneTitle')}
          actions={
            <Link href="/admin/login" className="button button--primary">
              {t('therapist.invite.signIn')}
            </Link>
          }
        >
          <p className="state-panel__message">{t('therapist.invite.doneText', { email: done })}</p>
        </StatePanel>
      </CentredLayout>
    );
  }
  return (
    <CentredLayout>
      <form
        className="card form invite-form"
        onSubmit={(event) => void submit(event)}
        noValidate
        lang={locale}
      >
        <h1>{t('therapist.invite.title')}</h1>
        <p>{t('therapist.invite.lead')}</p>
        <FormField
          id="invite-password"
          label={t('therapist.invite.password')}
          hint={t('therapist.invite.hint')}
        >
          {(props) => (
            <input
              {...props}
              className="input"
              name="password"
              type="password"
              autoComplete="new-password"
              required
            />
          )}
        </FormField>
        <FormField id="invite-repeat" label={t('therapist.invite.repeat')}>
          {(props) => (
            <input
              {...props}
              className="input"
              name="repeat"
              type="password"
              autoComplete="new-password"
              required
            />
          )}
        </FormField>
        {error && (
          <p role="alert" className="session-card__error">
            {error}
          </p>
        )}
        <Button type="submit" block busy={busy} busyLabel={t('therapist.invite.submitting')}>
          {t('therapist.invite.submit')}
        </Button>
      </form>
    </CentredLayout>
  );
}
