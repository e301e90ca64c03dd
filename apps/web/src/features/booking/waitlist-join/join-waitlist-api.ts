import type { WaitlistJoin, WaitlistJoined } from '@therapy/shared/waitlist-schemas';
import { postJson } from '../../../lib/api-client';

/** POST /api/waitlist: the visitor joins a therapist's line from the date step (decision 041). */
export const joinWaitlist = (join: WaitlistJoin) => postJson<WaitlistJoined>('/api/waitlist', join);
