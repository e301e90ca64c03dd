import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Trans, useT } from '../../i18n/use-t';
import {
  emailForRetry,
  returnToDateStep,
  TRY_AGAIN_MESSAGES,
  tryPaymentAgain,
} from '../../kit/booking/try-payment-again';
import { useBookingDraft } from '../../lib/booking-draft-store';
import { clinicPhoneOf, telHref, useClinicProfile } from '../../lib/clinic';

type Props = {
  /** The online booking whose payment failed or was left, when it may be paid again. */
  unpaidBookingId: number | undefined;
};

/**
 * What a visitor whose payment did not go through can do: pay again for the same booking while
 * its slot can be held, else choose another time with the other choices kept; or call the clinic.
 */
export function FailedPaymentHelp({ unpaidBookingId }: Props) {
  const { t } = useT();
  const [, navigate] = useLocation();
  const email = useBookingDraft((draft) =>
    unpaidBookingId === undefined ? null : emailForRetry(draft, unpaidBookingId),
  );
  const [busy, setBusy] = useState(false);
  // The server's words, or null for ours (translated as it is shown).
  const [problem, setProblem] = useState<{ message: string | null; chooseAgain: boolean } | null>(null);
  const problemText = problem && (problem.message ?? t(TRY_AGAIN_MESSAGES.unexpected));

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
          {problemText}
        </p>
      )}
      <ClinicPhone />
      <div className="status-card__actions">
        {canPayAgain && (
          <button type="button" className="button button--primary" onClick={payAgain} disabled={busy}>
            {busy ? t('payment.tryAgain.opening') : t('payment.tryAgain.button')}
          </button>
        )}
        <button
          type="button"
          className={`button ${canPayAgain ? 'button--secondary' : 'button--primary'}`}
          onClick={() => navigate(returnToDateStep(problem?.chooseAgain ? problemText : null))}
        >
          {t('payment.chooseAnotherTime')}
        </button>
        <Link href="/" className="button button--secondary">
          {t('common.notFound.home')}
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
      <Trans
        id="payment.needHelp"
        values={{ phone }}
        components={{
          // biome-ignore lint/a11y/useAnchorContent: Trans fills in the number
          0: <a href={telHref(phone)} className="tabular-nums" />,
        }}
      />
    </p>
  );
}
