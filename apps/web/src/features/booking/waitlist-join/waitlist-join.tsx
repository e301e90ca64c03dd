import { BOOKING_WINDOW_DAYS } from '@therapy/shared/booking-rules';
import {
  type ClientDetails,
  type ClientDetailsErrors,
  type ClientDetailsField,
  isMinor,
  validateWaitlistDetails,
} from '@therapy/shared/client-details-rules';
import { addDays } from '@therapy/shared/clinic-time';
import { normalizeMobile } from '@therapy/shared/mobile-number';
import type { TimeOfDay } from '@therapy/shared/waitlist-rules';
import { WAITLIST_MESSAGES, type WaitlistJoined } from '@therapy/shared/waitlist-schemas';
import { type FormEvent, useRef, useState } from 'react';
import { Button } from '../../../components/button';
import { ErrorSummary } from '../../../components/error-summary';
import { currentLocale } from '../../../i18n/i18n';
import { translateNotice } from '../../../i18n/notice';
import { useT } from '../../../i18n/use-t';
import { ApiError } from '../../../lib/api-client';
import { useClinicProfile } from '../../../lib/clinic';
import { type ContactFieldIds, ContactFields } from '../contact-fields';
import { TermsField, WhatsAppConsentField } from '../details-choice-fields';
import { GuardianFields } from '../guardian-fields';
import { joinWaitlist } from './join-waitlist-api';
import { DATES_FIELD_ID, DateChoices, TIMES_FIELD_ID, TimeChoices, toggled } from './waitlist-choices';
import { WaitlistJoinedPanel } from './waitlist-joined';

export type WaitlistTarget = {
  therapistId: number;
  therapistName: string;
  bookingType: 'online' | 'offline';
  locationId: number;
  serviceId: number | null;
  today: string;
};

type Errors = ClientDetailsErrors & { dates?: string; times?: string };

const FIELD_IDS: Record<string, string> = {
  fullName: 'waitlist-full-name',
  email: 'waitlist-email',
  mobile: 'waitlist-mobile',
  age: 'waitlist-age',
  dates: DATES_FIELD_ID,
  times: TIMES_FIELD_ID,
  guardianName: 'guardian-name',
  guardianRelation: 'guardian-relation',
  guardianMobile: 'guardian-mobile',
  guardianEmail: 'guardian-email',
  guardianConsent: 'guardian-consent',
  termsAccepted: 'client-terms',
};

const CONTACT_IDS: ContactFieldIds = {
  fullName: 'waitlist-full-name',
  email: 'waitlist-email',
  mobile: 'waitlist-mobile',
  age: 'waitlist-age',
};

/** The server's words when it gave any, else the form's own (a catalogue id, translated when shown). */
const FAILED = 'waitlist.form.failed';

/** The form's errors before it is sent: the details' rules, and at least one date and one time of day. */
function errorsOf(details: ClientDetails, dates: string[], times: TimeOfDay[]): Errors {
  const found: Errors = validateWaitlistDetails(details);
  if (dates.length === 0) found.dates = WAITLIST_MESSAGES.datesRequired;
  if (times.length === 0) found.times = WAITLIST_MESSAGES.timesRequired;
  return found;
}

/** The error summary's lines, in page order. */
const summaryOf = (errors: Errors) =>
  Object.keys(FIELD_IDS)
    .filter((field) => errors[field as keyof Errors])
    .map((field) => ({ fieldId: FIELD_IDS[field] ?? field, message: errors[field as keyof Errors] ?? '' }));

const EMPTY: ClientDetails = {
  ...{ fullName: '', email: '', mobile: '', age: '', state: '', city: '', notes: '' },
  ...{ termsAccepted: false, sessionType: '' },
};

/** Sends the join, and keeps what came of it: busy, the failure to show, or the place in line. */
function useJoinRequest() {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [joined, setJoined] = useState<WaitlistJoined | null>(null);
  const whatsappOffered = useClinicProfile().whatsapp_enabled;
  const send = async (payload: ReturnType<typeof payloadOf>, whatsappConsent: boolean) => {
    setBusy(true);
    try {
      // Unticked counts as a no once the box was shown; without WhatsApp nothing is said at all.
      setJoined(
        await joinWaitlist(whatsappOffered ? { ...payload, whatsapp_consent: whatsappConsent } : payload),
      );
    } catch (error) {
      setFailure(error instanceof ApiError && error.serverMessage ? error.serverMessage : FAILED);
    } finally {
      setBusy(false);
    }
  };
  return { busy, failure, setFailure, joined, send, whatsappOffered };
}

