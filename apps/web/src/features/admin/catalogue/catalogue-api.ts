import {
  type CatalogueLocation,
  type CatalogueService,
  type CatalogueTherapist,
  catalogueLocationListSchema,
  catalogueLocationSchema,
  catalogueServiceListSchema,
  catalogueServiceSchema,
  catalogueTherapistListSchema,
  catalogueTherapistSchema,
  type LocationPatch,
  type ServicePatch,
  type TherapistPatch,
} from '@therapy/shared/catalogue-admin-schemas';
import { therapistInviteResultSchema } from '@therapy/shared/therapist-schemas';
import { adminRequest, pathId } from '../admin-http';

/** Catalogue management calls (superadmins): lists with inactive rows, add, change, photo. */

export const fetchCatalogueTherapists = (signal?: AbortSignal) =>
  adminRequest('/api/admin/catalogue/therapists', { signal, schema: catalogueTherapistListSchema });
export const fetchCatalogueLocations = (signal?: AbortSignal) =>
  adminRequest('/api/admin/catalogue/locations', { signal, schema: catalogueLocationListSchema });
export const fetchCatalogueServices = (signal?: AbortSignal) =>
  adminRequest('/api/admin/catalogue/services', { signal, schema: catalogueServiceListSchema });

/** POST when `rowId` is null, else PATCH: the stored row comes back. */
export const saveTherapist = (rowId: number | null, body: TherapistPatch): Promise<CatalogueTherapist> =>
  adminRequest(rowId === null ? '/api/admin/therapists' : `/api/admin/therapists/${pathId(rowId)}`, {
    method: rowId === null ? 'POST' : 'PATCH',
    json: body,
    schema: catalogueTherapistSchema,
  });

export const saveLocation = (rowId: number | null, body: LocationPatch): Promise<CatalogueLocation> =>
  adminRequest(rowId === null ? '/api/admin/locations' : `/api/admin/locations/${pathId(rowId)}`, {
    method: rowId === null ? 'POST' : 'PATCH',
    json: body,
    schema: catalogueLocationSchema,
  });

export const saveService = (rowId: number | null, body: ServicePatch): Promise<CatalogueService> =>
  adminRequest(rowId === null ? '/api/admin/services' : `/api/admin/services/${pathId(rowId)}`, {
    method: rowId === null ? 'POST' : 'PATCH',
    json: body,
    schema: catalogueServiceSchema,
  });

/** The photo as the body, with its own content type. */
export const uploadPhoto = (target: 'therapists' | 'locations', rowId: number, file: File) =>
  adminRequest<unknown>(`/api/admin/${target}/${pathId(rowId)}/photo`, { method: 'PUT', file });

/** E-mails the therapist a one-time link (72 hours) to set the password of its own login. */
export const inviteTherapist = (therapistId: number) =>
  adminRequest(`/api/admin/therapists/${pathId(therapistId)}/invite`, {
    method: 'POST',
    schema: therapistInviteResultSchema,
  });
