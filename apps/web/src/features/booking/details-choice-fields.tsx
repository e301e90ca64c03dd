import type { ClientDetails } from '@therapy/shared/client-details-rules';
import { FieldErrorText } from '../../components/field-error-text';
import type { MessageId } from '../../i18n/catalog';
import { Trans, useT } from '../../i18n/use-t';

const SESSION_TYPES = [
  { value: 'individual', label: 'details.individual', hint: 'details.individualHint' },
  { value: 'couple', label: 'details.couple', hint: 'details.coupleHint' },
] as const satisfies readonly { value: string; label: MessageId; hint: MessageId }[];

type SessionTypeFieldProps = {
  value: ClientDetails['sessionType'];
  error: string | undefined;
  onChange: (value: ClientDetails['sessionType']) => void;
};

/** Individual or couple, as two radio buttons in a group with its own error text. */
export function SessionTypeField({ value, error, onChange }: SessionTypeFieldProps) {
  const { t } = useT();
  return (
    <fieldset
      className={`fieldset${error ? ' field--error' : ''}`}
      aria-describedby={error ? 'client-session-type-error' : undefined}
    >
      <legend className="field__label">{t('details.sessionType')}</legend>
      {error && (
        <p className="field__error" id="client-session-type-error">
          <FieldErrorText error={error} />
        </p>
      )}
      <div className="radio-row">
        {SESSION_TYPES.map((option) => (
          <label key={option.value} className="radio-option" htmlFor={`client-session-type-${option.value}`}>
            <input
              id={`client-session-type-${option.value}`}
              type="radio"
              name="session-type"
              value={option.value}
              checked={value === option.value}
              aria-invalid={error ? true : undefined}
              onChange={() => onChange(option.value)}
            />
            <span>
              <span className="radio-option__label">{t(option.label)}</span>
              <span className="radio-option__hint">{t(option.hint)}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

type TermsFieldProps = {
  checked: boolean;
  error: string | undefined;
  onChange: (checked: boolean) => void;
};

export function TermsField({ checked, error, onChange }: TermsFieldProps) {
  const { t } = useT();
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      {error && (
        <p className="field__error" id="client-terms-error">
          <FieldErrorText error={error} />
        </p>
      )}
      <div className="checkbox-option">
        <input
          id="client-terms"
          type="checkbox"
          checked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'client-terms-error' : undefined}
          onChange={(event) => onChange(event.target.checked)}
        />
        <label htmlFor="client-terms">
          <Trans
            id="details.terms"
            components={{
              // biome-ignore lint/a11y/useAnchorContent: Trans fills in the link text
              0: <a href="/terms-and-conditions" target="_blank" rel="noopener" />,
              // biome-ignore lint/a11y/useAnchorContent: Trans fills in the link text
              1: <a href="/privacy-policy" target="_blank" rel="noopener" />,
              2: <span className="visually-hidden">{t('details.linksOpenInNewTab')}</span>,
            }}
          />
        </label>
      </div>
    </div>
  );
}

/** Offered only when the clinic sends WhatsApp messages; unticked until the client ticks it. */
export function WhatsAppConsentField({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const { t } = useT();
  return (
    <div className="field">
      <div className="checkbox-option">
        <input
          id="client-whatsapp-consent"
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
        />
        <label htmlFor="client-whatsapp-consent">{t('details.whatsapp')}</label>
      </div>
    </div>
  );
}
