import { type AdminBooking, adminBookingSchema } from '@therapy/shared/admin-schemas';
import { adminRequest } from '../admin-http';

/** The dashboard's own calls (the rest are still in admin-api.ts). */

const id = (value: number) => encodeURIComponent(String(value));

/** What the front desk moves a booking to: a date and a start the therapist has open. */
export type AdminMoveRequest = { booking_date: string; booking_time_slot_start: string };

/** GET /api/admin/bookings/{id}: one booking (the day panel knows only its id). */
export const fetchAdminBooking = (bookingId: number, signal?: AbortSignal) =>
  adminRequest(`/api/admin/bookings/${id(bookingId)}`, { signal, schema: adminBookingSchema });

/**
 * POST /api/admin/bookings/{id}/reschedule: the client's move made by the front desk (same rules,
 * e-mails and invite update) → the moved booking; 409 with the server's words when the time is
 * taken or not the therapist's.
 */
export const moveBooking = (bookingId: number, to: AdminMoveRequest) =>
  adminRequest<AdminBooking>(`/api/admin/bookings/${id(bookingId)}/reschedule`, {
    method: 'POST',
    json: to,
  });
