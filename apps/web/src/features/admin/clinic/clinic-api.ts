import {
  type ClinicProfileRequest,
  clinicProfileSchema,
  setupStatusSchema,
} from '@therapy/shared/clinic-schemas';
import { adminRequest } from '../admin-http';

/** The clinic profile (superadmins) and the fresh install's checklist (every admin). */

export const fetchClinicProfile = (signal?: AbortSignal) =>
  adminRequest('/api/admin/clinic', { signal, schema: clinicProfileSchema });

export const saveClinicProfile = (profile: ClinicProfileRequest) =>
  adminRequest('/api/admin/clinic', { method: 'PUT', json: profile, schema: clinicProfileSchema });

export const fetchSetupStatus = (signal?: AbortSignal) =>
  adminRequest('/api/admin/setup-status', { signal, schema: setupStatusSchema });
