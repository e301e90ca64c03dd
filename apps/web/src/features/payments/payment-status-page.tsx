import { type RefObject, useEffect, useRef } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { resetBookingDraft } from '../../lib/booking-draft-store';
import { useDocumentTitle } from '../../lib/use-document-title';
import { BookingConfirmedDetails } from './booking-confirmed';
import { ClinicPhone, FailedPaymentHelp } from './failed-payment-help';
import { ManageLinkNote } from './manage-link';
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
          <ManageLinkNote url={state.booking.manage_url} />
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
  return (
    <div className="card status-card status-card--failed" role="alert">
      <span className="status-card__icon" aria-hidden="true">
        ✕
      </span>
      <h2 className="status-card__title" ref={headingRef} tabIndex={-1}>
        {failure.title}
      </h2>
      <p className="status-card__lead">{failure.message}</p>
      {failure.detail && <p className="muted">{failure.detail}</p>}
      {failure.paymentId && (
        <p>
          Payment ID: <span className="summary__code">{failure.paymentId}</span>
        </p>
      )}
      {failure.retryable ? (
        <p className="muted">
          We could not check your booking just now. If you paid, your payment is safe: check again in a
          moment. If you need help, contact us and mention the payment ID.
        </p>
      ) : failure.confirmationFailed ? (
        <p className="muted">
          If you paid, your payment is safe: please do not book or pay again. Call us and mention the payment
          ID, and we will confirm your booking.
        </p>
      ) : (
        <p className="muted">
          You can try again from the booking page. If you need help, contact us and mention the payment ID.
        </p>
      )}
      {failure.retryable ? (
        <div className="status-card__actions">
          <button type="button" className="button button--primary" onClick={checkAgain}>
            Check Again
          </button>
          <Link href="/" className="button button--secondary">
            Go to Home Page
          </Link>
        </div>
      ) : failure.confirmationFailed ? (
        <>
          <ClinicPhone />
          <div className="status-card__actions">
            <Link href="/" className="button button--primary">
              Go to Home Page
            </Link>
          </div>
        </>
      ) : (
        <FailedPaymentHelp unpaidBookingId={failure.unpaidBookingId} />
      )}
    </div>
  );
}

function titleOf(state: LookupState): string {
  if (state.kind === 'confirmed') return 'Booking Confirmed!';
  if (state.kind === 'failed') return state.title;
  return 'Payment Status';
}
