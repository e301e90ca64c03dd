import { useT } from '../i18n/use-t';

export function PageLoading({ label }: { label?: string }) {
  const { t } = useT();
  return (
    <div className="loading" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>{label ?? t('common.loading')}</span>
    </div>
  );
}
