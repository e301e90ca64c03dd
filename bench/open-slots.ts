import { BOOKING_WINDOW_DAYS } from '@therapy/shared/booking-rules';
import { addDays, zonedNow } from '@therapy/shared/clinic-time';
import { openSlots } from '@therapy/shared/open-slots';
import type { Database } from '../apps/server/src/db/database.ts';
import { loadBusyTimes, loadSchedules } from '../apps/server/src/features/schedules/schedule-reads.ts';
import { saveWeeklySchedule } from '../apps/server/src/features/schedules/schedule-writes.ts';
import { round2, serverCpuMs } from './measure.ts';
import type { Report } from './report.ts';
import { targets } from './targets.ts';

export const OPEN_SLOT_SETTINGS = {
  /** Therapists whose open slots are computed at once (the demo's 8 plus added ones). */
  therapists: 200,
  /** Computations measured, after a few to warm up. */
  runs: 30,
  warmups: 3,
};

const CLINIC_TIME_ZONE = 'Asia/Kolkata'; // the server's default CLINIC_TIMEZONE, which the bench uses

/**
 * Scenario 4: the one open-slot function for a whole clinic. Adds therapists (weekly hours
 * Monday to Saturday, split shifts, a buffer, through the schedule's own write) up to 200, books
 * about a third of their sessions in the 15-day window, then times loadSchedules +
 * loadBusyTimes + openSlots for all 200 at once. Held to the catalogue reads' targets: its CPU
 * time per therapist against a catalogue read's CPU time in the same run (`catalogueCpuMs`), so
 * a busy machine slows both alike, and its time per therapist within a catalogue read's p99.
 */
export async function benchOpenSlots(db: Database, report: Report, group: string, catalogueCpuMs: number) {
  const ids = await addTherapists(db, OPEN_SLOT_SETTINGS.therapists);
  const now = zonedNow(CLINIC_TIME_ZONE);
  const range = { from: now.date, to: addDays(now.date, BOOKING_WINDOW_DAYS - 1) };
  await bookSome(db, ids.slice(8), range);

  const computeAll = async () => {
    const [schedules, busy] = await Promise.all([
      loadSchedules(db, ids, range),
      loadBusyTimes(db, ids, range),
    ]);
    let count = 0;
    for (const id of ids) count += openSlots(schedules.get(id)!, busy.get(id) ?? [], range, now).length;
    return count;
  };
  for (let i = 0; i < OPEN_SLOT_SETTINGS.warmups; i++) await computeAll();
  const wallMs: number[] = [];
  let slots = 0;
  const cpuBefore = serverCpuMs();
  for (let i = 0; i < OPEN_SLOT_SETTINGS.runs; i++) {
    const started = performance.now();
    slots = await computeAll();
    wallMs.push(performance.now() - started);
  }
  const cpuPerRun = (serverCpuMs() - cpuBefore) / OPEN_SLOT_SETTINGS.runs;
  wallMs.sort((a, b) => a - b);
  const at = (share: number) =>
    round2(wallMs[Math.min(wallMs.length - 1, Math.ceil(share * wallMs.length) - 1)]!);

  report.info(group, `${ids.length} therapists × ${BOOKING_WINDOW_DAYS} days: open slots`, slots, '');
  report.info(group, '  time p50 / p99, all at once', [at(0.5), at(0.99)], 'ms');
  report.check(
    group,
    '  time p99 per therapist',
    round2(at(0.99) / ids.length),
    targets.openSlots.p99PerTherapist,
  );
  report.info(group, '  server CPU per computation', round2(cpuPerRun), 'ms');
  report.info(group, '  a catalogue read’s CPU, same run', round2(catalogueCpuMs), 'ms');
  report.check(
    group,
    '  CPU per therapist / a catalogue read’s',
    round2(cpuPerRun / ids.length / catalogueCpuMs),
    targets.openSlots.cpuPerTherapistVsCatalogueRead,
  );
}

/** Adds online therapists up to `total`, each with the same split-shift week. */
async function addTherapists(db: Database, total: number): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>('SELECT id FROM therapists ORDER BY id');
  const ids = rows.map((row) => row.id);
  const week = [1, 2, 3, 4, 5, 6].flatMap((weekday) => [
    { weekday, start: '09:00', end: '13:00', location_id: 0 },
    { weekday, start: '14:00', end: '19:00', location_id: 0 },
  ]);
  await db.transaction(async (tx) => {
    for (let n = ids.length + 1; n <= total; n++) {
      const { rows: added } = await tx.query<{ id: number }>(
        'INSERT INTO therapists (name, type, email) VALUES ($1, 1, $2) RETURNING id',
        [`Bench Therapist ${n}`, `bench-${n}@example.com`],
      );
      const id = added[0]!.id;
      await saveWeeklySchedule(tx, id, { weekly: week, buffer_minutes: 15 });
      ids.push(id);
    }
  });
  return ids;
}

/** Books the 10:00, 12:00 and 16:00 sessions (a third of them) of each day for `ids`. */
async function bookSome(db: Database, ids: number[], range: { from: string; to: string }) {
  await db.query(
    `INSERT INTO bookings (therapist_id, booking_date, booking_time_slot_start, booking_time_slot_end,
       booking_type, payment_status, client_full_name, terms_accepted)
     SELECT t.id, d::date, s.start, s.start + interval '45 minutes', 'ONLINE', 'COMPLETED', 'Bench Client', true
     FROM unnest($1::integer[]) AS t (id)
     CROSS JOIN generate_series($2::date, $3::date, interval '1 day') AS d
     CROSS JOIN (VALUES ('10:00'::time), ('12:00'::time), ('16:00'::time)) AS s (start)
     WHERE extract(dow FROM d) <> 0`,
    [ids, range.from, range.to],
  );
}
