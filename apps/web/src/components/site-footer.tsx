import { Link } from 'wouter';
import type { MessageId } from '../i18n/catalog';
import { useT } from '../i18n/use-t';
import { loadServices, SERVICES } from '../lib/catalog-api';
import { useClinicName, useClinicProfile } from '../lib/clinic';
import { CONTACT_PLACEHOLDER } from '../lib/site';
import { useFetch } from '../lib/use-fetch';
import { EmailOrPlaceholder, PhoneOrPlaceholder } from './clinic-contact-links';

const QUICK_LINKS = [
  { href: '/', label: 'common.nav.home' },
  { href: '/book', label: 'common.footer.bookSession' },
  { href: '/privacy-policy', label: 'common.footer.privacyPolicy' },
  { href: '/terms-and-conditions', label: 'common.footer.terms' },
] as const satisfies readonly { href: string; label: MessageId }[];

export function SiteFooter() {
  const year = new Date().getFullYear();
  const clinic = useClinicProfile();
  const clinicName = useClinicName();
  const { t } = useT();
  // The clinic's own services, as it named them (the wizard's cached list): none listed while
  // they load, when they cannot, or before the clinic has set any up (issue 31).
  const services = useFetch(SERVICES, loadServices, { cached: true }).data ?? [];

  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links">{t('common.footer.quickLinks')}</h2>
          <ul>
            {QUICK_LINKS.map((link) => (
              <li key={link.href}>
                <Link href={link.href}>{t(link.label)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        {services.length > 0 && (
          <section aria-labelledby="footer-services">
            <h2 id="footer-services">{t('common.footer.services')}</h2>
            <ul>
              {services.map((service) => (
                <li key={service.id}>{service.name}</li>
              ))}
            </ul>
          </section>
        )}
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">{t('common.footer.contact')}</h2>
          <ul>
            <li>
              {t('common.footer.phone')} <PhoneOrPlaceholder phone={clinic.phone} />
            </li>
            <li>
              {t('common.footer.email')} <EmailOrPlaceholder email={clinic.email} />
            </li>
            <li>
              {t('common.footer.address')} {clinic.address || t(CONTACT_PLACEHOLDER)}
            </li>
          </ul>
        </section>
      </div>
      <div className="site-footer__bottom">
        <div className="container">
          <p>
            © <span className="tabular-nums">{year}</span> {clinicName}. {t('common.footer.rights')}
          </p>
        </div>
      </div>
    </footer>
  );
}
