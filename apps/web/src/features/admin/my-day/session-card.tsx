import { hasStarted } from '@therapy/shared/booking-states';
import { zonedNow } from '@therapy/shared/clinic-time';
import type { AttendanceStatus } from '@therapy/shared/front-desk-schemas';
import { formatsFor } from '@therapy/shared/locale-format';
import type { SessionMeasures } from '@therapy/shared/measures-schemas';
import type { TherapistSession } from '@therapy/shared/therapist-schemas';
import { useState } from 'react';
import { Link } from 'wouter';
import type { MessageId } from '../../../i18n/catalog';
import { useT } from '../../../i18n/use-t';
import { clinicTimeZone } from '../../../lib/clinic';
import { markAttendance } from './my-day-api';
import { NoteEditor } from './note-editor';

const STATUS_LABEL = { attended: 'therapist.attended', no_show: 'therapist.noShow' } as const;

/**
 * One session: time, client, first session or not, online (Start session) or the centre, the
 * client's booking note, Attended / No-show once it has started, and the therapist's own note.
 */
export function SessionCard({ session, onChanged }: { session: TherapistSession; onChanged: () => void }) {
  const { t, locale } = useT();
  const { time } = formatsFor(locale);
  const [marked, setMarked] = useState(session.attendance);
  const [busy, setBusy] = useState<AttendanceStatus | null>(null);
  const [failed, setFailed] = useState(false);
  const started = hasStarted(
    { booking_date: session.booking_date, booking_time_slot_start: session.start_time },
    zonedNow(clinicTimeZone()),
  );
  const shown = marked ?? session.attendance;

  async function mark(status: AttendanceStatus) {
    setBusy(status);
    setFailed(false);
    try {
      await markAttendance(session.booking_id, status);
      setMarked(status);
      onChanged();
    } catch {
      setFailed(true);
    } finally {
      setBusy(null);
    }
  }

  return (
    <article className="session-card" aria-label={`${time(session.start_time)} ${session.client_name}`}>
      <p className="session-card__time">
        {t('therapist.timeRange', { start: time(session.start_time), end: time(session.end_time) })}
      </p>
      <h3 className="session-card__client">{session.client_name}</h3>
      <SessionTags session={session} />
      {session.booking_type === 'ONLINE' &&
        (session.meeting_url ? (
          <a
            className="button button--primary session-card__start"
            href={session.meeting_url}
            target="_blank"
            rel="noreferrer"
          >
            {t('therapist.start')}
          </a>
        ) : (
          <p className="session-card__muted">{t('therapist.linkPending')}</p>
        ))}
      {session.client_note && (
        <div className="session-card__note">
          <p className="session-card__label">{t('therapist.clientNote')}</p>
          <p className="session-card__note-text">{session.client_note}</p>
        </div>
      )}
      {started && (
        <AttendanceButtons
          shown={shown}
          busy={busy !== null}
          failed={failed}
          onMark={(status) => void mark(status)}
        />
      )}
      {session.measures && <SessionMeasuresLine measures={session.measures} />}
      <NoteEditor bookingId={session.booking_id} written={session.has_note} />
    </article>
  );
}

/** Attended / No-show, the current mark pressed and said in words. */
function AttendanceButtons({
  shown,
  busy,
  failed,
  onMark,
}: {
  shown: AttendanceStatus | null;
  busy: boolean;
  failed: boolean;
  onMark: (status: AttendanceStatus) => void;
}) {
  const { t } = useT();
  return (
    <fieldset className="session-card__attendance">
      <legend className="visually-hidden">{t('therapist.attendance.label')}</legend>
      {(['attended', 'no_show'] as const).map((status) => (
        <button
          key={status}
          type="button"
          className={`button ${shown === status ? 'button--primary' : 'button--secondary'}`}
          aria-pressed={shown === status}
          disabled={busy}
          onClick={() => onMark(status)}
        >
          {t(STATUS_LABEL[status])}
        </button>
      ))}
      {shown && (
        <span role="status" className="session-card__muted">
          {t('therapist.attendance.marked', { status: t(STATUS_LABEL[shown]) })}
        </span>
      )}
      {failed && (
        <span role="alert" className="session-card__error">
          {t('therapist.attendance.failed')}
        </span>
      )}
    </fieldset>
  );
}

/** First session or returning, online or the centre, and "Session 3 of 8" in a standing appointment. */
function SessionTags({ session }: { session: TherapistSession }) {
  const { t } = useT();
  // A session of a standing appointment (issue 26), when the answer carries `series`.
  const place = session.series;
  return (
    <p className="session-card__tags">
      <span className={`session-card__tag${session.first_session ? ' session-card__tag--first' : ''}`}>
        {t(session.first_session ? 'therapist.firstSession' : 'therapist.returning')}
      </span>
      <span className="session-card__tag">
        {session.booking_type === 'ONLINE' ? t('therapist.online') : (session.location_name ?? '')}
      </span>
      {place && (
        <span className="session-card__tag tabular-nums">
          {t('therapist.seriesPlace', { position: place.position, count: place.count })}
        </span>
      )}
    </p>
  );
}

/** The client's latest PHQ-9 and GAD-7 and, until opened, the unseen-risk badge; the link to every score. */
function SessionMeasuresLine({ measures }: { measures: SessionMeasures }) {
  const { t } = useT();
  const band = (name: string) => t(`therapist.band.${name}` as MessageId);
  const latest = measures.latest;
  return (
    <p className="session-card__measures">
      {measures.unseen_risk && (
        <span className="session-card__risk">{t('therapist.measures.riskBadge')}</span>
      )}
      <span className="session-card__muted">
        {latest
          ? t('therapist.measures.latest', {
              phq9: latest.phq9_score,
              phq9Band: band(latest.phq9_band),
              gad7: latest.gad7_score,
              gad7Band: band(latest.gad7_band),
            })
          : t('therapist.measures.noneYet')}
      </span>
      <Link
        href={`/admin/my-day/clients/${encodeURIComponent(measures.client_key)}`}
        className="button button--secondary"
      >
        {t('therapist.measures.open')}
      </Link>
    </p>
  );
}
