import type { SetupStatus } from '@therapy/shared/clinic-schemas';
import { Link } from 'wouter';
import { useFetch } from '../../../lib/use-fetch';
import { useAdminSession } from '../admin-session';
import { fetchSetupStatus } from '../clinic/clinic-api';
import './setup-checklist.css';

type Step = {
  label: string;
  href: string;
  done: (status: SetupStatus) => boolean;
  count?: keyof SetupStatus;
};

/** What a new clinic sets up before the wizard can offer a session, in order, each with its screen. */
const STEPS: Step[] = [
  { label: 'Fill in the clinic profile', href: '/admin/clinic', done: (s) => s.clinic_profile },
  { label: 'Add a centre', href: '/admin/centres', done: (s) => s.locations > 0, count: 'locations' },
  { label: 'Add a service', href: '/admin/services', done: (s) => s.services > 0, count: 'services' },
  { label: 'Add a therapist', href: '/admin/therapists', done: (s) => s.therapists > 0, count: 'therapists' },
  {
    label: 'Give a therapist a weekly schedule',
    href: '/admin/therapists',
    done: (s) => s.therapists_with_schedule > 0,
    count: 'therapists_with_schedule',
  },
];

/**
 * The fresh install's checklist on the dashboard: shown until every step is done (a demo install
 * never sees it), each step ticked when done and linked to the screen that does it. While it
 * loads, or when it cannot, the dashboard goes on without it.
 */
export function SetupChecklist() {
  const status = useFetch('admin-setup-status', fetchSetupStatus);
  const superadmin = Boolean(useAdminSession((state) => state.user?.is_superadmin));
  if (status.status !== 'success' || status.data.complete) return null;
  const data = status.data;

  return (
    <section className="admin-panel" aria-labelledby="setup-heading">
      <h2 id="setup-heading">Set up the clinic</h2>
      <p className="admin-page__subtitle">
        {superadmin
          ? 'Clients can book once these steps are done.'
          : 'Clients can book once a superadmin has done these steps.'}
      </p>
      <ol className="setup-checklist__list">
        {STEPS.map((step) => {
          const done = step.done(data);
          return (
            <li
              key={step.label}
              className={`setup-checklist__item${done ? ' setup-checklist__item--done' : ''}`}
            >
              <span className="setup-checklist__mark" aria-hidden="true">
                {done ? '✓' : ''}
              </span>
              <span className="setup-checklist__label">
                {step.label}
                <span className="visually-hidden">{done ? ': done' : ': to do'}</span>
                {step.count && done && <span className="tabular-nums"> ({String(data[step.count])})</span>}
              </span>
              {superadmin && (
                <Link
                  href={step.href}
                  className="button button--secondary"
                  aria-label={`${done ? 'Open' : 'Start'}: ${step.label}`}
                >
                  {done ? 'Open' : 'Start'}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
