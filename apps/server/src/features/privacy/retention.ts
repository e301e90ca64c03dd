import { todayIn } from '@therapy/shared/clinic-time';
import type { Database } from '../../db/database.ts';
import { insertAudit } from '../audit/audit-repo.ts';
import { eraseQuestionnaires } from '../measures/measures-privacy.ts';
import { deleteNotesOfBookings } from '../therapists/session-notes-repo.ts';
import { eraseWaitlistEntriesBefore } from '../waitlist/waitlist-privacy.ts';
import { eraseBookings } from './privacy-repo.ts';

/** `isoDate` less `months` calendar months (the 31st of a shorter month is its last day). */
export function monthsBefore(isoDate: string, months: number): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 - months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}

/**
 * RETENTION_MONTHS (decision 039): once a day, the personal data of sessions older than that is
 * erased as the privacy desk erases it (amounts and reports unchanged). A job worker's sweep: the
 * first instance to insert the day's row in `retention_runs` does the day's work, in batches of
 * `batchSize` up to `maxBatches`; any other instance, or a later pass, skips it.
 */
export function retentionSweep(
  db: Database,
  {
    months,
    clinicTimeZone,
    batchSize = 500,
    maxBatches = 400,
  }: { months: number; clinicTimeZone: string; batchSize?: number; maxBatches?: number },
) {
  let doneFor = '';
  return {
    name: 'personal data past retention erased',
    async run(now: Date): Promise<number> {
      const today = todayIn(clinicTimeZone, now);
      if (doneFor === today) return 0;
      const cutoff = monthsBefore(today, months);
      const { rows: claimed } = await db.query(
        `INSERT INTO retention_runs (run_date, cutoff_date, started_at) VALUES ($1, $2, $3)
         ON CONFLICT (run_date) DO NOTHING RETURNING run_date`,
        [today, cutoff, now],
      );
      doneFor = today;
      if (claimed.length === 0) return 0;
      let erased = 0;
      for (let batch = 0; batch < maxBatches; batch++) {
        const { rows } = await db.query<{ id: number }>(
          `SELECT id FROM bookings WHERE booking_date < $1::date AND erased_at IS NULL AND booking_type <> 'ADMIN_BLOCK'
           ORDER BY booking_date, id LIMIT $2`,
          [cutoff, batchSize],
        );
        if (rows.length === 0) break;
        const ids = rows.map((row) => row.id);
        // The therapists' session notes on them go with the client's data (decision 052).
        erased += await db.transaction(async (tx) => {
          await deleteNotesOfBookings(tx, ids);
          // So do their questionnaires (decision 058): retention as for bookings.
          await eraseQuestionnaires(tx, ids);
          return eraseBookings(tx, ids, now);
        });
      }
      // Waitlist places end within 15 days; any past the cutoff are erased too (bounded batches).
      for (let batch = 0; batch < maxBatches; batch++) {
        if ((await db.transaction((tx) => eraseWaitlistEntriesBefore(tx, cutoff, now, batchSize))) === 0)
          break;
      }
      await db.transaction(async (tx) => {
        await tx.query(
          'UPDATE retention_runs SET finished_at = $2, erased_bookings = $3 WHERE run_date = $1',
          [today, now, erased],
        );
        await insertAudit(tx, {
          actorLabel: 'system',
          action: 'privacy.retention',
          details: { cutoff_date: cutoff, bookings: erased },
        });
      });
      return erased;
    },
  };
}
