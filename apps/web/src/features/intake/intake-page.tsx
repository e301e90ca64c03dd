import type { IntakeView } from '@therapy/shared/measures-schemas';
import { useEffect } from 'react';
import { Link, useParams } from 'wouter';
import { PageLoading } from '../../components/page-loading';
import { LoadError, StatePanel } from '../../components/state-panel';
import englishIntake from '../../i18n/en/intake.json';
import { activateLocale, registerEnglishArea, useCatalogueArea } from '../../i18n/i18n';
import { hasStoredLocale } from '../../i18n/locale';
import { translateNotice } from '../../i18n/notice';
import { useT } from '../../i18n/use-t';
import { ApiError } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useFetch } from '../../lib/use-fetch';
import { loadIntake } from './intake-api';
import { IntakeFlow } from './intake-flow';
import './intake.css';

// This page's English words come in its own chunk: no further request before it shows.
registerEnglishArea('intake', englishIntake);

/**
 * The client's questionnaire page, /intake/{token} (issue 28, decision 058): the intake before a
 * first session, or PHQ-9 and GAD-7 before a later one. Phone first, one question a screen, each
 * answer kept as it is given; in the booking's language unless this device chose one.
 */
export function IntakePage() {
  const { t, locale } = useT();
  useCatalogueArea('intake', locale);
  const { token = '' } = useParams<{ token: string }>();
  const fetched = useFetch(`intake:${token}`, (signal) => loadIntake(token, signal));
  useDocumentTitle(t('intake.title'));
  const language = fetched.data?.language;
  useEffect(() => {
    if (language && !hasStoredLocale() && language !== locale)
      void activateLocale(language).catch(() => undefined);
  }, [language, locale]);

  return (
    <div className="page-narrow intake-page">
      {fetched.status === 'error' ? (
        <IntakeLoadError error={fetched.error} onRetry={fetched.retry} />
      ) : fetched.status === 'loading' ? (
        <PageLoading label={t('intake.loading')} />
      ) : (
        <IntakeFlow token={token} view={fetched.data satisfies IntakeView} />
      )}
    </div>
  );
}

function IntakeLoadError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useT();
  // 404 (not one of ours) and 410 (already sent): the server's words, nothing to retry.
  if (error instanceof ApiError && (error.status === 404 || error.status === 410)) {
    return (
      <StatePanel
        tone={error.status === 410 ? 'neutral' : 'error'}
        title={error.status === 410 ? t('intake.done.title') : t('intake.linkUnusable')}
        actions={
          <Link href="/" className="button button--secondary">
            {t('common.notFound.home')}
          </Link>
        }
      >
        <p className="state-panel__message">{translateNotice(t, error.message)}</p>
      </StatePanel>
    );
  }
  return <LoadError message={t('intake.loadFailed')} onRetry={onRetry} />;
}
