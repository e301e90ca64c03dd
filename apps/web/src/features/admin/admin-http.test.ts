import { adminBookingPageSchema } from '@therapy/shared/admin-schemas';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, UnexpectedAnswerError } from '../../lib/api-client';
import {
  adminRequest,
  errorMessage,
  loadErrorMessage,
  NO_TOKEN_MESSAGE,
  UNAUTHORIZED_MESSAGE,
} from './admin-http';
import { saveAdminSession, useAdminSession } from './admin-session';

function answer(status: number, body: unknown) {
  const fetch = vi.fn(
    async (_path: string, _init: RequestInit) => new Response(JSON.stringify(body), { status }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const signIn = () =>
  saveAdminSession({
    access_token: 'token-1',
    token_type: 'bearer',
    expires_in: 28_800,
    username: 'staff@example.com',
    is_superadmin: false,
    is_admin: true,
    is_active: true,
    role: 'admin',
    therapist_id: null,
  });

beforeEach(signIn);
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('admin calls', () => {
  it('send the bearer token', async () => {
    const fetch = answer(200, []);
    await expect(adminRequest('/api/admin/bookings')).resolves.toEqual([]);
    expect(fetch.mock.calls[0]![1].headers).toMatchObject({ authorization: 'Bearer token-1' });
  });

  it('end the session on 401 and say so', async () => {
    answer(401, { detail: 'Token expired' });
    const error = await adminRequest('/api/admin/bookings').catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 401,
      message: UNAUTHORIZED_MESSAGE,
      serverMessage: 'Token expired',
    });
    expect(useAdminSession.getState()).toMatchObject({
      token: null,
      user: null,
      notice: UNAUTHORIZED_MESSAGE,
    });
    expect(errorMessage(error, 'Cancellation failed.')).toBe(UNAUTHORIZED_MESSAGE);
  });

  it('are not sent without a token: the session ends with its own notice', async () => {
    useAdminSession.setState({ token: null });
    const fetch = answer(200, []);
    await expect(adminRequest('/api/admin/bookings')).rejects.toMatchObject({
      status: 401,
      message: NO_TOKEN_MESSAGE,
    });
    expect(fetch).not.toHaveBeenCalled();
    expect(useAdminSession.getState().notice).toBe(NO_TOKEN_MESSAGE);
  });

  it("keep the session on 403 and show the server's reason", async () => {
    answer(403, { detail: 'Superadmin access required' });
    const error = await adminRequest('/api/admin/income').catch((failure: unknown) => failure);
    expect(useAdminSession.getState().token).toBe('token-1');
    expect(loadErrorMessage(error, 'Failed to load income.')).toBe('Superadmin access required');
    expect(errorMessage(error, 'The refund failed.')).toBe('Superadmin access required');
  });

  it('show the screen’s own failure text for a wrong-shaped answer or a network failure', async () => {
    answer(200, { items: [{ id: 1, booking_date: 'tomorrow' }], total: 1, limit: 10, next_cursor: null });
    const error = await adminRequest('/api/admin/bookings', { schema: adminBookingPageSchema }).catch(
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(UnexpectedAnswerError);
    expect(loadErrorMessage(error, 'Failed to load admin data.')).toBe('Failed to load admin data.');
    expect(loadErrorMessage(new TypeError('Failed to fetch'), 'Failed to load admin data.')).toBe(
      'Failed to load admin data.',
    );
    expect(errorMessage(new ApiError(500, undefined), 'Cancellation failed.')).toBe('Cancellation failed.');
    expect(loadErrorMessage(new ApiError(500, undefined), 'Failed to load admin data.')).toBe(
      'HTTP error! status: 500',
    );
  });
});
