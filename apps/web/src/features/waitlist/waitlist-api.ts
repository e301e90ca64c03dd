import type { WaitlistClaim, WaitlistOffer } from '@therapy/shared/waitlist-schemas';
import { getJson, postJson } from '../../lib/api-client';

/** The waitlist offer's calls (decision 041); joining is the date step's (booking/waitlist-join). */
export const loadOffer = (token: string, signal?: AbortSignal) =>
  getJson<WaitlistOffer>(`/api/waitlist/offers/${encodeURIComponent(token)}`, signal);

export const claimOffer = (token: string) =>
  postJson<WaitlistClaim>(`/api/waitlist/offers/${encodeURIComponent(token)}/claim`, {});
