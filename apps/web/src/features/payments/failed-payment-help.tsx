import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useBookingDraft } from '../../lib/booking-draft-store';
import { clinicPhoneOf, telHref, useClinicProfile } from '../../lib/clinic';
import { emailForRetry, returnToDateStep, tryPaymentAgain } from './try-payment-again';

type Props = {
  /** The online booking whose payment failed or was left, when it may be paid again. */
  unpaidBookingId: number | undefined;
};

/**
 * What a visitor whose payment did not go through can do: pay again for the same booking while
 * its slot can be held, else choose another time with the other choices kept; or call the clinic.
 */
export function FailedPaymentHelp({ unpaidBookingId }: Props) {
  const [, navigate] = useLocation();
  const email = useBookingDraft((draft) =>
    unpaidBookingId === undefined ? null : emailForRetry(draft, unpaidBookingId),
  );
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ message: string; chooseAgain: boolean } | null>(null);

  const payAgain = async () => {
    if (unpaidBookingId === undefined || !email) return;
    setBusy(true);
    const outcome = await tryPaymentAgain(unpaidBookingId, email);
    if (outcome.kind === 'payment-page') {
      window.location.assign(outcome.url);
      return;
    }
    setBusy(false);
    setProblem({ message: outcome.message, chooseAgain: outcome.kind === 'choose-again' });
  };

  const canPayAgain = email !== null && !problem?.chooseAgain;
  return (
    <>
      {problem && (
        <p className="status-card__problem" role="alert">
          {problem.message}
        </p>
      )}
      <ClinicPhone />
      <div className="status-card__actions">
        {canPayAgain && (
          <button type="button" className="button button--primary" onClick={payAgain} disabled={busy}>
            {busy ? 'Opening the payment page...' : 'Try payment again'}
          </button>
        )}
        <button
          type="button"
          className={`button ${canPayAgain ? 'button--secondary' : 'button--primary'}`}
          onClick={() => navigate(returnToDateStep(problem?.chooseAgain ? problem.message : null))}
        >
          Choose another time
        </button>
        <Link href="/" className="button button--secondary">
          Go to Home Page
        </Link>
      </div>
    </>
  );
}

/** The clinic's phone, a link that dials it. */
export function ClinicPhone() {
  const phone = clinicPhoneOf(useClinicProfile());
  if (!phone) return null;
  return (
    <p className="muted">
      Need help? Call us on{' '}
      <a href={telHref(phone)} className="tabular-nums">
        {phone}
      </a>
      .
    </p>
  );
}
