import type { AdminBooking } from '@therapy/shared/admin-schemas';
import type { AuditEntry } from '@therapy/shared/audit-schemas';
import { bookSlot, lookUpPayment, type OpenSlot, payOnSandbox } from '../fault-tests/visitor-client.ts';

/**
 * A clinic's day over real HTTP while a backup is taken (features/backup): visitors book with a
 * note of their own; online ones pay on the sandbox page, in-person ones at the front desk (an
 * admin records the payment: an audit entry and a centre payment).
 */

export type ClinicVisit = {
  index: number;
  note: string;
  bookingId?: number;
  /** Every step of the visit has been answered: what the server said is final. */
  settled: boolean;
  problem?: string;
};

export async function signInOver(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: email, password }).toString(),
  });
  if (!response.ok) throw new Error(`sign-in: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

export async function adminCall<T>(
  baseUrl: string,
  token: string,
  route: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${baseUrl}${route}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${route}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The whole audit log, page by page (newest first). */
export async function readAuditLog(baseUrl: string, token: string): Promise<AuditEntry[]> {
  const entries: AuditEntry[] = [];
  let cursor: string | null | undefined;
  for (let page = 0; page < 1000; page++) {
    const query = `/api/admin/audit-log?limit=100${cursor ? `&cursor=${cursor}` : ''}`;
    const answer = await adminCall<{ items: AuditEntry[]; next_cursor: string | null }>(
      baseUrl,
      token,
      query,
    );
    entries.push(...answer.items);
    cursor = answer.next_cursor;
    if (!cursor) return entries;
  }
  throw new Error('the audit log did not end in 1000 pages');
}

export const readBooking = (baseUrl: string, token: string, id: number) =>
  adminCall<AdminBooking>(baseUrl, token, `/api/admin/bookings/${id}`);

async function visit(baseUrl: string, token: string, slot: OpenSlot, record: ClinicVisit) {
  const email = `backup-${record.index}@example.com`;
  const booked = await bookSlot(baseUrl, slot, email, { client_note: record.note });
  if (booked.status !== 201) throw new Error(`booking: ${booked.status} ${JSON.stringify(booked.body)}`);
  const bookingId = booked.body.booking_id as number;
  record.bookingId = bookingId;
  if (slot.locationId === null) {
    const looked = await lookUpPayment(baseUrl, await payOnSandbox(baseUrl, bookingId, email));
    if (looked.body.status !== 'confirmed')
      throw new Error(`payment look-up: ${JSON.stringify(looked.body)}`);
  } else {
    await adminCall(baseUrl, token, `/api/admin/bookings/${bookingId}/payments`, { method: 'cash' });
  }
  record.settled = true;
}

/** `visitors` at a time, a short pause between two visits, until stopped or out of slots. */
export function startClinicDay(baseUrl: string, token: string, slots: OpenSlot[], visitors = 4) {
  const records: ClinicVisit[] = [];
  let next = 0;
  let stopped = false;
  async function visitor() {
    while (!stopped && next < slots.length) {
      const index = next++;
      const record: ClinicVisit = {
        index,
        note: `Note ${index}: "worried", नींद कम\nsecond line`,
        settled: false,
      };
      records.push(record);
      await visit(baseUrl, token, slots[index]!, record).catch((error: unknown) => {
        record.problem = String(error);
      });
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
  }
  const done = Promise.all(Array.from({ length: visitors }, visitor));
  return {
    records,
    settled: () => records.filter((record) => record.settled),
    problems: () => records.filter((record) => record.problem).map((record) => record.problem),
    async stop() {
      stopped = true;
      await done;
    },
  };
}
