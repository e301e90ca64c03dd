import type {
  AttendanceResult,
  AttendanceStatus,
  CentrePaymentRequest,
  CentrePaymentResult,
} from '@therapy/shared/front-desk-schemas';
import { adminRequest, pathId } from '../admin-http';

/** The front desk's calls on a booking: payments taken at the centre and attendance. */

/** A payment taken at the centre for a pending in-person booking: it becomes COMPLETED. */
export const recordCentrePayment = (bookingId: number, request: CentrePaymentRequest) =>
  adminRequest<CentrePaymentResult>(`/api/admin/bookings/${pathId(bookingId)}/payments`, {
    method: 'POST',
    json: request,
  });

/** Undoes a payment recorded by mistake (superadmins): the booking is PENDING again. */
export const voidCentrePayment = (bookingId: number, paymentId: number) =>
  adminRequest<CentrePaymentResult>(
    `/api/admin/bookings/${pathId(bookingId)}/payments/${pathId(paymentId)}/void`,
    { method: 'POST' },
  );

export const markAttendance = (bookingId: number, status: AttendanceStatus) =>
  adminRequest<AttendanceResult>(`/api/admin/bookings/${pathId(bookingId)}/attendance`, {
    method: 'POST',
    json: { status },
  });
