import type { AdminBookingPage, AdminTherapist } from '@therapy/shared/admin-schemas';
import { lazy, Suspense, useCallback, useState } from 'react';
import { Button } from '../../../components/button';
import { PageLoading } from '../../../components/page-loading';
import { StatePanel } from '../../../components/state-panel';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useFetch } from '../../../lib/use-fetch';
import { useLiveVersion } from '../../../lib/use-live-version';
import { fetchAdminTherapists } from '../admin-lists-api';
import { useAdminSession } from '../admin-session';
import { INACTIVE_USER_MESSAGE } from '../require-admin';
import { OutsideScheduleNotice } from '../schedules/outside-schedule-notice';
import { SetupChecklist } from '../setup/setup-checklist';
import { AdminPageHeader } from '../ui/admin-page-header';
import { LoadErrorPanel } from '../ui/load-error-panel';
import { showSuccess } from '../ui/toast-store';
import { useLogout } from '../use-logout';
import { AllBookings, LOAD_FAILED } from './all-bookings';
import { fetchBookingPage } from './dashboard-api';
import { RefundNotice } from './refund-notice';
import { TherapistDetails } from './therapist-details';
import { TherapistsTable } from './therapists-table';
import { type BookingActions, useBookingActions } from './use-booking-actions';

const ManualBookingDialog = lazy(() =>
  import('../manual-booking/manual-booking-dialog').then((m) => ({ default: m.ManualBookingDialog })),
);

export { LOAD_FAILED };

// The refund notice's bookings: those whose money must go back, the first page of them and a count.
const refundsDue = new URLSearchParams({ needs_refund: 'true', limit: '10' });
const fetchRefundsDue = (signal?: AbortSignal) => fetchBookingPage(refundsDue, signal);

export function DashboardPage() {
  useDocumentTitle('Admin Dashboard');
  const user = useAdminSession((state) => state.user);
  const [changes, setChanges] = useState(0);
  const [manualOpen, setManualOpen] = useState(false);
  const refresh = useCallback(() => setChanges((value) => value + 1), []);
  // Bookings made elsewhere (the public site, another desk) appear without a reload.
  const version = changes + useLiveVersion();
  const { actions, dialog } = useBookingActions(refresh);

  if (!user) {
    return <StatePanel tone="error" title={INACTIVE_USER_MESSAGE} />;
  }

  return (
    <div className="admin-page">
      <AdminPageHeader title="Dashboard" subtitle={`Welcome, ${user.username}`}>
        <Button onClick={() => setManualOpen(true)}>Manual Booking</Button>
      </AdminPageHeader>

      <SetupChecklist />
      <DashboardLists actions={actions} version={version} onChanged={refresh} />

      {dialog}
      {manualOpen && (
        <Suspense fallback={null}>
          <ManualBookingDialog
            onClose={() => setManualOpen(false)}
            onCreated={(message) => {
              setManualOpen(false);
              showSuccess(message);
              refresh();
            }}
          />
        </Suspense>
      )}
    </div>
  );
}

type DashboardListsProps = {
  actions: BookingActions;
  /** Goes up when bookings changed (here or elsewhere): the lists reload. */
  version: number;
  onChanged: () => void;
};

/** The notices, the therapists (one of them opened in its panel) and All Bookings. */
function DashboardLists({ actions, version, onChanged }: DashboardListsProps) {
  const logout = useLogout();
  const [selected, setSelected] = useState<AdminTherapist | null>(null);
  const therapists = useFetch<AdminTherapist[]>('admin-therapists', fetchAdminTherapists, { version });
  const bookings = useFetch<AdminBookingPage>('admin-refunds-due', fetchRefundsDue, { version });
  const failed =
    therapists.status === 'error' ? therapists.error : bookings.status === 'error' ? bookings.error : null;

  if (failed) {
    return (
      <LoadErrorPanel
        title={LOAD_FAILED}
        message={failed.message !== LOAD_FAILED ? failed.message : undefined}
        onRetry={() => {
          therapists.retry();
          bookings.retry();
        }}
        onLogout={logout}
      />
    );
  }
  return (
    <>
      {bookings.data && (
        <RefundNotice bookings={bookings.data.items} total={bookings.data.total} actions={actions} />
      )}
      <OutsideScheduleNotice version={version} />

      <section className="admin-panel" aria-labelledby="therapists-heading">
        <h2 id="therapists-heading">Therapists</h2>
        {therapists.status === 'loading' ? (
          <PageLoading label="Loading therapists…" />
        ) : (
          <TherapistsTable
            therapists={therapists.data ?? []}
            selectedId={selected?.id ?? null}
            onSelect={setSelected}
          />
        )}
      </section>

      {selected && (
        <TherapistDetails therapist={selected} actions={actions} version={version} onChanged={onChanged} />
      )}

      <section className="admin-panel" aria-labelledby="all-bookings-heading">
        <h2 id="all-bookings-heading">All Bookings</h2>
        <AllBookings therapists={therapists.data ?? []} actions={actions} version={version} />
      </section>
    </>
  );
}
