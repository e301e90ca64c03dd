import { Link } from 'wouter';
import { useT } from '../../i18n/use-t';
import { useDocumentTitle } from '../../lib/use-document-title';

export function NotFoundPage() {
  const { t } = useT();
  useDocumentTitle(t('common.notFound.title'));

  return (
    <div className="page-narrow">
      <header className="page-header">
        <h1>{t('common.notFound.title')}</h1>
        <p className="page-header__subtitle">{t('common.notFound.text')}</p>
      </header>
      <Link href="/" className="button button--primary">
        {t('common.notFound.home')}
      </Link>
    </div>
  );
}
