import type {
  ClientDetails,
  ClientDetailsErrors,
  ClientDetailsField,
} from '@therapy/shared/client-details-rules';
import { keepMobileCharacters, MOBILE_TYPED_MAX_LENGTH } from '@therapy/shared/mobile-number';
import { FormField } from '../../components/form-field';

export const GUARDIAN_FIELD_IDS = {
  guardianName: 'guardian-name',
  guardianRelation: 'guardian-relation',
  guardianMobile: 'guardian-mobile',
  guardianEmail: 'guardian-email',
  guardianConsent: 'guardian-consent',
} as const;

type Props = {
  info: ClientDetails;
  errors: ClientDetailsErrors;
  change: (field: ClientDetailsField, changes: Partial<ClientDetails>) => void;
};

/**
 * Shown once the age typed is under 18 (issue 14): the parent or guardian's details and their
 * consent, a box in their own name. The server refuses a minor's booking without them.
 */
export function GuardianFields({ info, errors, change }: Props) {
  const ids = GUARDIAN_FIELD_IDS;
  const text = (field: 'guardianName' | 'guardianRelation' | 'guardianEmail') => ({
    value: info[field] ?? '',
    onChange: (event: { target: { value: string } }) => change(field, { [field]: event.target.value }),
  });
  const who = info.guardianName?.trim() || 'the parent or guardian named above';
  return (
    <fieldset className="fieldset guardian-fields" aria-describedby="guardian-lead">
      <legend>Parent or guardian</legend>
      <p className="field__hint" id="guardian-lead">
        Clients under 18 book with a parent or guardian. They are copied on the booking confirmation.
      </p>
      <FormField id={ids.guardianName} label="Parent or guardian’s full name" error={errors.guardianName}>
        {(control) => (
          <input {...control} className="input" type="text" autoComplete="off" {...text('guardianName')} />
        )}
      </FormField>
      <FormField
        id={ids.guardianRelation}
        label="Relation to the client"
        hint="For example: mother, father, legal guardian"
        error={errors.guardianRelation}
      >
        {(control) => (
          <input {...control} className="input" type="text" maxLength={60} {...text('guardianRelation')} />
        )}
      </FormField>
      <div className="form-row">
        <FormField
          id={ids.guardianMobile}
          label="Their mobile number"
          hint="10 digits"
          error={errors.guardianMobile}
        >
          {(control) => (
            <input
              {...control}
              className="input tabular-nums"
              type="tel"
              inputMode="tel"
              maxLength={MOBILE_TYPED_MAX_LENGTH}
              value={info.guardianMobile ?? ''}
              onChange={(event) =>
                change('guardianMobile', { guardianMobile: keepMobileCharacters(event.target.value) })
              }
            />
          )}
        </FormField>
        <FormField id={ids.guardianEmail} label="Their email" error={errors.guardianEmail}>
          {(control) => (
            <input
              {...control}
              className="input"
              type="email"
              autoCapitalize="none"
              spellCheck={false}
              {...text('guardianEmail')}
            />
          )}
        </FormField>
      </div>
      <div className={`field${errors.guardianConsent ? ' field--error' : ''}`}>
        {errors.guardianConsent && (
          <p className="field__error" id="guardian-consent-error">
            <span className="visually-hidden">Error: </span>
            {errors.guardianConsent}
          </p>
        )}
        <div className="checkbox-option">
          <input
            id={ids.guardianConsent}
            type="checkbox"
            checked={info.guardianConsent === true}
            aria-invalid={errors.guardianConsent ? true : undefined}
            aria-describedby={errors.guardianConsent ? 'guardian-consent-error' : undefined}
            onChange={(event) => change('guardianConsent', { guardianConsent: event.target.checked })}
          />
          <label htmlFor={ids.guardianConsent}>
            I, {who}, consent to this booking for the client, and to the clinic keeping these details to
            arrange it.
          </label>
        </div>
      </div>
    </fieldset>
  );
}
