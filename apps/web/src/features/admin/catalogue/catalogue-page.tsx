import type { ReactNode } from 'react';
import { PageLoading } from '../../../components/page-loading';
import { StatePanel } from '../../../components/state-panel';
import { useDocumentTitle } from '../../../lib/use-document-title';
import type { FetchResult } from '../../../lib/use-fetch';
import { isForbidden, loadErrorMessage } from '../admin-http';
import { SetupNextStep } from '../setup/setup-next-step';
import type { SetupStep } from '../setup/setup-steps';
import { AdminPageHeader } from '../ui/admin-page-header';
import { useConfirm } from '../ui/confirm-dialog';
import { LoadErrorPanel } from '../ui/load-error-panel';
import { Badge } from '../ui/status-badge';
import { showError, showSuccess } from '../ui/toast-store';

export const CATALOGUE_FORBIDDEN = 'Only superadmins can manage the catalogue.';

/** What the page needs of `useCatalogueList`. */
type PageList<T> = {
  data: FetchResult<unknown>;
  editing: T | 'new' | null;
  add: () => void;
  dialog: ReactNode;
};

type CataloguePageProps<T> = {
  /** What one row is ("centre"): the title, Add button and states name it, plural with an s. */
  noun: string;
  subtitle: string;
  list: PageList<T>;
  empty: boolean;
  /** The add (null) or edit dialog, while one is open. */
  editor: (row: T | null) => ReactNode;
  /** The table. */
  children: ReactNode;
  /** The set-up step this screen does: what comes next shows after a save (issue 31). */
  step?: SetupStep['key'];
};

/** The frame of a catalogue screen: heading and Add button, then loading, error, empty or the table. */
export function CataloguePage<T>(props: CataloguePageProps<T>) {
  const { list, noun } = props;
  const load = list.data;
  const plural = `${noun}s`;
  const title = `${plural[0]?.toUpperCase()}${plural.slice(1)}`;
  useDocumentTitle(title);
  return (
    <div className="admin-page">
      <AdminPageHeader title={title} subtitle={props.subtitle}>
        {load.status === 'success' && (
          <button type="button" className="button button--primary" onClick={list.add}>
            {`Add ${noun}`}
          </button>
        )}
      </AdminPageHeader>
      {props.step && <SetupNextStep step={props.step} />}
      {load.status === 'loading' && <PageLoading label={`Loading ${plural}…`} />}
      {load.status === 'error' && isForbidden(load.error) && (
        <StatePanel title="Superadmins only">
          <p className="state-panel__message">{CATALOGUE_FORBIDDEN}</p>
        </StatePanel>
      )}
      {load.status === 'error' && !isForbidden(load.error) && (
        <LoadErrorPanel
          title="Error"
          message={loadErrorMessage(load.error, `Failed to load ${plural}.`)}
          onRetry={load.retry}
        />
      )}
      {load.status === 'success' &&
        (props.empty ? (
          <p className="admin-empty">{`No ${plural} yet. Add the first one.`}</p>
        ) : (
          <section className="admin-panel">{props.children}</section>
        ))}
      {list.dialog}
      {list.editing && props.editor(list.editing === 'new' ? null : list.editing)}
    </div>
  );
}

export function ActiveBadge({ active }: { active: boolean }) {
  return <Badge tone={active ? 'success' : 'neutral'}>{active ? 'Active' : 'Inactive'}</Badge>;
}

/**
 * Deactivate (after a confirmation) or reactivate a row: `save` sends `{is_active}`; the list
 * reloads after. Render `dialog`.
 */
export function useActiveToggle(
  noun: string,
  save: (id: number, isActive: boolean) => Promise<unknown>,
  reload: () => void,
) {
  const { confirm, dialog } = useConfirm();
  const toggle = async (row: { id: number; is_active: boolean }, name: string) => {
    if (row.is_active) {
      const yes = await confirm({
        title: `Deactivate ${noun}?`,
        message: `${name} will no longer be shown or bookable in the booking wizard. Existing bookings, reports and e-mails stay as they are. You can reactivate later.`,
        confirmLabel: 'Deactivate',
      });
      if (!yes) return;
    }
    try {
      await save(row.id, !row.is_active);
      showSuccess(`${name} ${row.is_active ? 'deactivated' : 'reactivated'}.`);
      reload();
    } catch (error) {
      showError(loadErrorMessage(error, `Could not change ${name}. Please try again.`));
    }
  };
  return { toggle, dialog };
}

type RowActionsProps = {
  name: string;
  active: boolean;
  onEdit: () => void;
  onToggle: () => void;
  children?: ReactNode;
};

/** Edit and Deactivate/Reactivate, labelled with the row's name for screen readers. */
export function RowActions({ name, active, onEdit, onToggle, children }: RowActionsProps) {
  return (
    <div className="admin-actions">
      <button
        type="button"
        className="button button--secondary admin-button--small"
        aria-label={`Edit ${name}`}
        onClick={onEdit}
      >
        Edit
      </button>
      {children}
      <button
        type="button"
        className={`button ${active ? 'button--danger' : 'button--secondary'} admin-button--small`}
        aria-label={`${active ? 'Deactivate' : 'Reactivate'} ${name}`}
        onClick={onToggle}
      >
        {active ? 'Deactivate' : 'Reactivate'}
      </button>
    </div>
  );
}
