import {
  type ClientDetails,
  type ClientDetailsErrors,
  type ClientDetailsField,
  MAX_AGE,
  MIN_AGE,
} from '@therapy/shared/client-details-rules';
import { keepMobileCharacters, MOBILE_TYPED_MAX_LENGTH } from '@therapy/shared/mobile-number';
import { type FieldControlProps, FormField } from '../../components/form-field';
import { useT } from '../../i18n/use-t';

type InputProps = {
  control: FieldControlProps;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  autoComplete?: string;
};

/** An e-mail address as people type them on a phone: no capitals or spelling fixes forced on it. */
export function EmailInput({ control, value, onChange, autoComplete = 'email' }: InputProps) {
  return (
    <input
      {...control}
      className="input"
      type="email"
      autoComplete={autoComplete}
      autoCapitalize="none"
      spellCheck={false}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/** A mobile number: the phone keypad, and only the characters a number is written with. */
export function MobileInput({ control, value, onChange, onBlur, autoComplete = 'tel' }: InputProps) {
  return (
    <input
      {...control}
      className="input tabular-nums"
      type="tel"
      inputMode="tel"
      autoComplete={autoComplete}
      maxLength={MOBILE_TYPED_MAX_LENGTH}
      value={value}
      onChange={(event) => onChange(keepMobileCharacters(event.target.value))}
      onBlur={onBlur}
    />
  );
}

export type ContactFieldIds = { fullName: string; email: string; mobile: string; age: string };

type ContactFieldsProps = {
  ids: ContactFieldIds;
  info: Pick<ClientDetails, 'fullName' | 'email' | 'mobile' | 'age'>;
  errors: ClientDetailsErrors;
  change: (field: ClientDetailsField, changes: Partial<ClientDetails>) => void;
  /** `+91 98765 43210` and the like become the 10 digits the clinic keeps, once typed. */
  onMobileBlur?: () => void;
  /** The waitlist asks the age only of a minor's family: optional there, with a hint. */
  ageHint?: string;
};

/** Name, e-mail, mobile and age: the same fields, rules and messages for a booking and the waitlist. */
export function ContactFields({ ids, info, errors, change, onMobileBlur, ageHint }: ContactFieldsProps) {
  const { t } = useT();
  return (
    <>
      <FormField id={ids.fullName} label={t('details.fullName')} error={errors.fullName}>
        {(control) => (
          <input
            {...control}
            className="input"
            type="text"
            autoComplete="name"
            value={info.fullName}
            onChange={(event) => change('fullName', { fullName: event.target.value })}
          />
        )}
      </FormField>
      <FormField id={ids.email} label={t('details.email')} error={errors.email}>
        {(control) => (
          <EmailInput control={control} value={info.email} onChange={(email) => change('email', { email })} />
        )}
      </FormField>
      <div className="form-row">
        <FormField
          id={ids.mobile}
          label={t('details.mobile')}
          hint={t('details.tenDigits')}
          error={errors.mobile}
        >
          {(control) => (
            <MobileInput
              control={control}
              value={info.mobile}
              onChange={(mobile) => change('mobile', { mobile })}
              onBlur={onMobileBlur}
            />
          )}
        </FormField>
        <FormField
          id={ids.age}
          label={t('details.age')}
          hint={ageHint}
          optional={ageHint !== undefined}
          error={errors.age}
        >
          {(control) => (
            <input
              {...control}
              className="input tabular-nums"
              type="number"
              inputMode="numeric"
              min={MIN_AGE}
              max={MAX_AGE}
              step={1}
              value={info.age ?? ''}
              onChange={(event) => change('age', { age: event.target.value })}
            />
          )}
        </FormField>
      </div>
    </>
  );
}
