import type { WaitlistJoin } from '@therapy/shared/waitlist-schemas';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../db/database.ts';
import { deriveWaitlistKey, offerToken } from '../features/waitlist/offer-token.ts';
import { waitlistSweep } from '../features/waitlist/waitlist-sweep.ts';
import { JWT_SECRET } from './admin-test-kit.ts';

/** Test helpers of the waitlist (decision 041). Apps under test must use JWT_SECRET (the key's root). */

export const WAITLIST_KEY = deriveWaitlistKey(JWT_SECRET);

/** A valid join of demo therapist 1 (online, every day) for tomorrow morning (NOW is 2026-11-22 09:30 IST). */
export function joinPayload(change: Partial<WaitlistJoin> = {}): WaitlistJoin {
  return {
    therapist_id: 1,
    booking_type: 'ONLINE',
    location_id: 0,
    client_full_name: 'Meena Waiting',
    client_email: 'meena@example.com',
    client_mobile: '+91 98765 00001',
    client_age: 34,
    preferred_dates: ['2026-11-23'],
    times_of_day: ['morning'],
    terms_accepted: true,
    ...change,
  };
}

export async function join(app: FastifyInstance, change: Partial<WaitlistJoin> = {}) {
  const response = await app.inject({ method: 'POST', url: '/api/waitlist', payload: joinPayload(change) });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; position: number; expires_on: string };
}

/** The sweep as main.ts runs it, without its rest between passes. */
export const testSweep = (db: Database, onOffered?: () => void) =>
  waitlistSweep(db, {
    clinicTimeZone: 'Asia/Kolkata',
    offerMinutes: 30,
    key: WAITLIST_KEY,
    onOffered,
    minIntervalMs: 0,
  });

export type OfferState = {
  id: number;
  entry_id: number;
  booking_id: number;
  slot: string;
  outcome: string;
  token: string;
};

/** Every offer made to an entry, oldest first, with its link's token. */
export async function offersOf(db: Database, entryId: number): Promise<OfferState[]> {
  const { rows } = await db.query<Omit<OfferState, 'token'> & { salt: string }>(
    `SELECT id, entry_id, booking_id, to_char(slot_date, 'YYYY-MM-DD') || ' ' || to_char(slot_start, 'HH24:MI') AS slot,
       outcome, salt FROM waitlist_offers WHERE entry_id = $1 ORDER BY id`,
    [entryId],
  );
  return rows.map(({ salt, ...row }) => ({ ...row, token: offerToken(WAITLIST_KEY, salt) }));
}
