import { adminLoginFormSchema } from '@therapy/shared/admin-schemas';
import { type FormEvent, useRef, useState } from 'react';
import { Redirect, useLocation } from 'wouter';
import { Button } from '../../components/button';
import { CentredLayout } from '../../components/centred-layout';
import { FormField } from '../../components/form-field';
import { ApiError } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { LOGIN_FAILED_MESSAGE, loginAdmin } from './admin-auth-api';
import { hasActiveSession, saveAdminSession, useAdminSession } from './admin-session';
import './ui/admin-badges.css';

type FieldErrors = { username?: string; password?: string };

/**
 * Where a sign-in lands: a therapist on My day (decision 052), a superadmin on the owner's
 * overview (decision 059), the front desk on the dashboard.
 */
function landingOf(role: string | undefined): string {
  if (role === 'therapist') return '/admin/my-day';
  return role === 'superadmin' ? '/admin/overview' : '/admin/dashboard';
}

export function AdminLoginPage() {
  useDocumentTitle('Admin Login');
  const signedIn = useAdminSession(hasActiveSession);
  const notice = useAdminSession((state) => state.notice);
  const role = useAdminSession((state) => state.user?.role);
  const [, navigate] = useLocation();
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errorRef = useRef<HTMLDivElement>(null);

  if (signedIn && !busy) return <Redirect to={landingOf(role)} replace />;

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const data = new FormData(event.currentTarget);
    const parsed = adminLoginFormSchema.safeParse({
      username: String(data.get('username') ?? ''),
      password: String(data.get('password') ?? ''),
    });
    setError(null);
    if (!parsed.success) {
      const errors: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof FieldErrors;
        errors[field] ??= issue.message;
      }
      setFieldErrors(errors);
      document.getElementById(errors.username ? 'admin-login-username' : 'admin-login-password')?.focus();
      return;
    }
    setFieldErrors({});
    setBusy(true);
    try {
      const session = await loginAdmin(parsed.data.username, parsed.data.password);
      saveAdminSession(session);
      navigate(landingOf(session.role), { replace: true });
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : LOGIN_FAILED_MESSAGE);
      setBusy(false);
      // Moves the reader to the message; the alert role announces it too.
      requestAnimationFrame(() => errorRef.current?.focus());
    }
  };

  return (
    <CentredLayout>
      <div className="card">
        <h1>Admin Login</h1>
        {notice && !error && (
          <div className="admin-alert admin-alert--info" role="status">
            {notice}
          </div>
        )}
        {error && (
          <div className="admin-alert admin-alert--error" role="alert" tabIndex={-1} ref={errorRef}>
            {error}
          </div>
        )}
        <form className="form" onSubmit={handleSubmit} noValidate>
          <FormField id="admin-login-username" label="Email / Username" error={fieldErrors.username}>
            {(control) => (
              <input
                {...control}
                name="username"
                className="input"
                type="text"
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                required
                onChange={() => setFieldErrors((errors) => ({ ...errors, username: undefined }))}
              />
            )}
          </FormField>
          <FormField id="admin-login-password" label="Password" error={fieldErrors.password}>
            {(control) => (
              <input
                {...control}
                name="password"
                className="input"
                type="password"
                autoComplete="current-password"
                required
                onChange={() => setFieldErrors((errors) => ({ ...errors, password: undefined }))}
              />
            )}
          </FormField>
          <Button type="submit" block busy={busy} busyLabel="Logging in...">
            Login
          </Button>
        </form>
      </div>
    </CentredLayout>
  );
}