/**
 * The waitlist's join form (issue 15): the booking's own details and consent, the dates of the
 * window the visitor could come on and the times of day. Checked here as a courtesy; the server
 * checks it all again.
 */
export function WaitlistJoin({ target, onClose }: { target: WaitlistTarget; onClose: () => void }) {
  const { t } = useT();
  const [details, setDetails] = useState<ClientDetails>(EMPTY);
  const [dates, setDates] = useState<string[]>([]);
  const [times, setTimes] = useState<TimeOfDay[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const { busy, failure, setFailure, joined, send, whatsappOffered } = useJoinRequest();
  const [whatsappConsent, setWhatsappConsent] = useState(false);
  const summaryRef = useRef<HTMLDivElement>(null);
  const windowDates = Array.from({ length: BOOKING_WINDOW_DAYS }, (_, day) => addDays(target.today, day));

  const change = (field: ClientDetailsField, changes: Partial<ClientDetails>) => {
    setDetails((current) => ({ ...current, ...changes }));
    if (errors[field]) setErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  if (joined) return <WaitlistJoinedPanel joined={joined} therapistName={target.therapistName} />;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const mobile = normalizeMobile(details.mobile) ?? details.mobile;
    const found = errorsOf({ ...details, mobile }, dates, times);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) {
      requestAnimationFrame(() => summaryRef.current?.focus());
      return;
    }
    await send(payloadOf(target, { ...details, mobile }, dates, times), whatsappConsent);
  };

  return (
    <section className="card waitlist-join" aria-labelledby="waitlist-heading">
      <h3 id="waitlist-heading">{t('waitlist.form.heading', { therapist: target.therapistName })}</h3>
      <p className="muted">{t('waitlist.form.lead')}</p>
      <ErrorSummary errors={summaryOf(errors)} ref={summaryRef} />
      <form className="form" noValidate onSubmit={submit}>
        <ContactFields
          ids={CONTACT_IDS}
          info={details}
          errors={errors}
          change={change}
          ageHint={t('waitlist.form.ageHint')}
        />
        {isMinor(details.age) && <GuardianFields info={details} errors={errors} change={change} />}
        <DateChoices
          dates={windowDates}
          chosen={dates}
          error={errors.dates}
          onToggle={(date) => {
            setDates((current) => toggled(current, date));
            setErrors(({ dates: _cleared, ...rest }) => rest);
          }}
        />
        <TimeChoices
          chosen={times}
          error={errors.times}
          onToggle={(time) => {
            setTimes((current) => toggled(current, time));
            setErrors(({ times: _cleared, ...rest }) => rest);
          }}
        />
        <TermsField
          checked={details.termsAccepted}
          error={errors.termsAccepted}
          onChange={(termsAccepted) => change('termsAccepted', { termsAccepted })}
        />
        {whatsappOffered && <WhatsAppConsentField checked={whatsappConsent} onChange={setWhatsappConsent} />}
        {failure && (
          <div className="alert alert--error" role="alert">
            {translateNotice(t, failure)}
          </div>
        )}
        <div className="step-actions">
          <Button variant="secondary" disabled={busy} onClick={onClose}>
            {t('waitlist.form.cancel')}
          </Button>
          <Button type="submit" busy={busy} busyLabel={t('waitlist.form.submitting')}>
            {t('waitlist.form.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
}

function payloadOf(target: WaitlistTarget, details: ClientDetails, dates: string[], times: TimeOfDay[]) {
  const minor = isMinor(details.age);
  return {
    therapist_id: target.therapistId,
    booking_type: target.bookingType === 'online' ? ('ONLINE' as const) : ('OFFLINE' as const),
    location_id: target.bookingType === 'online' ? 0 : target.locationId,
    service_id: target.serviceId,
    client_full_name: details.fullName.trim(),
    client_email: details.email.trim(),
    client_mobile: details.mobile.trim(),
    client_age: details.age === '' ? null : details.age,
    preferred_dates: [...dates].sort(),
    times_of_day: times,
    terms_accepted: details.termsAccepted,
    client_language: currentLocale(),
    ...(minor
      ? {
          guardian_name: details.guardianName?.trim() ?? '',
          guardian_relation: details.guardianRelation?.trim() ?? '',
          guardian_mobile: details.guardianMobile?.trim() ?? '',
          guardian_email: details.guardianEmail?.trim() ?? '',
          guardian_consent: details.guardianConsent === true,
        }
      : {}),
  };
}
