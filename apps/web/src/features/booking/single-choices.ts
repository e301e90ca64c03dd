import { offersSessionType } from '@therapy/shared/booking-rules';
import type { Therapist } from '@therapy/shared/catalog-schemas';
import { create } from 'zustand';
import { type StepKind, stepNumberOf } from '../../kit/booking/booking-steps';
import { type BookingMode, useBookingDraft } from '../../lib/booking-draft-store';
import {
  LOCATIONS,
  loadLocations,
  loadServices,
  loadTherapists,
  SERVICES,
  THERAPISTS,
} from '../../lib/catalog-api';
import { prefetch } from '../../lib/use-fetch';

/**
 * Type 1 is online, 2 in person, 3 both (ADR 029); in-person therapists also work at the chosen
 * location.
 */
export function matchesChoice(
  therapist: Therapist,
  bookingType: BookingMode,
  locationId: number | undefined,
): boolean {
  if (!offersSessionType(therapist.type, bookingType)) return false;
  if (bookingType === 'online') return true;
  // Location ids are compared as text, as the original product does (specification section 3).
  return therapist.locations.some((id) => String(id) === String(locationId));
}

/** The steps passed because there was nothing to choose: the progress indicator leaves them out. */
export const usePassedSteps = create<{ passed: readonly StepKind[] }>(() => ({ passed: [] }));
const passing = (passed: StepKind[]) => usePassedSteps.setState({ passed });

const only = <T>(rows: readonly T[]): T | null => (rows.length === 1 ? (rows[0] ?? null) : null);

/**
 * The step after the session type, skipping a choice that is no choice (decision 065): with one
 * centre it is chosen and the location step passed; with then one therapist, that therapist is
 * chosen too and the visitor goes straight to the dates. The progress indicator leaves the passed
 * steps out, the date step and the summary name the choices, and Back goes through them. When the
 * catalogue cannot be read, the next step says so as before.
 */
export async function stepAfterType(bookingType: BookingMode): Promise<number> {
  const draft = useBookingDraft.getState();
  passing([]);
  try {
    let locationId: number | undefined;
    if (bookingType === 'offline') {
      const location = only(await prefetch(LOCATIONS, loadLocations));
      if (!location) return stepNumberOf(bookingType, 'location');
      draft.chooseLocation(location);
      locationId = location.id;
    }
    const [therapists, services] = await Promise.all([
      prefetch(THERAPISTS, loadTherapists),
      prefetch(SERVICES, loadServices).catch(() => []),
    ]);
    const passedLocation: StepKind[] = bookingType === 'offline' ? ['location'] : [];
    const therapist = only(therapists.filter((row) => matchesChoice(row, bookingType, locationId)));
    if (!therapist) {
      passing(passedLocation);
      return stepNumberOf(bookingType, 'therapist');
    }
    draft.chooseTherapist(therapist, services);
    passing([...passedLocation, 'therapist']);
    return stepNumberOf(bookingType, 'date-time');
  } catch {
    return 2;
  }
}
