import { paymentDetailsSchema } from '@therapy/shared/booking-schemas';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, getJson, postJson, queryString, request, UnexpectedAnswerError } from './api-client';

/** Answers every fetch with `body` (a string is sent as is) and records the calls. */
function answer(status: number, body: unknown) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const fetch = vi.fn(async (_path: string, _init: RequestInit) => new Response(text, { status }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const confirmed = {
  status: 'confirmed',
  message: 'Payment successful.',
  data: {
    booking_id: 1001,
    booking_type: 'ONLINE',
    payment_status: 'COMPLETED',
    booking_date: '2026-12-01',
    booking_time_slot_start: '10:00:00',
    booking_time_slot_end: '10:50:00',
    therapist_name: 'Dr.Asha Menon',
    amount: 1500,
    payment_transaction_id: 'pay_1',
    google_meet_link: null,
    location_name: null,
    location_address: null,
  },
};

describe('the HTTP client', () => {
  it('answers with the body of a successful call', async () => {
    const fetch = answer(200, [{ id: 1 }]);
    await expect(getJson('/locations')).resolves.toEqual([{ id: 1 }]);
    const [path, init] = fetch.mock.calls[0]!;
    expect(path).toBe('/locations');
    expect(init).toMatchObject({ method: 'GET', body: null, headers: { accept: 'application/json' } });
  });

  it('sends JSON and form bodies with their content types', async () => {
    const fetch = answer(201, { booking_id: 7 });
    await postJson('/api/bookings', { therapist_id: 2 });
    await request('/api/admin/login', {
      method: 'POST',
      form: new URLSearchParams({ username: 'a b', password: 'p&q' }),
    });
    expect(fetch.mock.calls[0]![1]).toMatchObject({
      method: 'POST',
      body: '{"therapist_id":2}',
      headers: { 'content-type': 'application/json' },
    });
    expect(fetch.mock.calls[1]![1]).toMatchObject({
      body: 'username=a+b&password=p%26q',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  });

  it("fails with the server's detail, its message, or the status when it sent neither", async () => {
    answer(409, { detail: 'This slot was just booked.' });
    const conflict = await getJson('/x').catch((error: unknown) => error);
    expect(conflict).toBeInstanceOf(ApiError);
    expect(conflict).toMatchObject({
      status: 409,
      message: 'This slot was just booked.',
      serverMessage: 'This slot was just booked.',
    });

    answer(400, { message: 'Bad request body' });
    await expect(getJson('/x')).rejects.toMatchObject({ status: 400, message: 'Bad request body' });

    answer(502, '<html>Bad Gateway</html>');
    await expect(getJson('/x')).rejects.toMatchObject({
      status: 502,
      message: 'HTTP error! status: 502',
      serverMessage: undefined,
    });
  });

  it('marks a 401 as unauthorized, and lets a screen give its own text', () => {
    const error = new ApiError(401, 'Invalid token', 'Unauthorized. Please log in again.');
    expect(error.unauthorized).toBe(true);
    expect(error.message).toBe('Unauthorized. Please log in again.');
    expect(error.serverMessage).toBe('Invalid token');
    expect(new ApiError(403, 'Superadmins only').unauthorized).toBe(false);
  });

  it('parses the answer with the schema it is given', async () => {
    answer(200, { ...confirmed, extra: 'dropped' });
    await expect(
      getJson('/api/bookings/1001/confirmation', undefined, paymentDetailsSchema),
    ).resolves.toEqual(confirmed);
  });

  it('fails with UnexpectedAnswerError when the answer has the wrong shape, never returning it', async () => {
    // An amount sent as text would show as a wrong figure if it went through.
    answer(200, { ...confirmed, data: { ...confirmed.data, amount: '1500' } });
    const error = await getJson('/api/bookings/1001/confirmation', undefined, paymentDetailsSchema).catch(
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(UnexpectedAnswerError);
    expect(error).not.toBeInstanceOf(ApiError);

    answer(200, 'not json at all');
    await expect(getJson('/x', undefined, paymentDetailsSchema)).rejects.toBeInstanceOf(
      UnexpectedAnswerError,
    );
  });

  it('builds a query string from the values that are set', () => {
    expect(queryString({ therapist_id: 3, token: 'a+b', empty: '', none: null, unset: undefined })).toBe(
      '?therapist_id=3&token=a%2Bb',
    );
    expect(queryString({ none: null })).toBe('');
  });
});
