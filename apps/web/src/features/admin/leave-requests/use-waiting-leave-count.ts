import { useFetch } from '../../../lib/use-fetch';
import { useLiveVersion } from '../../../lib/use-live-version';
import { fetchLeaveRequests } from './leave-requests-api';

/** How many leave requests wait for a superadmin (the sidebar's badge); 0 while unknown or for others. */
export function useWaitingLeaveCount(superadmin: boolean): number {
  const live = useLiveVersion();
  const answer = useFetch(
    superadmin ? 'admin-leave-requests-waiting' : null,
    (signal) => fetchLeaveRequests('requested', { limit: 1 }, signal),
    { version: live, keepPrevious: true },
  );
  return answer.status === 'success' ? answer.data.requested_count : 0;
}
