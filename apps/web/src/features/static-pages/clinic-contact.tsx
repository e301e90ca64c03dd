import { EmailOrPlaceholder, PhoneOrPlaceholder } from '../../components/clinic-contact-links';
import { useT } from '../../i18n/use-t';
import { useClinicProfile } from '../../lib/clinic';
import { useTranslatedLang } from './policy-section';

/**
 * How to reach the clinic, as its profile says (placeholders until a superadmin saves one). The
 * privacy policy adds the privacy contact, who answers requests about personal information.
 */
export function ClinicContact({ withPrivacyContact = false }: { withPrivacyContact?: boolean }) {
  const clinic = useClinicProfile();
  const { t } = useT();
  return (
    <ul lang={useTranslatedLang()}>
      {withPrivacyContact && clinic.privacy_contact && (
        <li>{t('pages.privacyContact', { contact: clinic.privacy_contact })}</li>
      )}
      <li>
        {t('common.footer.email')} <EmailOrPlaceholder email={clinic.email} />
      </li>
      <li>
        {t('common.footer.phone')} <PhoneOrPlaceholder phone={clinic.phone} />
      </li>
      {clinic.address && (
        <li>
          {t('common.footer.address')} {clinic.address}
        </li>
      )}
    </ul>
  );
}
