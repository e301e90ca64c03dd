import type { AdminLocation, AdminTherapist } from '@therapy/shared/admin-schemas';
import type { AdminDaySlot } from '@therapy/shared/admin-slot-schemas';
import { MOBILE_LENGTH } from '@therapy/shared/client-details-rules';
import type { ManualBookingField } from '@therapy/shared/manual-booking-schemas';
import { FormField } from '../../../components/form-field';
import { formatLongDate } from '../../../lib/format';
import { therapistDisplayName } from '../../../lib/therapist-display';
import { useFetch } from '../../../lib/use-fetch';
import { adminDateOptions, formatTimeRange, shortTime } from '../admin-format';
import { fetchTherapistSlots } from '../admin-lists-api';
import type { useManualBookingForm } from './use-manual-booking-form';

export const SLOTS_FAILED = 'Failed to fetch available time slots.';

export const FIELD_IDS: Record<ManualBookingField, string> = {
  therapist_id: 'manual-therapist',
  booking_date: 'manual-date',
  booking_time_slot_start: 'manual-time',
  client_full_name: 'manual-name',
  client_email: 'manual-email',
  client_mobile: 'manual-mobile',
  client_note: 'manual-note',
  booking_type: 'manual-type-online',
  location_id: 'manual-location',
  amount: 'manual-amount',
};

/** Slots an administrator may book: offered, not past, not booked, not blocked (section 5). */
const bookable = (slot: AdminDaySlot) =>
  slot.is_available && !slot.is_past && !slot.is_booked && !slot.admin_blocked;

type FieldsProps = {
  form: ReturnType<typeof useManualBookingForm>;
  therapists: readonly AdminTherapist[];
  locations: readonly AdminLocation[];
};

