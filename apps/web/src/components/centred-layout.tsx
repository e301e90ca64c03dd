import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useClinicName } from '../lib/clinic';
import { BrandMark } from './brand-mark';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';
import './centred-layout.css';

export function CentredLayout({ children }: { children: ReactNode }) {
  const clinicName = useClinicName();
  return (
    <>
      <SkipLink />
      <main id={MAIN_CONTENT_ID} className="centred-layout" tabIndex={-1}>
        <Link href="/" className="centred-layout__brand">
          <BrandMark className="site-header__mark" />
          <span>{clinicName}</span>
        </Link>
        <div className="centred-layout__panel">{children}</div>
      </main>
    </>
  );
}
