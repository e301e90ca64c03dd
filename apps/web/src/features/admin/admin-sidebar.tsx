import { Link } from 'wouter';
import { BrandMark } from '../../components/brand-mark';
import { requestRefresh } from '../../lib/use-live-version';
import { useWaitingLeaveCount } from './leave-requests/use-waiting-leave-count';

type NavItem = { href: string; label: string; matches: string[]; badge?: number };

const MAIN_ITEMS: NavItem[] = [
  { href: '/admin/dashboard', label: 'Dashboard', matches: ['/admin/dashboard'] },
  { href: '/admin/calendar', label: 'Calendar View', matches: ['/admin/calendar'] },
  { href: '/admin/patients', label: 'Client List', matches: ['/admin/patients', '/admin/clients'] },
  { href: '/admin/outside-schedule', label: 'Outside schedule', matches: ['/admin/outside-schedule'] },
  { href: '/admin/waitlist', label: 'Waitlist', matches: ['/admin/waitlist'] },
];

const REPORT_ITEMS: NavItem[] = [
  { href: '/admin/Reports', label: 'Reports', matches: ['/admin/reports'] },
  { href: '/admin/Income', label: 'Income', matches: ['/admin/income'] },
];

/** Superadmins only: the owner's overview, where their sign-in lands (first in their menu). */
const OVERVIEW_ITEM: NavItem = { href: '/admin/overview', label: 'Overview', matches: ['/admin/overview'] };
const HOLIDAYS_ITEM: NavItem = { href: '/admin/holidays', label: 'Holidays', matches: ['/admin/holidays'] };
const LEAVE_REQUESTS_ITEM: NavItem = {
  href: '/admin/leave-requests',
  label: 'Leave requests',
  matches: ['/admin/leave-requests'],
};
const AUDIT_ITEM: NavItem = { href: '/admin/audit-log', label: 'Audit Log', matches: ['/admin/audit-log'] };
const PRIVACY_ITEM: NavItem = { href: '/admin/privacy', label: 'Privacy Desk', matches: ['/admin/privacy'] };
const SYSTEM_ITEM: NavItem = { href: '/admin/system', label: 'System', matches: ['/admin/system'] };
const RECEIPTS_ITEM: NavItem = {
  href: '/admin/receipts',
  label: 'Receipts Register',
  matches: ['/admin/receipts'],
};
const PAYOUTS_ITEM: NavItem = { href: '/admin/payouts', label: 'Payouts', matches: ['/admin/payouts'] };
const CLINIC_ITEM: NavItem = { href: '/admin/clinic', label: 'Clinic Profile', matches: ['/admin/clinic'] };

/** Catalogue management (superadmins). */
const CATALOGUE_ITEMS: NavItem[] = [
  { href: '/admin/therapists', label: 'Therapists', matches: ['/admin/therapists'] },
  { href: '/admin/centres', label: 'Centres', matches: ['/admin/centres'] },
  { href: '/admin/services', label: 'Services', matches: ['/admin/services'] },
];

type AdminSidebarProps = {
  location: string;
  showReports: boolean;
  /**
   * Superadmins only (Clinic Profile, therapists, centres, services, Holidays, Audit Log, Privacy
   * Desk, System): unlike Reports and Income, the screens they open do not show themselves to all.
   */
  showAuditLog: boolean;
  onLogout: () => void;
  onNavigate?: () => void;
};

export function AdminSidebar({
  location,
  showReports,
  showAuditLog,
  onLogout,
  onNavigate,
}: AdminSidebarProps) {
  const path = location.toLowerCase().replace(/\/+$/, '');
  // The leave requests waiting for a superadmin's decision (issue 25).
  const waitingLeave = useWaitingLeaveCount(showAuditLog);
  const items = [
    ...(showAuditLog ? [OVERVIEW_ITEM] : []),
    ...MAIN_ITEMS,
    ...(showReports ? REPORT_ITEMS : []),
    ...(showAuditLog
      ? [
          RECEIPTS_ITEM,
          PAYOUTS_ITEM,
          CLINIC_ITEM,
          ...CATALOGUE_ITEMS,
          HOLIDAYS_ITEM,
          { ...LEAVE_REQUESTS_ITEM, badge: waitingLeave },
          AUDIT_ITEM,
          PRIVACY_ITEM,
          SYSTEM_ITEM,
        ]
      : []),
  ];

  return (
    <>
      <div className="admin-sidebar__brand">
        <BrandMark className="admin-sidebar__mark" />
        <span>Admin</span>
      </div>
      <nav aria-label="Admin" className="admin-nav">
        <ul>
          {items.map((item) => (
            <li key={item.href}>
              <Link
                href={item.href}
                className="admin-nav__link"
                aria-current={item.matches.includes(path) ? 'page' : undefined}
                onClick={() => {
                  // The screen already shown (Dashboard clicked again) reloads what it shows.
                  if (item.matches.includes(path)) requestRefresh();
                  onNavigate?.();
                }}
              >
                {item.label}
                {item.badge ? (
                  <span className="admin-nav__badge">
                    {item.badge}
                    <span className="visually-hidden"> waiting</span>
                  </span>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <button type="button" className="admin-nav__link admin-nav__logout" onClick={onLogout}>
        Logout
      </button>
    </>
  );
}