export function ManualBookingFields({ form, therapists, locations }: FieldsProps) {
  const { values, errors, update } = form;
  const therapistLocations = form.therapist?.locations.length
    ? locations.filter((location) => form.therapist?.locations.includes(location.id))
    : locations;

  return (
    <>
      <FormField id={FIELD_IDS.therapist_id} label="Therapist" error={errors.therapist_id}>
        {(control) => (
          <select
            {...control}
            className="select"
            value={values.therapist_id}
            onChange={(e) => form.chooseTherapist(e.target.value)}
          >
            <option value="">Select a therapist</option>
            {therapists.map((therapist) => (
              <option key={therapist.id} value={therapist.id}>
                {therapistDisplayName(therapist.name)} ({therapist.email})
              </option>
            ))}
          </select>
        )}
      </FormField>

      <DateAndTimeFields form={form} />

      <FormField id={FIELD_IDS.client_full_name} label="Client name" error={errors.client_full_name}>
        {(control) => (
          <input
            {...control}
            className="input"
            autoComplete="off"
            value={values.client_full_name}
            onChange={(e) => update({ client_full_name: e.target.value })}
          />
        )}
      </FormField>
      <div className="admin-form__row">
        <FormField id={FIELD_IDS.client_email} label="Client email" error={errors.client_email}>
          {(control) => (
            <input
              {...control}
              className="input"
              type="email"
              autoComplete="off"
              value={values.client_email}
              onChange={(e) => update({ client_email: e.target.value })}
            />
          )}
        </FormField>
        <FormField id={FIELD_IDS.client_mobile} label="Client mobile" error={errors.client_mobile}>
          {(control) => (
            <input
              {...control}
              className="input tabular-nums"
              type="tel"
              inputMode="numeric"
              maxLength={MOBILE_LENGTH}
              autoComplete="off"
              value={values.client_mobile}
              onChange={(e) => update({ client_mobile: e.target.value })}
            />
          )}
        </FormField>
      </div>
      <FormField id={FIELD_IDS.client_note} label="Note" optional error={errors.client_note}>
        {(control) => (
          <textarea
            {...control}
            className="textarea"
            rows={2}
            value={values.client_note}
            onChange={(e) => update({ client_note: e.target.value })}
          />
        )}
      </FormField>

      <BookingTypeField form={form} />

      {values.booking_type === 'OFFLINE' && (
        <FormField id={FIELD_IDS.location_id} label="Location" error={errors.location_id}>
          {(control) => (
            <select
              {...control}
              className="select"
              value={values.location_id}
              onChange={(e) => update({ location_id: e.target.value })}
            >
              <option value="">Select a location</option>
              {therapistLocations.map((location) => (
                <option key={location.id} value={location.id}>
                  {location.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
      )}

      <FormField id={FIELD_IDS.amount} label="Amount (₹)" error={errors.amount}>
        {(control) => (
          <input
            {...control}
            className="input tabular-nums admin-input--amount"
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            value={values.amount}
            onChange={(e) => update({ amount: e.target.value })}
          />
        )}
      </FormField>
    </>
  );
}

function BookingTypeField({ form }: { form: FieldsProps['form'] }) {
  const error = form.errors.booking_type;
  const errorId = 'manual-type-error';
  return (
    <fieldset
      className={`field admin-fieldset${error ? ' field--error' : ''}`}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="field__label">Booking type</legend>
      {error && (
        <p className="field__error" id={errorId}>
          <span className="visually-hidden">Error: </span>
          {error}
        </p>
      )}
      <div className="admin-radios">
        {(
          [
            ['ONLINE', 'Online', FIELD_IDS.booking_type],
            ['OFFLINE', 'Offline (in person)', 'manual-type-offline'],
          ] as const
        ).map(([value, label, id]) => (
          <label key={value} className="admin-radio" htmlFor={id}>
            <input
              id={id}
              type="radio"
              name="booking_type"
              value={value}
              checked={form.values.booking_type === value}
              onChange={() => form.chooseType(value)}
            />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The date, and the chosen therapist's bookable times that day (loaded as both are chosen). */
function DateAndTimeFields({ form }: { form: FieldsProps['form'] }) {
  const { values, errors, update } = form;
  const therapistId = Number(values.therapist_id) || null;
  const slots = useFetch<AdminDaySlot[]>(
    therapistId && values.booking_date ? `manual-slots:${therapistId}:${values.booking_date}` : null,
    (signal) => fetchTherapistSlots(therapistId!, values.booking_date, signal),
  );
  const freeSlots = slots.data?.filter(bookable) ?? [];
  return (
    <>
      <div className="admin-form__row">
        <FormField id={FIELD_IDS.booking_date} label="Date" error={errors.booking_date}>
          {(control) => (
            <select
              {...control}
              className="select"
              value={values.booking_date}
              onChange={(e) => update({ booking_date: e.target.value, booking_time_slot_start: '' })}
            >
              {adminDateOptions().map((date) => (
                <option key={date} value={date}>
                  {formatLongDate(date)}
                </option>
              ))}
            </select>
          )}
        </FormField>

        <FormField
          id={FIELD_IDS.booking_time_slot_start}
          label="Time slot"
          error={errors.booking_time_slot_start ?? (slots.status === 'error' ? SLOTS_FAILED : undefined)}
          hint={
            !therapistId
              ? 'Choose a therapist first.'
              : slots.status === 'success' && freeSlots.length === 0
                ? 'No available time slots for this date.'
                : undefined
          }
        >
          {(control) => (
            <select
              {...control}
              className="select"
              value={values.booking_time_slot_start}
              disabled={!therapistId || slots.status !== 'success' || freeSlots.length === 0}
              aria-busy={slots.status === 'loading' && therapistId ? true : undefined}
              onChange={(e) => update({ booking_time_slot_start: e.target.value })}
            >
              <option value="">
                {therapistId && slots.status === 'loading' ? 'Loading time slots…' : 'Select a time slot'}
              </option>
              {freeSlots.map((slot) => (
                <option key={slot.start_time} value={shortTime(slot.start_time)}>
                  {formatTimeRange(slot.start_time, slot.end_time)}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
      {slots.status === 'error' && (
        <button type="button" className="button button--secondary admin-button--small" onClick={slots.retry}>
          Retry loading time slots
        </button>
      )}
    </>
  );
}
