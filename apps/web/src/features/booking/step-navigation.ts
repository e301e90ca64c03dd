import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { lastStepOf } from '../../kit/booking/booking-steps';
import { useBookingDraft } from '../../lib/booking-draft-store';

/**
 * The current step lives in the draft and in the address (`/book?step=3`), one history entry
 * per step, so the browser's back and forward buttons move between steps.
 */

let headingFocusPending = false;
let paymentRedirectStarted = false;

/** The next step heading to appear takes the focus (it tells screen readers where they are). */
export function requestHeadingFocus(): void {
  headingFocusPending = true;
}

export function takeHeadingFocusRequest(): boolean {
  const pending = headingFocusPending;
  headingFocusPending = false;
  return pending;
}

/** Only a real redirect to the payment page may show the step past the last. */
export function markPaymentRedirect(started: boolean): void {
  paymentRedirectStarted = started;
}

function stepFromSearch(search: string): number | null {
  const value = new URLSearchParams(search).get('step');
  const step = value === null ? Number.NaN : Number(value);
  return Number.isInteger(step) ? step : null;
}

function clampStep(step: number): number {
  const last = lastStepOf(useBookingDraft.getState().bookingType);
  return Math.min(Math.max(step, 1), paymentRedirectStarted ? last + 1 : last);
}

export function useGoToStep(): (step: number, options?: { replace?: boolean }) => void {
  const [path, navigate] = useLocation();
  return useCallback(
    (step, { replace = false } = {}) => {
      useBookingDraft.getState().setStep(step);
      requestHeadingFocus();
      navigate(`${path}?step=${step}`, { replace });
    },
    [path, navigate],
  );
}

/** Keeps the draft's step and the address in step, in both directions. */
export function useStepInAddress(): void {
  const search = useSearch();
  const [path, navigate] = useLocation();
  const seenSearch = useRef<string | null>(null);

  useEffect(() => {
    if (seenSearch.current === search) return;
    const firstRun = seenSearch.current === null;
    seenSearch.current = search;
    const { currentStep, setStep } = useBookingDraft.getState();
    const fromAddress = stepFromSearch(search);
    if (firstRun) {
      // Arriving without a step (a link to /book, a reload of /): carry on where the draft is.
      if (fromAddress === null) {
        const step = clampStep(currentStep);
        if (step !== currentStep) setStep(step);
        if (step > 1) navigate(`${path}?step=${step}`, { replace: true });
        return;
      }
    }
    const target = clampStep(fromAddress ?? 1);
    if (target !== currentStep) {
      setStep(target);
      requestHeadingFocus();
    }
    if (fromAddress !== null && fromAddress !== target) navigate(`${path}?step=${target}`, { replace: true });
  }, [search, path, navigate]);

  // Coming back from the payment page through the back/forward cache shows the payment step
  // again rather than a redirect that will not happen.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted || !paymentRedirectStarted) return;
      paymentRedirectStarted = false;
      const { bookingType, setStep } = useBookingDraft.getState();
      const last = lastStepOf(bookingType);
      setStep(last);
      navigate(`${window.location.pathname}?step=${last}`, { replace: true });
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [navigate]);
}
