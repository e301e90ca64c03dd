import { addDays } from '@therapy/shared/clinic-time';
import { RARE_SURNAME } from './scale-data.ts';
import { targets } from './targets.ts';

/** One call of the scale bench: what a screen asks, as it asks it. */
export type ScaleCall = { name: string; url: string; headers: Record<string, string> };
export type CallTiming = {
  name: string;
  medianMs: number;
  p95Ms: number;
  p99Ms: number;
  bytes: number;
  ok: boolean;
  error?: string;
};

const RUNS = 30;
const WARM_UP = 3;
const TIMEOUT_MS = 15_000;
// An answer past this is recorded as too big and not read further: far over the 1 MB target, and
// before the fix some answers were 100 MB.
const READ_CAP_BYTES = 8_000_000;

/** The cursor of the page after the first, as a screen's Next button sends it; none when the list has one page. */
async function nextCursorOf(url: string, headers: Record<string, string>): Promise<string | undefined> {
  const response = await fetch(url, { headers, signal: AbortSignal.timeout(TIMEOUT_MS) }).catch(
    () => undefined,
  );
  if (!response?.ok) return undefined;
  const page = (await response.json().catch(() => ({}))) as { next_cursor?: unknown };
  return typeof page.next_cursor === 'string' ? page.next_cursor : undefined;
}

/** The answer's size in bytes, reading at most READ_CAP_BYTES of it. */
async function readCapped(response: Response): Promise<{ bytes: number; tooBig: boolean; text: string }> {
  const reader = response.body?.getReader();
  let bytes = 0;
  const head: Uint8Array[] = [];
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    if (head.length < 1) head.push(value);
    if (bytes > READ_CAP_BYTES) {
      await reader.cancel();
      return { bytes, tooBig: true, text: '' };
    }
  }
  return { bytes, tooBig: false, text: Buffer.concat(head).toString().slice(0, 120) };
}

