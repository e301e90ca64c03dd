import { NATIVE_NAME } from '../../../i18n/language-switch';
import type { Locale } from '../../../i18n/locale';
import { useT } from '../../../i18n/use-t';
import { useScreenLanguage } from './use-screen-language';

/** The button that reads an admin screen in the other language (this screen only, not remembered). */
export function ScreenLanguageSwitch({ locale }: { locale: Locale }) {
  const { t } = useT();
  const language = useScreenLanguage(locale);
  return (
    <>
      <button
        type="button"
        className="button button--secondary"
        lang={language.other}
        onClick={() => void language.choose()}
      >
        {NATIVE_NAME[language.other]}
      </button>
      {language.failed && <span role="alert">{t('common.language.failed')}</span>}
    </>
  );
}
