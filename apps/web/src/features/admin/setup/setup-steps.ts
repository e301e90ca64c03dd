import type { SetupStatus } from '@therapy/shared/clinic-schemas';
import { create } from 'zustand';

/** One step of a new clinic's first hour (issues 11 and 31), with the screen that does it. */
export type SetupStep = {
  key: 'clinic' | 'centre' | 'service' | 'therapist' | 'schedule' | 'photo';
  label: string;
  /** Said after a save when this step comes next ('Next: add a service'). */
  next: string;
  href: (status: SetupStatus) => string;
  done: (status: SetupStatus) => boolean;
  count?: keyof SetupStatus;
  /** Not needed to take bookings (the photo). */
  optional?: boolean;
};

/** A step still to do opens its screen with the Add dialog open (`?add=1`); a done one, the list. */
const addOrList = (path: string, count: keyof SetupStatus) => (status: SetupStatus) =>
  status[count] ? path : `${path}?add=1`;

/** The schedule step opens the schedule of the therapist the server names (the first without one). */
const scheduleHref = (status: SetupStatus) =>
  status.schedule_therapist_id === null
    ? '/admin/therapists'
    : `/admin/therapists/${status.schedule_therapist_id}/schedule`;

export const SETUP_STEPS: readonly SetupStep[] = [
  {
    key: 'clinic',
    label: 'Fill in the clinic profile',
    next: 'fill in the clinic profile',
    href: () => '/admin/clinic',
    done: (s) => s.clinic_profile,
  },
  {
    key: 'centre',
    label: 'Add a centre',
    next: 'add a centre',
    href: addOrList('/admin/centres', 'locations'),
    done: (s) => s.locations > 0,
    count: 'locations',
  },
  {
    key: 'service',
    label: 'Add a service',
    next: 'add a service',
    href: addOrList('/admin/services', 'services'),
    done: (s) => s.services > 0,
    count: 'services',
  },
  {
    key: 'therapist',
    label: 'Add a therapist',
    next: 'add a therapist',
    href: addOrList('/admin/therapists', 'therapists'),
    done: (s) => s.therapists > 0,
    count: 'therapists',
  },
  {
    key: 'schedule',
    label: 'Give a therapist a weekly schedule',
    next: 'give the therapist a weekly schedule',
    href: scheduleHref,
    done: (s) => s.therapists_with_schedule > 0,
    count: 'therapists_with_schedule',
  },
  {
    key: 'photo',
    label: 'Add a therapist’s photo',
    next: 'add the therapist’s photo (clients choose more easily with one)',
    href: () => '/admin/therapists',
    done: (s) => s.therapists_with_photo > 0,
    count: 'therapists_with_photo',
    optional: true,
  },
];

/** The first step not done (the photo last, as it is not needed to take bookings), if any. */
export function nextStep(status: SetupStatus): SetupStep | undefined {
  return SETUP_STEPS.find((step) => !step.done(status));
}

/** A new version of the set-up status after a save on a set-up screen (read again then). */
export const useSetupVersion = create<{ version: number }>(() => ({ version: 0 }));
export function setupChanged(): void {
  useSetupVersion.setState(({ version }) => ({ version: version + 1 }));
}

/** Where the public booking page is, and where a test booking starts. */
export const BOOKING_PAGE = '/';
export const TEST_BOOKING = '/book';
