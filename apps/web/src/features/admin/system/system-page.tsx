import type { SystemHealth } from '@therapy/shared/system-schemas';
import { useState } from 'react';
import { PageLoading } from '../../../components/page-loading';
import { StatePanel } from '../../../components/state-panel';
import englishSystem from '../../../i18n/en/system.json';
import { registerEnglishArea, useCatalogueArea } from '../../../i18n/i18n';
import { NATIVE_NAME } from '../../../i18n/language-switch';
import { INTL_LOCALE, type Locale } from '../../../i18n/locale';
import { type Translate, useT } from '../../../i18n/use-t';
import { clinicTimeZone } from '../../../lib/clinic';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useFetch } from '../../../lib/use-fetch';
import { useLiveVersion } from '../../../lib/use-live-version';
import { isForbidden } from '../admin-http';
import { AdminPageHeader } from '../ui/admin-page-header';
import { useScreenLanguage } from '../ui/use-screen-language';
import { fetchSystemHealth } from './system-api';
import { allWell, systemLines } from './system-lines';
import './system.css';

// The screen's words come with its own chunk, in English and (on request) Hindi.
registerEnglishArea('system', englishSystem);

/**
 * /admin/system (superadmins, decision 049): the health figures of GET /api/admin/system in
 * words, read again every half minute while the screen is in view. The one admin screen that can
 * be read in Hindi: its switch changes this screen's language, and English comes back on leaving.
 */
export function SystemPage() {
  const { t, locale } = useT();
  useCatalogueArea('system', locale);
  useDocumentTitle(t('system.title'));
  const language = useScreenLanguage(locale);
  const live = useLiveVersion();
  const [asked, setAsked] = useState(0);
  const health = useFetch('admin-system', fetchSystemHealth, { version: live + asked });

  return (
    <div className="admin-page system-page" lang={locale}>
      <AdminPageHeader title={t('system.title')} subtitle={t('system.subtitle')}>
        <div className="system-page__actions">
          <button
            type="button"
            className="button button--secondary"
            lang={language.other}
            onClick={() => void language.choose()}
          >
            {NATIVE_NAME[language.other]}
          </button>
          {language.failed && (
            <span role="alert" className="system-page__language-error">
              {t('common.language.failed')}
            </span>
          )}
          {health.status === 'success' && (
            <button
              type="button"
              className="button button--secondary"
              // Not disabled while it works: the focus stays on it for the next press.
              onClick={() => health.refreshing || setAsked((value) => value + 1)}
            >
              {health.refreshing ? t('system.refreshing') : t('system.refresh')}
            </button>
          )}
        </div>
      </AdminPageHeader>
      {health.status === 'loading' && <PageLoading label={t('system.loading')} />}
      {health.status === 'error' && <SystemLoadError error={health.error} onRetry={health.retry} />}
      {health.status === 'success' && (
        <SystemFigures health={health.data} refreshing={health.refreshing} t={t} locale={locale} />
      )}
    </div>
  );
}

/** A failed load: Retry, unless the server refused this admin (then why). */
function SystemLoadError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useT();
  const forbidden = isForbidden(error);
  return (
    <StatePanel
      tone="error"
      title={t('system.loadFailed')}
      actions={
        forbidden ? undefined : (
          <button type="button" className="button button--primary" onClick={onRetry}>
            {t('common.retry')}
          </button>
        )
      }
    >
      {forbidden && <p className="state-panel__message">{t('system.forbidden')}</p>}
    </StatePanel>
  );
}

type FiguresProps = { health: SystemHealth; refreshing: boolean; t: Translate; locale: Locale };

/** The figures as sentences, each marked OK or Needs attention in words (not colour alone). */
function SystemFigures({ health, refreshing, t, locale }: FiguresProps) {
  const time = new Intl.DateTimeFormat(`${INTL_LOCALE[locale]}-u-nu-latn`, {
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
    timeZone: clinicTimeZone(),
  }).format(new Date(health.checked_at));
  return (
    <section className="admin-panel system-figures" aria-labelledby="system-figures" aria-busy={refreshing}>
      <h2 id="system-figures" className="visually-hidden">
        {t('system.figures')}
      </h2>
      {allWell(health) && <p className="system-figures__summary">{t('system.allWell')}</p>}
      <ul className="system-figures__list">
        {systemLines(health, t).map((line) => (
          <li key={line.key} className={`system-figure${line.attention ? ' system-figure--attention' : ''}`}>
            <span className="system-figure__text">{line.text}</span>
            <span className={`admin-badge admin-badge--${line.attention ? 'warning' : 'success'}`}>
              {line.attention ? t('system.attention') : t('system.ok')}
            </span>
          </li>
        ))}
      </ul>
      <p className="muted system-figures__note">{t('system.checkedAt', { time })}</p>
      <p className="muted system-figures__note">{t('system.database.note')}</p>
    </section>
  );
}
