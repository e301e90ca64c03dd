import type { SetupStatus } from '@therapy/shared/clinic-schemas';
import { Link } from 'wouter';
import { BOOKING_PAGE, SETUP_STEPS, TEST_BOOKING } from './setup-steps';

/** The end of the first hour: the booking page is live, with links to it and to a test booking. */
export function BookingPageLive({ status }: { status: SetupStatus }) {
  const photo = SETUP_STEPS.find((step) => step.key === 'photo');
  return (
    <section className="setup-live" aria-labelledby="setup-live-heading">
      <h2 id="setup-live-heading">Your booking page is live</h2>
      <p>Clients can now choose a therapist, a time and book.</p>
      <p className="setup-live__links">
        <a href={BOOKING_PAGE} className="button button--primary" target="_blank" rel="noopener">
          Open your booking page
        </a>
        <a href={TEST_BOOKING} className="button button--secondary" target="_blank" rel="noopener">
          Make a test booking
        </a>
      </p>
      <p className="admin-page__subtitle">
        A test booking shows on the dashboard like any other; cancel it there when done.
      </p>
      {photo && !photo.done(status) && (
        <p>
          Still worth doing: <Link href={photo.href(status)}>{photo.label.toLowerCase()}</Link> — clients
          choose more easily with one.
        </p>
      )}
    </section>
  );
}
