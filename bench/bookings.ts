import type { BookingPayload } from '@therapy/shared/booking-schemas';
import { addDays, zonedNow } from '@therapy/shared/clinic-time';
import type { SessionSlot } from '@therapy/shared/open-slots';
import autocannon, { type Result } from 'autocannon';
import { round2, withServerCpu } from './measure.ts';
import type { Report } from './report.ts';
import { targets } from './targets.ts';

export const BOOKING_SETTINGS = {
  /** Visitors booking at the same moment. */
  connections: 20,
  /** Bookings made, each for a slot of its own (the demo data has about 880 from tomorrow on). */
  bookings: 400,
};
export const CONTENTION_SETTINGS = {
  /** Visitors pressing "Confirm" for the same slot at the same moment, in each round. */
  requests: 50,
  rounds: 3,
};

const CLINIC_TIME_ZONE = 'Asia/Kolkata'; // the server's default CLINIC_TIMEZONE, which the bench uses

type Therapist = { id: number; type: 1 | 2; locations: number[] };
type Slot = { therapist: Therapist; date: string; start: string /** 0 online */; locationId: number };
type HeldSlot = { booking_date: string; booking_time_slot_start: string };

/**
 * Scenario 2: booking creation. Concurrent bookings of distinct free slots (throughput and
 * latency; every one must succeed), then rounds of many bookings of one slot at once (exactly one
 * 201, the rest 409), then a check that no slot is held twice.
 */
export async function benchBookings(baseUrl: string, report: Report, group: string) {
  const therapists = await getJson<Therapist[]>(baseUrl, '/therapists');
  const heldBefore = await countHeldSlots(baseUrl, therapists);
  const slots = await freeSlots(baseUrl, therapists);
  const contended = slots.splice(0, CONTENTION_SETTINGS.rounds);
  const count = Math.min(BOOKING_SETTINGS.bookings, slots.length);
  if (contended.length < CONTENTION_SETTINGS.rounds || count < BOOKING_SETTINGS.connections) {
    throw new Error(`only ${slots.length + contended.length} free slots in the demo data`);
  }

  const payloads = slots.slice(0, count).map((slot, index) => bookingRequest(slot, index));
  let next = 0;
  // With a fixed amount autocannon stops at its next whole-second tick: time to the last answer.
  const started = performance.now();
  let lastAnswer = started;
  const { result, cpuMs } = await withServerCpu(() =>
    autocannon({
      url: baseUrl,
      connections: BOOKING_SETTINGS.connections,
      amount: count,
      requests: [
        {
          method: 'POST',
          // Called once for every request sent: each visitor takes the next free slot.
          setupRequest: (request) => ({ ...request, ...payloads[next++ % payloads.length]! }),
        },
      ],
    }).on('response', () => {
      lastAnswer = performance.now();
    }),
  );
  const created = statusCount(result, 201);
  const name = `${count} bookings, ${BOOKING_SETTINGS.connections} at once`;
  const perSecond = Math.round(count / ((lastAnswer - started) / 1000));
  report.check(group, `${name}: req/s`, perSecond, targets.bookings.requestsPerSecond);
  report.info(group, '  latency p50 / p97.5', [result.latency.p50, result.latency.p97_5], 'ms');
  report.check(group, '  latency p99', result.latency.p99, targets.bookings.p99);
  report.check(group, '  server CPU per booking', round2(cpuMs / count), targets.bookings.cpuMsPerBooking);
  report.check(group, '  bookings not created', count - created, targets.bookings.notCreated);
  if (created !== count) report.note(group, `    responses: ${describeStatuses(result)}`);

  let cleanRounds = 0;
  let createdInRounds = 0;
  const outcomes: string[] = [];
  for (const [round, slot] of contended.entries()) {
    const contention = await autocannon({
      url: baseUrl,
      connections: CONTENTION_SETTINGS.requests,
      amount: CONTENTION_SETTINGS.requests,
      requests: [
        {
          method: 'POST',
          // Every visitor of the round asks for the same slot, each from an address of its own.
          setupRequest: (request) => ({ ...request, ...bookingRequest(slot, count + round) }),
        },
      ],
    });
    const winners = statusCount(contention, 201);
    const conflicts = statusCount(contention, 409);
    createdInRounds += winners;
    if (winners === 1 && conflicts === CONTENTION_SETTINGS.requests - 1) cleanRounds++;
    outcomes.push(describeStatuses(contention));
  }
  const { rounds, requests } = CONTENTION_SETTINGS;
  report.note(group, `${rounds} rounds of ${requests} bookings of one slot at once:`);
  report.check(
    group,
    `  rounds without exactly one 201 and ${requests - 1} 409`,
    rounds - cleanRounds,
    targets.contention.badRounds,
  );
  if (cleanRounds !== rounds) report.note(group, `    responses by round: ${outcomes.join(' | ')}`);

  // Every booking made holds its own slot: the held slots grew by exactly the bookings made.
  const heldAfter = await countHeldSlots(baseUrl, therapists);
  const expected = heldBefore.total + created + createdInRounds;
  report.check(group, 'slots held twice', heldAfter.duplicates, targets.contention.doubleHeld);
  report.check(
    group,
    'held slots minus bookings made',
    heldAfter.total - expected,
    targets.contention.unaccounted,
  );
}

