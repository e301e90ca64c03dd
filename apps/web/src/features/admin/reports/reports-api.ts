import {
  eodReportSchema,
  paymentReportSchema,
  therapistMonthlyReportSchema,
} from '@therapy/shared/report-schemas';
import { queryString } from '../../../lib/api-client';
import { adminRequest, type PageRequest, pathId } from '../admin-http';

// Reports: superadmins only (the server answers 403 to other admins).

export const fetchInventoryReport = (page: PageRequest, signal?: AbortSignal) =>
  adminRequest(`/api/admin/reports/inventory${queryString(page)}`, { signal, schema: paymentReportSchema });

export const fetchEodReport = (reportDate: string, signal?: AbortSignal) =>
  adminRequest(`/api/admin/reports/eod?report_date=${encodeURIComponent(reportDate)}`, {
    signal,
    schema: eodReportSchema,
  });

export const fetchTherapistMonthlyReport = (year: number, month: number, signal?: AbortSignal) =>
  adminRequest(`/api/admin/reports/therapist-monthly?year=${pathId(year)}&month=${pathId(month)}`, {
    signal,
    schema: therapistMonthlyReportSchema,
  });
