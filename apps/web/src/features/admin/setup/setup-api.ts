import { setupStatusSchema } from '@therapy/shared/clinic-schemas';
import { adminRequest } from '../admin-http';

/** The fresh install's checklist (every admin): what is set up, and which schedule to open. */
export const fetchSetupStatus = (signal?: AbortSignal) =>
  adminRequest('/api/admin/setup-status', { signal, schema: setupStatusSchema });
