import { PRIVACY_NOTICE_VERSION } from '@therapy/shared/consent-versions';
import { EMERGENCY, TELE_MANAS, TELE_MANAS_TOLL_FREE } from '@therapy/shared/crisis-help';
import { Link } from 'wouter';
import englishPages from '../../i18n/en/pages.json';
import { registerEnglishArea, useCatalogueArea } from '../../i18n/i18n';
import { useT } from '../../i18n/use-t';
import { useClinicName, useClinicProfile } from '../../lib/clinic';
import { useFormat } from '../../lib/format';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ClinicContact } from './clinic-contact';
import { CollectedItems } from './collected-items';
import { PrivacySummary } from './legal-summary';
import { PolicySection } from './policy-section';
import { ServicesList } from './services-list';
import './static-pages.css';

// This page's English words come in its own chunk: no further request before it shows.
registerEnglishArea('pages', englishPages);

export function PrivacyPolicyPage() {
  const { t, locale } = useT();
  useCatalogueArea('pages', locale);
  const clinicName = useClinicName();
  const clinic = useClinicProfile();
  const { longDate } = useFormat();
  useDocumentTitle(t('pages.privacy.title'));

  return (
    <article className="prose">
      <header className="page-header">
        <h1>{t('pages.privacy.title')}</h1>
        <p className="page-header__subtitle">{t('pages.privacy.subtitle')}</p>
        <p className="muted">
          {t('pages.version', {
            version: PRIVACY_NOTICE_VERSION.version,
            date: longDate(PRIVACY_NOTICE_VERSION.published),
          })}
        </p>
      </header>
      <PrivacySummary />

      <PolicySection id="about" title={t('pages.privacy.about')}>
        <p>
          {clinicName} (“we”, “us”) offers therapy and counselling sessions online and in person. Asking for
          help takes courage, and we know the information you share with us is personal. This policy explains
          what we collect, why we collect it, who can see it and the choices you have.
        </p>
        <p>
          By booking a session through this website you agree to the handling of your information as described
          here. Please read it together with our{' '}
          <Link href="/terms-and-conditions">Terms and Conditions</Link>.
        </p>
      </PolicySection>

      <PolicySection id="services" title={t('pages.servicesWeOffer')}>
        <p>This policy covers every service you can book or ask about through us:</p>
        <ServicesList />
      </PolicySection>

      <PolicySection id="what-we-collect" title={t('pages.privacy.whatWeCollect')}>
        <p>When you book a session we ask for the following, each for the reason given:</p>
        <CollectedItems />
        <p>
          Please share in the note only what you are comfortable with. You can always tell your therapist more
          during the session.
        </p>
      </PolicySection>

      <PolicySection id="why-we-use-it" title={t('pages.privacy.whyWeUse')}>
        <p>We use your information only to:</p>
        <ul>
          <li>schedule your session and make sure the right therapist is ready for you;</li>
          <li>run the session, including sending a secure video link for online sessions;</li>
          <li>send you booking confirmations, reminders and any changes to your appointment;</li>
          <li>take payment for the session and keep the records that accounting and tax rules require;</li>
          <li>answer your questions and requests.</li>
        </ul>
        <p>We do not sell your information and we do not use it for advertising.</p>
      </PolicySection>

      <PolicySection id="payments" title={t('pages.privacy.payments')}>
        <p>
          Online payments are handled by our payment provider, Razorpay. Your card, UPI or bank details are
          entered on the provider's secure pages and are processed by the provider, not by us. We never see or
          store your full card number, CVV or UPI PIN. We receive only what we need to match the payment to
          your booking, such as the payment reference, the amount and whether the payment succeeded.
        </p>
      </PolicySection>

      <PolicySection id="confidentiality" title={t('pages.privacy.confidentiality')}>
        <p>
          What you discuss with your therapist is confidential. Therapists keep their session notes private
          and do not share them with anyone else without your consent.
        </p>
        <p>
          There are rare exceptions: if there is a serious risk of harm to you or to someone else, or if the
          law requires us to disclose information, we may have to share what is necessary to keep people safe
          or to comply. Where we can, we will talk to you about it first.
        </p>
      </PolicySection>

      <PolicySection id="sharing" title={t('pages.privacy.sharing')}>
        <p>
          We share your booking details only with the therapist assigned to your session, so that they can
          prepare for and hold it. We disclose information to others only when Indian law requires it, for
          example in response to a court order or a lawful request from a government authority.
        </p>
      </PolicySection>

      <PolicySection id="children" title={t('pages.privacy.children')}>
        <p>
          A client under 18 can book only with a parent or guardian, who gives their name, relation, mobile
          number and email and consents to the booking in their own name. They receive a copy of the booking
          confirmation.
        </p>
      </PolicySection>

      <PolicySection id="retention" title={t('pages.privacy.retention')}>
        <p>
          We keep your information for {clinic.retention_months} months after your session, for your care and
          for the records of bookings and payments the law requires. After that, a daily task erases your
          name, contact details, age, place and note from the booking. Only the date, the amount and the
          payment reference stay, for our accounts, with “[erased]” where your name was.
        </p>
      </PolicySection>

      <PolicySection id="security" title={t('pages.privacy.security')}>
        <p>
          Your information is sent over an encrypted connection. Your note is stored encrypted, so that it
          cannot be read from the database or its copies. Only authorised staff can see your information, and
          every time staff look at or export a client’s data it is recorded. No system is perfectly secure,
          but we take care to protect your information and to limit who can see it.
        </p>
      </PolicySection>

      <PolicySection id="browser-storage" title={t('pages.privacy.browserStorage')}>
        <p>
          We do not use advertising or tracking cookies. This website may keep your booking progress in your
          browser's storage so that refreshing the page does not lose your choices. When you choose a
          language, a small cookie (<code>lang</code>) remembers it, so that the page opens in that language
          next time; it holds nothing else. You can clear both at any time from your browser settings.
        </p>
      </PolicySection>

      <PolicySection id="your-rights" title={t('pages.privacy.rights')}>
        <p>Under India’s Digital Personal Data Protection Act, you can ask us to:</p>
        <ul>
          <li>tell you what information we hold about you and give you a copy (as a file);</li>
          <li>correct information that is wrong or incomplete;</li>
          <li>
            erase your information. We then replace your name, contact details and note with a marker and keep
            only what our accounts need (dates, amounts and payment references).
          </li>
        </ul>
        <p>
          To ask, write to or call the privacy contact below, from the email or mobile number you booked with.
          We record your request with the date we received it and answer it within 90 days at the latest,
          usually much sooner. We cannot erase the details of a session that is still to come: we first cancel
          it with you.
        </p>
      </PolicySection>

      <PolicySection id="withdraw-consent" title={t('pages.privacy.withdraw')}>
        <p>
          You can withdraw your consent at any time, as easily as you gave it: tell the privacy contact below.
          We then stop sending you messages (WhatsApp messages too) and erase your information as described
          above. Withdrawing does not undo what was done before, and we can no longer hold sessions booked for
          you, so we cancel them with you.
        </p>
      </PolicySection>

      <PolicySection id="urgent-help" title={t('pages.privacy.urgentHelp')}>
        <p>
          This website is for booking sessions. If you are in distress or thinking of harming yourself, call
          Tele-MANAS on <a href={`tel:${TELE_MANAS.dial}`}>{TELE_MANAS.label}</a> or{' '}
          <a href={`tel:${TELE_MANAS_TOLL_FREE.dial}`}>{TELE_MANAS_TOLL_FREE.label}</a> (free, 24×7). In an
          emergency, call <a href={`tel:${EMERGENCY.dial}`}>{EMERGENCY.label}</a>.
        </p>
      </PolicySection>

      <PolicySection id="contact" title={t('pages.contactUs')}>
        <p>For questions about this policy or to make a request about your information, contact us:</p>
        <ClinicContact withPrivacyContact />
      </PolicySection>

      <PolicySection id="changes" title={t('pages.privacy.changes')}>
        <p>
          When we change this notice we publish it as a new version, with a new number and date at the top of
          this page. Each booking records the version you accepted, and the earlier versions are kept.
        </p>
      </PolicySection>
    </article>
  );
}
