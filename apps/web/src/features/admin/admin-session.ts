import { type AdminSession, type AdminUser, adminUserSchema } from '@therapy/shared/admin-schemas';
import { create } from 'zustand';

/** Browser storage keys of the admin session (specification section 3: token and user details). */
const TOKEN_KEY = 'admin_token';
const USER_KEY = 'admin_user';

type StoredSession = { token: string | null; user: AdminUser | null };
/** Why the last session ended, when it was not a logout: shown on the login screen. */
type SessionState = StoredSession & { notice: string | null };

function readUser(): AdminUser | null {
  try {
    const raw = localStorage.getItem(USER_KEY);
    if (!raw) return null;
    const parsed = adminUserSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function readStored(): StoredSession {
  try {
    return { token: localStorage.getItem(TOKEN_KEY) || null, user: readUser() };
  } catch {
    // Storage can be unavailable (private modes, blocked cookies): then nobody is signed in.
    return { token: null, user: null };
  }
}

export const useAdminSession = create<SessionState>(() => ({ ...readStored(), notice: null }));

/** An active admin user with a token: what every admin screen but the login needs. */
export function hasActiveSession({ token, user }: StoredSession): boolean {
  return Boolean(token && user?.is_active && (user.is_admin || user.is_superadmin));
}

export function saveAdminSession(session: AdminSession): void {
  const user: AdminUser = {
    username: session.username,
    is_superadmin: session.is_superadmin,
    is_admin: session.is_admin,
    is_active: session.is_active,
    role: session.role,
    therapist_id: session.therapist_id,
  };
  try {
    localStorage.setItem(TOKEN_KEY, session.access_token);
    localStorage.setItem(USER_KEY, JSON.stringify(user));
  } catch {
    // Without storage the session lasts as long as this page.
  }
  useAdminSession.setState({ token: session.access_token, user, notice: null });
}

/** Keeps the stored user details in step with what the server says about them now. */
export function updateAdminUser(user: AdminUser): void {
  try {
    localStorage.setItem(USER_KEY, JSON.stringify(user));
  } catch {
    // as above
  }
  useAdminSession.setState({ user });
}

export function clearAdminSession(notice: string | null = null): void {
  try {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(USER_KEY);
  } catch {
    // as above
  }
  useAdminSession.setState({ token: null, user: null, notice });
}

export function adminToken(): string | null {
  return useAdminSession.getState().token;
}

// A sign-out (or sign-in) in another tab applies here too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === TOKEN_KEY || event.key === USER_KEY) {
      useAdminSession.setState(readStored());
    }
  });
}
