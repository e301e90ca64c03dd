import { systemHealthSchema } from '@therapy/shared/system-schemas';
import { adminRequest } from '../admin-http';

/** GET /api/admin/system: the background work's health figures (superadmins). */
export const fetchSystemHealth = (signal?: AbortSignal) =>
  adminRequest('/api/admin/system', { signal, schema: systemHealthSchema });
