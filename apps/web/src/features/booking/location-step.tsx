import type { Location } from '@therapy/shared/catalog-schemas';
import { Button } from '../../components/button';
import { ChoiceCard } from '../../components/choice-card';
import { PageLoading } from '../../components/page-loading';
import { LoadError, StatePanel } from '../../components/state-panel';
import { useStepsCatalogue } from '../../i18n/steps-area';
import { useT } from '../../i18n/use-t';
import { useBookingDraft } from '../../lib/booking-draft-store';
import { LOCATIONS, loadLocations } from '../../lib/catalog-api';
import { clinicPhoneOf, useClinicProfile } from '../../lib/clinic';
import { useFetch } from '../../lib/use-fetch';
import { BOOKING_MESSAGES } from './booking-messages';
import { STEP_HEADING_ID, StepActions, StepHeading } from './step-heading';
import { useGoToStep } from './step-navigation';
import './location-step.css';

export function LocationStep() {
  const locations = useFetch(LOCATIONS, loadLocations, { cached: true });
  const selectedLocation = useBookingDraft((state) => state.selectedLocation);
  const chooseLocation = useBookingDraft((state) => state.chooseLocation);
  const goToStep = useGoToStep();
  const { t, locale } = useT();
  useStepsCatalogue(locale);
  // The original product lists the locations newest first.
  const shown = locations.data ? [...locations.data].reverse() : [];

  const back = (
    <Button variant="secondary" onClick={() => goToStep(1)}>
      {t('booking.back')}
    </Button>
  );

  return (
    <section aria-labelledby={STEP_HEADING_ID}>
      <StepHeading lead={t('booking.location.lead')}>{t('booking.location.heading')}</StepHeading>
      {locations.status === 'loading' && <PageLoading label={t('booking.location.loading')} />}
      {locations.status === 'error' && (
        <LoadError message={t(BOOKING_MESSAGES.locationsFailed)} onRetry={locations.retry} />
      )}
      {locations.status === 'success' && shown.length === 0 && (
        <StatePanel title={t('booking.location.none.title')}>
          <p>{t('booking.location.none.text')}</p>
        </StatePanel>
      )}
      {shown.length > 0 && (
        <div className="location-grid" role="radiogroup" aria-labelledby={STEP_HEADING_ID}>
          {shown.map((location) => (
            <ChoiceCard
              key={location.id}
              name="location"
              value={String(location.id)}
              checked={selectedLocation?.id === location.id}
              onChoose={() => chooseLocation(location)}
              className="location-card"
            >
              <LocationCardBody location={location} />
            </ChoiceCard>
          ))}
        </div>
      )}
      <StepActions>
        {back}
        <Button disabled={!selectedLocation} onClick={() => goToStep(3)}>
          {t('booking.continue')}
        </Button>
      </StepActions>
    </section>
  );
}

function LocationCardBody({ location }: { location: Location }) {
  // The centre's phone: the clinic's own number (one for every centre), none until it is saved.
  const phone = clinicPhoneOf(useClinicProfile());
  const { t } = useT();
  return (
    <>
      <img
        className="location-card__image"
        src={`/get_location_image/${location.id}.png`}
        alt=""
        width={640}
        height={360}
        loading="lazy"
        decoding="async"
      />
      <span className="location-card__body">
        <span className="choice-card__title">{location.name}</span>
        {location.description && <span className="choice-card__text">{location.description}</span>}
        <span className="location-card__detail">
          <span className="visually-hidden">{t('booking.location.address')}</span>
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21zm0-9a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z" />
          </svg>
          {location.address}
        </span>
        {phone && (
          <span className="location-card__detail tabular-nums">
            <span className="visually-hidden">{t('booking.location.phone')}</span>
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M6.6 10.8a15 15 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1z" />
            </svg>
            {phone}
          </span>
        )}
      </span>
    </>
  );
}
