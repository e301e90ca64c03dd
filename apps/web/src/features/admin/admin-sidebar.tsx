import { Link } from 'wouter';
import { BrandMark } from '../../components/brand-mark';

type NavItem = { href: string; label: string; matches: string[] };

const MAIN_ITEMS: NavItem[] = [
  { href: '/admin/dashboard', label: 'Dashboard', matches: ['/admin/dashboard'] },
  { href: '/admin/calendar', label: 'Calendar View', matches: ['/admin/calendar'] },
  { href: '/admin/patients', label: 'Client List', matches: ['/admin/patients', '/admin/clients'] },
];

const REPORT_ITEMS: NavItem[] = [
  { href: '/admin/Reports', label: 'Reports', matches: ['/admin/reports'] },
  { href: '/admin/Income', label: 'Income', matches: ['/admin/income'] },
];

const AUDIT_ITEM: NavItem = { href: '/admin/audit-log', label: 'Audit Log', matches: ['/admin/audit-log'] };

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
   * Superadmins only: unlike Reports and Income, the screens they open (audit log, therapists,
   * centres, services) do not show themselves to all.
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
  const items = [
    ...MAIN_ITEMS,
    ...(showReports ? REPORT_ITEMS : []),
    ...(showAuditLog ? [...CATALOGUE_ITEMS, AUDIT_ITEM] : []),
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
                onClick={onNavigate}
              >
                {item.label}
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
