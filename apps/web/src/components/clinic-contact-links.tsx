import { useT } from '../i18n/use-t';
import { telHref } from '../lib/clinic';
import { CONTACT_PLACEHOLDER } from '../lib/site';

/** The clinic's phone as a link that dials it, or the placeholder while none is saved. */
export function PhoneOrPlaceholder({ phone }: { phone: string }) {
  const { t } = useT();
  if (!phone) return <>{t(CONTACT_PLACEHOLDER)}</>;
  return (
    <a href={telHref(phone)} className="tabular-nums">
      {phone}
    </a>
  );
}

/** The clinic's e-mail as a link that writes to it, or the placeholder while none is saved. */
export function EmailOrPlaceholder({ email }: { email: string }) {
  const { t } = useT();
  if (!email) return <>{t(CONTACT_PLACEHOLDER)}</>;
  return <a href={`mailto:${email}`}>{email}</a>;
}
