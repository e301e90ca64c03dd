import type { ManageView } from '@therapy/shared/manage-schemas';
import { type ReactNode, type RefObject, useRef, useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { Button } from '../../components/button';
import { PhoneOrPlaceholder } from '../../components/clinic-contact-links';
import { PageLoading } from '../../components/page-loading';
import { LoadError, StatePanel } from '../../components/state-panel';
import type { MessageId } from '../../i18n/catalog';
import englishManage from '../../i18n/en/manage.json';
import englishPayment from '../../i18n/en/payment.json';
import { registerEnglishArea, useCatalogueArea } from '../../i18n/i18n';
import { useStepsCatalogue } from '../../i18n/steps-area';
import { Trans, useT } from '../../i18n/use-t';
import { ApiError } from '../../lib/api-client';
import { clinicPhoneOf, useClinicProfile } from '../../lib/clinic';
import { intakeLinkPath } from '../../lib/intake-link';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useFetch } from '../../lib/use-fetch';
import { CancelDialog } from './cancel-dialog';
import { loadManageView } from './manage-api';
import { ManageReceipts } from './manage-receipts';
import { noActionText, useWords, type Words, whenText } from './manage-rules';
import { ManagedBookingSummary } from './managed-booking-summary';
import { ReschedulePanel } from './reschedule-panel';
import { followingCount, SeriesSessions } from './series-sessions';
import './manage.css';
import type { Locale } from '../../i18n/locale';
import { translateNotice } from '../../i18n/notice';

// This page's English words come in its own chunk: no further request before it shows.
registerEnglishArea('manage', englishManage);
registerEnglishArea('payment', englishPayment);

/**
 * What the server last said for `token` and, after an action, the view its answer carried (shown
 * at once); null when the page reloads the view instead (after a refusal).
 */
type Held = { token: string; view: ManageView | null; message: string | null; tone: 'success' | 'warning' };

const LOAD_FAILED = 'manage.loadFailed' satisfies MessageId;

/**
 * The client's manage page (/manage/{token}, from the confirmation e-mail or the status page): the
 * booking, and Cancel and Reschedule while the server offers them. Phone first; each outcome is
 * announced (live region) and moves the focus to the booking's heading.
 */
/** The page's state: the view shown (an action's answer first, else the loaded one), the mode, outcomes. */
function useManageState(token: string) {
  const [held, setHeld] = useState<Held | null>(null);
  const [version, setVersion] = useState(0);
  const [mode, setMode] = useState<'view' | 'reschedule' | 'cancel'>('view');
  const kept = held?.token === token ? held : null;
  const fetched = useFetch(`manage:${token}`, (signal) => loadManageView(token, signal), { version });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusBooking = () => requestAnimationFrame(() => headingRef.current?.focus());

  const showOutcome = (next: Held) => {
    setHeld(next);
    setMode('view');
    focusBooking();
  };
  /** The server said no (the window closed, the link was spent meanwhile): its words, and a fresh view. */
  const refused = (message: string) => {
    showOutcome({ token, view: null, message, tone: 'warning' });
    setVersion((value) => value + 1);
  };
  const view = kept?.view ?? fetched.data;
  return { view, fetched, kept, mode, setMode, headingRef, focusBooking, showOutcome, refused };
}

/** The server words a move in English; in Hindi the page says the same in the visitor's words. */
function movedMessage(result: { message: string; view: ManageView }, locale: Locale, words: Words): string {
  const moved = result.view.booking;
  if (locale === 'en') return result.message;
  const when = whenText(moved.booking_date, moved.booking_time_slot_start, words);
  return words.t('manage.server.moved', { when });
}

/** The page's words: its own, the later steps' pickers and summary, the status page's place row. */
function usePageCatalogues(locale: Locale): void {
  useStepsCatalogue(locale);
  useCatalogueArea('manage', locale);
  // The booking's place row (components/session-place-row.tsx) is worded in the status page's area.
  useCatalogueArea('payment', locale);
}

