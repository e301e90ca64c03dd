import type { Location, Service, Therapist } from '@therapy/shared/catalog-schemas';
import type { OpenSlot } from '@therapy/shared/schedule-schemas';
import { getJsonParsedLazily, queryString, type ResponseSchema } from './api-client';
import { prefetch } from './use-fetch';

/** Cache keys and loaders of the public catalogue (specification section 7). */
export const LOCATIONS = 'locations';
export const SERVICES = 'services';
export const THERAPISTS = 'therapists';

/**
 * The schemas that check the catalogue's answers, so a wrong price or slot never reaches the
 * visitor. Loaded beside the first answer, so zod stays out of the first screen (decision 007).
 */
const listSchemas = () => import('@therapy/shared/catalog-list-schemas');
type ListSchemas = Awaited<ReturnType<typeof listSchemas>>;

/** One GET, parsed by the schema `schemaOf` picks. */
function getParsed<T>(
  path: string,
  schemaOf: (schemas: ListSchemas) => ResponseSchema<T>,
  signal?: AbortSignal,
): Promise<T> {
  return getJsonParsedLazily(path, listSchemas, schemaOf, signal);
}

export const loadLocations = () => getParsed<Location[]>('/locations', (s) => s.locationListSchema);
export const loadServices = () => getParsed<Service[]>('/services', (s) => s.serviceListSchema);
export const loadTherapists = () => getParsed<Therapist[]>('/therapists', (s) => s.therapistListSchema);

/**
 * A therapist's open slots of the booking window (GET /api/open-slots, the server's one open-slot
 * function); never cached, since slots are taken all the time.
 */
export function loadOpenSlots(therapistId: number, signal?: AbortSignal): Promise<OpenSlot[]> {
  const query = queryString({ therapist_id: therapistId });
  return getParsed<OpenSlot[]>(`/api/open-slots${query}`, (s) => s.openSlotListSchema, signal);
}

/** Starts loading what the next steps show, while the visitor is still deciding. */
export function prefetchCatalogue(offline: boolean): void {
  const quietly = (promise: Promise<unknown>) => promise.catch(() => undefined);
  if (offline) void quietly(prefetch(LOCATIONS, loadLocations));
  void quietly(prefetch(THERAPISTS, loadTherapists));
  void quietly(prefetch(SERVICES, loadServices));
}
