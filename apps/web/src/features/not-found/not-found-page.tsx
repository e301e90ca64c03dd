import { Link } from 'wouter';
import { useDocumentTitle } from '../../lib/use-document-title';

export function NotFoundPage() {
  useDocumentTitle('Page not found');

  return (
    <div className="page-narrow">
      <header className="page-header">
        <h1>Page not found</h1>
        <p className="page-header__subtitle">The page you were looking for does not exist or has moved.</p>
      </header>
      <Link href="/" className="button button--primary">
        Go to Home Page
      </Link>
    </div>
  );
}
