import { reportYearRange } from '@therapy/shared/report-schemas';
import { useMemo, useState } from 'react';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { clinicToday } from '../admin-format';
import { AdminPageHeader } from '../ui/admin-page-header';
import { EodReport } from './eod-report';
import { InventoryReport } from './inventory-report';
import { MonthlyReport } from './monthly-report';
import type { ReportKey } from './report-body';
import { ReportTabs, type TabItem } from './report-tabs';
import '../ui/report-summary.css';
import './reports.css';

export const REPORT_TABS: readonly TabItem<ReportKey>[] = [
  { key: 'inventory', label: 'Inventory (PhonePe Income)' },
  { key: 'eod', label: 'End of Day Report' },
  { key: 'monthly', label: 'Therapist Monthly Report' },
];

/** The superadmins' reports: collected payments, one day's bookings, and each therapist's month. */
export function ReportsPage() {
  useDocumentTitle('Reports');
  const today = useMemo(() => clinicToday(), []);
  const currentYear = Number(today.slice(0, 4));
  const yearRange = reportYearRange(currentYear);

  const [tab, setTab] = useState<ReportKey>('inventory');
  // The choices are kept here, so they survive a visit to another tab.
  const [date, setDate] = useState(today);
  const [year, setYear] = useState(String(currentYear));
  const [month, setMonth] = useState(Number(today.slice(5, 7)));

  return (
    <div className="admin-page">
      <AdminPageHeader title="Reports" subtitle="Payments, daily bookings and therapist performance." />

      <div className="admin-panel report-panel">
        <ReportTabs label="Reports" tabs={REPORT_TABS} selected={tab} onSelect={setTab}>
          {tab === 'inventory' && <InventoryReport />}
          {tab === 'eod' && <EodReport date={date} onDateChange={setDate} />}
          {tab === 'monthly' && (
            <MonthlyReport
              year={year}
              month={month}
              yearRange={yearRange}
              onYearChange={setYear}
              onMonthChange={setMonth}
            />
          )}
        </ReportTabs>
      </div>
    </div>
  );
}
