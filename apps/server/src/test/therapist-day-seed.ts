import { todayIn } from '@therapy/shared/clinic-time';
import { openDatabase } from '../db/open-database.ts';
import { createNoteCipher } from '../features/bookings/note-cipher.ts';

/**
 * One online session of therapist `therapistId` today at 00:00 in `timeZone`, written into the
 * embedded database of `dataDir` while no server runs on it: a session that has begun at any hour
 * a test runs (the API books no time already past). Its client's note is sealed with `dataKey`,
 * the server's DATA_KEY. Plain SQL, so the browser tests' types need none of the server's.
 */
export async function seedTherapistSession(
  dataDir: string,
  options: { timeZone: string; dataKey: string; therapistId: number; client: string; note: string },
): Promise<number> {
  const db = await openDatabase({ dataDir, databaseUrl: undefined });
  try {
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO bookings (therapist_id, service_id, booking_date, booking_time_slot_start, booking_time_slot_end,
         booking_type, payment_status, client_full_name, client_email, client_mobile, client_note, terms_accepted,
         amount_paise)
       VALUES ($1, 1, $2, '00:00', '00:45', 'ONLINE', 'COMPLETED', $3, 'e2e.therapist.client@example.com',
         '9876543210', $4, true, 150000)
       RETURNING id`,
      [
        options.therapistId,
        todayIn(options.timeZone),
        options.client,
        createNoteCipher(options.dataKey).seal(options.note),
      ],
    );
    return rows[0]!.id;
  } finally {
    await db.close();
  }
}
