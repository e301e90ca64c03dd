import { type FieldSpec, TextInput } from './catalogue-form-parts';
import type { TherapistValues } from './therapist-form-values';

type PayoutFieldsProps = {
  values: TherapistValues;
  errors: Record<string, string>;
  update: (changes: Partial<TherapistValues>, clears?: string[]) => void;
  registration: FieldSpec;
  payout: FieldSpec;
};

/**
 * The money papers' therapist fields (decision 057): the registration number printed on the
 * client's receipts, and the therapist's share of each session's fee from a date on.
 */
export function TherapistPayoutFields({ values, errors, update, registration, payout }: PayoutFieldsProps) {
  const changePayout = (changes: Partial<TherapistValues>) =>
    update({ ...changes, payoutChanged: true }, ['payout']);
  return (
    <>
      <TextInput
        spec={registration}
        value={values.registration}
        error={errors.registration_number}
        optional
        hint="Printed on the client’s receipts, e.g. the RCI CRR number."
        onChange={(value) => update({ registration: value }, ['registration_number'])}
      />
      <fieldset className="catalogue-form__group">
        <legend>Therapist’s share of each session</legend>
        <label htmlFor="therapist-payout-kind">How it is counted</label>
        <select
          id="therapist-payout-kind"
          className="input"
          value={values.payoutKind}
          onChange={(e) => changePayout({ payoutKind: e.target.value as TherapistValues['payoutKind'] })}
        >
          <option value="none">Not set (all to the clinic)</option>
          <option value="percent">A percentage of the fee</option>
          <option value="per_session">A fixed amount per session (₹)</option>
        </select>
        {values.payoutKind !== 'none' && (
          <div className="admin-form__row">
            <TextInput
              spec={payout}
              value={values.payoutValue}
              error={errors.payout}
              inputMode="decimal"
              hint={
                values.payoutKind === 'percent'
                  ? 'From 0 to 100.'
                  : 'In rupees, per session held or no-show charged.'
              }
              onChange={(value) => changePayout({ payoutValue: value })}
            />
            <TextInput
              spec={{ field: 'payout', id: 'therapist-payout-from', label: 'From' }}
              value={values.payoutFrom}
              error={undefined}
              type="date"
              optional
              hint="Empty: from today. Never a month already past."
              onChange={(value) => changePayout({ payoutFrom: value })}
            />
          </div>
        )}
      </fieldset>
    </>
  );
}
