import { useT } from '../../../i18n/use-t';

/** 'Fields marked * are required.', above a form whose required fields carry the mark. */
export function RequiredNote() {
  const { t } = useT();
  return <p className="field__hint">{t('common.field.requiredNote')}</p>;
}
