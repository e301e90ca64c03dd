import { SESSION_MINUTES } from '@therapy/shared/booking-rules';
import { MAX_WEEKLY_HOURS } from '@therapy/shared/schedule-schemas';
import { Link } from 'wouter';
import { Button } from '../../../components/button';
import { ErrorSummary } from '../../../components/error-summary';
import { FormField } from '../../../components/form-field';
import { formatTime } from '../admin-format';
import { HoursRanges } from './hours-ranges';
import type { SavedSchedule } from './schedule-api';
import {
  BUFFER_CHOICES,
  BUFFER_FIELD_ID,
  COPY_TARGETS,
  copyDay,
  type DayDraft,
  type FieldErrors,
  previewSessions,
  WEEKDAYS,
} from './schedule-draft';
import { defaultPlace, type PlaceOption } from './schedule-places';
import { useWeeklyEditor } from './use-weekly-editor';

type WeeklyHoursEditorProps = {
  therapistId: number;
  schedule: SavedSchedule;
  places: readonly PlaceOption[];
  onSaved: (saved: SavedSchedule) => void;
};

/** The therapist's working week: per weekday a day off or hours at places, the buffer, Save. */
export function WeeklyHoursEditor({ therapistId, schedule, places, onSaved }: WeeklyHoursEditorProps) {
  const editor = useWeeklyEditor(therapistId, schedule, defaultPlace(places), onSaved);
  const { draft, setDraft, errors, failure, outside } = editor;
  const rangeCount = draft.days.reduce((sum, day) => sum + (day.working ? day.ranges.length : 0), 0);

  const summary = Object.entries(errors).map(([fieldId, message]) => ({ fieldId, message }));
  return (
    <form
      className="form admin-form schedule-week"
      onSubmit={editor.save}
      noValidate
      aria-labelledby="weekly-heading"
    >
      <h2 id="weekly-heading">Weekly hours</h2>
      <p className="admin-page__subtitle">
        {SESSION_MINUTES}-minute sessions.
        {schedule.weekly.length > 0 && ' Changing hours never moves or cancels a booking.'}
      </p>
      <PlaceNote places={places} />
      <ErrorSummary ref={editor.summaryRef} errors={summary} />
      {failure.length > 0 && (
        <div className="admin-alert admin-alert--error" role="alert" tabIndex={-1} ref={editor.failureRef}>
          {failure.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
      )}
      {draft.days.map((day, weekday) => (
        <WeekdayFieldset
          key={WEEKDAYS[weekday]}
          weekday={weekday}
          day={day}
          bufferMinutes={draft.buffer_minutes}
          errors={errors}
          places={places}
          full={rangeCount >= MAX_WEEKLY_HOURS}
          onChange={(next) => editor.setDay(weekday, next)}
          onCopy={(targets) => setDraft(copyDay(draft, weekday, targets))}
        />
      ))}
      <FormField id={BUFFER_FIELD_ID} label="Break after each session" error={errors[BUFFER_FIELD_ID]}>
        {(control) => (
          <select
            {...control}
            className="select schedule-buffer"
            value={draft.buffer_minutes}
            onChange={(event) => setDraft({ ...draft, buffer_minutes: Number(event.target.value) })}
          >
            {[...new Set([...BUFFER_CHOICES, draft.buffer_minutes])].map((minutes) => (
              <option key={minutes} value={minutes}>
                {minutes === 0 ? 'No break' : `${minutes} minutes`}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <div role="status" className="schedule-outside">
        {outside > 0 && (
          <p className="admin-alert admin-alert--warning">
            {outside === 1 ? '1 booking now falls' : `${outside} bookings now fall`} outside this schedule.{' '}
            <Link href="/admin/outside-schedule">See bookings outside the schedules</Link>
          </p>
        )}
      </div>
      <div className="admin-form__actions">
        <Button type="submit" busy={editor.saving} busyLabel="Saving...">
          Save Schedule
        </Button>
      </div>
    </form>
  );
}

type WeekdayFieldsetProps = {
  weekday: number;
  day: DayDraft;
  bufferMinutes: number;
  errors: FieldErrors;
  places: readonly PlaceOption[];
  full: boolean;
  onChange: (day: DayDraft) => void;
  /** Copies this day's hours to the given weekdays. */
  onCopy: (targets: readonly number[]) => void;
};

function WeekdayFieldset({
  weekday,
  day,
  bufferMinutes,
  errors,
  places,
  full,
  onChange,
  onCopy,
}: WeekdayFieldsetProps) {
  const name = WEEKDAYS[weekday] ?? '';
  const toggleId = `weekly-${weekday}-working`;
  const sessions = previewSessions(day, weekday, bufferMinutes);
  return (
    <fieldset className="schedule-day">
      <legend className="schedule-day__name">{name}</legend>
      <label className="admin-radio schedule-day__toggle" htmlFor={toggleId}>
        <input
          id={toggleId}
          type="checkbox"
          checked={day.working}
          onChange={(event) => onChange({ ...day, working: event.target.checked })}
        />
        Working
      </label>
      {day.working ? (
        <HoursRanges
          prefix="weekly"
          day={weekday}
          context={name}
          ranges={day.ranges}
          errors={errors}
          places={places}
          full={full}
          onChange={(ranges) => onChange({ ...day, ranges })}
        />
      ) : (
        <p className="muted schedule-day__off">Day off</p>
      )}
      {day.working && (
        <p className="schedule-day__preview tabular-nums">
          {sessions.length === 0
            ? 'No sessions fit these hours.'
            : `${sessions.length} ${sessions.length === 1 ? 'session' : 'sessions'}: ${sessions
                .map((slot) => formatTime(slot.start_time))
                .join(', ')}`}
        </p>
      )}
      {day.working && <CopyButtons name={name} onCopy={onCopy} />}
    </fieldset>
  );
}

/** "Copy to other days": this day's hours and places to Monday–Friday, or to every day. */
function CopyButtons({ name, onCopy }: { name: string; onCopy: (targets: readonly number[]) => void }) {
  return (
    <div className="schedule-day__copy">
      <button
        type="button"
        className="button button--secondary admin-button--small"
        onClick={() => onCopy(COPY_TARGETS.weekdays)}
      >
        {`Copy ${name} to Monday–Friday`}
      </button>
      <button
        type="button"
        className="button button--secondary admin-button--small"
        onClick={() => onCopy(COPY_TARGETS.everyDay)}
      >
        {`Copy ${name} to every day`}
      </button>
    </div>
  );
}

/** What Place decides, and where a new day starts (issue 31). */
function PlaceNote({ places }: { places: readonly PlaceOption[] }) {
  const first = places.find((place) => place.value === defaultPlace(places));
  const both = places.length > 1 && places.some((place) => place.value === '0');
  return (
    <p className="field__hint schedule-place-note">
      Place decides who can book: a centre’s hours are for in-person clients, online hours for video sessions.
      {first && ` New days start at ${first.label}.`}
      {both && ' To offer both, give each place some hours.'}
    </p>
  );
}
