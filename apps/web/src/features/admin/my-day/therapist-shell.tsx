import { type ReactNode, useState } from 'react';
import { MAIN_CONTENT_ID, SkipLink } from '../../../components/skip-link';
import englishTherapist from '../../../i18n/en/therapist.json';
import { activateLocale, registerEnglishArea, useCatalogueArea } from '../../../i18n/i18n';
import { NATIVE_NAME } from '../../../i18n/language-switch';
import type { Locale } from '../../../i18n/locale';
import { useT } from '../../../i18n/use-t';
import { TherapistNav } from '../my-leave/therapist-nav';
import { useLogout } from '../use-logout';
import './my-day.css';

// The therapist's words come with its own chunk, in English and (on request) Hindi.
registerEnglishArea('therapist', englishTherapist);

/**
 * A therapist's screens (decision 052): no admin sidebar, only the therapist's name, the language
 * switch and Log out; phone first (390 px wide and up).
 */
export function TherapistShell({ name, children }: { name: string | null; children: ReactNode }) {
  const { t, locale } = useT();
  useCatalogueArea('therapist', locale);
  const logout = useLogout();
  const other: Locale = locale === 'hi' ? 'en' : 'hi';
  const [failed, setFailed] = useState(false);
  const switchLanguage = () =>
    activateLocale(other, { remember: true }).then(
      () => setFailed(false),
      () => setFailed(true),
    );
  return (
    <div className="therapist-shell" lang={locale}>
      <SkipLink />
      <header className="therapist-shell__bar">
        <span className="therapist-shell__who">{name ? t('therapist.myDay.signedInAs', { name }) : ''}</span>
        <button
          type="button"
          className="button button--secondary"
          lang={other}
          onClick={() => void switchLanguage()}
        >
          {NATIVE_NAME[other]}
        </button>
        <button type="button" className="button button--secondary" onClick={logout}>
          {t('therapist.logout')}
        </button>
      </header>
      <TherapistNav />
      {failed && (
        <p role="alert" className="therapist-shell__error">
          {t('common.language.failed')}
        </p>
      )}
      <main id={MAIN_CONTENT_ID} className="therapist-shell__main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
