import type { Page, Route } from 'playwright-core';
import { clinicDate } from './admin-data.ts';

/**
 * The schedule calls answered by the browser test itself (shapes of
 * packages/shared/src/schedule-schemas.ts), so the screens can be tried before the server has them.
 * Every request the screens make is kept in `calls`.
 */

export const THERAPIST_ID = 77;

export const fixtureTherapist = {
  id: THERAPIST_ID,
  name: 'Dr.Meera Rao',
  title: 'Clinical Psychologist',
  specialization: 'Anxiety',
  bio: 'Calm|M.Phil|10 years',
  price: 1500,
  image_url: null,
  type: 2,
  locations: [1],
  offered_service_ids: [],
  email: 'meera@example.com',
  is_active: true,
};

export type Call = { method: string; path: string; body: unknown };

type Hours = { start: string; end: string; location_id: number };

export function fakeSchedules() {
  const state = {
    weekly: [{ weekday: 1, start: '09:00', end: '12:00', location_id: 1 }] as (Hours & { weekday: number })[],
    buffer_minutes: 0,
    overrides: [{ therapist_id: THERAPIST_ID, date: clinicDate(20), hours: [] as Hours[] }],
    time_off: [
      { id: 5, therapist_id: THERAPIST_ID, from: clinicDate(30), to: clinicDate(32), reason: 'Conference' },
    ],
    holidays: [{ id: 3, date: clinicDate(40), name: 'Diwali' }],
    /** What the next PUT of the schedule answers: a status and detail, or success. */
    nextSaveFailure: null as string | null,
    outsideBookings: 2,
    outside: [] as Record<string, unknown>[],
    calls: [] as Call[],
  };

  const schedule = () => ({
    therapist_id: THERAPIST_ID,
    weekly: state.weekly,
    buffer_minutes: state.buffer_minutes,
    session_minutes: 45,
    overrides: state.overrides,
    time_off: state.time_off,
  });

  const json = (route: Route, body: unknown, status = 200) =>
    route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });

  async function answer(route: Route): Promise<void> {
    const request = route.request();
    const url = new URL(request.url());
    const method = request.method();
    const body = request.postData() ? request.postDataJSON() : undefined;
    const path = url.pathname;
    state.calls.push({ method, path: `${path}${url.search}`, body });
    const base = `/api/admin/therapists/${THERAPIST_ID}`;

    if (path === '/api/admin/therapists') return json(route, [fixtureTherapist]);
    if (path === `${base}/schedule` && method === 'GET') return json(route, schedule());
    if (path === `${base}/schedule` && method === 'PUT') {
      if (state.nextSaveFailure) {
        const detail = state.nextSaveFailure;
        state.nextSaveFailure = null;
        return json(route, { detail }, 400);
      }
      state.weekly = body.weekly;
      state.buffer_minutes = body.buffer_minutes;
      return json(route, { ...schedule(), outside_bookings: state.outsideBookings });
    }
    if (path === `${base}/overrides` && method === 'POST') {
      state.overrides = [
        ...state.overrides,
        { therapist_id: THERAPIST_ID, date: body.date, hours: body.hours },
      ];
      return json(route, state.overrides.at(-1), 201);
    }
    if (path.startsWith(`${base}/overrides/`) && method === 'DELETE') {
      const date = decodeURIComponent(path.split('/').pop() ?? '');
      state.overrides = state.overrides.filter((override) => override.date !== date);
      return route.fulfill({ status: 204 });
    }
    if (path === `${base}/time-off` && method === 'POST') {
      if (body.to < body.from)
        return json(route, { detail: 'Invalid body: to: must not be before from' }, 400);
      state.time_off = [...state.time_off, { id: 9, therapist_id: THERAPIST_ID, ...body }];
      return json(route, state.time_off.at(-1), 201);
    }
    if (path.startsWith(`${base}/time-off/`) && method === 'DELETE') {
      const id = Number(path.split('/').pop());
      state.time_off = state.time_off.filter((leave) => leave.id !== id);
      return route.fulfill({ status: 204 });
    }
    if (path === '/api/admin/holidays' && method === 'GET') return json(route, state.holidays);
    if (path === '/api/admin/holidays' && method === 'POST') {
      if (state.holidays.some((holiday) => holiday.date === body.date)) {
        return json(route, { detail: 'Invalid body: date: there is already a holiday on that date' }, 409);
      }
      state.holidays = [...state.holidays, { id: 4, ...body }];
      return json(route, state.holidays.at(-1), 201);
    }
    if (path.startsWith('/api/admin/holidays/') && method === 'DELETE') {
      const id = Number(path.split('/').pop());
      state.holidays = state.holidays.filter((holiday) => holiday.id !== id);
      return route.fulfill({ status: 204 });
    }
    if (path === '/api/admin/bookings/outside-schedule') {
      const limit = Number(url.searchParams.get('limit') ?? 20);
      const start = Number(url.searchParams.get('cursor') ?? 0);
      const items = state.outside.slice(start, start + limit);
      const next = start + limit < state.outside.length ? String(start + limit) : null;
      return json(route, { items, total: state.outside.length, limit, next_cursor: next });
    }
    return route.continue();
  }

  async function install(page: Page): Promise<void> {
    await page.route('**/api/admin/therapists', answer);
    await page.route('**/api/admin/therapists/*/**', answer);
    await page.route('**/api/admin/holidays**', answer);
    await page.route('**/api/admin/bookings/outside-schedule**', answer);
  }

  return { state, install };
}

/** A booking outside the schedule, as GET /api/admin/bookings/outside-schedule lists it. */
export function outsideBooking(id: number, overrides: Record<string, unknown> = {}) {
  return {
    booking_id: id,
    therapist_id: THERAPIST_ID,
    therapist_name: 'Dr.Meera Rao',
    booking_date: clinicDate(20),
    booking_time_slot_start: '10:00',
    booking_type: 'OFFLINE',
    location_id: 1,
    payment_status: 'PENDING',
    reason: 'day off',
    client_full_name: `Client ${id}`,
    client_email: `client${id}@example.com`,
    client_mobile: '9876543210',
    ...overrides,
  };
}
