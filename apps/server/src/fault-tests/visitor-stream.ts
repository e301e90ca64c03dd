import { bookSlot, lookUpPayment, type OpenSlot, payOnSandbox } from './visitor-client.ts';

/** What one visitor was told before the server died; only what was told counts as promised. */
export type VisitorRecord = {
  email: string;
  slot: OpenSlot;
  /** Online visitors pay; in-person ones pay at the visit. Some online ones never pay (a hold). */
  paying: boolean;
  /** The 201 of POST /api/bookings. */
  booking?: { id: number; token: string };
  /** The sandbox took the money (its signed redirect to the status page came back). */
  paidRedirect?: URLSearchParams;
  /** The status page said "confirmed". */
  confirmed?: boolean;
  /** An answer no visitor should get (anything but a dropped connection). */
  unexpected?: string;
};

/** A dropped connection: the server process died under the request. */
const isConnectionLost = (error: unknown) => error instanceof TypeError && /fetch failed/.test(error.message);

/**
 * Visitors booking (and paying for) the given slots, `visitors` at a time with a pause between
 * two visits, until stopped or out of slots. Every third online visitor leaves without paying,
 * so its hold stays.
 */
export function startVisitorStream(
  baseUrl: string,
  slots: OpenSlot[],
  { visitors, pauseMs: initialPauseMs }: { visitors: number; pauseMs: number },
) {
  let pauseMs = initialPauseMs;
  const records: VisitorRecord[] = [];
  let next = 0;
  let stopped = false;

  async function visit(record: VisitorRecord) {
    const booked = await bookSlot(baseUrl, record.slot, record.email);
    if (booked.status !== 201) {
      record.unexpected = `booking: ${booked.status} ${JSON.stringify(booked.body)}`;
      return;
    }
    record.booking = {
      id: booked.body.booking_id as number,
      token: booked.body.confirmation_token as string,
    };
    if (!record.paying) return;
    record.paidRedirect = await payOnSandbox(baseUrl, record.booking.id, record.email);
    const looked = await lookUpPayment(baseUrl, record.paidRedirect);
    if (looked.status !== 200 || looked.body.status !== 'confirmed') {
      record.unexpected = `payment look-up: ${looked.status} ${JSON.stringify(looked.body)}`;
      return;
    }
    record.confirmed = true;
  }

  async function visitor() {
    while (!stopped && next < slots.length) {
      const index = next++;
      const slot = slots[index]!;
      const record: VisitorRecord = {
        email: `crash-${index}@example.com`,
        slot,
        paying: slot.locationId === null && index % 3 !== 0,
      };
      records.push(record);
      try {
        await visit(record);
      } catch (error) {
        if (!isConnectionLost(error)) record.unexpected = String(error);
      }
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  }

  const done = Promise.all(Array.from({ length: visitors }, visitor));
  return {
    records,
    acknowledged: () => records.filter((record) => record.booking),
    /** A trickle instead of a rush, while waiting for something slower (the outbox) to start. */
    slowDown(newPauseMs: number) {
      pauseMs = newPauseMs;
    },
    async stop() {
      stopped = true;
      await done;
    },
  };
}

/** Waits until `ready()` holds, checking every 10 ms; fails after `timeoutMs`. */
export async function waitFor(ready: () => boolean | Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await ready())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
