import type { BookingConfirmation } from '@therapy/shared/booking-schemas';
import { isPaid } from '@therapy/shared/booking-states';
import { SessionPlaceRow } from '../../components/session-place-row';
import { SummaryList, SummaryRow } from '../../components/summary-list';
import { Trans, useT } from '../../i18n/use-t';
import { useFormat } from '../../lib/format';
import { therapistDisplayName } from '../../lib/therapist-display';
import { manageLinkPath } from './manage-link';

/** The details of a confirmed booking (specification section 2, payment status page). */
export function BookingConfirmedDetails({
  booking,
  paymentId,
}: {
  booking: BookingConfirmation;
  paymentId: string | null;
}) {
  const { t } = useT();
  const { longDate, time, rupees } = useFormat();
  const offline = booking.booking_type === 'OFFLINE';
  const transactionId = booking.payment_transaction_id ?? paymentId;

  return (
    <>
      <SummaryList>
        <SummaryRow term={t('payment.summary.reference')}>
          <span className="tabular-nums">{booking.booking_id}</span>
        </SummaryRow>
        <SummaryRow term={t('payment.summary.status')}>
          {/* The admin's lists say the same of it ('Pending': Confirmed — pay at the centre). */}
          {t(isPaid(booking) ? 'payment.state.paid' : 'payment.state.payAtCentre')}
        </SummaryRow>
        {offline ? (
          <SummaryRow term={t('payment.summary.payment')}>
            <Trans
              id="payment.summary.payAtVisit"
              values={{ amount: rupees(booking.amount) }}
              components={{ 0: <span className="tabular-nums" /> }}
            />
          </SummaryRow>
        ) : (
          <SummaryRow term={t('payment.summary.paymentId')}>
            <span className="summary__code">{transactionId ?? t('payment.summary.notAvailable')}</span>
          </SummaryRow>
        )}
        <SummaryRow term={t('payment.summary.date')}>{longDate(booking.booking_date)}</SummaryRow>
        <SummaryRow term={t('payment.summary.time')}>
          <span className="tabular-nums">
            {time(booking.booking_time_slot_start)} – {time(booking.booking_time_slot_end)}
          </span>
        </SummaryRow>
        <SummaryRow term={t('payment.summary.therapist')}>
          {therapistDisplayName(booking.therapist_name)}
        </SummaryRow>
        <SessionPlaceRow booking={booking} />
      </SummaryList>
      <SeriesSessions booking={booking} />
      <ul className="advice-list">
        {offline ? <li>{t('payment.advice.arriveEarly')}</li> : <li>{t('payment.advice.joinOnline')}</li>}
        {/* With the manage link below, its note says the notice (with the clinic's own hours). */}
        {!manageLinkPath(booking.manage_url) && <li>{t('payment.advice.notice')}</li>}
      </ul>
    </>
  );
}

/** A standing appointment's sessions still booked, in date order (decision 055). */
function SeriesSessions({ booking }: { booking: BookingConfirmation }) {
  const { t } = useT();
  const { longDate, time } = useFormat();
  const sessions = booking.series_sessions ?? [];
  if (sessions.length === 0) return null;
  return (
    <section className="series-sessions" aria-labelledby="series-sessions-title">
      <h3 id="series-sessions-title">{t('payment.series.title')}</h3>
      <p>{t('payment.series.count', { count: sessions.length })}</p>
      <ol className="series-sessions__list">
        {sessions.map((session) => (
          <li key={session.position} className="tabular-nums">
            {t('payment.series.when', {
              date: longDate(session.booking_date),
              time: time(session.booking_time_slot_start),
            })}
          </li>
        ))}
      </ol>
    </section>
  );
}
