import type {
  AdminBlockRequest,
  AdminBlockResult,
  AdminBooking,
  AdminCancelResult,
  AdminDaySlot,
  AdminLocation,
  AdminRefundResult,
  AdminSession,
  AdminTherapist,
  AdminUser,
  AuditEntry,
  ClientBooking,
  ClientSearchResult,
} from '@therapy/shared/admin-schemas';
import type { ManualBookingRequest, ManualBookingResult } from '@therapy/shared/manual-booking-schemas';
import type {
  EodReport,
  IncomeReport,
  PaymentReport,
  TherapistMonthlyReport,
} from '@therapy/shared/report-schemas';
import { AdminApiError, adminRequest, messageOf } from './admin-http';

/** The admin calls (specification section 7, CONTRACT.md "Admin"). */

export const LOGIN_FAILED_MESSAGE = 'Login failed. Please check credentials.';

/** POST /api/admin/login, form-encoded as the specification says. */
export async function loginAdmin(username: string, password: string): Promise<AdminSession> {
  const response = await fetch('/api/admin/login', {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password }).toString(),
  });
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const serverMessage = messageOf(body);
    throw new AdminApiError(response.status, serverMessage ?? LOGIN_FAILED_MESSAGE, serverMessage);
  }
  return body as AdminSession;
}

const id = (value: number) => encodeURIComponent(String(value));

export const fetchAdminMe = (signal?: AbortSignal) => adminRequest<AdminUser>('/api/admin/me', { signal });

export const fetchAdminTherapists = (signal?: AbortSignal) =>
  adminRequest<AdminTherapist[]>('/api/admin/therapists', { signal });

export const fetchAdminLocations = (signal?: AbortSignal) =>
  adminRequest<AdminLocation[]>('/api/admin/locations', { signal });

export const fetchAllBookings = (signal?: AbortSignal) =>
  adminRequest<AdminBooking[]>('/api/admin/bookings', { signal });

export const fetchTherapistBookings = (therapistId: number, signal?: AbortSignal) =>
  adminRequest<AdminBooking[]>(`/api/admin/therapists/${id(therapistId)}/bookings`, { signal });

export const fetchTherapistSlots = (therapistId: number, date: string, signal?: AbortSignal) =>
  adminRequest<AdminDaySlot[]>(
    `/api/admin/therapists/${id(therapistId)}/slots?date=${encodeURIComponent(date)}`,
    { signal },
  );

/** Blocks the slot, or unblocks it when an admin block holds it (the call toggles). */
export const toggleSlotBlock = (request: AdminBlockRequest) =>
  adminRequest<AdminBlockResult>('/api/admin/availability/block', { method: 'POST', json: request });

export const cancelBooking = (bookingId: number) =>
  adminRequest<AdminCancelResult>(`/api/admin/bookings/${id(bookingId)}/cancel`, { method: 'POST' });

/** Refunds the booking's online payment in full (superadmins; the server checks it needs one). */
export const refundBooking = (bookingId: number) =>
  adminRequest<AdminRefundResult>(`/api/admin/bookings/${id(bookingId)}/refund`, { method: 'POST' });

export const createManualBooking = (request: ManualBookingRequest) =>
  adminRequest<ManualBookingResult>('/api/admin/bookings', { method: 'POST', json: request });

export type ShareableLinkRequest = {
  amount: number;
  booking_id: number;
  merchant_transaction_id: string | null;
};

export const createShareablePaymentLink = (request: ShareableLinkRequest) =>
  adminRequest<{ payment_link_url?: string | null }>('/api/create-shareable-payment-link', {
    method: 'POST',
    json: request,
  });

export const updatePaymentLink = (bookingId: number, paymentLinkUrl: string) =>
  adminRequest<unknown>(`/api/admin/bookings/${id(bookingId)}/update-payment-link`, {
    method: 'POST',
    json: { payment_link_url: paymentLinkUrl },
  });

export const fetchCalendarBookings = (from: string, to: string, signal?: AbortSignal) =>
  adminRequest<AdminBooking[]>(
    `/api/admin/calendar?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
    { signal },
  );

const nameQuery = (name: string) => (name.trim() ? `?name=${encodeURIComponent(name.trim())}` : '');

export const fetchClientBookings = (name: string, signal?: AbortSignal) =>
  adminRequest<ClientBooking[]>(`/api/admin/clients-with-therapists${nameQuery(name)}`, { signal });

export const searchClients = (name: string, signal?: AbortSignal) =>
  adminRequest<ClientSearchResult[]>(`/api/admin/search-clients${nameQuery(name)}`, { signal });

// Reports and income: superadmins only (the server answers 403 to other admins).

export const fetchInventoryReport = (signal?: AbortSignal) =>
  adminRequest<PaymentReport>('/api/admin/reports/inventory', { signal });

export const fetchEodReport = (reportDate: string, signal?: AbortSignal) =>
  adminRequest<EodReport>(`/api/admin/reports/eod?report_date=${encodeURIComponent(reportDate)}`, { signal });

export const fetchTherapistMonthlyReport = (year: number, month: number, signal?: AbortSignal) =>
  adminRequest<TherapistMonthlyReport>(
    `/api/admin/reports/therapist-monthly?year=${id(year)}&month=${id(month)}`,
    { signal },
  );

export const fetchIncome = (signal?: AbortSignal) =>
  adminRequest<IncomeReport>('/api/admin/income', { signal });

export const fetchAuditLog = (signal?: AbortSignal) =>
  adminRequest<AuditEntry[]>('/api/admin/audit-log', { signal });
