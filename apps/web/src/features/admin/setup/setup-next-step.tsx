import { useRef } from 'react';
import { Link } from 'wouter';
import { useFetch } from '../../../lib/use-fetch';
import { useAdminSession } from '../admin-session';
import { BookingPageLive } from './booking-page-live';
import { fetchSetupStatus } from './setup-api';
import { nextStep, type SetupStep, useSetupVersion } from './setup-steps';
import './setup.css';

/**
 * On a set-up screen (profile, centres, services, therapists, schedule) of a clinic still being set
 * up: once this screen's step is done, what comes next, linked; when the last needed step is done,
 * "Your booking page is live". A clinic already set up when the screen opened sees nothing.
 */
export function SetupNextStep({ step }: { step: SetupStep['key'] }) {
  const version = useSetupVersion((state) => state.version);
  const superadmin = Boolean(useAdminSession((state) => state.user?.is_superadmin));
  const status = useFetch('admin-setup-status', fetchSetupStatus, { version });
  const settingUp = useRef<boolean | null>(null);
  if (status.status !== 'success' || !superadmin) return null;
  settingUp.current ??= !status.data.complete || status.data.therapists_with_photo === 0;
  if (!settingUp.current) return null;
  const next = nextStep(status.data);
  if (next?.key === step) return null;
  if (!next || next.optional) return <BookingPageLive status={status.data} />;
  return (
    <p className="setup-next" role="status">
      <span>Next: {next.next}.</span>{' '}
      <Link href={next.href(status.data)} className="button button--primary admin-button--small">
        {next.label}
      </Link>
    </p>
  );
}
