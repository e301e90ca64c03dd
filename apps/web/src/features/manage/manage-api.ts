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

export const cancelManagedBooking = (token: string): Promise<CancelResult> =>
  postJson(`${base(token)}/cancel`, {}, cancelResultSchema);

export const rescheduleManagedBooking = (token: string, to: RescheduleRequest): Promise<RescheduleResult> =>
  postJson(`${base(token)}/reschedule`, to, rescheduleResultSchema);
