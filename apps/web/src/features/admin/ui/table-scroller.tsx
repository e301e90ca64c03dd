import type { ReactNode } from 'react';

/**
 * The scrolling box around an admin table. On a phone most tables are wider than the screen;
 * the box takes focus so that keyboard users can scroll it too (WCAG 2.1.1), and its label
 * says what it holds when focus lands on it.
 */
export function TableScroller({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <section className="admin-table-wrap" aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}
