import type { ClientDetails } from '@therapy/shared/client-details-rules';

const SESSION_TYPES = [
  { value: 'individual', label: 'Individual', hint: 'Just you' },
  { value: 'couple', label: 'Couple', hint: 'You and your partner' },
] as const;

type SessionTypeFieldProps = {
  value: ClientDetails['sessionType'];
  error: string | undefined;
  onChange: (value: ClientDetails['sessionType']) => void;
};

/** Individual or couple, as two radio buttons in a group with its own error text. */
export function SessionTypeField({ value, error, onChange }: SessionTypeFieldProps) {
  return (
    <fieldset
      className={`fieldset${error ? ' field--error' : ''}`}
      aria-describedby={error ? 'client-session-type-error' : undefined}
    >
      <legend className="field__label">Session type</legend>
      {error && (
        <p className="field__error" id="client-session-type-error">
          <span className="visually-hidden">Error: </span>
          {error}
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
              <span className="radio-option__label">{option.label}</span>
              <span className="radio-option__hint">{option.hint}</span>
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
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      {error && (
        <p className="field__error" id="client-terms-error">
          <span className="visually-hidden">Error: </span>
          {error}
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
          I agree to the{' '}
          <a href="/terms-and-conditions" target="_blank" rel="noopener">
            Terms and Conditions
          </a>{' '}
          and the{' '}
          <a href="/privacy-policy" target="_blank" rel="noopener">
            Privacy Policy
          </a>
          <span className="visually-hidden"> (links open in a new tab)</span>.
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
  return (
    <div className="field">
      <div className="checkbox-option">
        <input
          id="client-whatsapp-consent"
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
        />
        <label htmlFor="client-whatsapp-consent">Also send me booking messages on WhatsApp</label>
      </div>
    </div>
  );
}
