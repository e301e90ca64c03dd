import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../db/database.ts';
import { createAdminUsersService } from '../features/admin-auth/admin-users-service.ts';
import { insertBooking, type NewBooking } from '../features/bookings/bookings-repo.ts';

/** Test helpers for the admin calls: users, sign-in, bookings to act on. */

/** A fixed "now": 2026-11-22 09:30 in Kolkata (04:00 UTC). */
export const NOW = new Date('2026-11-22T04:00:00Z');
export const TODAY = '2026-11-22';
export const JWT_SECRET = 'test-secret-of-at-least-thirty-two-characters';
export const PASSWORD = 'a-long-password';

export async function createAdminUser(
  db: Database,
  email: string,
  options: { superadmin?: boolean; active?: boolean; therapistId?: number } = {},
): Promise<number> {
  const user = await createAdminUsersService(db, 'test').createAdmin({
    email,
    password: PASSWORD,
    isSuperadmin: options.superadmin ?? false,
    isActive: options.active ?? true,
    therapistId: options.therapistId ?? null,
  });
  return user.id;
}

export async function signIn(app: FastifyInstance, username: string, password = PASSWORD): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { username, password },
    headers: { 'content-type': 'application/json' },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().access_token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A client's booking, straight into the database (as the booking wizard would leave it). */
export function insertClientBooking(
  db: Database,
  booking: Partial<NewBooking> & { therapistId: number; bookingDate: string; startTime: string },
) {
  const [hours, minutes] = booking.startTime.split(':').map(Number) as [number, number];
  const endMinutes = hours * 60 + minutes + 45;
  const pad = (value: number) => String(value).padStart(2, '0');
  return insertBooking(db, {
    serviceId: 1,
    endTime: `${pad(Math.floor(endMinutes / 60))}:${pad(endMinutes % 60)}:00`,
    bookingType: 'ONLINE',
    paymentStatus: 'COMPLETED',
    client: { fullName: 'Kavya Sharma', email: 'kavya@example.com', mobile: '9876543210' },
    termsAccepted: true,
    locationId: null,
    amountPaise: 150_000,
    therapistEmail: 'asha.menon@example.com',
    ...booking,
  });
}
