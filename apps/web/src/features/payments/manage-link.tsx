import { Link } from 'wouter';
import { useClinicProfile } from '../../lib/clinic';

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
  const hours = useClinicProfile().cancellation_notice_hours;
  const path = manageLinkPath(url);
  if (!path) return null;
  return (
    <div className="manage-link-note">
      <Link href={path} className="button button--secondary button--block">
        Manage your booking
      </Link>
      <p className="muted">
        We have also e-mailed you this link. You can cancel or reschedule there up to {hours} hours before
        your session.
      </p>
    </div>
  );
}
