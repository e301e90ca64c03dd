import { Link } from 'wouter';
import { useClinicName } from '../../lib/clinic';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ClinicContact } from './clinic-contact';
import { PolicySection } from './policy-section';
import { ServicesList } from './services-list';

export function PrivacyPolicyPage() {
  const clinicName = useClinicName();
  useDocumentTitle('Privacy Policy');

  return (
    <article className="prose">
      <header className="page-header">
        <h1>Privacy Policy</h1>
        <p className="page-header__subtitle">
          How we collect, use and protect your personal information when you book a session with us.
        </p>
      </header>

      <PolicySection id="about" title="About this policy">
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

      <PolicySection id="services" title="Services we offer">
        <p>This policy covers every service you can book or ask about through us:</p>
        <ServicesList />
      </PolicySection>

      <PolicySection id="information-we-collect" title="Information we collect when you book">
        <p>When you book a session we ask for:</p>
        <ul>
          <li>your full name;</li>
          <li>your email address;</li>
          <li>your mobile number;</li>
          <li>your age;</li>
          <li>the state and city you live in;</li>
          <li>any notes you choose to add about what you would like help with.</li>
        </ul>
        <p>
          We also keep the details of the booking itself: the type of session (online or in person), the
          centre, the therapist, the date and time, and the payment reference and status.
        </p>
        <p>
          Please share in the notes only what you are comfortable with. You can always tell your therapist
          more during the session.
        </p>
      </PolicySection>

      <PolicySection id="why-we-use-it" title="Why we use your information">
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

      <PolicySection id="payments" title="Payments">
        <p>
          Online payments are handled by our payment provider, Razorpay. Your card, UPI or bank details are
          entered on the provider's secure pages and are processed by the provider, not by us. We never see or
          store your full card number, CVV or UPI PIN. We receive only what we need to match the payment to
          your booking, such as the payment reference, the amount and whether the payment succeeded.
        </p>
      </PolicySection>

      <PolicySection id="confidentiality" title="Confidentiality of your sessions">
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

      <PolicySection id="sharing" title="Who we share your information with">
        <p>
          We share your booking details only with the therapist assigned to your session, so that they can
          prepare for and hold it. We disclose information to others only when Indian law requires it, for
          example in response to a court order or a lawful request from a government authority.
        </p>
      </PolicySection>

      <PolicySection id="retention" title="How long we keep your information">
        <p>
          We keep your information for as long as we need it to provide your sessions and for as long as the
          law requires us to keep records of bookings and payments. When it is no longer needed we delete it
          or make it anonymous so that it can no longer identify you.
        </p>
      </PolicySection>

      <PolicySection id="security" title="How we protect your information">
        <p>
          Your information is sent over an encrypted connection and stored on systems that only authorised
          staff can access. No system is perfectly secure, but we take care to protect your information and to
          limit who can see it.
        </p>
      </PolicySection>

      <PolicySection id="browser-storage" title="Cookies and browser storage">
        <p>
          We do not use advertising or tracking cookies. This website may keep your booking progress in your
          browser's storage so that refreshing the page does not lose your choices. You can clear it at any
          time from your browser settings.
        </p>
      </PolicySection>

      <PolicySection id="your-rights" title="Your rights">
        <p>You can ask us to:</p>
        <ul>
          <li>tell you what information we hold about you and give you a copy;</li>
          <li>correct information that is wrong or incomplete;</li>
          <li>delete your information, unless the law requires us to keep it.</li>
        </ul>
        <p>
          You can also withdraw your consent to our use of your information. If you do, we may no longer be
          able to provide sessions to you. We will respond to your request within a reasonable time.
        </p>
      </PolicySection>

      <PolicySection id="contact" title="Contact us">
        <p>For questions about this policy or to make a request about your information, contact us:</p>
        <ClinicContact withPrivacyContact />
      </PolicySection>

      <PolicySection id="changes" title="Changes to this policy">
        <p>
          We may update this policy from time to time. The current version is always available on this page,
          and we will point out any important change here.
        </p>
      </PolicySection>
    </article>
  );
}
