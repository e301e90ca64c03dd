import type { Database } from '../apps/server/src/db/database.ts';
import { addScaleSeries } from './scale-series.ts';

/**
 * The data of `npm run bench -- --scale` (issue 13): on top of the demo clinic, 200 therapists
 * with weekly hours, about 200,000 clients and 1,000,000 bookings over three years (2.5 years
 * back, half a year ahead), written by the database itself in a few statements. Statuses are
 * mixed as in a real practice, with centre payments and refunds (a few still due); every
 * constraint holds (no therapist has two sessions at once).
 */
export const SCALE = { therapists: 200, clients: 200_000, bookings: 1_000_000, days: 1096 } as const;

const FIRST_NAMES = [
  'Aarav',
  'Aditi',
  'Amit',
  'Ananya',
  'Anita',
  'Arjun',
  'Bharat',
  'Chitra',
  'Deepak',
  'Divya',
  'Esha',
  'Farah',
  'Gaurav',
  'Harini',
  'Isha',
  'Jai',
  'Kavya',
  'Lakshmi',
  'Manoj',
  'Meera',
  'Nikhil',
  'Neha',
  'Pooja',
  'Priya',
  'Rahul',
  'Ravi',
  'Sanjay',
  'Shreya',
  'Sunita',
  'Vikram',
];
const LAST_NAMES = [
  'Sharma',
  'Verma',
  'Gupta',
  'Singh',
  'Kumar',
  'Patel',
  'Shah',
  'Mehta',
  'Iyer',
  'Nair',
  'Reddy',
  'Rao',
  'Das',
  'Bose',
  'Chatterjee',
  'Desai',
  'Joshi',
  'Kulkarni',
  'Menon',
  'Pillai',
  'Agarwal',
  'Banerjee',
  'Chopra',
  'Kapoor',
  'Malhotra',
  'Saxena',
  'Trivedi',
  'Pandey',
  'Mishra',
  'Zutshi',
];
/** A surname about twenty clients carry: the rare term of the Patients search. */
export const RARE_SURNAME = 'Vadakkedath';
const sqlArray = (values: readonly string[]) => `ARRAY[${values.map((value) => `'${value}'`).join(',')}]`;

/** How the data came to be: absent, or when it was generated and in how many seconds. */
export type ScaleDataMark = { done: false } | { done: true; at: string; seconds: number | null };

/** A database holding the whole set has a mark (with how long it took), so a second run reuses it. */
export async function scaleDataMark(db: Database): Promise<ScaleDataMark> {
  const { rows: table } = await db.query<{ done: boolean }>(
    "SELECT to_regclass('bench_scale_done') IS NOT NULL AS done",
  );
  if (!table[0]?.done) return { done: false };
  // An earlier generator's mark has no seconds column: read the row as JSON.
  const { rows } = await db.query<{ mark: { at: string; seconds?: number } }>(
    'SELECT to_jsonb(d) AS mark FROM bench_scale_done d LIMIT 1',
  );
  const mark = rows[0]?.mark;
  return mark ? { done: true, at: mark.at, seconds: mark.seconds ?? null } : { done: false };
}

/** Marks the set complete, with the seconds it took; an earlier mark goes. */
export async function markScaleData(db: Database, seconds: number) {
  await db.exec(`DROP TABLE IF EXISTS bench_scale_done;
    CREATE TABLE bench_scale_done (at timestamptz NOT NULL DEFAULT now(), seconds integer NOT NULL);
    INSERT INTO bench_scale_done (seconds) VALUES (${Math.round(seconds)});`);
}

