import { Link, useLocation } from 'wouter';
import { LanguageSwitch } from '../i18n/language-switch';
import { useT } from '../i18n/use-t';
import { useClinicName } from '../lib/clinic';
import { BrandMark } from './brand-mark';

export function SiteHeader() {
  const [location] = useLocation();
  const clinicName = useClinicName();
  const { t } = useT();

  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link href="/" className="site-header__brand">
          <BrandMark className="site-header__mark" />
          <span>{clinicName}</span>
        </Link>
        <nav aria-label={t('common.nav.label')}>
          <ul className="site-nav">
            <li>
              <Link href="/" aria-current={location === '/' ? 'page' : undefined}>
                {t('common.nav.home')}
              </Link>
            </li>
            <li className="site-nav__language-item">
              <LanguageSwitch />
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
