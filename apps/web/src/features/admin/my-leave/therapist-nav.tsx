import { Link, useLocation } from 'wouter';
import englishLeave from '../../../i18n/en/leave.json';
import { registerEnglishArea, useCatalogueArea } from '../../../i18n/i18n';
import { useT } from '../../../i18n/use-t';
import './therapist-nav.css';

registerEnglishArea('leave', englishLeave);

const PAGES = [
  { href: '/admin/my-day', label: 'leave.nav.myDay' },
  { href: '/admin/my-leave', label: 'leave.nav.leave' },
  { href: '/admin/my-payouts', label: 'leave.nav.payouts' },
] as const;

/** A therapist's pages (decisions 053, 057): My day, Leave and calendar, My payouts. */
export function TherapistNav() {
  const { t, locale } = useT();
  useCatalogueArea('leave', locale);
  const [location] = useLocation();
  const path = location.toLowerCase().replace(/\/+$/, '');
  return (
    <nav aria-label={t('leave.nav.label')} className="therapist-nav">
      {PAGES.map((page) => (
        <Link
          key={page.href}
          href={page.href}
          className="therapist-nav__link"
          aria-current={path === page.href ? 'page' : undefined}
        >
          {t(page.label)}
        </Link>
      ))}
    </nav>
  );
}
