import type {
  ClientDetails,
  ClientDetailsErrors,
  ClientDetailsField,
} from '@therapy/shared/client-details-rules';
import { FieldErrorText } from '../../components/field-error-text';
import { FormField } from '../../components/form-field';
import { useT } from '../../i18n/use-t';
import { EmailInput, MobileInput } from './contact-fields';

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
  const text = (field: 'guardianName' | 'guardianRelation') => ({
    value: info[field] ?? '',
    onChange: (event: { target: { value: string } }) => change(field, { [field]: event.target.value }),
  });
  const { t } = useT();
  const who = info.guardianName?.trim() || t('details.guardian.who');
  return (
    <fieldset className="fieldset guardian-fields" aria-describedby="guardian-lead">
      <legend>{t('details.guardian.legend')}</legend>
      <p className="field__hint" id="guardian-lead">
        {t('details.guardian.lead')}
      </p>
      <FormField id={ids.guardianName} label={t('details.guardian.name')} error={errors.guardianName}>
        {(control) => (
          <input {...control} className="input" type="text" autoComplete="off" {...text('guardianName')} />
        )}
      </FormField>
      <FormField
        id={ids.guardianRelation}
        label={t('details.guardian.relation')}
        hint={t('details.guardian.relationHint')}
        error={errors.guardianRelation}
      >
        {(control) => (
          <input {...control} className="input" type="text" maxLength={60} {...text('guardianRelation')} />
        )}
      </FormField>
      <div className="form-row">
        <FormField
          id={ids.guardianMobile}
          label={t('details.guardian.mobile')}
          hint={t('details.tenDigits')}
          error={errors.guardianMobile}
        >
          {(control) => (
            // Not the browser's own details: those would be the client's.
            <MobileInput
              control={control}
              autoComplete="off"
              value={info.guardianMobile ?? ''}
              onChange={(guardianMobile) => change('guardianMobile', { guardianMobile })}
            />
          )}
        </FormField>
        <FormField id={ids.guardianEmail} label={t('details.guardian.email')} error={errors.guardianEmail}>
          {(control) => (
            <EmailInput
              control={control}
              autoComplete="off"
              value={info.guardianEmail ?? ''}
              onChange={(guardianEmail) => change('guardianEmail', { guardianEmail })}
            />
          )}
        </FormField>
      </div>
      <div className={`field${errors.guardianConsent ? ' field--error' : ''}`}>
        {errors.guardianConsent && (
          <p className="field__error" id="guardian-consent-error">
            <FieldErrorText error={errors.guardianConsent} />
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
          <label htmlFor={ids.guardianConsent}>{t('details.guardian.consent', { who })}</label>
        </div>
      </div>
    </fieldset>
  );
}
