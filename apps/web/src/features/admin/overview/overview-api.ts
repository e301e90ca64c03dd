import { type Overview, overviewSchema } from '@therapy/shared/overview-schemas';
import { adminRequest } from '../admin-http';
import type { Period } from './overview-period';

/** The overview of a period (superadmins; 403 for others). */
export const fetchOverview = (period: Period, signal?: AbortSignal): Promise<Overview> =>
  adminRequest(
    `/api/admin/overview?from=${encodeURIComponent(period.from)}&to=${encodeURIComponent(period.to)}`,
    {
      signal,
      schema: overviewSchema,
    },
  );
