import { type FormEvent, useRef, useState } from 'react';
import { setupChanged } from '../setup/setup-steps';
import { showSuccess } from '../ui/toast-store';
import { type SavedSchedule, saveSchedule } from './schedule-api';
import {
  BUFFER_FIELD_ID,
  type DayDraft,
  draftFromSchedule,
  draftToRequest,
  type FieldErrors,
  type ScheduleDraft,
} from './schedule-draft';
import { submitFailure } from './schedule-form-failure';

export const SAVE_FAILED = 'The schedule could not be saved.';

/**
 * The weekly editor's state and Save: the editor's own checks first, then the PUT; a refusal puts
 * the server's messages beside the fields and keeps everything typed; a save shows how many
 * bookings now fall outside the schedule.
 */
export function useWeeklyEditor(
  therapistId: number,
  schedule: SavedSchedule,
  defaultPlace: string,
  onSaved: (saved: SavedSchedule) => void,
) {
  const [draft, setDraft] = useState<ScheduleDraft>(() => draftFromSchedule(schedule, defaultPlace));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const [outside, setOutside] = useState(0);
  const summaryRef = useRef<HTMLDivElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  // Whichever problem shows, the reader is taken to it.
  const focusProblem = () => requestAnimationFrame(() => (summaryRef.current ?? failureRef.current)?.focus());

  const setDay = (weekday: number, day: DayDraft) =>
    setDraft((current) => ({ ...current, days: current.days.map((d, at) => (at === weekday ? day : d)) }));

  async function save(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    setFailure([]);
    const checked = draftToRequest(draft);
    if (!checked.ok) {
      setErrors(checked.errors);
      focusProblem();
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const saved = await saveSchedule(therapistId, checked.body);
      setDraft(draftFromSchedule(saved, defaultPlace));
      setOutside(saved.outside_bookings ?? 0);
      showSuccess('Schedule saved.');
      setupChanged();
      onSaved(saved);
    } catch (error) {
      const mapped = submitFailure(error, SAVE_FAILED, { buffer_minutes: BUFFER_FIELD_ID }, checked.sources);
      setErrors(mapped.errors);
      setFailure(mapped.general.length > 0 ? [...new Set([SAVE_FAILED, ...mapped.general])] : []);
      focusProblem();
    } finally {
      setSaving(false);
    }
  }

  return { draft, setDraft, setDay, errors, failure, saving, outside, save, summaryRef, failureRef };
}
