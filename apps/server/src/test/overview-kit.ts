import { expect } from 'vitest';
import { bearer, createAdminUser, insertClientBooking, JWT_SECRET, NOW, signIn } from './admin-test-kit.ts';
import { createDemoTestApp } from './test-app.ts';
import type { Backend, TestDatabase } from './test-database.ts';

/*
 * The owner's overview's fixed data set (issue 29): September 2026 and the 30 days before it
 * (2 to 31 August), on the demo clinic with two schedules set here. Every figure the tests
 * expect is counted by hand in overview-figures.test.ts from the list below. Nothing depends on
 * the day or hour the tests run: every date, creation and cancellation time is fixed.
 *
 * Asha Menon (1, online) and Priya Nair (3, West Branch): Monday to Friday 10:00–12:15, three
 * 45-minute sessions a day. 15 September is a clinic holiday; Priya is on leave 16–30 September.
 */

export const PERIOD = { from: '2026-09-01', to: '2026-09-30' };
export const ASHA = 1;
export const PRIYA = 3;

type Seed = {
  therapist: number;
  date: string;
  start: string;
  client?: string;
  status?: 'COMPLETED' | 'PENDING' | 'CANCELLED' | 'FAILED' | 'BLOCKED';
  cancelled?: boolean;
  /** When it was made and (cancelled ones) cancelled: 'YYYY-MM-DD HH:MM' in Kolkata. */
  made: string;
  cancelledAt?: string;
  noShow?: boolean;
  rupees?: number;
  block?: boolean;
};

const ist = (local: string) => `${local}:00+05:30`;

/** The bookings, by name (see the test for what each counts for). */
const SEEDS: Record<string, Seed> = {
  b1: { therapist: ASHA, date: '2026-09-01', start: '10:00', client: 'a', made: '2026-08-25 12:00' },
  b2: { therapist: ASHA, date: '2026-09-08', start: '10:00', client: 'a', made: '2026-09-01 12:00' },
  b4: {
    therapist: ASHA,
    date: '2026-09-03',
    start: '11:30',
    client: 'b',
    made: '2026-09-01 12:00',
    noShow: true,
  },
  b5: {
    therapist: ASHA,
    date: '2026-09-04',
    start: '10:00',
    client: 'c',
    status: 'CANCELLED',
    cancelled: true,
    made: '2026-09-01 12:00',
    cancelledAt: '2026-09-03 20:00',
  },
  b6: {
    therapist: ASHA,
    date: '2026-09-07',
    start: '10:00',
    client: 'c',
    status: 'CANCELLED',
    cancelled: true,
    made: '2026-08-28 12:00',
    cancelledAt: '2026-09-01 09:00',
  },
  b7: {
    therapist: ASHA,
    date: '2026-09-09',
    start: '10:00',
    client: 'd',
    status: 'FAILED',
    made: '2026-09-05 12:00',
  },
  b8: {
    therapist: ASHA,
    date: '2026-09-10',
    start: '10:00',
    status: 'BLOCKED',
    block: true,
    made: '2026-09-01 12:00',
  },
  b9: { therapist: ASHA, date: '2026-09-11', start: '10:00', client: 'e', made: '2026-09-10 12:00' },
  k1: { therapist: ASHA, date: '2026-09-25', start: '11:30', client: 'k', made: '2026-09-01 12:00' },
  k2: { therapist: ASHA, date: '2026-12-01', start: '11:30', client: 'k', made: '2026-09-01 12:00' },
  c1: {
    therapist: PRIYA,
    date: '2026-09-02',
    start: '10:00',
    client: 'f',
    status: 'PENDING',
    made: '2026-09-02 08:00',
    rupees: 1600,
  },
  c2: {
    therapist: PRIYA,
    date: '2026-09-03',
    start: '10:00',
    client: 'g',
    status: 'PENDING',
    made: '2026-09-01 12:00',
    rupees: 1600,
  },
  c3: {
    therapist: PRIYA,
    date: '2026-09-04',
    start: '10:45',
    client: 'h',
    status: 'CANCELLED',
    cancelled: true,
    made: '2026-08-20 12:00',
    cancelledAt: '2026-08-30 12:00',
    rupees: 1600,
  },
  p1: { therapist: ASHA, date: '2026-08-10', start: '10:00', client: 'i', made: '2026-08-09 12:00' },
  p2: { therapist: ASHA, date: '2026-08-11', start: '10:00', client: 'i', made: '2026-08-05 12:00' },
  p3: {
    therapist: PRIYA,
    date: '2026-08-12',
    start: '10:00',
    client: 'j',
    made: '2026-08-01 12:00',
    noShow: true,
    rupees: 1600,
  },
};

async function seedBooking(db: TestDatabase, seed: Seed): Promise<number> {
  const client = seed.client;
  const { id } = await insertClientBooking(db, {
    therapistId: seed.therapist,
    bookingDate: seed.date,
    startTime: `${seed.start}:00`,
    bookingType: seed.block ? 'ADMIN_BLOCK' : seed.therapist === PRIYA ? 'OFFLINE' : 'ONLINE',
    locationId: seed.therapist === PRIYA ? 1 : null,
    // Made as a paid booking, then cancelled below at its time (the cancellation's moment is kept).
    paymentStatus: seed.status === 'CANCELLED' ? 'COMPLETED' : (seed.status ?? 'COMPLETED'),
    amountPaise: (seed.rupees ?? 1500) * 100,
    ...(client
      ? {
          client: {
            fullName: `Client ${client}`,
            email: `${client}@example.com`,
            mobile: `90000000${client.charCodeAt(0) % 100}`,
          },
        }
      : { client: undefined }),
  });
  await db.query(
    `UPDATE bookings SET created_at = $2, attendance = $3, cancelled = $4, payment_status = COALESCE($6, payment_status),
       updated_at = COALESCE($5::timestamptz, updated_at) WHERE id = $1`,
    [
      id,
      ist(seed.made),
      seed.noShow ? 'no_show' : null,
      seed.cancelled ?? false,
      seed.cancelledAt ? ist(seed.cancelledAt) : null,
      seed.status === 'CANCELLED' ? 'CANCELLED' : null,
    ],
  );
  return id;
}

