import { auditLogPageSchema } from '@therapy/shared/audit-schemas';
import { queryString } from '../../../lib/api-client';
import { adminRequest, type PageRequest } from '../admin-http';

export const fetchAuditLog = (page: PageRequest, signal?: AbortSignal) =>
  adminRequest(`/api/admin/audit-log${queryString(page)}`, { signal, schema: auditLogPageSchema });
