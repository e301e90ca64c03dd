import { type ReactNode, useEffect } from 'react';
import { useLocation } from 'wouter';
import { CrisisLine } from './crisis-line';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';

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
      <SiteFooter />
    </>
  );
}
