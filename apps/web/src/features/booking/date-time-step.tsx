import { normalizeTime, zonedNow } from '@therapy/shared/clinic-time';
import { slotId } from '@therapy/shared/slot-ids';
import { isInBookingWindow } from '@therapy/shared/slot-rules';
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useState } from 'react';
import { Button } from '../../components/button';
import { PageLoading } from '../../components/page-loading';
import { LoadError, StatePanel } from '../../components/state-panel';
import { useCatalogueArea } from '../../i18n/i18n';
import { translateNotice } from '../../i18n/notice';
import { useStepsCatalogue } from '../../i18n/steps-area';
import { useT } from '../../i18n/use-t';
import { stepNumberOf } from '../../kit/booking/booking-steps';
import { DateStrip } from '../../kit/booking/date-strip';
import { openTimesByDate } from '../../kit/booking/open-times';
import { TimeSlotGrid } from '../../kit/booking/time-slot-grid';
import { ApiError } from '../../lib/api-client';
import { useBookingDraft } from '../../lib/booking-draft-store';
import { loadOpenSlots } from '../../lib/catalog-api';
import { clinicTimeZone } from '../../lib/clinic';
import { useFormat } from '../../lib/format';
import { therapistDisplayName } from '../../lib/therapist-display';
import { useFetch } from '../../lib/use-fetch';
import { BOOKING_MESSAGES } from './booking-messages';
import { useSeriesDraft } from './series/series-draft';
import { STEP_HEADING_ID, StepActions, StepHeading } from './step-heading';
import { useGoToStep } from './step-navigation';
import { WaitlistInvite } from './waitlist-join/waitlist-invite';

const SLOTS_HEADING_ID = 'slots-heading';

// "Make this a standing appointment" (issue 26): its own chunk, loaded once a time is chosen.
const SeriesPanel = lazy(() => import('./series/series-panel').then((m) => ({ default: m.SeriesPanel })));

type Schedule = { today: string; byDate: Map<string, Map<string, string>> };

/** The chosen therapist's open times at the chosen place, once loaded; null while loading or incomplete. */
function useOpenSchedule(complete: boolean) {
  const bookingType = useBookingDraft((state) => state.bookingType);
  const location = useBookingDraft((state) => state.selectedLocation);
  const therapist = useBookingDraft((state) => state.selectedTherapist);
  const chosenSlot = useBookingDraft((state) => state.selectedTimeSlot);
  const slotNotice = useBookingDraft((state) => state.slotNotice);
  const clearTimeSlot = useBookingDraft((state) => state.clearTimeSlot);
  const slots = useFetch(complete ? `open-slots:${therapist?.id}` : null, (signal) =>
    loadOpenSlots(therapist?.id ?? 0, signal),
  );
  const schedule = useMemo<Schedule | null>(
    () =>
      slots.data && bookingType
        ? {
            today: zonedNow(clinicTimeZone()).date,
            byDate: openTimesByDate(slots.data, bookingType === 'online' ? 0 : Number(location?.id)),
          }
        : null,
    [slots.data, bookingType, location],
  );

  // A slot chosen earlier that has been taken since (or has passed) is no longer chosen.
  useEffect(() => {
    if (!schedule || !chosenSlot) return;
    const free = schedule.byDate.get(chosenSlot.date);
    if (!free?.has(normalizeTime(chosenSlot.start_time))) clearTimeSlot(slotNotice ?? undefined);
  }, [schedule, chosenSlot, slotNotice, clearTimeSlot]);
  return { slots, schedule };
}

/** The step's heading, the notice of a slot lost, and Back / Continue around `children`. */
function DateTimeShell({ complete, children }: { complete: boolean; children: ReactNode }) {
  const bookingType = useBookingDraft((state) => state.bookingType);
  const chosenSlot = useBookingDraft((state) => state.selectedTimeSlot);
  const slotNotice = useBookingDraft((state) => state.slotNotice);
  // A standing appointment goes on only once every date it keeps is free.
  const seriesWaits = useSeriesDraft((state) => !state.ready);
  const goToStep = useGoToStep();
  const { t } = useT();
  return (
    <section aria-labelledby={STEP_HEADING_ID}>
      <StepHeading lead={<ChosenWith />}>{t('booking.dateTime.heading')}</StepHeading>
      {slotNotice && (
        <div className="alert alert--warning" role="alert">
          {translateNotice(t, slotNotice)}
        </div>
      )}
      {children}
      <StepActions>
        <Button variant="secondary" onClick={() => goToStep(stepNumberOf(bookingType, 'therapist'))}>
          {t('booking.back')}
        </Button>
        {complete && (
          <Button
            disabled={!chosenSlot || seriesWaits}
            onClick={() => goToStep(stepNumberOf(bookingType, 'details'))}
          >
            {t('booking.continue')}
          </Button>
        )}
      </StepActions>
    </section>
  );
}

/**
 * Who and where, then how long: the therapist and the centre may have been chosen for the visitor
 * when there was only one (decision 065), so the step says them.
 */
function ChosenWith() {
  const bookingType = useBookingDraft((state) => state.bookingType);
  const location = useBookingDraft((state) => state.selectedLocation);
  const therapist = useBookingDraft((state) => state.selectedTherapist);
  const { t } = useT();
  const name = therapist ? therapistDisplayName(therapist.name) : null;
  const chosen =
    name === null
      ? null
      : bookingType === 'offline' && location
        ? t('booking.dateTime.withAt', { therapist: name, place: location.name })
        : t('booking.dateTime.withOnline', { therapist: name });
  return <>{chosen ? `${chosen} ${t('booking.dateTime.lead')}` : t('booking.dateTime.lead')}</>;
}

