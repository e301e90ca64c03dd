import { lazy, Suspense } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { PageLoading } from '../../components/page-loading';
import { useEnglishWhileMounted } from '../../i18n/i18n';
import { AdminLayout } from './admin-layout';
import { AdminLoginPage } from './admin-login-page';
import { useAdminSession } from './admin-session';
import { DashboardPage } from './dashboard/dashboard-page';
import { RequireAdmin } from './require-admin';

// The dashboard comes with the admin chunk (it is where a sign-in lands); the other screens load
// when first opened.
const CalendarPage = lazy(() =>
  import('./calendar/calendar-page').then((m) => ({ default: m.CalendarPage })),
);
const ClientsPage = lazy(() => import('./clients/clients-page').then((m) => ({ default: m.ClientsPage })));
const PatientsPage = lazy(() => import('./clients/patients-page').then((m) => ({ default: m.PatientsPage })));
const ReportsPage = lazy(() => import('./reports/reports-page').then((m) => ({ default: m.ReportsPage })));
const OverviewPage = lazy(() =>
  import('./overview/overview-page').then((m) => ({ default: m.OverviewPage })),
);
const IncomePage = lazy(() => import('./income/income-page').then((m) => ({ default: m.IncomePage })));
// The money papers (decision 057): each screen its own chunk.
const ReceiptsRegisterPage = lazy(() =>
  import('./money/receipts-register-page').then((m) => ({ default: m.ReceiptsRegisterPage })),
);
const PayoutsPage = lazy(() => import('./money/payouts-page').then((m) => ({ default: m.PayoutsPage })));
const ClinicProfilePage = lazy(() =>
  import('./clinic/clinic-profile-page').then((m) => ({ default: m.ClinicProfilePage })),
);
const TherapistsAdminPage = lazy(() =>
  import('./catalogue/therapists-admin-page').then((m) => ({ default: m.TherapistsAdminPage })),
);
const CentresPage = lazy(() => import('./catalogue/centres-page').then((m) => ({ default: m.CentresPage })));
const ServicesPage = lazy(() =>
  import('./catalogue/services-page').then((m) => ({ default: m.ServicesPage })),
);
const AuditLogPage = lazy(() => import('./audit/audit-log-page').then((m) => ({ default: m.AuditLogPage })));
const PrivacyDeskPage = lazy(() =>
  import('./privacy/privacy-desk-page').then((m) => ({ default: m.PrivacyDeskPage })),
);
const WaitlistPage = lazy(() =>
  import('./waitlist/waitlist-page').then((m) => ({ default: m.WaitlistPage })),
);
const InvitePage = lazy(() => import('./my-day/invite-page').then((m) => ({ default: m.InvitePage })));
const TherapistApp = lazy(() => import('./my-day/therapist-app').then((m) => ({ default: m.TherapistApp })));
const SystemPage = lazy(() => import('./system/system-page').then((m) => ({ default: m.SystemPage })));
const TherapistSchedulePage = lazy(() =>
  import('./schedules/therapist-schedule-page').then((m) => ({ default: m.TherapistSchedulePage })),
);
const HolidaysPage = lazy(() =>
  import('./schedules/holidays-page').then((m) => ({ default: m.HolidaysPage })),
);
const LeaveRequestsPage = lazy(() =>
  import('./leave-requests/leave-requests-page').then((m) => ({ default: m.LeaveRequestsPage })),
);
const OutsideSchedulePage = lazy(() =>
  import('./schedules/outside-schedule-page').then((m) => ({ default: m.OutsideSchedulePage })),
);

/** Every /admin/… screen. Paths match whatever their casing (/admin/Reports and /admin/reports). */
export function AdminApp() {
  useEnglishWhileMounted();
  return (
    <Switch>
      <Route path="/admin/login" component={AdminLoginPage} />
      <Route path="/admin/invite/:token">
        {(params) => (
          <Suspense fallback={<PageLoading />}>
            <InvitePage params={params} />
          </Suspense>
        )}
      </Route>
      <Route>
        <RequireAdmin>
          <AdminScreens />
        </RequireAdmin>
      </Route>
    </Switch>
  );
}

/** A therapist's login gets its own screens (decision 052); administrators the admin's. */
function AdminScreens() {
  const role = useAdminSession((state) => state.user?.role);
  if (role === 'therapist') {
    return (
      <Suspense fallback={<PageLoading />}>
        <TherapistApp />
      </Suspense>
    );
  }
  return (
    <AdminLayout>
      <Suspense fallback={<PageLoading />}>
        <Switch>
          <Route path="/admin/dashboard" component={DashboardPage} />
          <Route path="/admin/calendar" component={CalendarPage} />
          <Route path="/admin/clients" component={ClientsPage} />
          <Route path="/admin/patients" component={PatientsPage} />
          <Route path="/admin/overview" component={OverviewPage} />
          <Route path="/admin/reports" component={ReportsPage} />
          <Route path="/admin/income" component={IncomePage} />
          <Route path="/admin/receipts" component={ReceiptsRegisterPage} />
          <Route path="/admin/payouts" component={PayoutsPage} />
          <Route path="/admin/audit-log" component={AuditLogPage} />
          <Route path="/admin/privacy" component={PrivacyDeskPage} />
          <Route path="/admin/system" component={SystemPage} />
          <Route path="/admin/clinic" component={ClinicProfilePage} />
          <Route path="/admin/therapists/:id/schedule" component={TherapistSchedulePage} />
          <Route path="/admin/holidays" component={HolidaysPage} />
          <Route path="/admin/leave-requests" component={LeaveRequestsPage} />
          <Route path="/admin/outside-schedule" component={OutsideSchedulePage} />
          <Route path="/admin/waitlist" component={WaitlistPage} />
          <Route path="/admin/therapists" component={TherapistsAdminPage} />
          <Route path="/admin/centres" component={CentresPage} />
          <Route path="/admin/services" component={ServicesPage} />
          <Route>
            <Redirect to="/admin/dashboard" replace />
          </Route>
        </Switch>
      </Suspense>
    </AdminLayout>
  );
}
