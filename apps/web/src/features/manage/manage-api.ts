import {
  type CancelResult,
  cancelResultSchema,
  type ManageView,
  manageViewSchema,
  type RescheduleRequest,
  type RescheduleResult,
  rescheduleResultSchema,
} from '@therapy/shared/manage-schemas';
import { getJson, postJson } from '../../lib/api-client';

/** The client's manage calls; the token is the whole authority, so it only travels in the path. */
const base = (token: string) => `/api/manage/${encodeURIComponent(token)}`;

export const loadManageView = (token: string, signal?: AbortSignal): Promise<ManageView> =>
  getJson(base(token), signal, manageViewSchema);

/** Cancels the link's session; for a session of a series, `following` cancels every later one too. */
export const cancelManagedBooking = (token: string, scope?: 'this' | 'following'): Promise<CancelResult> =>
  postJson(`${base(token)}/cancel`, scope ? { scope } : {}, cancelResultSchema);

export const rescheduleManagedBooking = (token: string, to: RescheduleRequest): Promise<RescheduleResult> =>
  postJson(`${base(token)}/reschedule`, to, rescheduleResultSchema);
