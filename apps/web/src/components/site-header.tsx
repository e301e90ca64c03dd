import { Link, useLocation } from 'wouter';
import { useClinicName } from '../lib/clinic';
import { BrandMark } from './brand-mark';

export function SiteHeader() {
  const [location] = useLocation();
  const clinicName = useClinicName();

  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link href="/" className="site-header__brand">
          <BrandMark className="site-header__mark" />
          <span>{clinicName}</span>
        </Link>
        <nav aria-label="Main">
          <ul className="site-nav">
            <li>
              <Link href="/" aria-current={location === '/' ? 'page' : undefined}>
                Home
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
