import { useT } from '../i18n/use-t';

export const MAIN_CONTENT_ID = 'main-content';

export function SkipLink() {
  const { t } = useT();
  return (
    <a className="skip-link" href={`#${MAIN_CONTENT_ID}`}>
      {t('common.skipLink')}
    </a>
  );
}
