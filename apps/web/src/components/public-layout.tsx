import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { useLocation } from 'wouter';
import { CrisisLine } from './crisis-line';
import { SiteHeader } from './site-header';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';

// Below the first screen: it comes just after it (issue 30), not in the first script. A footer
// that cannot be fetched (offline) is left out; the page works without it.
const SiteFooter = lazy(() =>
  import('./site-footer').then(
    (m): { default: () => ReactNode } => ({ default: m.SiteFooter }),
    () => ({ default: () => null }),
  ),
);

export function PublicLayout({ children }: { children: ReactNode }) {
  const [location] = useLocation();

  // Client-side navigation keeps the old scroll position; a new page should start at its top.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose whenever the path changes
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location]);

  return (
    <>
      <SkipLink />
      <SiteHeader />
      <CrisisLine />
      <main id={MAIN_CONTENT_ID} className="site-main" tabIndex={-1}>
        <div className="container">{children}</div>
      </main>
      <Suspense fallback={null}>
        <SiteFooter />
      </Suspense>
    </>
  );
}
