import { TERMS_VERSION } from '@therapy/shared/consent-versions';
import { Link } from 'wouter';
import englishPages from '../../i18n/en/pages.json';
import { registerEnglishArea, useCatalogueArea } from '../../i18n/i18n';
import { useT } from '../../i18n/use-t';
import { useClinicName } from '../../lib/clinic';
import { useFormat } from '../../lib/format';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ClinicContact } from './clinic-contact';
import { TermsSummary } from './legal-summary';
import { PolicySection } from './policy-section';
import { ServicesList } from './services-list';
import './static-pages.css';

// This page's English words come in its own chunk: no further request before it shows.
registerEnglishArea('pages', englishPages);

export function TermsPage() {
  const { t, locale } = useT();
  useCatalogueArea('pages', locale);
  const clinicName = useClinicName();
  const { longDate } = useFormat();
  useDocumentTitle(t('pages.terms.title'));

  return (
    <article className="prose">
      <header className="page-header">
        <h1>{t('pages.terms.title')}</h1>
        <p className="page-header__subtitle">{t('pages.terms.subtitle')}</p>
        <p className="muted">
          {t('pages.version', { version: TERMS_VERSION.version, date: longDate(TERMS_VERSION.published) })}
        </p>
      </header>
      <TermsSummary />

      <div className="callout" role="note" aria-labelledby="emergency-heading">
        <h2 id="emergency-heading">{t('pages.terms.emergency')}</h2>
        {/* The terms' own words stay English; the Hindi summary above says the same. */}
        <p lang={locale === 'en' ? undefined : 'en'}>
          Our sessions are booked in advance and are not suitable for emergencies. If you are in crisis, or
          you or someone else is at risk of harm, contact your local emergency services or go to the nearest
          hospital emergency department straight away. You can also reach out to a mental health helpline for
          support.
        </p>
      </div>

      <PolicySection id="about" title={t('pages.terms.about')}>
        <p>
          These terms apply to every session booked with {clinicName}, whether through this website or by any
          other means. By booking a session you confirm that you have read and accept them, together with our{' '}
          <Link href="/privacy-policy">Privacy Policy</Link>.
        </p>
      </PolicySection>

      <PolicySection id="services" title={t('pages.servicesWeOffer')}>
        <ServicesList />
        <p>
          Our services support your mental health and well-being. They do not replace emergency care or,
          unless you are seeing our psychiatrist, a medical consultation.
        </p>
      </PolicySection>

      <PolicySection id="sessions" title={t('pages.terms.sessions')}>
        <ul>
          <li>
            Each session lasts <span className="tabular-nums">45</span> minutes and ends at its scheduled
            time.
          </li>
          <li>
            Online sessions take place over a secure video link, which we send to you by email after your
            booking is confirmed. Please join from a private, quiet place with a stable internet connection.
          </li>
          <li>
            For in-person sessions, please arrive <span className="tabular-nums">10</span> minutes early so
            that your session can start on time.
          </li>
        </ul>
      </PolicySection>

      <PolicySection id="age" title={t('pages.terms.age')}>
        <p>
          You must be at least <span className="tabular-nums">18</span> years old to book and attend sessions
          on your own. Clients under <span className="tabular-nums">18</span> need the consent and involvement
          of a parent or legal guardian, who makes the booking and accepts these terms on their behalf.
        </p>
      </PolicySection>

      <PolicySection id="payment" title={t('pages.terms.payment')}>
        <ul>
          <li>The fee for each session is shown in Indian rupees (₹) before you book.</li>
          <li>Sessions are paid for in advance, by cash, card or UPI.</li>
          <li>
            Online payments are processed securely by our payment provider, Razorpay. For in-person sessions
            the amount can be collected at the centre before the session starts.
          </li>
        </ul>
      </PolicySection>

      <PolicySection id="cancellation" title={t('pages.terms.cancellation')}>
        <p>
          If you need to cancel or reschedule, please tell us at least{' '}
          <span className="tabular-nums">24</span> hours before your session starts. This lets us offer the
          time to someone else who needs it.
        </p>
        <p>
          A cancellation made less than <span className="tabular-nums">24</span> hours before the session, or
          a missed session, is charged <span className="tabular-nums">100%</span> of the session fee.
        </p>
      </PolicySection>

      <PolicySection id="overdue" title={t('pages.terms.overdue')}>
        <p>
          Any amount that is not paid by its due date carries interest of{' '}
          <span className="tabular-nums">10%</span> per day until it is paid in full.
        </p>
      </PolicySection>

      <PolicySection id="confidentiality" title={t('pages.terms.confidentiality')}>
        <p>
          What you share in your sessions is kept confidential, within the limits described in our{' '}
          <Link href="/privacy-policy">Privacy Policy</Link>, for example where there is a serious risk of
          harm or where the law requires disclosure.
        </p>
      </PolicySection>

      <PolicySection id="your-responsibilities" title={t('pages.terms.responsibilities')}>
        <ul>
          <li>Give accurate contact details so that we can reach you about your booking.</li>
          <li>Treat our therapists and staff with respect.</li>
          <li>Do not record sessions without the therapist's agreement.</li>
        </ul>
      </PolicySection>

      <PolicySection id="changes" title={t('pages.terms.changes')}>
        <p>
          We may update these terms from time to time. The version on this page at the time you book applies
          to that booking.
        </p>
      </PolicySection>

      <PolicySection id="contact" title={t('pages.contactUs')}>
        <p>For questions about these terms or about a booking, contact us:</p>
        <ClinicContact />
      </PolicySection>
    </article>
  );
}