export async function generateScaleData(
  db: Database,
  today: string,
  log: (line: string) => void,
  bookings: number = SCALE.bookings,
) {
  log(`therapists: ${SCALE.therapists} with weekly hours`);
  await db.exec(`
    INSERT INTO therapists (name, title, specialization, bio, price_paise, type, email)
    SELECT 'Dr.Therapist ' || n, 'Counselling Psychologist', 'Anxiety, relationships',
      'Helps adults with anxiety.|Online and in person|' || (n % 20 + 2) || ' years', 150000, 3,
      'therapist' || n || '@clinic.example'
    FROM generate_series(1, ${SCALE.therapists} - (SELECT count(*) FROM therapists)) AS n;
    INSERT INTO therapist_locations (therapist_id, location_id)
    SELECT t.id, l.id FROM therapists t CROSS JOIN locations l ON CONFLICT DO NOTHING;
    INSERT INTO therapist_services (therapist_id, service_id)
    SELECT t.id, s.id FROM therapists t CROSS JOIN services s ON CONFLICT DO NOTHING;
    INSERT INTO therapist_schedules (therapist_id) SELECT id FROM therapists ON CONFLICT DO NOTHING;
    INSERT INTO weekly_hours (therapist_id, weekday, start_time, end_time, location_id)
    SELECT t.id, d, '09:00', '19:00', NULL FROM therapists t CROSS JOIN generate_series(1, 6) AS d
    WHERE NOT EXISTS (SELECT 1 FROM weekly_hours w WHERE w.therapist_id = t.id);`);

  log(`bookings: ${bookings.toLocaleString('en-IN')} over ${SCALE.days} days (a few minutes)`);
  // Five session times a day per therapist, two hours apart, so none overlaps; a day keeps each
  // with a probability that makes the total come out at `bookings` (SCALE.bookings but for a reduced run).
  const sessionsPerDay = 5;
  const keep = bookings / (SCALE.therapists * SCALE.days * sessionsPerDay);
  // The overview's facts (migration 0027) are made once at the end: per row, their triggers would
  // look each client up a million times.
  await db.exec(`ALTER TABLE bookings DISABLE TRIGGER bookings_keep_overview;
    ALTER TABLE centre_payments DISABLE TRIGGER centre_payments_keep_overview;`);
  await db.exec(`
    SELECT setseed(0.13);
    CREATE TEMP TABLE scale_slots AS
    SELECT t.id AS therapist_id, d AS day, k AS slot
    FROM (SELECT id FROM therapists ORDER BY id LIMIT ${SCALE.therapists}) t
    CROSS JOIN generate_series(0, ${SCALE.days - 1}) AS d
    CROSS JOIN generate_series(0, ${sessionsPerDay - 1}) AS k
    WHERE random() < ${keep};
    INSERT INTO bookings (therapist_id, service_id, booking_date, booking_time_slot_start, booking_time_slot_end,
      booking_type, payment_status, cancelled, client_full_name, client_email, client_mobile, client_note,
      terms_accepted, location_id, amount_paise, payment_transaction_id, google_meet_link, created_at)
    SELECT s.therapist_id, 1,
      '${today}'::date - 913 + s.day,
      time '09:00' + s.slot * interval '2 hours',
      time '09:45' + s.slot * interval '2 hours',
      CASE WHEN c.n % 3 = 0 THEN 'OFFLINE' ELSE 'ONLINE' END,
      CASE WHEN r < 0.78 THEN 'COMPLETED' WHEN r < 0.86 THEN 'PENDING' WHEN r < 0.93 THEN 'CANCELLED'
           WHEN r < 0.97 THEN 'FAILED' ELSE 'INITIATED' END,
      r >= 0.86 AND r < 0.93,
      (${sqlArray(FIRST_NAMES)})[1 + c.n % 30] || ' ' ||
        CASE WHEN c.n % 9973 = 4321 THEN '${RARE_SURNAME}' ELSE (${sqlArray(LAST_NAMES)})[1 + (c.n / 30) % 30] END,
      'client' || c.n || '@mail.example', '9' || lpad(c.n::text, 9, '0'),
      CASE WHEN r < 0.2 THEN 'First session; prefers mornings.' END,
      true, CASE WHEN c.n % 3 = 0 THEN 1 + c.n % 2 END, 150000,
      CASE WHEN r < 0.78 THEN 'pay_scale' || s.therapist_id || '_' || s.day || '_' || s.slot END,
      CASE WHEN c.n % 3 <> 0 THEN 'https://meet.google.com/abc-defg-hij' END,
      -- Booked up to three weeks ahead of the session, as the wizard allows.
      ('${today}'::date - 913 + s.day - (s.r * 1000)::int % 21)::timestamp + time '08:00' + s.slot * interval '1 hour'
    FROM (SELECT *, random() AS r, (random() * ${SCALE.clients - 1})::int AS client FROM scale_slots) s
    CROSS JOIN LATERAL (SELECT s.client AS n) c;
    DROP TABLE scale_slots;`);

  log('refunds: a fifth of the cancelled online sessions had been paid; the recent ones are still due');
  await db.exec(`
    CREATE TEMP TABLE scale_refunded AS
    SELECT id, booking_date, amount_paise, 'pay_scale_refund_' || id AS payment_id,
      booking_date >= '${today}'::date - 14 AND id % 4 = 0 AS due
    FROM bookings WHERE cancelled AND booking_type = 'ONLINE' AND id % 5 = 0;
    INSERT INTO payments (id, booking_id, provider, amount_paise, status, paid_at)
    SELECT payment_id, id, 'razorpay', amount_paise, 'captured', booking_date - 3 FROM scale_refunded;
    UPDATE bookings b SET payment_transaction_id = r.payment_id, needs_refund = r.due
    FROM scale_refunded r WHERE b.id = r.id;
    INSERT INTO refunds (booking_id, payment_id, provider, amount_paise, status, provider_refund_id,
      requested_at, refunded_at)
    SELECT id, payment_id, 'razorpay', amount_paise, 'processed', 'rfnd_scale' || id, booking_date - 2, booking_date
    FROM scale_refunded WHERE NOT due;
    DROP TABLE scale_refunded;`);

  log('payments at the centre for a tenth of the paid in-person sessions');
  await db.exec(`
    INSERT INTO centre_payments (booking_id, method, amount_paise)
    SELECT id, 'cash', 120000 FROM bookings
    WHERE booking_type = 'OFFLINE' AND payment_status = 'COMPLETED' AND NOT cancelled AND id % 10 = 0;`);
  await addScaleSeries(db, log);
  log("the overview's facts (decision 059)");
  await db.exec(`ALTER TABLE bookings ENABLE TRIGGER bookings_keep_overview;
    ALTER TABLE centre_payments ENABLE TRIGGER centre_payments_keep_overview;
    SELECT overview_rebuild();`);
  log('VACUUM ANALYZE');
  await db.exec('VACUUM ANALYZE');
}
