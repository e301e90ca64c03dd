import { Link } from 'wouter';
import { useClinicName, useClinicProfile } from '../lib/clinic';
import { CONTACT_PLACEHOLDER, SERVICE_NAMES } from '../lib/site';
import { EmailOrPlaceholder, PhoneOrPlaceholder } from './clinic-contact-links';

const QUICK_LINKS = [
  { href: '/', label: 'Home' },
  { href: '/book', label: 'Book a Session' },
  { href: '/privacy-policy', label: 'Privacy Policy' },
  { href: '/terms-and-conditions', label: 'Terms and Conditions' },
] as const;

export function SiteFooter() {
  const year = new Date().getFullYear();
  const clinic = useClinicProfile();
  const clinicName = useClinicName();

  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links">Quick Links</h2>
          <ul>
            {QUICK_LINKS.map((link) => (
              <li key={link.href}>
                <Link href={link.href}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-services">
          <h2 id="footer-services">Services</h2>
          <ul>
            {SERVICE_NAMES.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">Contact</h2>
          <ul>
            <li>
              Phone: <PhoneOrPlaceholder phone={clinic.phone} />
            </li>
            <li>
              Email: <EmailOrPlaceholder email={clinic.email} />
            </li>
            <li>Address: {clinic.address || CONTACT_PLACEHOLDER}</li>
          </ul>
        </section>
      </div>
      <div className="site-footer__bottom">
        <div className="container">
          <p>
            © <span className="tabular-nums">{year}</span> {clinicName}. All rights reserved.
          </p>
        </div>
      </div>
    </footer>
  );
}
