import type { SetupStatus } from '@therapy/shared/clinic-schemas';
import { useState } from 'react';
import { Link } from 'wouter';
import { useFetch } from '../../../lib/use-fetch';
import { useAdminSession } from '../admin-session';
import { BookingPageLive } from './booking-page-live';
import { fetchSetupStatus } from './setup-api';
import { SETUP_STEPS } from './setup-steps';
import './setup-checklist.css';

// This browser saw the clinic not yet set up: the checklist then ends with "Your booking page is
// live" until dismissed (a demo install, set up from the start, never sees it).
const SEEN_KEY = 'therapy.setup.seen';
const DISMISSED_KEY = 'therapy.setup.live-dismissed';
const stored = (key: string) => {
  try {
    return window.localStorage.getItem(key) === '1';
  } catch {
    return false;
  }
};
const store = (key: string) => {
  try {
    window.localStorage.setItem(key, '1');
  } catch {
    // Private mode: the note shows again next time.
  }
};

/**
 * The fresh install's checklist on the dashboard and the superadmin's overview (where they land): each step ticked when done and linked to exactly
 * its screen (the schedule step to the schedule editor), the photo a step too; once bookings can be
 * taken, "Your booking page is live" with links to it and to a test booking. While it loads, or
 * when it cannot, the dashboard goes on without it.
 */
export function SetupChecklist() {
  const status = useFetch('admin-setup-status', fetchSetupStatus);
  const superadmin = Boolean(useAdminSession((state) => state.user?.is_superadmin));
  const [dismissed, setDismissed] = useState(() => stored(DISMISSED_KEY));
  if (status.status !== 'success') return null;
  const data = status.data;
  if (!data.complete) store(SEEN_KEY);
  else if (dismissed || !stored(SEEN_KEY)) return null;

  return (
    <section className="admin-panel" aria-labelledby="setup-heading">
      <h2 id="setup-heading">Set up the clinic</h2>
      {data.complete && superadmin ? (
        <>
          <BookingPageLive status={data} />
          <button
            type="button"
            className="button button--secondary admin-button--small"
            onClick={() => {
              store(DISMISSED_KEY);
              setDismissed(true);
            }}
          >
            Hide this
          </button>
        </>
      ) : (
        <p className="admin-page__subtitle">
          {superadmin
            ? 'Clients can book once these steps are done.'
            : 'Clients can book once a superadmin has done these steps.'}
        </p>
      )}
      <ol className="setup-checklist__list">
        {SETUP_STEPS.map((step) => (
          <ChecklistItem key={step.key} step={step} data={data} superadmin={superadmin} />
        ))}
      </ol>
    </section>
  );
}

function ChecklistItem(props: {
  step: (typeof SETUP_STEPS)[number];
  data: SetupStatus;
  superadmin: boolean;
}) {
  const { step, data, superadmin } = props;
  const done = step.done(data);
  return (
    <li className={`setup-checklist__item${done ? ' setup-checklist__item--done' : ''}`}>
      <span className="setup-checklist__mark" aria-hidden="true">
        {done ? '✓' : ''}
      </span>
      <span className="setup-checklist__label">
        {step.label}
        {step.optional && <span className="field__optional"> (optional)</span>}
        <span className="visually-hidden">{done ? ': done' : ': to do'}</span>
        {step.count && done && <span className="tabular-nums"> ({String(data[step.count])})</span>}
      </span>
      {superadmin && (
        <Link
          href={step.href(data)}
          className={`button ${done ? 'button--secondary' : 'button--primary'}`}
          aria-label={`${done ? 'Open' : 'Start'}: ${step.label}`}
        >
          {done ? 'Open' : 'Start'}
        </Link>
      )}
    </li>
  );
}
