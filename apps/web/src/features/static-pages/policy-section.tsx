import type { ReactNode } from 'react';
import { useT } from '../../i18n/use-t';

type PolicySectionProps = {
  id: string;
  title: string;
  children: ReactNode;
};

/**
 * A section of a legal page. Its text stays English in every language (the Hindi page has a
 * summary at the top instead), so in Hindi it is marked English for screen readers and browsers.
 */
export function PolicySection({ id, title, children }: PolicySectionProps) {
  const { locale } = useT();
  const headingId = `${id}-heading`;
  return (
    <section id={id} aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {locale === 'en' ? children : <EnglishText>{children}</EnglishText>}
    </section>
  );
}

/** Text left in English on a page in another language: `lang="en"` for screen readers. */
export function EnglishText({ children }: { children: ReactNode }) {
  return <div lang="en">{children}</div>;
}

/**
 * The `lang` of a translated part (a list, a table's headings) inside a section's English text:
 * the visitor's language again, or nothing on the English page.
 */
export function useTranslatedLang(): string | undefined {
  const { locale } = useT();
  return locale === 'en' ? undefined : locale;
}
