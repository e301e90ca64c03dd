import type { ReactNode } from 'react';

type PolicySectionProps = {
  id: string;
  title: string;
  children: ReactNode;
};

export function PolicySection({ id, title, children }: PolicySectionProps) {
  const headingId = `${id}-heading`;
  return (
    <section id={id} aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {children}
    </section>
  );
}
