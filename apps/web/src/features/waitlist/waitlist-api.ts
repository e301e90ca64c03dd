import type {
  WaitlistClaim,
  WaitlistJoin,
  WaitlistJoined,
  WaitlistOffer,
} from '@therapy/shared/waitlist-schemas';
import { getJson, postJson } from '../../lib/api-client';

/** The public waitlist calls (decision 041). */
export const joinWaitlist = (join: WaitlistJoin) => postJson<WaitlistJoined>('/api/waitlist', join);

export const loadOffer = (token: string, signal?: AbortSignal) =>
  getJson<WaitlistOffer>(`/api/waitlist/offers/${encodeURIComponent(token)}`, signal);

export const claimOffer = (token: string) =>
  postJson<WaitlistClaim>(`/api/waitlist/offers/${encodeURIComponent(token)}/claim`, {});
