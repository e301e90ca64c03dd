import { STATUS_BADGES, STATUS_MEANINGS } from '@therapy/shared/booking-badges';
import { PAYMENT_STATUSES } from '@therapy/shared/booking-states';

/**
 * Beside the status filter: what each of its states means, in the status page's words
 * ('Pending: Confirmed — pay at the centre'), issue 31.
 */
export function StatusMeanings() {
  return (
    <details className="admin-filters__meanings">
      <summary>What the statuses mean</summary>
      <dl>
        {PAYMENT_STATUSES.map((status) => (
          <div key={status}>
            <dt>{STATUS_BADGES[status].label}</dt>
            <dd>{STATUS_MEANINGS[status]}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
