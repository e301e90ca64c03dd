import { clientBookingPageSchema, clientSearchPageSchema } from '@therapy/shared/admin-client-schemas';
import {
  adminDaySlotListSchema,
  adminLocationListSchema,
  adminTherapistListSchema,
} from '@therapy/shared/admin-list-schemas';
import {
  type AdminCancelResult,
  type AdminRefundResult,
  type AdminSession,
  adminBookingPageSchema,
  adminSessionSchema,
  adminUserSchema,
} from '@therapy/shared/admin-schemas';
import {
  type AdminBlockRequest,
  type AdminBlockResult,
  calendarDayPageSchema,
  calendarMonthSchema,
} from '@therapy/shared/admin-slot-schemas';
import { auditLogPageSchema } from '@therapy/shared/audit-schemas';
import type {
  AttendanceResult,
  AttendanceStatus,
  CentrePaymentRequest,
  CentrePaymentResult,
} from '@therapy/shared/front-desk-schemas';
import type { ManualBookingRequest, ManualBookingResult } from '@therapy/shared/manual-booking-schemas';
import { bookingMessagesSchema } from '@therapy/shared/message-schemas';
import {
  eodReportSchema,
  incomeReportSchema,
  paymentReportSchema,
  therapistMonthlyReportSchema,
} from '@therapy/shared/report-schemas';
import { ApiError, queryString, request } from '../../lib/api-client';
import { adminRequest } from './admin-http';

/**
 * The admin calls (specification section 7, CONTRACT.md "Admin"). Every load is parsed by the
 * shared schema the server answers with, so a wrong shape shows as the screen's load failure,
 * never as a wrong figure; the answers of actions are not, since the action has happened anyway.
 */

export const LOGIN_FAILED_MESSAGE = 'Login failed. Please check credentials.';

/** POST /api/admin/login, form-encoded as the specification says. */
export async function loginAdmin(username: string, password: string): Promise<AdminSession> {
  try {
    return await request('/api/admin/login', {
      method: 'POST',
      form: new URLSearchParams({ username, password }),
      schema: adminSessionSchema,
    });
  } catch (error) {
    if (error instanceof ApiError && !error.serverMessage) {
      throw new ApiError(error.status, undefined, LOGIN_FAILED_MESSAGE);
    }
    throw error;
  }
}

const id = (value: number) => encodeURIComponent(String(value));

export const fetchAdminMe = (signal?: AbortSignal) =>
  adminRequest('/api/admin/me', { signal, schema: adminUserSchema });

export const fetchAdminTherapists = (signal?: AbortSignal) =>
  adminRequest('/api/admin/therapists', { signal, schema: adminTherapistListSchema });

export const fetchAdminLocations = (signal?: AbortSignal) =>
  adminRequest('/api/admin/locations', { signal, schema: adminLocationListSchema });

/** GET /api/admin/bookings with filters and a cursor: one page, filtered and counted by the server. */
export const fetchBookingPage = (query: URLSearchParams, signal?: AbortSignal) =>
  adminRequest(`/api/admin/bookings?${query}`, { signal, schema: adminBookingPageSchema });

/** One page of what the server pages by cursor: `limit` rows after `cursor` (the last page's `next_cursor`). */
export type PageRequest = { limit: number; cursor?: string };

export const fetchTherapistBookings = (therapistId: number, page: PageRequest, signal?: AbortSignal) =>
  adminRequest(`/api/admin/therapists/${id(therapistId)}/bookings${queryString(page)}`, {
    signal,
    schema: adminBookingPageSchema,
  });

export const fetchTherapistSlots = (therapistId: number, date: string, signal?: AbortSignal) =>
  adminRequest(`/api/admin/therapists/${id(therapistId)}/slots?date=${encodeURIComponent(date)}`, {
    signal,
    schema: adminDaySlotListSchema,
  });

/** Blocks the slot, or unblocks it when an admin block holds it (the call toggles). */
export const toggleSlotBlock = (request: AdminBlockRequest) =>
  adminRequest<AdminBlockResult>('/api/admin/availability/block', { method: 'POST', json: request });

