import type { AdminLocation, AdminTherapist } from '@therapy/shared/admin-schemas';
import { useCallback, useMemo, useState } from 'react';
import { Link } from 'wouter';
import { PageLoading } from '../../../components/page-loading';
import { StatePanel } from '../../../components/state-panel';
import { therapistDisplayName } from '../../../lib/therapist-display';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useFetch } from '../../../lib/use-fetch';
import { isForbidden, loadErrorMessage } from '../admin-http';
import { fetchAdminLocations, fetchAdminTherapists } from '../admin-lists-api';
import { SetupNextStep } from '../setup/setup-next-step';
import { AdminPageHeader } from '../ui/admin-page-header';
import { LoadErrorPanel } from '../ui/load-error-panel';
import { DateOverrides } from './date-overrides';
import { LeavePeriods } from './leave-periods';
import { fetchSchedule, type SavedSchedule } from './schedule-api';
import { placeOptions } from './schedule-places';
import { WeeklyHoursEditor } from './weekly-hours-editor';
import './schedules.css';

export const SCHEDULE_LOAD_FAILED = 'Failed to load the schedule.';
export const SCHEDULES_FORBIDDEN = 'Schedules are for superadmins. Ask a superadmin for access.';

type ScheduleScreen = { therapist: AdminTherapist | undefined; locations: AdminLocation[] };

/** /admin/therapists/:id/schedule: a therapist's weekly hours, date overrides and leave (superadmins). */
export function TherapistSchedulePage({ params }: { params: { id?: string } }) {
  const therapistId = /^\d+$/.test(params.id ?? '') ? Number(params.id) : null;
  const [version, setVersion] = useState(0);
  const refresh = useCallback(() => setVersion((value) => value + 1), []);

  const screen = useFetch<ScheduleScreen>(`schedule-screen:${therapistId}`, async (signal) => {
    const [therapists, locations] = await Promise.all([
      fetchAdminTherapists(signal),
      fetchAdminLocations(signal),
    ]);
    return { therapist: therapists.find((therapist) => therapist.id === therapistId), locations };
  });
  const schedule = useFetch<SavedSchedule>(
    therapistId ? `schedule:${therapistId}` : null,
    (signal) => fetchSchedule(therapistId ?? 0, signal),
    { version },
  );
  const therapist = screen.data?.therapist;
  const name = therapist ? therapistDisplayName(therapist.name) : 'Therapist';
  useDocumentTitle(`Schedule of ${name}`);

  const failed =
    screen.status === 'error' ? screen.error : schedule.status === 'error' ? schedule.error : null;
  const notFound = therapistId === null || (screen.status === 'success' && !therapist);

  return (
    <div className="admin-page">
      <AdminPageHeader
        title={name}
        subtitle={
          therapist && !therapist.is_active
            ? 'Schedule. This therapist is deactivated and cannot be booked.'
            : 'Schedule.'
        }
      />
      {notFound ? (
        <StatePanel
          title="Therapist not found"
          actions={
            <Link href="/admin/dashboard" className="button button--secondary">
              Back to the dashboard
            </Link>
          }
        >
          <p className="state-panel__message">There is no therapist with this number.</p>
        </StatePanel>
      ) : failed && isForbidden(failed) ? (
        <StatePanel title="Superadmins only">
          <p className="state-panel__message">{SCHEDULES_FORBIDDEN}</p>
        </StatePanel>
      ) : failed ? (
        <LoadErrorPanel
          title="Error"
          message={loadErrorMessage(failed, SCHEDULE_LOAD_FAILED)}
          onRetry={() => {
            screen.retry();
            schedule.retry();
          }}
        />
      ) : screen.data && therapist && schedule.data ? (
        <ScheduleSections
          therapist={therapist}
          locations={screen.data.locations}
          schedule={schedule.data}
          onChanged={refresh}
        />
      ) : (
        <PageLoading label="Loading the schedule…" />
      )}
    </div>
  );
}

type SectionsProps = {
  therapist: AdminTherapist;
  locations: AdminLocation[];
  schedule: SavedSchedule;
  onChanged: () => void;
};

function ScheduleSections({ therapist, locations, schedule, onChanged }: SectionsProps) {
  const inUse = useMemo(
    () => [
      ...schedule.weekly.map((hours) => String(hours.location_id)),
      ...schedule.overrides.flatMap((override) => override.hours.map((hours) => String(hours.location_id))),
    ],
    [schedule],
  );
  const places = placeOptions(therapist, locations, inUse);
  // Open from the start when there are some; then as the user leaves it (a last delete keeps it open).
  const [moreOpen, setMoreOpen] = useState(schedule.overrides.length + schedule.time_off.length > 0);
  return (
    <>
      <SetupNextStep step="schedule" />
      <section className="admin-panel schedule-section">
        <WeeklyHoursEditor
          therapistId={therapist.id}
          schedule={schedule}
          places={places}
          onSaved={onChanged}
        />
      </section>
      {/* Folded while there are none: a new therapist's week comes first (issue 31). */}
      <details
        className="schedule-more"
        open={moreOpen}
        onToggle={(event) => setMoreOpen(event.currentTarget.open)}
      >
        <summary>Other dates and leave</summary>
        <DateOverrides
          therapistId={therapist.id}
          overrides={schedule.overrides}
          places={places}
          locations={locations}
          onChanged={onChanged}
        />
        <LeavePeriods therapistId={therapist.id} leave={schedule.time_off} onChanged={onChanged} />
      </details>
    </>
  );
}
