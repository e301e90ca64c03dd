import { type AdminSession, adminSessionSchema, adminUserSchema } from '@therapy/shared/admin-schemas';
import { ApiError, request } from '../../lib/api-client';
import { adminRequest } from './admin-http';

/** The sign-in and the signed-in user (specification section 7, CONTRACT.md "Admin"). */

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

export const fetchAdminMe = (signal?: AbortSignal) =>
  adminRequest('/api/admin/me', { signal, schema: adminUserSchema });