export const cancelBooking = (bookingId: number) =>
  adminRequest<AdminCancelResult>(`/api/admin/bookings/${id(bookingId)}/cancel`, { method: 'POST' });

/** Refunds the booking's online payment in full (superadmins; the server checks it needs one). */
export const refundBooking = (bookingId: number) =>
  adminRequest<AdminRefundResult>(`/api/admin/bookings/${id(bookingId)}/refund`, { method: 'POST' });

/** A payment taken at the centre for a pending in-person booking: it becomes COMPLETED. */
export const recordCentrePayment = (bookingId: number, request: CentrePaymentRequest) =>
  adminRequest<CentrePaymentResult>(`/api/admin/bookings/${id(bookingId)}/payments`, {
    method: 'POST',
    json: request,
  });

/** Undoes a payment recorded by mistake (superadmins): the booking is PENDING again. */
export const voidCentrePayment = (bookingId: number, paymentId: number) =>
  adminRequest<CentrePaymentResult>(`/api/admin/bookings/${id(bookingId)}/payments/${id(paymentId)}/void`, {
    method: 'POST',
  });

export const markAttendance = (bookingId: number, status: AttendanceStatus) =>
  adminRequest<AttendanceResult>(`/api/admin/bookings/${id(bookingId)}/attendance`, {
    method: 'POST',
    json: { status },
  });

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

/** The month grid: per day with events, how many and the first two. */
export const fetchCalendarMonth = (from: string, to: string, signal?: AbortSignal) =>
  adminRequest(`/api/admin/calendar${queryString({ from, to })}`, { signal, schema: calendarMonthSchema });

/** One page of a day's events, by start time. */
export const fetchCalendarDay = (date: string, cursor: string | undefined, signal?: AbortSignal) =>
  adminRequest(`/api/admin/calendar/day${queryString({ date, cursor })}`, {
    signal,
    schema: calendarDayPageSchema,
  });

const named = (name: string, page: PageRequest) => queryString({ name: name.trim() || undefined, ...page });

export const fetchClientBookings = (name: string, page: PageRequest, signal?: AbortSignal) =>
  adminRequest(`/api/admin/clients-with-therapists${named(name, page)}`, {
    signal,
    schema: clientBookingPageSchema,
  });

export const searchClients = (name: string, page: PageRequest, signal?: AbortSignal) =>
  adminRequest(`/api/admin/search-clients${named(name, page)}`, { signal, schema: clientSearchPageSchema });

// Reports and income: superadmins only (the server answers 403 to other admins).

export const fetchInventoryReport = (page: PageRequest, signal?: AbortSignal) =>
  adminRequest(`/api/admin/reports/inventory${queryString(page)}`, { signal, schema: paymentReportSchema });

export const fetchEodReport = (reportDate: string, signal?: AbortSignal) =>
  adminRequest(`/api/admin/reports/eod?report_date=${encodeURIComponent(reportDate)}`, {
    signal,
    schema: eodReportSchema,
  });

export const fetchTherapistMonthlyReport = (year: number, month: number, signal?: AbortSignal) =>
  adminRequest(`/api/admin/reports/therapist-monthly?year=${id(year)}&month=${id(month)}`, {
    signal,
    schema: therapistMonthlyReportSchema,
  });

export const fetchIncome = (page: PageRequest, signal?: AbortSignal) =>
  adminRequest(`/api/admin/income${queryString(page)}`, { signal, schema: incomeReportSchema });

export const fetchAuditLog = (page: PageRequest, signal?: AbortSignal) =>
  adminRequest(`/api/admin/audit-log${queryString(page)}`, { signal, schema: auditLogPageSchema });

/** What was sent to a booking's client, newest first; `cursor` (the last page's `next_cursor`) pages back. */
export const fetchBookingMessages = (bookingId: number, cursor: string | null, signal?: AbortSignal) =>
  adminRequest(`/api/admin/bookings/${id(bookingId)}/messages${queryString({ cursor })}`, {
    signal,
    schema: bookingMessagesSchema,
  });
