import type { AdminLocation, AdminTherapist } from '@therapy/shared/admin-schemas';
import { type FormEvent, lazy, Suspense, useRef } from 'react';
import { Button } from '../../../components/button';
import { ErrorSummary } from '../../../components/error-summary';
import { ModalDialog } from '../../../components/modal-dialog';
import { PageLoading } from '../../../components/page-loading';
import { LoadError } from '../../../components/state-panel';
import { useFetch } from '../../../lib/use-fetch';
import { clinicToday } from '../admin-format';
import { fetchAdminLocations, fetchAdminTherapists } from '../admin-lists-api';
import { RepeatChoiceFields } from '../series/repeat-choice';
import { FIELD_IDS, ManualBookingFields } from './manual-booking-fields';
import { useManualBookingForm } from './use-manual-booking-form';

// A repeating booking's list of dates (issue 26): its code and styles load once "Repeat" is chosen.
const SeriesDatesEditor = lazy(() =>
  import('../series/series-dates-editor').then((m) => ({ default: m.SeriesDatesEditor })),
);

export const FORM_DATA_FAILED = 'Failed to load form data.';
const FORM_ID = 'manual-booking-form';

type ManualFormData = { therapists: AdminTherapist[]; locations: AdminLocation[] };

type ManualBookingDialogProps = {
  onClose: () => void;
  /** Called with the server's success message. */
  onCreated: (message: string) => void;
};

export function ManualBookingDialog({ onClose, onCreated }: ManualBookingDialogProps) {
  const data = useFetch<ManualFormData>('manual-booking-form', async (signal) => {
    const [therapists, locations] = await Promise.all([
      fetchAdminTherapists(signal),
      fetchAdminLocations(signal),
    ]);
    return {
      therapists: therapists.filter((therapist) => therapist.is_active),
      locations: locations.filter((location) => location.is_active),
    };
  });

  return (
    <ModalDialog title="Manual Booking" onClose={onClose} size="large">
      {data.status === 'loading' && <PageLoading label="Loading form…" />}
      {data.status === 'error' && <LoadError message={FORM_DATA_FAILED} onRetry={data.retry} />}
      {data.status === 'success' && data.data && (
        <ManualBookingForm data={data.data} onCancel={onClose} onCreated={onCreated} />
      )}
    </ModalDialog>
  );
}

type ManualBookingFormProps = {
  data: ManualFormData;
  onCancel: () => void;
  onCreated: (message: string) => void;
};

function ManualBookingForm({ data, onCancel, onCreated }: ManualBookingFormProps) {
  const form = useManualBookingForm(data.therapists, clinicToday());
  const summaryRef = useRef<HTMLDivElement>(null);
  const submitErrorRef = useRef<HTMLDivElement>(null);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (form.submitting) return;
    const message = await form.submit();
    if (message) {
      onCreated(message);
      return;
    }
    // Whichever problem shows, the reader is taken to it.
    requestAnimationFrame(() => (summaryRef.current ?? submitErrorRef.current)?.focus());
  };

  return (
    <form id={FORM_ID} className="form admin-form" onSubmit={handleSubmit} noValidate>
      <ErrorSummary
        ref={summaryRef}
        errors={form.orderedErrors.map(({ field, message }) => ({ fieldId: FIELD_IDS[field], message }))}
      />
      {form.submitError && (
        <div className="admin-alert admin-alert--error" role="alert" tabIndex={-1} ref={submitErrorRef}>
          {form.submitError}
        </div>
      )}
      <ManualBookingFields form={form} therapists={data.therapists} locations={data.locations} />
      <RepeatChoiceFields value={form.series.choice} onChange={form.series.setChoice} allowNone />
      {form.series.pattern && form.therapist && (
        <Suspense fallback={null}>
          <SeriesDatesEditor
            pattern={form.series.pattern}
            clashes={form.series.clashes}
            therapistId={form.therapist.id}
            placeId={form.values.booking_type === 'OFFLINE' ? Number(form.values.location_id) || 0 : 0}
            online={form.values.booking_type === 'ONLINE'}
            onChange={form.series.setEdits}
          />
        </Suspense>
      )}
      <div className="admin-form__actions">
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Cancel
        </button>
        <Button type="submit" busy={form.submitting} busyLabel="Creating...">
          Create Booking
        </Button>
      </div>
    </form>
  );
}
