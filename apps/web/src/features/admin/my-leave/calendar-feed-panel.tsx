import { useState } from 'react';
import { PageLoading } from '../../../components/page-loading';
import { useT } from '../../../i18n/use-t';
import { useFetch } from '../../../lib/use-fetch';
import { errorMessage } from '../admin-http';
import { useConfirm } from '../ui/confirm-dialog';
import { LoadErrorPanel } from '../ui/load-error-panel';
import { fetchCalendarFeed, rotateCalendarFeed } from './my-leave-api';

/** The therapist's private calendar address: copy it into a calendar, or make a new one. */
export function CalendarFeedPanel() {
  const { t } = useT();
  const [rotations, setRotations] = useState(0);
  const [busy, setBusy] = useState(false);
  // Said here, not in a toast: the therapist's shell has no toast region.
  const [said, setSaid] = useState<{ text: string; error: boolean } | null>(null);
  const feed = useFetch('therapist-calendar-feed', fetchCalendarFeed, {
    version: rotations,
    keepPrevious: true,
  });
  const { confirm, dialog } = useConfirm();

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      setSaid({ text: t('leave.feed.copied'), error: false });
    } catch {
      setSaid({ text: t('leave.feed.copyFailed'), error: true });
    }
  }

  async function rotate() {
    const yes = await confirm({
      title: t('leave.feed.rotateTitle'),
      message: t('leave.feed.rotateMessage'),
      confirmLabel: t('leave.feed.rotate'),
      cancelLabel: t('leave.feed.rotateKeep'),
    });
    if (!yes || busy) return;
    setBusy(true);
    try {
      await rotateCalendarFeed();
      setSaid({ text: t('leave.feed.rotated'), error: false });
      setRotations((value) => value + 1);
    } catch (error) {
      setSaid({ text: errorMessage(error, t('leave.feed.rotateFailed')), error: true });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="admin-panel" aria-labelledby="leave-feed">
      <h2 id="leave-feed">{t('leave.feed.title')}</h2>
      <p>{t('leave.feed.help')}</p>
      {feed.status === 'loading' && <PageLoading label={t('leave.feed.loading')} />}
      {feed.status === 'error' && (
        <LoadErrorPanel
          title={t('leave.feed.loadFailed')}
          retryLabel={t('leave.retry')}
          onRetry={feed.retry}
        />
      )}
      {feed.status === 'success' && (
        <div className="my-leave-feed">
          <label className="field__label" htmlFor="calendar-feed-url">
            {t('leave.feed.address')}
          </label>
          <input id="calendar-feed-url" readOnly value={feed.data.url} onFocus={(e) => e.target.select()} />
          <div className="leave-requests-page__decide">
            <button type="button" className="button button--primary" onClick={() => void copy(feed.data.url)}>
              {t('leave.feed.copy')}
            </button>
            <button
              type="button"
              className="button button--secondary"
              aria-disabled={busy}
              onClick={() => void rotate()}
            >
              {busy ? t('leave.feed.rotating') : t('leave.feed.rotate')}
            </button>
          </div>
        </div>
      )}
      <p role="status" className={said?.error ? 'field__error' : 'my-leave-status'}>
        {said?.text ?? ''}
      </p>
      {dialog}
    </section>
  );
}