export function DateTimeStep() {
  const bookingType = useBookingDraft((state) => state.bookingType);
  const location = useBookingDraft((state) => state.selectedLocation);
  const therapist = useBookingDraft((state) => state.selectedTherapist);
  const chosenSlot = useBookingDraft((state) => state.selectedTimeSlot);
  const selectedService = useBookingDraft((state) => state.selectedService);
  const { t, locale } = useT();
  useStepsCatalogue(locale);
  // The waitlist's form, under the times, speaks the visitor's language too.
  useCatalogueArea('waitlist', locale);
  useCatalogueArea('details', locale);
  const complete =
    bookingType !== null && therapist !== null && (bookingType === 'online' || location !== null);
  const { slots, schedule } = useOpenSchedule(complete);
  const [pickedDate, setPickedDate] = useState<string | null>(chosenSlot?.date ?? null);
  const shell = (body: ReactNode) => <DateTimeShell complete={complete}>{body}</DateTimeShell>;

  if (!complete) {
    return shell(
      <StatePanel title={t('booking.dateTime.incomplete.title')}>
        <p>
          {t(
            bookingType === 'offline'
              ? 'booking.dateTime.incomplete.offline'
              : 'booking.dateTime.incomplete.online',
          )}
        </p>
      </StatePanel>,
    );
  }
  if (slots.status === 'error') {
    // The server's own words when it gave any; a dropped connection gets the specification's.
    const message = slots.error instanceof ApiError ? slots.error.message : t(BOOKING_MESSAGES.slotsFailed);
    return shell(<LoadError message={message} onRetry={slots.retry} />);
  }
  if (!schedule) return shell(<PageLoading label={t('booking.dateTime.loading')} />);
  const waitlist = {
    therapistId: therapist.id,
    therapistName: therapistDisplayName(therapist.name),
    bookingType,
    locationId: Number(location?.id ?? 0),
    serviceId: selectedService?.id ?? null,
    today: schedule.today,
  };
  if (schedule.byDate.size === 0) {
    return shell(
      <>
        <StatePanel title={t('booking.dateTime.none.title')}>
          <p>{t('booking.dateTime.none.text', { therapist: waitlist.therapistName })}</p>
        </StatePanel>
        <WaitlistInvite target={waitlist} full />
      </>,
    );
  }
  return shell(
    <>
      <SlotPicker schedule={schedule} therapistId={therapist.id} picked={pickedDate} onPick={setPickedDate} />
      <SeriesChoice />
      <WaitlistInvite target={waitlist} full={false} />
    </>,
  );
}

/** Under a chosen time: "Make this a standing appointment" (its chunk loads only then). */
function SeriesChoice() {
  const bookingType = useBookingDraft((state) => state.bookingType);
  const selectedLocation = useBookingDraft((state) => state.selectedLocation);
  const selectedTherapist = useBookingDraft((state) => state.selectedTherapist);
  const selectedTimeSlot = useBookingDraft((state) => state.selectedTimeSlot);
  if (!selectedTimeSlot) return null;
  return (
    <Suspense fallback={null}>
      <SeriesPanel draft={{ bookingType, selectedLocation, selectedTherapist, selectedTimeSlot }} />
    </Suspense>
  );
}

type SlotPickerProps = {
  schedule: Schedule;
  therapistId: number;
  picked: string | null;
  onPick: (date: string) => void;
};

/** The dates with open times, and the chosen date's times. */
function SlotPicker({ schedule, therapistId, picked, onPick }: SlotPickerProps) {
  const chosenSlot = useBookingDraft((state) => state.selectedTimeSlot);
  const chooseTimeSlot = useBookingDraft((state) => state.chooseTimeSlot);
  const clearTimeSlot = useBookingDraft((state) => state.clearTimeSlot);
  const { t } = useT();
  const { longDate } = useFormat();
  const dates = [...schedule.byDate.keys()].sort();
  if (picked && !dates.includes(picked) && isInBookingWindow(picked, schedule.today)) {
    dates.push(picked);
    dates.sort();
  }
  const activeDate = picked && dates.includes(picked) ? picked : (dates[0] ?? null);
  const times = activeDate ? schedule.byDate.get(activeDate) : undefined;
  const startTimes = times ? [...times.keys()].sort() : [];
  const chosenStart = chosenSlot?.date === activeDate ? normalizeTime(chosenSlot.start_time) : null;

  return (
    <>
      <DateStrip
        dates={dates}
        selected={activeDate}
        onSelect={(date) => {
          onPick(date);
          if (chosenSlot && chosenSlot.date !== date) clearTimeSlot();
        }}
      />
      {activeDate && (
        <div className="slots">
          <h3 id={SLOTS_HEADING_ID} className="slots__title">
            {t('booking.dateTime.availableOn', { date: longDate(activeDate) })}
          </h3>
          <TimeSlotGrid
            startTimes={startTimes}
            selected={chosenStart}
            labelledBy={SLOTS_HEADING_ID}
            onSelect={(start) => {
              const end = times?.get(start);
              if (!end) return;
              chooseTimeSlot({
                id: slotId(therapistId, start),
                date: activeDate,
                start_time: start,
                end_time: end,
              });
            }}
          />
        </div>
      )}
    </>
  );
}
