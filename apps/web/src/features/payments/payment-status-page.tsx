import { type RefObject, useEffect, useRef } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import type { MessageId } from '../../i18n/catalog';
import englishPayment from '../../i18n/en/payment.json';
import { registerEnglishArea, useCatalogueArea } from '../../i18n/i18n';
import { Trans, useT } from '../../i18n/use-t';
import { resetBookingDraft } from '../../lib/booking-draft-store';
import { useDocumentTitle } from '../../lib/use-document-title';
import { BookingConfirmedDetails } from './booking-confirmed';
import { ClinicPhone, FailedPaymentHelp } from './failed-payment-help';
import { IntakeLinkNote, ManageLinkNote } from './manage-link';
import { type LookupState, useBookingLookup } from './use-booking-lookup';
import './payment-status.css';

// This page's English words come in its own chunk: no further request before it shows.
registerEnglishArea('payment', englishPayment);

export function PaymentStatusPage() {
  const { t, locale } = useT();
  useCatalogueArea('payment', locale);
  const { state, checkAgain } = useBookingLookup(useSearch());
  const [, navigate] = useLocation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useDocumentTitle(t(titleOf(state)));

  useEffect(() => {
    if (state.kind === 'confirmed') resetBookingDraft();
    // The outcome replaces the waiting message: move the reader to it.
    if (state.kind !== 'verifying') headingRef.current?.focus();
  }, [state]);

  return (
    <div className="page-narrow">
      <header className="page-header">
        <h1 className="page-header__eyebrow">{t('payment.title')}</h1>
      </header>
      {state.kind === 'verifying' && (
        <div className="card status-card" role="status">
          <span className="spinner" aria-hidden="true" />
          <h2 className="status-card__title">{t('payment.verifying.title')}</h2>
          <p className="muted">{t('payment.verifying.text')}</p>
        </div>
      )}
      {state.kind === 'confirmed' && (
        <div className="card status-card status-card--success">
          <span className="status-card__icon" aria-hidden="true">
            ✓
          </span>
          <h2 className="status-card__title" ref={headingRef} tabIndex={-1}>
            {t('payment.confirmed.title')}
          </h2>
          <p className="status-card__lead">{t('payment.confirmed.lead')}</p>
          <BookingConfirmedDetails booking={state.booking} paymentId={state.paymentId} />
          <ManageLinkNote url={state.booking.manage_url} />
          <IntakeLinkNote url={state.booking.intake_url} />
          <div className="status-card__actions">
            <button
              type="button"
              className="button button--primary"
              onClick={() => {
                resetBookingDraft();
                navigate('/book');
              }}
            >
              {t('payment.bookAnother')}
            </button>
            <Link href="/" className="button button--secondary">
              {t('common.notFound.home')}
            </Link>
          </div>
        </div>
      )}
      {state.kind === 'failed' && (
        <LookupFailure failure={state} headingRef={headingRef} checkAgain={checkAgain} />
      )}
    </div>
  );
}

type Failure = Extract<LookupState, { kind: 'failed' }>;

/**
 * What went wrong, and what the visitor can do: check again (the server could not answer), call
 * the clinic (the link says paid, or the booking is in person), or pay again / choose a time.
 */
function LookupFailure({
  failure,
  headingRef,
  checkAgain,
}: {
  failure: Failure;
  headingRef: RefObject<HTMLHeadingElement | null>;
  checkAgain: () => void;
}) {
  const { t } = useT();
  return (
    <div className="card status-card status-card--failed" role="alert">
      <span className="status-card__icon" aria-hidden="true">
        ✕
      </span>
      <h2 className="status-card__title" ref={headingRef} tabIndex={-1}>
        {t(failure.title)}
      </h2>
      <p className="status-card__lead">
        {'id' in failure.message ? t(failure.message.id) : failure.message.server}
      </p>
      {failure.detail && <p className="muted">{failure.detail}</p>}
      {failure.paymentId && (
        <p>
          <Trans
            id="payment.failed.paymentId"
            values={{ paymentId: failure.paymentId }}
            components={{ 0: <span className="summary__code" /> }}
          />
        </p>
      )}
      <p className="muted">{t(adviceOf(failure))}</p>
      {failure.retryable ? (
        <div className="status-card__actions">
          <button type="button" className="button button--primary" onClick={checkAgain}>
            {t('payment.checkAgain')}
          </button>
          <Link href="/" className="button button--secondary">
            {t('common.notFound.home')}
          </Link>
        </div>
      ) : failure.confirmationFailed ? (
        <>
          <ClinicPhone />
          <div className="status-card__actions">
            <Link href="/" className="button button--primary">
              {t('common.notFound.home')}
            </Link>
          </div>
        </>
      ) : (
        <FailedPaymentHelp unpaidBookingId={failure.unpaidBookingId} />
      )}
    </div>
  );
}

/** What the visitor can do next, in words: check again, call the clinic, or try again. */
function adviceOf(failure: Failure): MessageId {
  if (failure.retryable) return 'payment.failed.checkLater';
  if (failure.confirmationFailed) return 'payment.failed.callUs';
  return 'payment.failed.tryAgainHint';
}

function titleOf(state: LookupState): MessageId {
  if (state.kind === 'confirmed') return 'payment.confirmed.title';
  if (state.kind === 'failed') return state.title;
  return 'payment.title';
}
