import { type ReactNode, useEffect, useState } from 'react';
import { Link, Redirect } from 'wouter';
import { CentredLayout } from '../../components/centred-layout';
import { StatePanel } from '../../components/state-panel';
import { clearAdminSession, hasActiveSession, useAdminSession } from './admin-session';

export const INACTIVE_USER_MESSAGE = 'Unauthorized access or inactive user.';

/**
 * Admin screens need a stored token plus an active admin user record (specification section 2).
 * With no token at all the user is sent to the login; with a token but a missing or inactive
 * user the stored credentials are cleared and the reason is shown.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const session = useAdminSession();
  const active = hasActiveSession(session);
  const [denied, setDenied] = useState(() => Boolean(session.token) && !active);

  useEffect(() => {
    if (session.token && !active) {
      setDenied(true);
      clearAdminSession();
    }
  }, [session.token, active]);

  if (denied) {
    return (
      <CentredLayout>
        <StatePanel
          tone="error"
          title={INACTIVE_USER_MESSAGE}
          actions={
            <Link href="/admin/login" className="button button--primary">
              Go to Login
            </Link>
          }
        />
      </CentredLayout>
    );
  }
  if (!active) return <Redirect to="/admin/login" replace />;
  return <>{children}</>;
}
