import {
  type ClientDetails,
  type ClientDetailsErrors,
  type ClientDetailsField,
  isMinor,
  validateClientDetails,
} from '@therapy/shared/client-details-rules';
import { citiesOf, INDIAN_STATES, isCityOf } from '@therapy/shared/indian-states';
import { normalizeMobile } from '@therapy/shared/mobile-number';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from '../../components/button';
import { ErrorSummary } from '../../components/error-summary';
import { FormField } from '../../components/form-field';
import englishDetails from '../../i18n/en/details.json';
import { registerEnglishArea, useCatalogueArea } from '../../i18n/i18n';
import { useT } from '../../i18n/use-t';
import { stepNumberOf } from '../../kit/booking/booking-steps';
import { useBookingDraft } from '../../lib/booking-draft-store';
import { useClinicProfile } from '../../lib/clinic';
import { type ContactFieldIds, ContactFields } from './contact-fields';
import { SessionTypeField, TermsField, WhatsAppConsentField } from './details-choice-fields';
import { GUARDIAN_FIELD_IDS, GuardianFields } from './guardian-fields';
import { STEP_HEADING_ID, StepActions, StepHeading } from './step-heading';
import { useGoToStep } from './step-navigation';

/** The form's fields in page order, with the id the error summary links to. */
export const FIELD_IDS: Partial<Record<ClientDetailsField, string>> = {
  fullName: 'client-full-name',
  email: 'client-email',
  mobile: 'client-mobile',
  age: 'client-age',
  ...GUARDIAN_FIELD_IDS,
  sessionType: 'client-session-type-individual',
  state: 'client-state',
  city: 'client-city',
  notes: 'client-notes',
  termsAccepted: 'client-terms',
};

const CONTACT_IDS: ContactFieldIds = {
  fullName: FIELD_IDS.fullName ?? '',
  email: FIELD_IDS.email ?? '',
  mobile: FIELD_IDS.mobile ?? '',
  age: FIELD_IDS.age ?? '',
};

// The form's words come with this step's chunk (decision 042).
registerEnglishArea('details', englishDetails);

/** The form's state: the answers in the draft, their errors, and Continue's checks. */
function useDetailsForm(bookingType: 'online' | 'offline') {
  const info = useBookingDraft((state) => state.clientInfo);
  const updateClientInfo = useBookingDraft((state) => state.updateClientInfo);
  const whatsappConsent = useBookingDraft((state) => state.whatsappConsent);
  const setWhatsappConsent = useBookingDraft((state) => state.setWhatsappConsent);
  const whatsappOffered = useClinicProfile().whatsapp_enabled;
  const goToStep = useGoToStep();
  const [errors, setErrors] = useState<ClientDetailsErrors>({});
  const [showSummary, setShowSummary] = useState(false);
  const summaryRef = useRef<HTMLDivElement>(null);

  // A city kept from an earlier answer must belong to the state now chosen.
  useEffect(() => {
    if (info.city && !isCityOf(info.state, info.city)) updateClientInfo({ city: '' });
  }, [info.state, info.city, updateClientInfo]);

  const change = (field: ClientDetailsField, changes: Partial<ClientDetails>) => {
    updateClientInfo(changes);
    if (errors[field]) setErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  /** `+91 98765 43210` and the like become the 10 digits the clinic keeps, once typed. */
  const tidyMobile = () => {
    const digits = normalizeMobile(info.mobile);
    if (digits && digits !== info.mobile) updateClientInfo({ mobile: digits });
    return digits ? { ...info, mobile: digits } : info;
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateClientDetails(tidyMobile(), bookingType);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setShowSummary(true);
      // After the summary renders: it is announced and the visitor starts from it.
      requestAnimationFrame(() => summaryRef.current?.focus());
      return;
    }
    // Unticked counts as a no once the box was shown; without WhatsApp nothing is said at all.
    setWhatsappConsent(whatsappOffered ? whatsappConsent === true : null);
    goToStep(stepNumberOf(bookingType, 'payment'));
  };

  const summary = (Object.keys(FIELD_IDS) as ClientDetailsField[])
    .filter((field) => errors[field])
    .map((field) => ({ fieldId: FIELD_IDS[field] ?? field, message: errors[field] ?? '' }));
  return { info, errors, change, tidyMobile, submit, summary: showSummary ? summary : null, summaryRef };
}

