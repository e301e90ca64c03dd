import type { ReactNode } from 'react';

/**
 * The heading block every admin screen opens with: its one `h1`, an optional line saying what the
 * screen is for, and the screen's own actions (export, language, refresh) at the side.
 */
export function AdminPageHeader({
  title,
  subtitle,
  children,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  /** The screen's actions, beside the heading. */
  children?: ReactNode;
}) {
  return (
    <header className="admin-page__header">
      <div>
        <h1>{title}</h1>
        {subtitle && <p className="admin-page__subtitle">{subtitle}</p>}
      </div>
      {children}
    </header>
  );
}