/** The calls of the admin screens (dashboard, calendar, clients, patients, income, reports, audit) and the public reads. */
export async function scaleCalls(base: string, token: string, today: string): Promise<ScaleCall[]> {
  const admin = { authorization: `Bearer ${token}` };
  const month = today.slice(0, 7);
  const monthStart = `${month}-01`;
  // A grid of six weeks around the month, as the calendar asks.
  const gridFrom = addDays(monthStart, -new Date(`${monthStart}T00:00:00Z`).getUTCDay());
  const gridTo = addDays(gridFrom, 41);
  // Deep pages: a cursor in the middle of the history, as after thousands of Next presses.
  const middleDate = addDays(today, -365);
  const deepBookingId = 500_000;
  const [year, monthNumber] = month.split('-');
  // Issue 29: the owner's overview as its period picker asks (whole months, this one included).
  const nextMonth =
    Number(monthNumber) === 12
      ? `${Number(year) + 1}-01-01`
      : `${year}-${String(Number(monthNumber) + 1).padStart(2, '0')}-01`;
  const monthEnd = addDays(nextMonth, -1);
  const twelveStart = `${Number(nextMonth.slice(0, 4)) - 1}${nextMonth.slice(4)}`;
  const calls: [string, string, boolean][] = [
    ['dashboard: therapists', '/api/admin/therapists', true],
    ['dashboard: all bookings, page 1', '/api/admin/bookings?limit=10', true],
    ['dashboard: all bookings, a deep page', `/api/admin/bookings?limit=10&cursor=${deepBookingId}`, true],
    ['dashboard: all bookings, search "sharma"', '/api/admin/bookings?limit=10&q=sharma', true],
    [
      'dashboard: all bookings, one therapist, one month',
      `/api/admin/bookings?limit=10&therapist_id=5&from=${monthStart}&to=${gridTo}`,
      true,
    ],
    ["dashboard: a therapist's bookings, page 1", '/api/admin/therapists/5/bookings?limit=10', true],
    [
      "dashboard: a therapist's bookings, a deep page",
      `/api/admin/therapists/5/bookings?limit=10&cursor=${middleDate}~12:00:00~2147483647`,
      true,
    ],
    ["dashboard: a therapist's day", `/api/admin/therapists/5/slots?date=${today}`, true],
    ['dashboard: refund notice', '/api/admin/bookings?limit=10&needs_refund=true', true],
    // Issue 30: the dashboard's notice asks for one booking and the count; the page for its first 20 (OUTSIDE_PAGE_SIZE).
    ['dashboard: outside-schedule notice', '/api/admin/bookings/outside-schedule?limit=1', true],
    ['outside schedule: page 1', '/api/admin/bookings/outside-schedule?limit=20', true],
    ['calendar: month', `/api/admin/calendar?from=${gridFrom}&to=${gridTo}`, true],
    ['calendar: a day', `/api/admin/calendar/day?date=${today}`, true],
    ['clients: page 1', '/api/admin/clients-with-therapists?limit=10', true],
    [
      'clients: one name',
      `/api/admin/clients-with-therapists?limit=10&name=${encodeURIComponent('Anita Sharma')}`,
      true,
    ],
    ['patients: every client, page 1', '/api/admin/search-clients?limit=50', true],
    ['patients: common term "sharma"', '/api/admin/search-clients?limit=50&name=sharma', true],
    ['patients: rare term "client199999"', '/api/admin/search-clients?limit=50&name=client199999', true],
    [
      `patients: rare name "${RARE_SURNAME.toLowerCase()}"`,
      `/api/admin/search-clients?limit=50&name=${RARE_SURNAME.toLowerCase()}`,
      true,
    ],
    ['patients: one letter "a"', '/api/admin/search-clients?limit=50&name=a', true],
    ['income: page 1 and totals', '/api/admin/income?limit=10', true],
    [
      'income: a deep page and totals',
      `/api/admin/income?limit=10&cursor=${middleDate}~12:00:00~2147483647`,
      true,
    ],
    ['reports: inventory', '/api/admin/reports/inventory?limit=10', true],
    ['reports: end of day', `/api/admin/reports/eod?report_date=${today}`, true],
    [
      'reports: therapist monthly',
      `/api/admin/reports/therapist-monthly?year=${year}&month=${Number(monthNumber)}`,
      true,
    ],
    ['audit log', '/api/admin/audit-log?limit=50', true],
    ['overview: this month', `/api/admin/overview?from=${monthStart}&to=${monthEnd}`, true],
    ['overview: last 12 months', `/api/admin/overview?from=${twelveStart}&to=${monthEnd}`, true],
    ['overview: a from–to of 366 days', `/api/admin/overview?from=${addDays(today, -365)}&to=${today}`, true],
    [
      'overview: last 12 months as Excel',
      `/api/admin/overview?from=${twelveStart}&to=${monthEnd}&format=xlsx`,
      true,
    ],
    ['public: /therapists', '/therapists', false],
    ['public: /locations', '/locations', false],
    ['public: /services', '/services', false],
    ['public: /availability-slots', '/availability-slots?therapist_id=5', false],
    ['public: /booked-slots', '/booked-slots?therapist_id=5', false],
    ['public: open slots', '/api/open-slots?therapist_id=5', false],
  ];
  const secondPage = await nextCursorOf(`${base}/api/admin/bookings?limit=10`, admin);
  if (secondPage) {
    const url = `/api/admin/bookings?limit=10&cursor=${encodeURIComponent(secondPage)}`;
    calls.splice(2, 0, ['dashboard: all bookings, page 2 (its next_cursor)', url, true]);
  }
  return calls.map(([name, url, isAdmin]) => ({ name, url: `${base}${url}`, headers: isAdmin ? admin : {} }));
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;

/** Runs a call WARM_UP + RUNS times one after another; its median, p95 and answer size against the targets. */
export async function timeCall(call: ScaleCall): Promise<CallTiming> {
  const times: number[] = [];
  let bytes = 0;
  try {
    for (let run = 0; run < WARM_UP + RUNS; run++) {
      const started = performance.now();
      const response = await fetch(call.url, {
        headers: call.headers,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const body = await readCapped(response);
      const elapsed = performance.now() - started;
      bytes = body.bytes;
      if (body.tooBig) throw new Error(`too big: over ${READ_CAP_BYTES.toLocaleString('en-IN')} bytes`);
      if (response.status !== 200) throw new Error(`HTTP ${response.status}: ${body.text}`);
      if (run >= WARM_UP) times.push(elapsed);
      // A call far over its target would hold the run for minutes: a few runs tell enough.
      if (elapsed > 2_000 && times.length >= 3) break;
    }
  } catch (error) {
    return {
      name: call.name,
      medianMs: Number.NaN,
      p95Ms: Number.NaN,
      p99Ms: Number.NaN,
      bytes,
      ok: false,
      error:
        error instanceof Error && error.name === 'TimeoutError'
          ? `timeout (${TIMEOUT_MS / 1000} s)`
          : error instanceof Error
            ? error.message
            : String(error),
    };
  }
  times.sort((a, b) => a - b);
  const medianMs = percentile(times, 0.5);
  const p95Ms = percentile(times, 0.95);
  const p99Ms = percentile(times, 0.99);
  // Issue 29: an overview call (a year's figures and the year before) has its own target, all
  // but its slowest run within 200 ms; every other call the 100 ms median.
  const fastEnough = call.name.startsWith('overview:')
    ? p99Ms <= targets.scale.overviewP99Ms.limit
    : medianMs <= targets.scale.medianMs.limit;
  const ok = fastEnough && bytes <= targets.scale.answerBytes.limit;
  return { name: call.name, medianMs, p95Ms, p99Ms, bytes, ok };
}

/**
 * Issue 30: the outside-schedule calls against the calendar month timed in the same run, a ratio
 * that holds on a busy machine where the 100 ms target does not. Answers how many missed it.
 */
export function outsideScheduleRatios(timings: CallTiming[], log: (line: string) => void): number {
  const month = timings.find((timing) => timing.name === 'calendar: month');
  if (!month?.medianMs) return 0;
  let missed = 0;
  const limit = targets.scale.outsideScheduleVsCalendarMonth;
  for (const timing of timings.filter((each) => each.name.includes('outside'))) {
    const ratio = timing.medianMs / month.medianMs;
    const ok = ratio <= limit.limit;
    if (!ok) missed++;
    log(
      `${ok ? 'ok  ' : 'MISS'} ${timing.name} ÷ calendar: month: ${ratio.toFixed(1)}× (at most ${limit.limit}×)`,
    );
  }
  return missed;
}
