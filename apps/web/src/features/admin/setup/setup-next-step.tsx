import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'wouter';
import { useFetch } from '../../../lib/use-fetch';
import { useAdminSession } from '../admin-session';
import { BookingPageLive } from './booking-page-live';
import { fetchSetupStatus } from './setup-api';
import { nextStep, SETUP_STEPS, type SetupStep, useSetupVersion } from './setup-steps';
import './setup.css';

/**
 * On a set-up screen (profile, centres, services, therapists, schedule) of a clinic still being set
 * up: once a save here has done this screen's step, the next step's screen opens (one click fewer
 * each, decision 065), and its link stays here meanwhile; when the last needed step is done,
 * "Your booking page is live". A clinic already set up when the screen opened sees nothing.
 */
export function SetupNextStep({ step }: { step: SetupStep['key'] }) {
  const version = useSetupVersion((state) => state.version);
  const superadmin = Boolean(useAdminSession((state) => state.user?.is_superadmin));
  const status = useFetch('admin-setup-status', fetchSetupStatus, { version });
  const settingUp = useRef<boolean | null>(null);
  // This screen's step as it was on arriving: only a save that does it leads on.
  const stepWasDone = useRef<boolean | null>(null);
  const openedAt = useRef(version);
  const [, navigate] = useLocation();
  const data = status.status === 'success' && superadmin ? status.data : null;
  if (data) {
    settingUp.current ??= !data.complete || data.therapists_with_photo === 0;
    stepWasDone.current ??= SETUP_STEPS.find((item) => item.key === step)?.done(data) ?? true;
  }
  const next = data ? nextStep(data) : undefined;
  const leadOn =
    data !== null &&
    !status.refreshing &&
    settingUp.current === true &&
    stepWasDone.current === false &&
    version > openedAt.current;
  const target = leadOn && next && next.key !== step && !next.optional ? next.href(data) : null;
  useEffect(() => {
    if (target) navigate(target);
  }, [target, navigate]);

  if (!data || !settingUp.current) return null;
  if (next?.key === step) return null;
  if (!next || next.optional) return <BookingPageLive status={data} />;
  return (
    <p className="setup-next" role="status">
      <span>Next: {next.next}.</span>{' '}
      <Link href={next.href(data)} className="button button--primary admin-button--small">
        {next.label}
      </Link>
    </p>
  );
}
