import { todayIn } from '@therapy/shared/clinic-time';
import type { Overview } from '@therapy/shared/overview-schemas';
import { overviewWorkbook } from '@therapy/shared/overview-workbook';
import { type FormEvent, useState } from 'react';
import { PageLoading } from '../../../components/page-loading';
import { StatePanel } from '../../../components/state-panel';
import { type Translate, useT } from '../../../i18n/use-t';
import { clinicTimeZone } from '../../../lib/clinic';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useFetch } from '../../../lib/use-fetch';
import { isForbidden } from '../admin-http';
import { downloadWorkbook, type Workbook } from '../reports/report-export';
import { AdminPageHeader } from '../ui/admin-page-header';
import { ScreenLanguageSwitch } from '../ui/screen-language-switch';
import { showError } from '../ui/toast-store';
import { fetchOverview } from './overview-api';
import { type OverviewFormats, overviewFormats } from './overview-format';
import { OverviewKpis } from './overview-kpis';
import { useOverviewMessages } from './overview-messages';
import { isValidPeriod, type Period, type Preset, presetPeriod } from './overview-period';
import {
  BusiestSection,
  IncomeSection,
  LeadSection,
  UtilisationSection,
  WaitlistSection,
} from './overview-sections';
import './overview.css';
import { fetchSetupStatus } from '../setup/setup-api';
import { SetupChecklist } from '../setup/setup-checklist';

const PRESETS = ['thisMonth', 'last3', 'last6', 'last12'] as const;

/**
 * /admin/overview (superadmins, issue 29, decision 059): the practice at a glance for a period,
 * each figure beside the same number of days before; charts with their numbers in a table
 * beside each, and the figures as an Excel file. The first screen a superadmin sees after signing
 * in. In English, or in Hindi on request (this screen only).
 */
export function OverviewPage() {
  const { t, locale } = useT();
  useOverviewMessages(locale);
  useDocumentTitle(t('overview.title'));
  const today = todayIn(clinicTimeZone());
  const [preset, setPreset] = useState<Preset>('thisMonth');
  const [period, setPeriod] = useState<Period>(() => presetPeriod('thisMonth', today));
  const f = overviewFormats(locale);
  const setup = useFetch('admin-setup-status', fetchSetupStatus);
  // The figures wait for the set-up status: a clinic still being set up sees only its checklist.
  const showFigures = setup.status === 'error' || (setup.status === 'success' && setup.data.complete);
  const overview = useFetch(
    `admin-overview:${period.from}:${period.to}`,
    (signal) => fetchOverview(period, signal),
    {
      keepPrevious: true,
    },
  );

  const choose = (next: Preset) => {
    setPreset(next);
    if (next !== 'custom') setPeriod(presetPeriod(next, today));
  };

  return (
    <div className="admin-page overview-page" lang={locale}>
      <AdminPageHeader title={t('overview.title')} subtitle={showFigures && t('overview.subtitle')}>
        {showFigures && (
          <div className="overview-page__actions">
            <ScreenLanguageSwitch locale={locale} />
            <ExportButton
              data={overview.status === 'success' && !overview.refreshing ? overview.data : null}
              t={t}
            />
          </div>
        )}
      </AdminPageHeader>
      {/* A new clinic's owner lands here: what is left to set up, and no empty figures until it is (issue 31). */}
      <SetupChecklist />
      {showFigures && (
        <>
          <PeriodPicker preset={preset} period={period} onPreset={choose} onPeriod={setPeriod} t={t} />
          <OverviewBody state={overview} t={t} f={f} />
        </>
      )}
    </div>
  );
}

function PeriodPicker(props: {
  preset: Preset;
  period: Period;
  onPreset: (preset: Preset) => void;
  onPeriod: (period: Period) => void;
  t: Translate;
}) {
  const { t } = props;
  const [draft, setDraft] = useState<Partial<Period>>(props.period);
  const [invalid, setInvalid] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setInvalid(!isValidPeriod(draft));
    if (isValidPeriod(draft)) props.onPeriod(draft);
  };
  return (
    <form className="overview-period admin-panel" onSubmit={submit}>
      <fieldset>
        <legend>{t('overview.period')}</legend>
        <div className="overview-period__presets">
          {[...PRESETS, 'custom' as const].map((choice) => (
            <label key={choice}>
              <input
                type="radio"
                name="overview-period"
                checked={props.preset === choice}
                onChange={() => {
                  props.onPreset(choice);
                  setDraft(choice === 'custom' ? props.period : {});
                }}
              />
              {t(`overview.period.${choice}`)}
            </label>
          ))}
        </div>
        {props.preset === 'custom' && (
          <div className="overview-period__range">
            <label>
              {t('overview.period.from')}
              <input
                type="date"
                value={draft.from ?? ''}
                onChange={(event) => setDraft({ ...draft, from: event.target.value })}
              />
            </label>
            <label>
              {t('overview.period.to')}
              <input
                type="date"
                value={draft.to ?? ''}
                onChange={(event) => setDraft({ ...draft, to: event.target.value })}
              />
            </label>
            <button type="submit" className="button button--primary">
              {t('overview.period.show')}
            </button>
            {invalid && (
              <p role="alert" className="overview-period__error">
                {t('overview.period.invalid')}
              </p>
            )}
          </div>
        )}
      </fieldset>
    </form>
  );
}

function ExportButton({ data, t }: { data: Overview | null; t: Translate }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    if (!data || busy) return;
    setBusy(true);
    try {
      await downloadWorkbook(overviewWorkbook(data) as Workbook);
    } catch {
      showError(t('overview.exportFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className="button button--secondary"
      disabled={!data}
      aria-busy={busy || undefined}
      onClick={() => void download()}
    >
      {busy ? t('overview.exporting') : t('overview.export')}
    </button>
  );
}

type OverviewState = ReturnType<typeof useFetch<Overview>>;

function OverviewBody({ state, t, f }: { state: OverviewState; t: Translate; f: OverviewFormats }) {
  if (state.status === 'loading') return <PageLoading label={t('overview.loading')} />;
  if (state.status === 'error') {
    const forbidden = isForbidden(state.error);
    return (
      <StatePanel
        tone="error"
        title={t('overview.loadFailed')}
        actions={
          forbidden ? undefined : (
            <button type="button" className="button button--primary" onClick={state.retry}>
              {t('overview.retry')}
            </button>
          )
        }
      >
        {forbidden && <p className="state-panel__message">{t('overview.forbidden')}</p>}
      </StatePanel>
    );
  }
  const data = state.data;
  const shown = (
    <p
      className="muted overview-page__shown"
      aria-live="polite"
      data-period={`${data.period.from}_${data.period.to}`}
    >
      {t('overview.period.shown', {
        from: f.longDate(data.period.from),
        to: f.longDate(data.period.to),
        previousFrom: f.longDate(data.previous.from),
        previousTo: f.longDate(data.previous.to),
      })}
    </p>
  );
  if (data.sessions_booked === 0 && data.previous.sessions_booked === 0 && data.income === 0) {
    return (
      <>
        {shown}
        <StatePanel>
          <p>{t('overview.empty')}</p>
        </StatePanel>
      </>
    );
  }
  return (
    <div className="overview-page__body" aria-busy={state.refreshing || undefined}>
      {shown}
      <OverviewKpis data={data} t={t} f={f} />
      <IncomeSection data={data} t={t} f={f} />
      <UtilisationSection data={data} t={t} f={f} />
      <WaitlistSection data={data} t={t} f={f} />
      <BusiestSection data={data} t={t} f={f} />
      <LeadSection data={data} t={t} f={f} />
    </div>
  );
}
