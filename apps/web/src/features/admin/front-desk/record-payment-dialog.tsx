import type { AdminBooking } from '@therapy/shared/admin-schemas';
import {
  CENTRE_PAYMENT_METHOD_LABELS,
  CENTRE_PAYMENT_METHODS,
  type CentrePaymentMethod,
  centreAmountSchema,
  MAX_PAYMENT_REFERENCE,
} from '@therapy/shared/front-desk-schemas';
import { type FormEvent, useRef, useState } from 'react';
import * as z from 'zod/mini';
import { Button } from '../../../components/button';
import { FormField } from '../../../components/form-field';
import { ModalDialog } from '../../../components/modal-dialog';
import { formatAmount, formatDate, formatTime } from '../admin-format';
import { errorMessage } from '../admin-http';
import { showSuccess } from '../ui/toast-store';
import { recordCentrePayment } from './front-desk-api';

type RecordPaymentDialogProps = { booking: AdminBooking; onClose: () => void; onSaved: () => void };

/**
 * The front desk records a payment taken at the centre: method, amount (the booking's, unless
 * the client paid another), an optional reference. The server checks it again; its refusal is
 * shown in the dialog, which stays open.
 */
export function RecordPaymentDialog({ booking, onClose, onSaved }: RecordPaymentDialogProps) {
  const [method, setMethod] = useState<CentrePaymentMethod>('cash');
  const [amount, setAmount] = useState(booking.amount > 0 ? booking.amount.toFixed(2) : '');
  const [reference, setReference] = useState('');
  const [amountError, setAmountError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [saving, setSaving] = useState(false);
  const amountInput = useRef<HTMLInputElement>(null);

  async function save(event: FormEvent) {
    event.preventDefault();
    const parsed = z.safeParse(centreAmountSchema, amount.trim() === '' ? Number.NaN : Number(amount));
    if (!parsed.success) {
      setAmountError(parsed.error.issues[0]?.message ?? 'Amount must be more than 0');
      // Focus on the field makes a screen reader read its error (aria-describedby).
      amountInput.current?.focus();
      return;
    }
    setAmountError(undefined);
    setFailure(undefined);
    setSaving(true);
    try {
      const result = await recordCentrePayment(booking.id, {
        method,
        amount: parsed.data,
        reference: reference.trim() || null,
      });
      showSuccess(result.message);
      onSaved();
    } catch (error) {
      setFailure(errorMessage(error, 'The payment could not be recorded.'));
      setSaving(false);
    }
  }

  return (
    <ModalDialog
      title={`Record Payment for booking ${booking.id}`}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={onClose}>
            Cancel
          </button>
          <Button
            variant="primary"
            type="submit"
            form="record-payment-form"
            busy={saving}
            busyLabel="Saving..."
          >
            Save
          </Button>
        </>
      }
    >
      <form id="record-payment-form" className="admin-form" onSubmit={save} noValidate>
        <p>
          {booking.client_full_name ?? 'Client'} · {formatDate(booking.booking_date)},{' '}
          {formatTime(booking.booking_time_slot_start)} · booking amount {formatAmount(booking.amount)}
        </p>
        {failure && (
          <p className="admin-alert admin-alert--error" role="alert">
            {failure}
          </p>
        )}
        <FormField id="centre-payment-method" label="Method">
          {(control) => (
            <select
              {...control}
              className="select"
              value={method}
              onChange={(e) => setMethod(e.target.value as CentrePaymentMethod)}
            >
              {CENTRE_PAYMENT_METHODS.map((value) => (
                <option key={value} value={value}>
                  {CENTRE_PAYMENT_METHOD_LABELS[value]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField id="centre-payment-amount" label="Amount (₹)" error={amountError}>
          {(control) => (
            <input
              {...control}
              ref={amountInput}
              className="input"
              inputMode="decimal"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
            />
          )}
        </FormField>
        <FormField
          id="centre-payment-reference"
          label="Reference"
          optional
          hint="A receipt number, or the UPI or card transaction number."
        >
          {(control) => (
            <input
              {...control}
              className="input"
              maxLength={MAX_PAYMENT_REFERENCE}
              value={reference}
              onChange={(e) => setReference(e.target.value)}
            />
          )}
        </FormField>
      </form>
    </ModalDialog>
  );
}
