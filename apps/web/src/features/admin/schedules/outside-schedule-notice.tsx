import { Link } from 'wouter';
import { useFetch } from '../../../lib/use-fetch';
import { fetchOutsideSchedule } from './schedule-api';

const fetchCount = (signal?: AbortSignal) => fetchOutsideSchedule(1, null, signal);

/**
 * On the dashboard while any booking falls outside its therapist's schedule: how many, and the
 * way to the list. One small call; when it fails the dashboard simply goes without the notice.
 */
export function OutsideScheduleNotice({ version }: { version: number }) {
  const answer = useFetch('outside-schedule-count', fetchCount, { version });
  const count = answer.data ? Math.max(answer.data.total, answer.data.items.length) : 0;
  if (count === 0) return null;
  return (
    <section className="admin-alert admin-alert--warning" aria-labelledby="outside-schedule-heading">
      <h2 id="outside-schedule-heading" className="admin-refunds__title">
        {count === 1 ? '1 booking falls' : `${count} bookings fall`} outside the schedules
      </h2>
      <p>
        A schedule, leave or holiday changed after they were booked. They stay booked.{' '}
        <Link href="/admin/outside-schedule">See them with the clients’ contact</Link>
      </p>
    </section>
  );
}
