import type { AdminRescheduleRequest, AdminRescheduleResult } from '@therapy/shared/admin-move-schemas';
import {
  type AdminCancelResult,
  type AdminRefundResult,
  adminBookingPageSchema,
} from '@therapy/shared/admin-schemas';
import type { AdminBlockRequest, AdminBlockResult } from '@therapy/shared/admin-slot-schemas';
import type { CancelScope } from '@therapy/shared/series-schemas';
import { queryString } from '../../../lib/api-client';
import { adminRequest, type PageRequest, pathId } from '../admin-http';

/**
 * The dashboard's calls (CONTRACT.md "Admin"). Loads are parsed by the shared schema the server
 * answers with; the answers of actions are not, since the action has happened anyway.
 */

/** GET /api/admin/bookings with filters and a cursor: one page, filtered and counted by the server. */
export const fetchBookingPage = (query: URLSearchParams, signal?: AbortSignal) =>
  adminRequest(`/api/admin/bookings?${query}`, { signal, schema: adminBookingPageSchema });

export const fetchTherapistBookings = (therapistId: number, page: PageRequest, signal?: AbortSignal) =>
  adminRequest(`/api/admin/therapists/${pathId(therapistId)}/bookings${queryString(page)}`, {
    signal,
    schema: adminBookingPageSchema,
  });

/** Blocks the slot, or unblocks it when an admin block holds it (the call toggles). */
export const toggleSlotBlock = (request: AdminBlockRequest) =>
  adminRequest<AdminBlockResult>('/api/admin/availability/block', { method: 'POST', json: request });

/** Cancels the booking, or with `following` it and every later session of its series (or unblocks a block). */
export const cancelBooking = (bookingId: number, scope?: CancelScope) =>
  adminRequest<AdminCancelResult>(`/api/admin/bookings/${pathId(bookingId)}/cancel`, {
    method: 'POST',
    ...(scope ? { json: { scope } } : {}),
  });

/** Refunds the booking's online payment in full (superadmins; the server checks it needs one). */
export const refundBooking = (bookingId: number) =>
  adminRequest<AdminRefundResult>(`/api/admin/bookings/${pathId(bookingId)}/refund`, { method: 'POST' });

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
  adminRequest<unknown>(`/api/admin/bookings/${pathId(bookingId)}/update-payment-link`, {
    method: 'POST',
    json: { payment_link_url: paymentLinkUrl },
  });

/**
 * POST /api/admin/bookings/{id}/reschedule: the client's move made by the front desk (same rules,
 * e-mails and invite update) → the moved booking; 409 with the server's words when the time is
 * taken or not the therapist's.
 */
export const moveBooking = (bookingId: number, to: AdminRescheduleRequest) =>
  adminRequest<AdminRescheduleResult>(`/api/admin/bookings/${pathId(bookingId)}/reschedule`, {
    method: 'POST',
    json: to,
  });
