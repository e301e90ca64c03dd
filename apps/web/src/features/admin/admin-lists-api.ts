import {
  adminDaySlotListSchema,
  adminLocationListSchema,
  adminTherapistListSchema,
} from '@therapy/shared/admin-list-schemas';
import { adminRequest, pathId } from './admin-http';

/**
 * What several admin screens pick from (the dashboard, the schedules, the manual booking and the
 * waitlist): therapists, centres and a therapist's slots of a day. Every load is parsed by the
 * shared schema the server answers with, so a wrong shape shows as the screen's load failure.
 */

export const fetchAdminTherapists = (signal?: AbortSignal) =>
  adminRequest('/api/admin/therapists', { signal, schema: adminTherapistListSchema });

export const fetchAdminLocations = (signal?: AbortSignal) =>
  adminRequest('/api/admin/locations', { signal, schema: adminLocationListSchema });

export const fetchTherapistSlots = (therapistId: number, date: string, signal?: AbortSignal) =>
  adminRequest(`/api/admin/therapists/${pathId(therapistId)}/slots?date=${encodeURIComponent(date)}`, {
    signal,
    schema: adminDaySlotListSchema,
  });
