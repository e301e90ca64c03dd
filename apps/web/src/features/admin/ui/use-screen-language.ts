import { useEffect, useRef, useState } from 'react';
import { activateLocale } from '../../../i18n/i18n';
import type { Locale } from '../../../i18n/locale';

/**
 * This screen's language, not remembered: the rest of the admin (and the page's own `lang`) stay
 * English, this screen's container says its language, and English comes back on leaving.
 */
export function useScreenLanguage(locale: Locale) {
  const other: Locale = locale === 'hi' ? 'en' : 'hi';
  const [failed, setFailed] = useState(false);
  const switched = useRef(false);
  useEffect(
    () => () => {
      if (switched.current) void activateLocale('en').catch(() => undefined);
    },
    [],
  );
  const choose = async () => {
    try {
      await activateLocale(other);
      switched.current = true;
      document.documentElement.lang = 'en';
      setFailed(false);
    } catch {
      setFailed(true); // the Hindi words could not be fetched: stay as we are and say so
    }
  };
  return { other, failed, choose };
}
