import { type ClinicProfileRequest, clinicProfileSchema } from '@therapy/shared/clinic-schemas';
import { adminRequest } from '../admin-http';

/** The clinic profile (superadmins); the fresh install's checklist is setup/setup-api.ts. */

export const fetchClinicProfile = (signal?: AbortSignal) =>
  adminRequest('/api/admin/clinic', { signal, schema: clinicProfileSchema });

export const saveClinicProfile = (profile: ClinicProfileRequest) =>
  adminRequest('/api/admin/clinic', { method: 'PUT', json: profile, schema: clinicProfileSchema });
