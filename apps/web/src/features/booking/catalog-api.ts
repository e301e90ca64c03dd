import type {
  AvailabilitySlot,
  BookedSlot,
  Location,
  Service,
  Therapist,
} from '@therapy/shared/catalog-schemas';
import { getJson, queryString } from '../../lib/api-client';
import { prefetch } from '../../lib/use-fetch';

/** Cache keys and loaders of the public catalogue (specification section 7). */
export const LOCATIONS = 'locations';
export const SERVICES = 'services';
export const THERAPISTS = 'therapists';

export const loadLocations = () => getJson<Location[]>('/locations');
export const loadServices = () => getJson<Service[]>('/services');
export const loadTherapists = () => getJson<Therapist[]>('/therapists');

export type TherapistSlots = { templates: AvailabilitySlot[]; held: BookedSlot[] };

/** A therapist's slot templates and held slots; never cached, since slots are taken all the time. */
export async function loadTherapistSlots(therapistId: number, signal?: AbortSignal): Promise<TherapistSlots> {
  const query = queryString({ therapist_id: therapistId });
  const [templates, held] = await Promise.all([
    getJson<AvailabilitySlot[]>(`/availability-slots${query}`, signal),
    getJson<BookedSlot[]>(`/booked-slots${query}`, signal),
  ]);
  return { templates, held };
}

/** Starts loading what the next steps show, while the visitor is still deciding. */
export function prefetchCatalogue(offline: boolean): void {
  const quietly = (promise: Promise<unknown>) => promise.catch(() => undefined);
  if (offline) void quietly(prefetch(LOCATIONS, loadLocations));
  void quietly(prefetch(THERAPISTS, loadTherapists));
  void quietly(prefetch(SERVICES, loadServices));
}
