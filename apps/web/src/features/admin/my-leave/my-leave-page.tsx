import { useState } from 'react';
import englishLeave from '../../../i18n/en/leave.json';
import { registerEnglishArea, useCatalogueArea } from '../../../i18n/i18n';
import { useT } from '../../../i18n/use-t';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AdminPageHeader } from '../ui/admin-page-header';
import { CalendarFeedPanel } from './calendar-feed-panel';
import { LeaveRequestForm } from './leave-request-form';
import { MyLeaveRequests } from './my-leave-requests';
// In the therapist's shell, which does not bring the admin's styles: the page, panel and form ones.
import '../admin-shell.css';
import '../ui/admin-form.css';
import '../ui/admin-badges.css';
import '../leave-requests/leave-requests.css';

registerEnglishArea('leave', englishLeave);

/**
 * /admin/my-leave (a therapist's own sign-in, issue 25; in the therapist's shell, whose language
 * switch it follows): ask for leave and see the outcome, and the private calendar address of the
 * therapist's sessions. Phone first; English or Hindi.
 */
export function MyLeavePage() {
  const { t, locale } = useT();
  useCatalogueArea('leave', locale);
  useDocumentTitle(t('leave.mine.title'));
  const [sent, setSent] = useState(0);
  return (
    <div className="admin-page my-leave-page" lang={locale}>
      <AdminPageHeader title={t('leave.mine.title')} subtitle={t('leave.mine.subtitle')} />
      <LeaveRequestForm onSent={() => setSent((value) => value + 1)} />
      <MyLeaveRequests version={sent} />
      <CalendarFeedPanel />
    </div>
  );
}
