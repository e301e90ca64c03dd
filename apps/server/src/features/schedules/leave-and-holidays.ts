import { addDays } from '@therapy/shared/clinic-time';
import {
  type Holiday,
  type HolidayRequest,
  MAX_TIME_OFF_DAYS,
  SCHEDULE_LIST_LIMIT,
  type TimeOff,
  type TimeOffRequest,
} from '@therapy/shared/schedule-schemas';
import type { Queryable } from '../../db/database.ts';
import { badRequest, conflict } from '../../http/app-error.ts';

/** Leave (whole days, both dates included) and clinic holidays: their rows and rules. */

const timeOffColumns = `id, therapist_id, to_char(from_date, 'YYYY-MM-DD') AS "from",
  to_char(to_date, 'YYYY-MM-DD') AS "to", reason`;
const holidayColumns = `id, to_char(holiday_date, 'YYYY-MM-DD') AS date, name`;

/** A period of leave: its last day not before its first, at most MAX_TIME_OFF_DAYS (a year) long. */
export function checkLeavePeriod(request: { from: string; to: string }): void {
  if (request.to < request.from) throw badRequest('to: the last day of leave must not be before from.');
  if (request.to > addDays(request.from, MAX_TIME_OFF_DAYS - 1)) {
    throw badRequest(`to: leave may last at most ${MAX_TIME_OFF_DAYS} days at once.`);
  }
}

/** Writes a therapist's leave: the one writer of time_off (a superadmin's, an approved request's). */
export async function addTimeOff(
  db: Queryable,
  therapistId: number,
  request: TimeOffRequest,
): Promise<TimeOff> {
  checkLeavePeriod(request);
  const { rows } = await db.query<TimeOff>(
    `INSERT INTO time_off (therapist_id, from_date, to_date, reason) VALUES ($1, $2, $3, $4)
     RETURNING ${timeOffColumns}`,
    [therapistId, request.from, request.to, request.reason.trim()],
  );
  return rows[0]!;
}

/** Removes one leave period of that therapist; undefined when there is none of that id. */
export async function deleteTimeOff(
  db: Queryable,
  therapistId: number,
  timeOffId: number,
): Promise<TimeOff | undefined> {
  const { rows } = await db.query<TimeOff>(
    `DELETE FROM time_off WHERE id = $1 AND therapist_id = $2 RETURNING ${timeOffColumns}`,
    [timeOffId, therapistId],
  );
  return rows[0];
}

/** Leave not over by `today`, soonest first (bounded). */
export async function listTimeOff(db: Queryable, therapistId: number, today: string): Promise<TimeOff[]> {
  const { rows } = await db.query<TimeOff>(
    `SELECT ${timeOffColumns} FROM time_off WHERE therapist_id = $1 AND to_date >= $2::date
     ORDER BY from_date, id LIMIT $3`,
    [therapistId, today, SCHEDULE_LIST_LIMIT],
  );
  return rows;
}

export async function addHoliday(db: Queryable, request: HolidayRequest): Promise<Holiday> {
  if (!request.name.trim()) throw badRequest('name: the holiday needs a name.');
  const { rows } = await db.query<Holiday>(
    `INSERT INTO holidays (holiday_date, name) VALUES ($1, $2)
     ON CONFLICT (holiday_date) DO NOTHING RETURNING ${holidayColumns}`,
    [request.date, request.name.trim()],
  );
  if (!rows[0]) throw conflict(`date: ${request.date} is already a holiday.`);
  return rows[0];
}

export async function deleteHoliday(db: Queryable, id: number): Promise<Holiday | undefined> {
  const { rows } = await db.query<Holiday>(`DELETE FROM holidays WHERE id = $1 RETURNING ${holidayColumns}`, [
    id,
  ]);
  return rows[0];
}

/** Holidays from a year before `today` on, by date (bounded). */
export async function listHolidays(db: Queryable, today: string): Promise<Holiday[]> {
  const { rows } = await db.query<Holiday>(
    `SELECT ${holidayColumns} FROM holidays WHERE holiday_date >= $1::date
     ORDER BY holiday_date LIMIT $2`,
    [addDays(today, -365), SCHEDULE_LIST_LIMIT],
  );
  return rows;
}
