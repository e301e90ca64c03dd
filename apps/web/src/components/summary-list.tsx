import type { ReactNode } from 'react';

/** Terms and values (booking summary, confirmation details). */
export function SummaryList({ children }: { children: ReactNode }) {
  return <dl className="summary">{children}</dl>;
}

export function SummaryRow({
  term,
  children,
  total = false,
}: {
  term: string;
  children: ReactNode;
  total?: boolean;
}) {
  return (
    <div className={`summary__row${total ? ' summary__row--total' : ''}`}>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
