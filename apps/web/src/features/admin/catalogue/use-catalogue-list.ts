import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useFetch } from '../../../lib/use-fetch';
import { setupChanged } from '../setup/setup-steps';
import { showSuccess } from '../ui/toast-store';
import { useActiveToggle } from './catalogue-page';
import type { CatalogueRow } from './catalogue-table';

/**
 * The state of a catalogue screen: its data (reloaded after each change), the row being edited
 * (or 'new'), and deactivate/reactivate with its confirmation (render `dialog`).
 */
export function useCatalogueList<T extends CatalogueRow, D>(
  noun: string,
  load: (signal?: AbortSignal) => Promise<D>,
  save: (id: number, body: { is_active: boolean }) => Promise<unknown>,
) {
  const [version, setVersion] = useState(0);
  const reload = () => setVersion((value) => value + 1);
  const data = useFetch(`catalogue-${noun}s`, load, { version });
  // `?add=1` (the set-up checklist's link): the screen opens on its Add dialog, one click fewer.
  const addAsked = new URLSearchParams(useSearch()).get('add') === '1';
  const [path, navigate] = useLocation();
  const [editing, setEditingState] = useState<T | 'new' | null>(() => (addAsked ? 'new' : null));
  const setEditing = (row: T | 'new' | null) => {
    if (row === null && addAsked) navigate(path, { replace: true });
    setEditingState(row);
  };
  const { toggle, dialog } = useActiveToggle(noun, (id, is_active) => save(id, { is_active }), reload);
  const saved = (name: string) => {
    setEditing(null);
    showSuccess(`${noun[0]?.toUpperCase()}${noun.slice(1)} '${name}' saved.`);
    reload();
    setupChanged();
  };
  return {
    data,
    editing,
    add: () => setEditing('new'),
    edit: (row: T) => setEditing(row),
    close: () => setEditing(null),
    /** After the dialog saved the row named `name`: a toast, and the list again. */
    saved,
    toggle,
    dialog,
  };
}
