import { formatsFor } from '@therapy/shared/locale-format';
import { payoutReportSchema } from '@therapy/shared/money-papers-schemas';
import { useState } from 'react';
import { PageLoading } from '../../../components/page-loading';
import englishTherapist from '../../../i18n/en/therapist.json';
import { registerEnglishArea, useCatalogueArea } from '../../../i18n/i18n';
import { useT } from '../../../i18n/use-t';
import { queryString } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useFetch } from '../../../lib/use-fetch';
import { clinicToday } from '../admin-format';
import { adminRequest } from '../admin-http';
import { AdminPageHeader } from '../ui/admin-page-header';
import '../admin-shell.css';
import '../ui/report-summary.css';

registerEnglishArea('therapist', englishTherapist);

/** The months a therapist can look back on: this one and the eleven before, newest first. */
function lastMonths(today: string): { year: number; month: number }[] {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  return Array.from({ length: 12 }, (_, back) => {
    const index = year * 12 + (month - 1) - back;
    return { year: Math.floor(index / 12), month: (index % 12) + 1 };
  });
}

/**
 * /admin/my-payouts (a therapist's own sign-in, decision 057): their month as the clinic's payout
 * report counts it: sessions held, no-shows charged, cancellations, the fees and their share.
 */
export function MyPayoutsPage() {
  const { t, locale } = useT();
  useCatalogueArea('therapist', locale);
  useDocumentTitle(t('therapist.payouts.title'));
  const months = lastMonths(clinicToday());
  const [chosen, setChosen] = useState(0);
  const month = months[chosen]!;
  const report = useFetch(`my-payouts:${month.year}:${month.month}`, (signal) =>
    adminRequest(`/api/therapist/payouts${queryString(month)}`, { signal, schema: payoutReportSchema }),
  );
  const { amount } = formatsFor(locale);
  const monthName = (value: { year: number; month: number }) =>
    new Intl.DateTimeFormat(locale === 'hi' ? 'hi-IN-u-nu-latn' : 'en-IN', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(Date.UTC(value.year, value.month - 1, 1));
  const row = report.status === 'success' ? report.data.items[0] : undefined;
  return (
    <div className="admin-page" lang={locale}>
      <AdminPageHeader title={t('therapist.payouts.title')} subtitle={t('therapist.payouts.subtitle')} />
      <label className="my-payouts__month">
        {t('therapist.payouts.month')}{' '}
        <select className="input" value={chosen} onChange={(e) => setChosen(Number(e.target.value))}>
          {months.map((value, index) => (
            <option key={`${value.year}-${value.month}`} value={index}>
              {monthName(value)}
            </option>
          ))}
        </select>
      </label>
      {report.status === 'loading' && <PageLoading label={t('therapist.payouts.loading')} />}
      {report.status === 'error' && <p role="alert">{t('therapist.payouts.loadFailed')}</p>}
      {report.status === 'success' && !row && <p>{t('therapist.payouts.none')}</p>}
      {row && (
        <dl className="report-summary" aria-live="polite">
          {(
            [
              ['therapist.payouts.held', String(row.sessions_held)],
              ['therapist.payouts.noShows', String(row.no_shows_charged)],
              ['therapist.payouts.cancellations', String(row.cancellations)],
              ['therapist.payouts.gross', amount(row.gross)],
              ['therapist.payouts.clinicShare', amount(row.clinic_share)],
              ['therapist.payouts.yourShare', amount(row.therapist_share)],
            ] as const
          ).map(([label, value]) => (
            <div key={label} className="report-summary__item">
              <dt>{t(label)}</dt>
              <dd className="tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}
