import type { ReactNode } from 'react';
import { Button } from '../../components/button';
import { PageLoading } from '../../components/page-loading';
import { LoadError, StatePanel } from '../../components/state-panel';
import { useStepsCatalogue } from '../../i18n/steps-area';
import { useT } from '../../i18n/use-t';
import { stepNumberOf } from '../../kit/booking/booking-steps';
import { useBookingDraft } from '../../lib/booking-draft-store';
import { loadServices, loadTherapists, SERVICES, THERAPISTS } from '../../lib/catalog-api';
import { useFetch } from '../../lib/use-fetch';
import { BOOKING_MESSAGES } from './booking-messages';
import { matchesChoice } from './single-choices';
import { STEP_HEADING_ID, StepActions, StepHeading } from './step-heading';
import { useGoToStep } from './step-navigation';
import { TherapistCard } from './therapist-card';
import './therapist-step.css';

export function TherapistStep() {
  const bookingType = useBookingDraft((state) => state.bookingType);
  const selectedLocation = useBookingDraft((state) => state.selectedLocation);
  const selectedTherapist = useBookingDraft((state) => state.selectedTherapist);
  const chooseTherapist = useBookingDraft((state) => state.chooseTherapist);
  const goToStep = useGoToStep();
  const { t, locale } = useT();
  useStepsCatalogue(locale);
  const ready = bookingType === 'online' || (bookingType === 'offline' && selectedLocation !== null);
  const therapists = useFetch(ready ? THERAPISTS : null, loadTherapists, { cached: true });
  // Services only label the cards: without them the list still works.
  const services = useFetch(ready ? SERVICES : null, loadServices, { cached: true });

  const backStep = bookingType === 'offline' ? stepNumberOf('offline', 'location') : 1;
  const back = (
    <Button variant="secondary" onClick={() => goToStep(backStep)}>
      {t('booking.back')}
    </Button>
  );

  const shell = (body: ReactNode) => (
    <section aria-labelledby={STEP_HEADING_ID}>
      <StepHeading lead={t('booking.therapist.lead')}>{t('booking.therapist.heading')}</StepHeading>
      {body}
      <StepActions>{back}</StepActions>
    </section>
  );

  if (!bookingType) {
    return shell(
      <StatePanel title={t('booking.therapist.noType.title')}>
        <p>{t('booking.therapist.noType.text')}</p>
      </StatePanel>,
    );
  }
  if (bookingType === 'offline' && !selectedLocation) {
    return shell(
      <StatePanel title={t('booking.therapist.noLocation.title')}>
        <p>{t('booking.therapist.noLocation.text')}</p>
      </StatePanel>,
    );
  }
  if (therapists.status === 'loading' || (services.status === 'loading' && therapists.status === 'success')) {
    return shell(<PageLoading label={t('booking.therapist.loading')} />);
  }
  if (therapists.status === 'error') {
    return shell(<LoadError message={t(BOOKING_MESSAGES.therapistsFailed)} onRetry={therapists.retry} />);
  }

  const matching = therapists.data.filter((therapist) =>
    matchesChoice(therapist, bookingType, selectedLocation?.id),
  );
  if (matching.length === 0) {
    return shell(
      <StatePanel title={t('booking.therapist.none.title')}>
        <p>
          {t(bookingType === 'offline' ? 'booking.therapist.none.offline' : 'booking.therapist.none.online')}
        </p>
      </StatePanel>,
    );
  }

  return shell(
    <ul className="therapist-list">
      {matching.map((therapist) => (
        <TherapistCard
          key={therapist.id}
          therapist={therapist}
          services={services.data ?? []}
          selected={selectedTherapist?.id === therapist.id}
          onChoose={(chosen) => {
            chooseTherapist(chosen, services.data ?? []);
            goToStep(stepNumberOf(bookingType, 'date-time'));
          }}
        />
      ))}
    </ul>,
  );
}
