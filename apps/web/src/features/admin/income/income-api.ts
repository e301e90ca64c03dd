import { incomeReportSchema } from '@therapy/shared/report-schemas';
import { queryString } from '../../../lib/api-client';
import { adminRequest, type PageRequest } from '../admin-http';

/** The collected payments a page at a time, with their totals (superadmins; others get 403). */
export const fetchIncome = (page: PageRequest, signal?: AbortSignal) =>
  adminRequest(`/api/admin/income${queryString(page)}`, { signal, schema: incomeReportSchema });
