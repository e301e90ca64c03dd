import type { AdminRescheduleRequest, AdminRescheduleResult } from '@therapy/shared/admin-move-schemas';
import { adminRequest } from '../admin-http';

/** The dashboard's own calls (the rest are still in admin-api.ts). */

const id = (value: number) => encodeURIComponent(String(value));

/**
 * POST /api/admin/bookings/{id}/reschedule: the client's move made by the front desk (same rules,
 * e-mails and invite update) → the moved booking; 409 with the server's words when the time is
 * taken or not the therapist's.
 */
export const moveBooking = (bookingId: number, to: AdminRescheduleRequest) =>
  adminRequest<AdminRescheduleResult>(`/api/admin/bookings/${id(bookingId)}/reschedule`, {
    method: 'POST',
    json: to,
  });
