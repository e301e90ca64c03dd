import { Link } from 'wouter';
import { useT } from '../../i18n/use-t';
import { useClinicProfile } from '../../lib/clinic';
import { intakeLinkPath } from '../../lib/intake-link';

/**
 * The path of the client's manage link (`PUBLIC_URL/manage/{token}`), opened on this site whatever
 * PUBLIC_URL's host: null unless it is a manage link.
 */
export function manageLinkPath(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const { pathname } = new URL(url, 'http://localhost');
    return /^\/manage\/[^/]+$/.test(pathname) ? pathname : null;
  } catch {
    return null;
  }
}

/** "Manage your booking": the link the confirmation e-mail also carries, and how long it can change. */
export function ManageLinkNote({ url }: { url: string | null | undefined }) {
  const { t } = useT();
  const hours = useClinicProfile().cancellation_notice_hours;
  const path = manageLinkPath(url);
  if (!path) return null;
  return (
    <div className="manage-link-note">
      <Link href={path} className="button button--secondary button--block">
        {t('payment.manageLink.button')}
      </Link>
      <p className="muted">{t('payment.manageLink.note', { hours })}</p>
    </div>
  );
}

/** The questionnaire link (decision 058) of a first session, or of a later one that brings PHQ-9 and GAD-7. */
export function IntakeLinkNote({ url }: { url: string | null | undefined }) {
  const { t } = useT();
  const path = intakeLinkPath(url);
  if (!path) return null;
  return (
    <div className="manage-link-note">
      <Link href={path} className="button button--primary button--block">
        {t('payment.intakeLink.button')}
      </Link>
      <p className="muted">{t('payment.intakeLink.note')}</p>
    </div>
  );
}
