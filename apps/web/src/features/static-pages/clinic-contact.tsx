import { EmailOrPlaceholder, PhoneOrPlaceholder } from '../../components/clinic-contact-links';
import { useClinicProfile } from '../../lib/clinic';

/**
 * How to reach the clinic, as its profile says (placeholders until a superadmin saves one). The
 * privacy policy adds the privacy contact, who answers requests about personal information.
 */
export function ClinicContact({ withPrivacyContact = false }: { withPrivacyContact?: boolean }) {
  const clinic = useClinicProfile();
  return (
    <ul>
      {withPrivacyContact && clinic.privacy_contact && <li>Privacy contact: {clinic.privacy_contact}</li>}
      <li>
        Email: <EmailOrPlaceholder email={clinic.email} />
      </li>
      <li>
        Phone: <PhoneOrPlaceholder phone={clinic.phone} />
      </li>
      {clinic.address && <li>Address: {clinic.address}</li>}
    </ul>
  );
}
