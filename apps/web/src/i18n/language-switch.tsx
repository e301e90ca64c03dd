import { useState } from 'react';
import { activateLocale } from './i18n';
import type { Locale } from './locale';
import { useT } from './use-t';

/** Each language named in itself, so a visitor finds theirs whatever is showing. */
export const NATIVE_NAME: Record<Locale, string> = { en: 'English', hi: 'हिन्दी' };

/**
 * The switch in every public page's header: one button naming the other language in itself
 * (it fits a phone's header beside Home; index.html's first paint has the same button). Hindi's
 * catalogue is fetched on its first choice; the choice is remembered on this device.
 */
export function LanguageSwitch() {
  const { t, locale } = useT();
  const [failed, setFailed] = useState(false);
  const other: Locale = locale === 'hi' ? 'en' : 'hi';

  async function choose() {
    setFailed(false);
    try {
      await activateLocale(other, { remember: true });
    } catch {
      setFailed(true); // the chunk could not be fetched: stay as we are and say so
    }
  }

  return (
    <>
      <button type="button" className="site-nav__language" lang={other} onClick={() => void choose()}>
        {NATIVE_NAME[other]}
      </button>
      {failed && (
        <span role="alert" className="site-nav__language-error">
          {t('common.language.failed')}
        </span>
      )}
    </>
  );
}
