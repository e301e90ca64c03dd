import type { ManualBookingRequest, ManualBookingResult } from '@therapy/shared/manual-booking-schemas';
import { adminRequest } from '../admin-http';

/** POST /api/admin/bookings: a booking the front desk makes for a client. */
export const createManualBooking = (request: ManualBookingRequest) =>
  adminRequest<ManualBookingResult>('/api/admin/bookings', { method: 'POST', json: request });
