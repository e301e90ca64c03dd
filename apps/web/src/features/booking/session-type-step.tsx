import { useState } from 'react';
import { Button } from '../../components/button';
import { ChoiceCard } from '../../components/choice-card';
import type { MessageId } from '../../i18n/catalog';
import { useT } from '../../i18n/use-t';
import { type BookingMode, useBookingDraft } from '../../lib/booking-draft-store';
import { prefetchCatalogue } from '../../lib/catalog-api';
import { preloadLaterSteps } from './lazy-steps';
import { stepAfterType } from './single-choices';
import { STEP_HEADING_ID, StepActions, StepHeading } from './step-heading';
import { useGoToStep } from './step-navigation';

const OPTIONS: { value: BookingMode; title: MessageId; text: MessageId; icon: string }[] = [
  {
    value: 'online',
    title: 'booking.type.online.title',
    text: 'booking.type.online.text',
    icon: 'M3 7a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2zm13 3 5-3v10l-5-3',
  },
  {
    value: 'offline',
    title: 'booking.type.offline.title',
    text: 'booking.type.offline.text',
    icon: 'M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21zm0-9a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z',
  },
];

export function SessionTypeStep() {
  const bookingType = useBookingDraft((state) => state.bookingType);
  const chooseBookingType = useBookingDraft((state) => state.chooseBookingType);
  const goToStep = useGoToStep();
  const { t } = useT();
  const [moving, setMoving] = useState(false);
  const next = async () => {
    if (!bookingType) return;
    setMoving(true);
    try {
      goToStep(await stepAfterType(bookingType));
    } finally {
      setMoving(false);
    }
  };

  const choose = (value: string) => {
    const type = value as BookingMode;
    chooseBookingType(type);
    preloadLaterSteps();
    prefetchCatalogue(type === 'offline');
  };

  return (
    <section aria-labelledby={STEP_HEADING_ID}>
      <StepHeading>{t('booking.type.heading')}</StepHeading>
      <div className="choice-grid" role="radiogroup" aria-labelledby={STEP_HEADING_ID}>
        {OPTIONS.map((option) => (
          <ChoiceCard
            key={option.value}
            name="booking-type"
            value={option.value}
            checked={bookingType === option.value}
            onChoose={choose}
          >
            <svg className="choice-card__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d={option.icon} />
            </svg>
            <span className="choice-card__title">{t(option.title)}</span>
            <span className="choice-card__text">{t(option.text)}</span>
          </ChoiceCard>
        ))}
      </div>
      <StepActions>
        <Button disabled={!bookingType} busy={moving} onClick={next}>
          {t('booking.continue')}
        </Button>
      </StepActions>
    </section>
  );
}
