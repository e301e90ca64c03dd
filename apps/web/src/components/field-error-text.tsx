import { translateNotice } from '../i18n/notice';
import { useT } from '../i18n/use-t';

/** A field's error, in the visitor's language, with its 'Error:' prefix for screen readers. */
export function FieldErrorText({ error }: { error: string }) {
  const { t } = useT();
  return (
    <>
      <span className="visually-hidden">{t('common.field.errorPrefix')}</span>
      {translateNotice(t, error)}
    </>
  );
}