async function setSchedules(
  call: (
    method: 'PUT' | 'POST',
    url: string,
    payload: object,
  ) => Promise<{ statusCode: number; body: string }>,
) {
  const weekly = (location_id: number) =>
    [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '10:00', end: '12:15', location_id }));
  for (const [id, location] of [
    [ASHA, 0],
    [PRIYA, 1],
  ] as const) {
    const response = await call('PUT', `/api/admin/therapists/${id}/schedule`, {
      weekly: weekly(location),
      buffer_minutes: 0,
    });
    expect(response.statusCode, response.body).toBe(200);
  }
  const holiday = await call('POST', '/api/admin/holidays', { date: '2026-09-15', name: 'Test holiday' });
  expect(holiday.statusCode, holiday.body).toBeLessThan(300);
}

/** The demo clinic with the schedules, holiday, leave, bookings, payments and waitlist above. */
export async function startOverview(backend: Backend) {
  const testApp = await createDemoTestApp(backend, { now: () => NOW, env: { JWT_SECRET } });
  const { app, db } = testApp;
  await createAdminUser(db, 'owner@example.com', { superadmin: true });
  await createAdminUser(db, 'staff@example.com');
  await createAdminUser(db, 'asha@example.com', { therapistId: ASHA });
  const owner = await signIn(app, 'owner@example.com');
  const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object, token = owner) =>
    app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  await setSchedules(call);
  // Leave in the past is a superadmin's record of it: written as the schedules feature writes it.
  await db.query(
    "INSERT INTO time_off (therapist_id, from_date, to_date, reason) VALUES ($1, '2026-09-16', '2026-09-30', 'Leave')",
    [PRIYA],
  );
  const ids: Record<string, number> = {};
  for (const [name, seed] of Object.entries(SEEDS)) ids[name] = await seedBooking(db, seed);
  await seedMoneyAndMoves(db, ids);
  await seedWaitlist(db, ids);
  return {
    ...testApp,
    call,
    ids,
    tokens: {
      owner,
      staff: await signIn(app, 'staff@example.com'),
      asha: await signIn(app, 'asha@example.com'),
    },
  };
}

/** c1 paid at the centre (₹1,200 taken for a ₹1,600 session); c3's online payment refunded; b9 moved. */
async function seedMoneyAndMoves(db: TestDatabase, ids: Record<string, number>) {
  await db.query("UPDATE bookings SET payment_status = 'COMPLETED' WHERE id = $1", [ids.c1]);
  await db.query(
    "INSERT INTO centre_payments (booking_id, method, amount_paise) VALUES ($1, 'cash', 120000)",
    [ids.c1],
  );
  await db.query(
    `INSERT INTO payments (id, booking_id, provider, amount_paise, status, paid_at) VALUES ('pay_c3', $1, 'sandbox', 160000, 'captured', now())`,
    [ids.c3],
  );
  await db.query(
    `INSERT INTO refunds (booking_id, payment_id, provider, amount_paise, status, requested_at, refunded_at)
     VALUES ($1, 'pay_c3', 'sandbox', 160000, 'processed', now(), now())`,
    [ids.c3],
  );
  // Moved from Friday 11 to Monday 14 September: one booking, counted once, on its new day.
  await db.query(
    "UPDATE bookings SET booking_date = '2026-09-14', booking_time_slot_start = '10:45', booking_time_slot_end = '11:30' WHERE id = $1",
    [ids.b9],
  );
}

/** Two people wait for Asha from 5 September (one was offered b7's slot, which lapsed); one for Priya in August. */
async function seedWaitlist(db: TestDatabase, ids: Record<string, number>) {
  const entry = async (therapist: number, joined: string, email: string) => {
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO waitlist_entries (therapist_id, booking_type, client_full_name, client_email, consented_at,
         preferred_dates, times_of_day, last_date, created_at)
       VALUES ($1, 'ONLINE', 'Waiting client', $3, $2, ARRAY[$4::date], ARRAY['morning'], $4::date, $2) RETURNING id`,
      [therapist, ist(joined), email, joined.slice(0, 10)],
    );
    return rows[0]!.id;
  };
  const offered = await entry(ASHA, '2026-09-05 10:00', 'w1@example.com');
  await entry(ASHA, '2026-09-05 11:00', 'w2@example.com');
  await entry(PRIYA, '2026-08-20 10:00', 'w3@example.com');
  await db.query(
    `INSERT INTO waitlist_offers (entry_id, booking_id, slot_date, slot_start, token_hash, salt, offered_at, expires_at, outcome)
     VALUES ($1, $2, '2026-09-09', '10:00', 'hash', 'salt', now(), now(), 'expired')`,
    [offered, ids.b7],
  );
}

export type OverviewKit = Awaited<ReturnType<typeof startOverview>>;
