import { SESSION_NOTE_MAX } from '@therapy/shared/therapist-schemas';
import { useId, useState } from 'react';
import { useT } from '../../../i18n/use-t';
import { fetchNote, saveNote } from './my-day-api';

type Loaded = { text: string; version: number };
type NoteState = 'idle' | 'loading' | 'loadFailed' | 'saving' | 'saved' | 'saveFailed';

/**
 * The therapist's note on a session: opened on request (each opening is a read the server
 * audits), saved as a new version; only its author ever sees it.
 */
export function NoteEditor({ bookingId, written }: { bookingId: number; written: boolean }) {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  const [state, setState] = useState<'idle' | 'loading' | 'loadFailed' | 'saving' | 'saved' | 'saveFailed'>(
    'idle',
  );
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [text, setText] = useState('');

  async function openNote() {
    setOpen(true);
    setState('loading');
    try {
      const note = await fetchNote(bookingId);
      setLoaded(note);
      setText(note.text);
      setState('idle');
    } catch {
      setState('loadFailed');
    }
  }

  async function save() {
    setState('saving');
    try {
      const note = await saveNote(bookingId, text);
      setLoaded(note);
      setState('saved');
    } catch {
      setState('saveFailed');
    }
  }

  if (!open) {
    return (
      <button
        type="button"
        className="button button--secondary session-card__note-button"
        onClick={() => void openNote()}
      >
        {t(written || loaded?.version ? 'therapist.note.openWritten' : 'therapist.note.open')}
      </button>
    );
  }
  if (state === 'loading') return <p role="status">{t('therapist.note.loading')}</p>;
  if (state === 'loadFailed' || !loaded) {
    return (
      <p role="alert" className="session-card__error">
        {t('therapist.note.loadFailed')}{' '}
        <button type="button" className="button button--secondary" onClick={() => void openNote()}>
          {t('common.retry')}
        </button>
      </p>
    );
  }
  return (
    <NoteForm
      text={text}
      version={loaded.version}
      state={state}
      onText={(value) => {
        setText(value);
        if (state === 'saved') setState('idle');
      }}
      onSave={() => void save()}
      onClose={() => setOpen(false)}
    />
  );
}

type NoteFormProps = {
  text: string;
  version: number;
  state: NoteState;
  onText: (text: string) => void;
  onSave: () => void;
  onClose: () => void;
};

/** The note's text, its length, Save and Close, and what became of the last save. */
function NoteForm({ text, version, state, onText, onSave, onClose }: NoteFormProps) {
  const { t } = useT();
  const id = useId();
  return (
    <div className="note-editor">
      <label htmlFor={`${id}-text`} className="session-card__label">
        {t('therapist.note.label')}
      </label>
      <textarea
        id={`${id}-text`}
        className="note-editor__text"
        rows={8}
        maxLength={SESSION_NOTE_MAX}
        value={text}
        aria-describedby={`${id}-count`}
        onChange={(event) => onText(event.target.value)}
      />
      <p id={`${id}-count`} className="session-card__muted">
        {t('therapist.note.count', { count: text.length.toLocaleString('en-IN') })}
      </p>
      <div className="note-editor__actions">
        <button
          type="button"
          className="button button--primary"
          disabled={state === 'saving'}
          onClick={onSave}
        >
          {state === 'saving' ? t('therapist.note.saving') : t('therapist.note.save')}
        </button>
        <button type="button" className="button button--secondary" onClick={onClose}>
          {t('therapist.note.close')}
        </button>
      </div>
      {state === 'saved' && <p role="status">{t('therapist.note.saved', { version })}</p>}
      {state === 'saveFailed' && (
        <p role="alert" className="session-card__error">
          {t('therapist.note.failed')}
        </p>
      )}
    </div>
  );
}
