import type { AdminTherapist } from '@therapy/shared/admin-schemas';
import {
  MANUAL_BOOKING_FIELD_ORDER,
  type ManualBookingField,
  type ManualBookingRequest,
  validateManualBooking,
} from '@therapy/shared/manual-booking-schemas';
import { useState } from 'react';
import { SeriesClashError } from '../../../kit/series/series-api';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../admin-http';
import { createAdminSeries } from '../series/series-admin-api';
import { useSeriesChoice } from '../series/use-series-choice';
import { createManualBooking } from './manual-booking-api';

export type ManualBookingValues = {
  therapist_id: string;
  booking_date: string;
  booking_time_slot_start: string;
  client_full_name: string;
  client_email: string;
  client_mobile: string;
  client_note: string;
  booking_type: '' | 'ONLINE' | 'OFFLINE';
  location_id: string;
  amount: string;
};

export type ManualBookingErrors = Partial<Record<ManualBookingField, string>>;

export const CREATE_FAILED = 'Failed to create manual booking.';
export const CREATE_ERROR = 'An error occurred during manual booking.';

const initialValues = (date: string): ManualBookingValues => ({
  therapist_id: '',
  booking_date: date,
  booking_time_slot_start: '',
  client_full_name: '',
  client_email: '',
  client_mobile: '',
  client_note: '',
  booking_type: '',
  location_id: '',
  amount: '',
});

function toRequest(values: ManualBookingValues, therapist: AdminTherapist | undefined): ManualBookingRequest {
  const offline = values.booking_type === 'OFFLINE';
  return {
    therapist_id: values.therapist_id,
    booking_date: values.booking_date,
    booking_time_slot_start: values.booking_time_slot_start,
    client_full_name: values.client_full_name,
    client_email: values.client_email,
    client_mobile: values.client_mobile,
    client_note: values.client_note.trim() || null,
    booking_type: values.booking_type,
    location_id: offline ? values.location_id : 0,
    amount: values.amount,
    admin_confirmed: true,
    // The server decides the status itself; sent as the original product did.
    payment_status: offline ? 'PENDING' : 'COMPLETED',
    terms_accepted: true,
    therapist_email: therapist?.email ?? null,
  };
}

/** The manual booking form's values, the shared rules' errors per field, and the submit. */
export function useManualBookingForm(therapists: readonly AdminTherapist[], today: string) {
  const [values, setValues] = useState(() => initialValues(today));
  const [errors, setErrors] = useState<ManualBookingErrors>({});
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const therapist = therapists.find((item) => String(item.id) === values.therapist_id);
  // "Repeat": a standing appointment from the chosen date and time (issue 26).
  const series = useSeriesChoice(values.booking_date, values.booking_time_slot_start, {
    every_weeks: 0,
    count: 4,
  });

  /** Sets fields and clears their errors (errors clear per field on edit). */
  const update = (changes: Partial<ManualBookingValues>) => {
    setValues((current) => ({ ...current, ...changes }));
    setErrors((current) => {
      const next = { ...current };
      for (const field of Object.keys(changes)) delete next[field as ManualBookingField];
      return next;
    });
  };

  const chooseTherapist = (id: string) => {
    const chosen = therapists.find((item) => String(item.id) === id);
    // A therapist of both types (3) keeps the kind of session already chosen.
    const type = chosen?.type === 1 ? 'ONLINE' : chosen?.type === 2 ? 'OFFLINE' : values.booking_type;
    const onlyLocation = chosen?.locations.length === 1 ? String(chosen.locations[0]) : '';
    update({
      therapist_id: id,
      booking_time_slot_start: '',
      // The therapist's own kind of session, place and price are the likely choices.
      booking_type: type,
      location_id: type === 'OFFLINE' ? onlyLocation : '',
      amount: chosen ? String(chosen.price) : values.amount,
    });
  };

  const chooseType = (type: 'ONLINE' | 'OFFLINE') =>
    update(type === 'ONLINE' ? { booking_type: type, location_id: '' } : { booking_type: type });

  /** Validates, then creates the booking; resolves to the server's message, or null on failure. */
  const submit = async (): Promise<string | null> => {
    setSubmitError(null);
    const request = toRequest(values, therapist);
    const checked = validateManualBooking(request);
    // A rule of a field the form does not show (none today) is left to the server's answer.
    if (!checked.ok && Object.keys(checked.errors).length > 0) {
      setErrors(checked.errors);
      return null;
    }
    setSubmitting(true);
    try {
      const result = series.pattern
        ? await createAdminSeries(request, series.pattern)
        : await createManualBooking(request);
      return result.message || `Manual booking ${result.booking_id} created successfully!`;
    } catch (error) {
      // Dates taken: the list shows which, nothing was booked, the form stays as it is.
      if (error instanceof SeriesClashError) {
        series.setClashes(error.clashes);
        return null;
      }
      setSubmitError(error instanceof ApiError ? errorMessage(error, CREATE_FAILED) : CREATE_ERROR);
      return null;
    } finally {
      setSubmitting(false);
    }
  };

  const orderedErrors = MANUAL_BOOKING_FIELD_ORDER.flatMap((field) => {
    const message = errors[field];
    return message ? [{ field, message }] : [];
  });

  return {
    values,
    errors,
    orderedErrors,
    therapist,
    update,
    chooseTherapist,
    chooseType,
    submit,
    submitError,
    submitting,
    series,
  };
}