export function ManagePage() {
  const { t, locale } = useT();
  usePageCatalogues(locale);
  const words = useWords();
  const { token = '' } = useParams<{ token: string }>();
  const [, navigate] = useLocation();
  const { view, fetched, kept, mode, setMode, headingRef, focusBooking, showOutcome, refused } =
    useManageState(token);
  useDocumentTitle(t('manage.title'));

  let body: ReactNode;
  if (!view && fetched.status === 'error') {
    body = <ManageLoadError error={fetched.error} onRetry={fetched.retry} />;
  } else if (!view) {
    body = <PageLoading label={t('manage.loading')} />;
  } else if (mode === 'reschedule') {
    body = (
      <ReschedulePanel
        token={token}
        booking={view.booking}
        inSeries={Boolean(view.series)}
        onBack={() => {
          setMode('view');
          focusBooking();
        }}
        onRefused={refused}
        onDone={(result) => {
          const message = movedMessage(result, locale, words);
          showOutcome({ token: result.manage_token, view: result.view, message, tone: 'success' });
          navigate(`/manage/${encodeURIComponent(result.manage_token)}`, { replace: true });
        }}
      />
    );
  } else {
    body = (
      <BookingCard
        token={token}
        view={view}
        headingRef={headingRef}
        onCancel={() => setMode('cancel')}
        onReschedule={() => setMode('reschedule')}
      />
    );
  }

  return (
    <div className="page-narrow manage-page">
      <header className="page-header">
        <h1 className="page-header__eyebrow">{t('manage.title')}</h1>
      </header>
      <div role="status" aria-live="polite" className="manage-page__outcome">
        {kept?.message && mode !== 'reschedule' && (
          <p className={`alert alert--${kept.tone === 'success' ? 'success' : 'warning'}`}>
            {translateNotice(t, kept.message)}
          </p>
        )}
      </div>
      {body}
      {mode === 'cancel' && view && (
        <CancelDialog
          token={token}
          booking={view.booking}
          following={view.series ? followingCount(view) : null}
          onClose={() => setMode('view')}
          onCancelled={(result) =>
            showOutcome({ token, view: result.view, message: result.message, tone: 'success' })
          }
          onRefused={refused}
        />
      )}
    </div>
  );
}

function ManageLoadError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useT();
  // 404 (no such link) and 410 (the session has passed): the server's words, nothing to retry.
  if (error instanceof ApiError && (error.status === 404 || error.status === 410)) {
    return (
      <StatePanel
        tone="error"
        title={t('manage.linkUnusable')}
        actions={
          <Link href="/" className="button button--secondary">
            {t('common.notFound.home')}
          </Link>
        }
      >
        <p className="state-panel__message">{translateNotice(t, error.message)}</p>
      </StatePanel>
    );
  }
  return <LoadError message={error instanceof ApiError ? error.message : t(LOAD_FAILED)} onRetry={onRetry} />;
}

type BookingCardProps = {
  token: string;
  view: ManageView;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onCancel: () => void;
  onReschedule: () => void;
};

function BookingCard({ token, view, headingRef, onCancel, onReschedule }: BookingCardProps) {
  const profilePhone = clinicPhoneOf(useClinicProfile());
  const phone = view.clinic_phone || profilePhone;
  const words = useWords();
  const { t } = words;
  const note = noActionText(view, words);
  const late = view.status === 'confirmed' && !view.can_change;
  return (
    <>
      <section className="card manage-step" aria-labelledby="manage-booking-heading">
        <h2 id="manage-booking-heading" ref={headingRef} tabIndex={-1} className="manage-step__title">
          {t('manage.yourBooking')}
        </h2>
        <ManagedBookingSummary booking={view.booking} />
        {view.series && <SeriesSessions series={view.series} bookingId={view.booking.booking_id} />}
        {note && <p className="manage-page__note">{note}</p>}
        {late && (
          <p>
            <Trans
              id="manage.lateChange"
              components={{
                0: <PhoneOrPlaceholder phone={phone} />,
                // biome-ignore lint/a11y/useAnchorContent: Trans fills in the link's words
                1: <a href="/terms-and-conditions" target="_blank" rel="noopener" />,
                2: <span className="visually-hidden" />,
              }}
            />
          </p>
        )}
        <IntakeLink url={view.intake_url} />
        {view.status === 'confirmed' && view.can_change && (
          <div className="step-actions">
            <Button variant="secondary" onClick={onCancel}>
              {t('manage.cancelBooking')}
            </Button>
            <Button onClick={onReschedule}>{t('manage.reschedule')}</Button>
          </div>
        )}
      </section>
      <ManageReceipts token={token} />
    </>
  );
}

/** The questionnaire this session brings, while unanswered (decision 058). */
function IntakeLink({ url }: { url: string | null | undefined }) {
  const { t } = useT();
  const path = intakeLinkPath(url);
  if (!path) return null;
  return (
    <div className="manage-page__intake">
      <Link href={path} className="button button--primary button--block">
        {t('manage.intakeLink')}
      </Link>
      <p className="muted">{t('manage.intakeNote')}</p>
    </div>
  );
}
