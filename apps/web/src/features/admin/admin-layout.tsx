import { type ReactNode, type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/skip-link';
import { focusableIn, useFocusTrap } from '../../components/use-focus-trap';
import { NARROW_SCREEN, useMediaQuery } from '../../lib/use-media-query';
import { fetchAdminMe } from './admin-auth-api';
import { clearAdminSession, updateAdminUser, useAdminSession } from './admin-session';
import { AdminSidebar } from './admin-sidebar';
import { INACTIVE_USER_MESSAGE } from './require-admin';
import { ToastRegion } from './ui/toast-region';
import { useLogout } from './use-logout';
import './admin-shell.css';
import './ui/admin-table.css';
import './ui/admin-badges.css';
import './ui/admin-form.css';

const REPORT_SCREENS = /^\/admin\/(reports|income)\/?$/i;

/** Checks the stored session against the server once per token: a deactivated user ends it. */
function useSessionCheck(token: string | null) {
  const checked = useRef<string | null>(null);
  useEffect(() => {
    if (!token || checked.current === token) return;
    checked.current = token;
    const controller = new AbortController();
    fetchAdminMe(controller.signal).then(
      (user) => (user.is_active ? updateAdminUser(user) : clearAdminSession(INACTIVE_USER_MESSAGE)),
      // 401 already cleared the session; other failures leave it to the screens' own calls.
      () => undefined,
    );
    return () => controller.abort();
  }, [token]);
}

/**
 * The phone's menu drawer: open, it is a modal dialog that traps the focus; closed, focus returns
 * to the Menu button, or to the new screen when a link in the drawer was chosen.
 */
function useDrawer(location: string) {
  const narrow = useMediaQuery(NARROW_SCREEN);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const drawer = useRef<HTMLElement>(null);
  const drawerActive = narrow && drawerOpen;

  const main = useRef<HTMLElement>(null);
  // Where focus goes once the drawer has closed (and the page behind it is no longer inert).
  const focusAfterClose = useRef<'menu' | 'main' | null>(null);
  const drawerWasActive = useRef(false);
  drawerWasActive.current = drawerActive;

  const closeDrawer = useCallback(() => {
    focusAfterClose.current = 'menu';
    setDrawerOpen(false);
  }, []);
  useFocusTrap(drawer, drawerActive, closeDrawer);

  useEffect(() => {
    if (drawerActive) {
      const panel = drawer.current;
      const focusFirst = () => panel && focusableIn(panel)[0]?.focus();
      focusFirst();
      // The drawer may become focusable a frame later (its visibility switches with the style update).
      if (panel && !panel.contains(document.activeElement)) requestAnimationFrame(focusFirst);
      return;
    }
    const target = focusAfterClose.current;
    focusAfterClose.current = null;
    if (target === 'menu') menuButton.current?.focus();
    if (target === 'main') main.current?.focus();
  }, [drawerActive]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose whenever the path changes
  useEffect(() => {
    // A link chosen in the drawer: the drawer closes and the new screen takes the focus.
    if (drawerWasActive.current) focusAfterClose.current = 'main';
    setDrawerOpen(false);
    window.scrollTo(0, 0);
  }, [location]);

  const openDrawer = () => setDrawerOpen(true);
  return { narrow, drawerOpen, drawerActive, openDrawer, closeDrawer, menuButton, drawer, main };
}

export function AdminLayout({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  const { token, user } = useAdminSession();
  const logout = useLogout();
  const { narrow, drawerOpen, drawerActive, openDrawer, closeDrawer, menuButton, drawer, main } =
    useDrawer(location);
  useSessionCheck(token);

  // Reports and Income show to superadmins, and to everyone on the reports and income screens.
  const showReports = Boolean(user?.is_superadmin) || REPORT_SCREENS.test(location);

  return (
    <div className={`admin-shell${drawerActive ? ' admin-shell--drawer-open' : ''}`}>
      <SkipLink />
      <AdminTopbar menuButton={menuButton} drawerActive={drawerActive} onOpen={openDrawer} />
      <aside
        id="admin-sidebar"
        ref={drawer}
        className="admin-sidebar"
        // On a phone the closed drawer is off screen: out of the tab order and the reading order too.
        inert={narrow && !drawerOpen}
        {...(drawerActive ? { role: 'dialog', 'aria-modal': true, 'aria-label': 'Admin menu' } : {})}
      >
        {drawerActive && (
          <button
            type="button"
            className="admin-sidebar__close"
            onClick={closeDrawer}
            aria-label="Close menu"
          >
            <span aria-hidden="true">×</span>
          </button>
        )}
        <AdminSidebar
          location={location}
          showReports={showReports}
          showAuditLog={Boolean(user?.is_superadmin)}
          onLogout={logout}
        />
      </aside>
      {drawerActive && <div className="admin-overlay" aria-hidden="true" onClick={closeDrawer} />}
      <main id={MAIN_CONTENT_ID} ref={main} className="admin-main" tabIndex={-1} inert={drawerActive}>
        {children}
      </main>
      <ToastRegion />
    </div>
  );
}

type TopbarProps = {
  menuButton: RefObject<HTMLButtonElement | null>;
  drawerActive: boolean;
  onOpen: () => void;
};

/** On a phone: the Menu button that opens the drawer. */
function AdminTopbar({ menuButton, drawerActive, onOpen }: TopbarProps) {
  return (
    <header className="admin-topbar" inert={drawerActive}>
      <button
        type="button"
        ref={menuButton}
        className="admin-topbar__menu"
        aria-expanded={drawerActive}
        aria-controls="admin-sidebar"
        onClick={onOpen}
      >
        <span className="admin-topbar__menu-icon" aria-hidden="true" />
        Menu
      </button>
      <span className="admin-topbar__title">Admin</span>
    </header>
  );
}