let visitors = 0;

/**
 * One visitor's booking request, as the wizard sends it, from an address of its own: the bench
 * server trusts X-Forwarded-For (TRUST_PROXY, as behind a reverse proxy), so the per-address
 * limits on booking calls see many visitors, as in real use, and not one client booking 400 times.
 */
function bookingRequest(
  slot: Slot,
  index: number,
): { path: string; headers: Record<string, string>; body: string } {
  const visitor = ++visitors;
  const online = slot.locationId === 0;
  const payload: BookingPayload = {
    therapist_id: slot.therapist.id,
    booking_date: slot.date,
    booking_time_slot_start: slot.start.slice(0, 5),
    client_full_name: `Bench Client ${index}`,
    client_email: `bench-${index}@example.com`,
    client_mobile: String(9_000_000_000 + index),
    client_note: 'Benchmark booking',
    terms_accepted: true,
    booking_type: online ? 'ONLINE' : 'OFFLINE',
    location_id: slot.locationId,
    client_age: 30,
    client_session_type: 'individual',
    client_state: online ? '' : 'Maharashtra',
    client_city: online ? '' : 'Mumbai',
  };
  // The wizard's own calls: online sessions are paid later, in-person ones are confirmed at once.
  return {
    path: online ? '/api/bookings' : '/confirm-booking',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': `10.${(visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}`,
    },
    body: JSON.stringify(payload),
  };
}

/**
 * The free slots as the wizard reads them (GET /api/open-slots), from tomorrow to the day before
 * the window ends (so a run across midnight in the clinic's zone never books a slot that has just
 * passed or left the window), taken round robin across therapists and dates as real visitors spread.
 */
async function freeSlots(baseUrl: string, therapists: Therapist[]): Promise<Slot[]> {
  const today = zonedNow(CLINIC_TIME_ZONE).date;
  const first = addDays(today, 1);
  const last = addDays(today, 13);
  const perTherapist = await Promise.all(
    therapists.map(async (therapist) => {
      const open = await getJson<SessionSlot[]>(
        baseUrl,
        `/api/open-slots?therapist_id=${therapist.id}&from=${first}&to=${last}`,
      );
      return open.map((slot) => ({
        therapist,
        date: slot.date,
        start: slot.start_time,
        locationId: slot.location_id,
      }));
    }),
  );
  const interleaved: Slot[] = [];
  for (let index = 0; perTherapist.some((slots) => index < slots.length); index++) {
    for (const slots of perTherapist) if (index < slots.length) interleaved.push(slots[index]!);
  }
  return interleaved;
}

async function countHeldSlots(baseUrl: string, therapists: Therapist[]) {
  let total = 0;
  let duplicates = 0;
  for (const therapist of therapists) {
    const held = await getJson<HeldSlot[]>(baseUrl, `/booked-slots?therapist_id=${therapist.id}`);
    const keys = new Set(held.map((slot) => `${slot.booking_date} ${slot.booking_time_slot_start}`));
    total += held.length;
    duplicates += held.length - keys.size;
  }
  return { total, duplicates };
}

async function getJson<T>(baseUrl: string, path: string): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`);
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return (await response.json()) as T;
}

function statusCount(result: Result, status: number): number {
  return Number(result.statusCodeStats[String(status)]?.count ?? 0);
}

function describeStatuses(result: Result): string {
  const parts = Object.entries(result.statusCodeStats).map(([status, { count }]) => `${count} x ${status}`);
  if (result.errors) parts.push(`${result.errors} errors`);
  return parts.join(', ') || 'no responses';
}
