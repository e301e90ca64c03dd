import { useCallback } from 'react';
import { useLocation } from 'wouter';
import { clearAdminSession } from './admin-session';
import { clearToasts } from './ui/toast-store';

/** Ends the admin session and returns to the login. */
export function useLogout(): () => void {
  const [, navigate] = useLocation();
  return useCallback(() => {
    clearAdminSession();
    clearToasts();
    navigate('/admin/login', { replace: true });
  }, [navigate]);
}
