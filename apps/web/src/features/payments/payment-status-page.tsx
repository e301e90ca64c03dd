import { useEffect, useRef } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { resetBookingDraft } from '../../lib/booking-draft-store';
import { useDocumentTitle } from '../../lib/use-document-title';
import { BookingConfirmedDetails } from './booking-confirmed';
import { FailedPaymentHelp } from './failed-payment-help';
import { type LookupState, useBookingLookup } from './use-booking-lookup';

export function PaymentStatusPage() {
  const { state, checkAgain } = useBookingLookup(useSearch());
  const [, navigate] = useLocation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const title = titleOf(state);
  useDocumentTitle(title);

  useEffect(() => {
    if (state.kind === 'confirmed') resetBookingDraft();
    // The outcome replaces the waiting message: move the reader to it.
    if (state.kind !== 'verifying') headingRef.current?.focus();
  }, [state]);

  return (
    <div className="page-narrow">
      <header className="page-header">
        <h1 className="page-header__eyebrow">Payment Status</h1>
      </header>
      {state.kind === 'verifying' && (
        <div className="card status-card" role="status">
          <span className="spinner" aria-hidden="true" />
          <h2 className="status-card__title">Verifying your booking...</h2>
          <p className="muted">This takes only a moment. Please keep this page open.</p>
        </div>
      )}
      {state.kind === 'confirmed' && (
        <div className="card status-card status-card--success">
          <span className="status-card__icon" aria-hidden="true">
            ✓
          </span>
          <h2 className="status-card__title" ref={headingRef} tabIndex={-1}>
            Booking Confirmed!
          </h2>
          <p className="status-card__lead">
            Thank you. Your session is booked and a confirmation is on its way to your e-mail.
          </p>
          <BookingConfirmedDetails booking={state.booking} paymentId={state.paymentId} />
          <div className="status-card__actions">
            <button
              type="button"
              className="button button--primary"
              onClick={() => {
                resetBookingDraft();
                navigate('/book');
              }}
            >
              Book Another Appointment
            </button>
            <Link href="/" className="button button--secondary">
              Go to Home Page
            </Link>
          </div>
        </div>
      )}
      {state.kind === 'failed' && (
        <div className="card status-card status-card--failed" role="alert">
          <span className="status-card__icon" aria-hidden="true">
            ✕
          </span>
          <h2 className="status-card__title" ref={headingRef} tabIndex={-1}>
            {state.title}
          </h2>
          <p className="status-card__lead">{state.message}</p>
          {state.detail && <p className="muted">{state.detail}</p>}
          {state.paymentId && (
            <p>
              Payment ID: <span className="summary__code">{state.paymentId}</span>
            </p>
          )}
          {state.retryable ? (
            <p className="muted">
              We could not check your booking just now. If you paid, your payment is safe: check again in a
              moment. If you need help, contact us and mention the payment ID.
            </p>
          ) : (
            <p className="muted">
              You can try again from the booking page. If you need help, contact us and mention the payment
              ID.
            </p>
          )}
          {state.retryable ? (
            <div className="status-card__actions">
              <button type="button" className="button button--primary" onClick={checkAgain}>
                Check Again
              </button>
              <Link href="/" className="button button--secondary">
                Go to Home Page
              </Link>
            </div>
          ) : (
            <FailedPaymentHelp unpaidBookingId={state.unpaidBookingId} />
          )}
        </div>
      )}
    </div>
  );
}

function titleOf(state: LookupState): string {
  if (state.kind === 'confirmed') return 'Booking Confirmed!';
  if (state.kind === 'failed') return state.title;
  return 'Payment Status';
}