export function DetailsStep() {
  const bookingType = useBookingDraft((state) => state.bookingType) ?? 'online';
  const whatsappConsent = useBookingDraft((state) => state.whatsappConsent);
  const setWhatsappConsent = useBookingDraft((state) => state.setWhatsappConsent);
  const whatsappOffered = useClinicProfile().whatsapp_enabled;
  const goToStep = useGoToStep();
  const { t, locale } = useT();
  useCatalogueArea('details', locale);
  const { info, errors, change, tidyMobile, submit, summary, summaryRef } = useDetailsForm(bookingType);
  const stateRequired = bookingType === 'offline';

  const text = (field: 'fullName' | 'email' | 'notes') => ({
    value: info[field],
    onChange: (event: { target: { value: string } }) => change(field, { [field]: event.target.value }),
  });

  return (
    <section aria-labelledby={STEP_HEADING_ID}>
      <StepHeading lead={t('details.lead')}>{t('details.heading')}</StepHeading>
      <p className="muted">
        <a href="/privacy-policy#what-we-collect" target="_blank" rel="noopener">
          {t('details.whatWeCollect')}
        </a>
        <span className="visually-hidden">{t('details.opensInNewTab')}</span>
      </p>
      {summary && <ErrorSummary errors={summary} ref={summaryRef} />}
      <form className="form details-form" noValidate onSubmit={submit}>
        <ContactFields
          ids={CONTACT_IDS}
          info={info}
          errors={errors}
          change={change}
          onMobileBlur={tidyMobile}
        />
        {isMinor(info.age) && <GuardianFields info={info} errors={errors} change={change} />}
        <SessionTypeField
          value={info.sessionType}
          error={errors.sessionType}
          onChange={(sessionType) => change('sessionType', { sessionType })}
        />
        <StateCityFields info={info} errors={errors} change={change} required={stateRequired} />
        <NotesField control={text('notes')} />
        <TermsField
          checked={info.termsAccepted}
          error={errors.termsAccepted}
          onChange={(termsAccepted) => change('termsAccepted', { termsAccepted })}
        />
        {whatsappOffered && (
          <WhatsAppConsentField checked={whatsappConsent === true} onChange={setWhatsappConsent} />
        )}
        <StepActions>
          <Button variant="secondary" onClick={() => goToStep(stepNumberOf(bookingType, 'date-time'))}>
            {t('booking.back')}
          </Button>
          <Button type="submit">{t('details.continueToPayment')}</Button>
        </StepActions>
      </form>
    </section>
  );
}

type StateCityProps = {
  info: ClientDetails;
  errors: ClientDetailsErrors;
  change: (field: ClientDetailsField, changes: Partial<ClientDetails>) => void;
  required: boolean;
};

/** The state and its cities (required for sessions at a centre). */
function StateCityFields({ info, errors, change, required }: StateCityProps) {
  const { t } = useT();
  return (
    <div className="form-row">
      <FormField
        id={FIELD_IDS.state ?? ''}
        label={t('details.state')}
        optional={!required}
        error={errors.state}
      >
        {(control) => (
          <select
            {...control}
            className="select"
            autoComplete="address-level1"
            value={info.state}
            // Selecting a state clears the city (specification section 4).
            onChange={(event) => change('state', { state: event.target.value, city: '' })}
          >
            <option value="">{t('details.selectState')}</option>
            {INDIAN_STATES.map((state) => (
              <option key={state} value={state}>
                {state}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField
        id={FIELD_IDS.city ?? ''}
        label={t('details.city')}
        optional={!required}
        error={errors.city}
        hint={info.state ? undefined : t('details.chooseStateFirst')}
      >
        {(control) => (
          <select
            {...control}
            className="select"
            autoComplete="address-level2"
            disabled={!info.state}
            value={info.city}
            onChange={(event) => change('city', { city: event.target.value })}
          >
            <option value="">{t('details.selectCity')}</option>
            {citiesOf(info.state).map((city) => (
              <option key={city} value={city}>
                {city}
              </option>
            ))}
          </select>
        )}
      </FormField>
    </div>
  );
}

/** The optional note, folded until wanted (open when the draft already has one). */
type TextBinding = { value: string; onChange: (event: { target: { value: string } }) => void };

function NotesField({ control: value }: { control: TextBinding }) {
  const { t } = useT();
  const [openAtFirst] = useState(value.value !== '');
  return (
    <details className="details-notes" open={openAtFirst || undefined}>
      <summary>{t('details.notesOpen')}</summary>
      <FormField id={FIELD_IDS.notes ?? ''} label={t('details.notes')} optional hint={t('details.notesHint')}>
        {(control) => <textarea {...control} className="textarea" rows={4} maxLength={2000} {...value} />}
      </FormField>
    </details>
  );
}
