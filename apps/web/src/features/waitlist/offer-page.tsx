import { SESSION_MINUTES } from '@therapy/shared/booking-rules';
import { isAwaitingPayment } from '@therapy/shared/booking-states';
import { zonedNow } from '@therapy/shared/clinic-time';
import type { WaitlistOffer } from '@therapy/shared/waitlist-schemas';
import { useEffect, useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { Button } from '../../components/button';
import { PageLoading } from '../../components/page-loading';
import { LoadError, StatePanel } from '../../components/state-panel';
import { SummaryList, SummaryRow } from '../../components/summary-list';
import englishWaitlist from '../../i18n/en/waitlist.json';
import { activateLocale, registerEnglishArea, useCatalogueArea } from '../../i18n/i18n';
import { hasStoredLocale } from '../../i18n/locale';
import { translateNotice } from '../../i18n/notice';
import { useStepsCatalogue } from '../../i18n/steps-area';
import { useT } from '../../i18n/use-t';
import { tryPaymentAgain } from '../../kit/booking/try-payment-again';
import { ApiError } from '../../lib/api-client';
import { clinicTimeZone } from '../../lib/clinic';
import { useFormat } from '../../lib/format';
import { therapistDisplayName } from '../../lib/therapist-display';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useFetch } from '../../lib/use-fetch';
import { claimOffer, loadOffer } from './waitlist-api';

/**
 * `/waitlist/offer/{token}` (issue 15): the time a waitlist offer holds for the client, and the
 * way to book it: online through the payment page, in person at once. An offer that lapsed or
 * was taken says so plainly, in the visitor's language.
 */
registerEnglishArea('waitlist', englishWaitlist);

export function OfferPage() {
  const { t, locale } = useT();
  useStepsCatalogue(locale);
  useCatalogueArea('waitlist', locale);
  useDocumentTitle(t('waitlist.offer.documentTitle'));
  const { token = '' } = useParams<{ token: string }>();
  const offer = useFetch(`waitlist-offer:${token}`, (signal) => loadOffer(token, signal));

  if (offer.status === 'loading') return <PageLoading label={t('waitlist.offer.loading')} />;
  if (offer.status === 'error') {
    const gone = offer.error instanceof ApiError && [404, 409, 410].includes(offer.error.status);
    if (!gone) return <LoadError message={t('booking.error.unexpected')} onRetry={offer.retry} />;
    return <OfferUnavailable message={(offer.error as ApiError).serverMessage ?? ''} />;
  }
  return <OfferDetails token={token} offer={offer.data} />;
}

function OfferUnavailable({ message }: { message: string }) {
  const { t } = useT();
  return (
    <div className="page-narrow">
      <StatePanel
        tone="error"
        title={t('waitlist.offer.unavailable.title')}
        actions={
          <Link href="/book" className="button button--primary">
            {t('waitlist.offer.bookAnother')}
          </Link>
        }
      >
        <p className="state-panel__message">{message ? translateNotice(t, message) : null}</p>
      </StatePanel>
    </div>
  );
}

function OfferDetails({ token, offer }: { token: string; offer: WaitlistOffer }) {
  const { t, locale } = useT();
  // The link came in an e-mail in the client's language: the page follows it, unless this device
  // has a language chosen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the offer arrives
  useEffect(() => {
    if (!hasStoredLocale() && offer.client_language !== locale) {
      void activateLocale(offer.client_language).catch(() => undefined);
    }
  }, []);
  const format = useFormat();
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const online = offer.booking_type === 'ONLINE';
  const amount = format.rupees(offer.amount);
  // The clinic's wall clock, as every time on these pages.
  const heldUntil = format.time(zonedNow(clinicTimeZone(), new Date(offer.expires_at)).time);

  const book = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const claim = await claimOffer(token);
      if (claim.booking_type === 'ONLINE' && isAwaitingPayment(claim)) {
        const outcome = await tryPaymentAgain(claim.booking_id, claim.client_email);
        if (outcome.kind === 'payment-page') return window.location.assign(outcome.url);
        setFailure(outcome.message ?? 'booking.error.paymentLinkFailed');
      } else {
        const query = new URLSearchParams({
          booking_id: String(claim.booking_id),
          token: claim.confirmation_token,
        });
        return navigate(`/payment-status?${query}`);
      }
    } catch (error) {
      setFailure(
        error instanceof ApiError && error.serverMessage ? error.serverMessage : 'booking.error.unexpected',
      );
    }
    setBusy(false);
  };

  return (
    <div className="page-narrow">
      <header className="page-header">
        <h1>{t('waitlist.offer.title')}</h1>
        <p className="page-header__subtitle">{t('waitlist.offer.lead', { time: heldUntil })}</p>
      </header>
      <SummaryList>
        <SummaryRow term={t('booking.summary.sessionType')}>
          {t(online ? 'booking.summary.online' : 'booking.summary.inPerson')}
        </SummaryRow>
        {!online && (
          <SummaryRow term={t('booking.summary.location')}>
            {offer.location_name}
            {offer.location_address && <span className="summary__sub">{offer.location_address}</span>}
          </SummaryRow>
        )}
        <SummaryRow term={t('booking.summary.therapist')}>
          {therapistDisplayName(offer.therapist_name)}
        </SummaryRow>
        <SummaryRow term={t('booking.summary.date')}>{format.longDate(offer.booking_date)}</SummaryRow>
        <SummaryRow term={t('booking.summary.time')}>{format.time(offer.start_time)}</SummaryRow>
        <SummaryRow term={t('booking.summary.duration')}>
          {t('booking.summary.minutes', { minutes: SESSION_MINUTES })}
        </SummaryRow>
        <SummaryRow term={t('booking.summary.total')} total>
          <span className="tabular-nums">{amount}</span>
        </SummaryRow>
      </SummaryList>
      {!online && <p className="muted">{t('waitlist.offer.payAtCentre', { amount })}</p>}
      {failure && (
        <div className="alert alert--error" role="alert">
          {translateNotice(t, failure)}
        </div>
      )}
      <div className="step-actions">
        <Button busy={busy} busyLabel={t('waitlist.offer.booking')} onClick={book}>
          {online ? t('waitlist.offer.bookOnline', { amount }) : t('waitlist.offer.bookInPerson')}
        </Button>
      </div>
    </div>
  );
}
