import { EMERGENCY, TELE_MANAS, TELE_MANAS_TOLL_FREE } from '@therapy/shared/crisis-help';
import type { ReactNode } from 'react';
import type { MessageId } from '../../i18n/catalog';
import { Trans, useT } from '../../i18n/use-t';
import { useClinicName, useClinicProfile } from '../../lib/clinic';
import './legal-summary.css';

/**
 * The legal pages keep their full text in English; a visitor reading Hindi gets the key points
 * first, in Hindi, in this box (nothing is shown in English).
 */
function LegalSummary({ children }: { children: ReactNode }) {
  const { t, locale } = useT();
  if (locale === 'en') return null;
  return (
    <section className="legal-summary" aria-labelledby="legal-summary-heading">
      <h2 id="legal-summary-heading">{t('pages.summary.title')}</h2>
      {children}
      <p className="muted">{t('pages.summary.note')}</p>
    </section>
  );
}

/** Privacy: what is collected and why, how it is protected, how long it is kept, the client's rights. */
export function PrivacySummary() {
  const { t } = useT();
  const clinic = useClinicName();
  const months = useClinicProfile().retention_months;
  return (
    <LegalSummary>
      <p>{t('pages.privacy.summary.intro', { clinic })}</p>
      <ul>
        <li>{t('pages.privacy.summary.collect')}</li>
        <li>{t('pages.privacy.summary.protect')}</li>
        <li>{t('pages.privacy.summary.retention', { months })}</li>
        <li>{t('pages.privacy.summary.rights')}</li>
      </ul>
    </LegalSummary>
  );
}

const TERMS_POINTS = [
  'pages.terms.summary.booking',
  'pages.terms.summary.payment',
  'pages.terms.summary.cancellation',
] as const satisfies readonly MessageId[];

// Lingui puts each number, Latin digits in every language, inside its link.
const NUMBER_LINKS = {
  // biome-ignore lint/a11y/useAnchorContent: Trans fills in the number
  0: <a href={`tel:${TELE_MANAS.dial}`} />,
  // biome-ignore lint/a11y/useAnchorContent: Trans fills in the number
  1: <a href={`tel:${TELE_MANAS_TOLL_FREE.dial}`} />,
  // biome-ignore lint/a11y/useAnchorContent: Trans fills in the number
  2: <a href={`tel:${EMERGENCY.dial}`} />,
};

/** Terms: booking, payment, the cancellation notice, and that this is no emergency service. */
export function TermsSummary() {
  const { t } = useT();
  const clinic = useClinicName();
  return (
    <LegalSummary>
      <p>{t('pages.terms.summary.intro', { clinic })}</p>
      <ul>
        {TERMS_POINTS.map((point) => (
          <li key={point}>{t(point)}</li>
        ))}
        <li>
          <Trans
            id="pages.terms.summary.emergency"
            values={{
              teleManas: TELE_MANAS.label,
              tollFree: TELE_MANAS_TOLL_FREE.label,
              emergency: EMERGENCY.label,
            }}
            components={NUMBER_LINKS}
          />
        </li>
      </ul>
    </LegalSummary>
  );
}
