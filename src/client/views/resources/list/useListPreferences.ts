/**
 * Issue 32 'Lists': the signed-in user's columns and saved views of one list, read from the server
 * once per list and written back on each change (src/client/api/listPreferences.ts). Until they
 * arrive, and when the user never chose, the list shows its default columns.
 */
import { useCallback, useEffect, useState } from 'react';
import type { SavedView, SavedViewWrite } from '../../../../contracts/listPreferences';
import { messages } from '../../../../contracts/messages';
import {
  createSavedView,
  deleteSavedView,
  loadListPreferences,
  saveListColumns,
} from '../../../api/listPreferences';
import type { ColumnDescriptor } from '../../../resources/descriptor';

const text = messages.lists;

/** The default columns: every column not marked `optional`. */
export function defaultColumnKeys(columns: readonly ColumnDescriptor[]): string[] {
  return columns.filter((column) => !column.optional).map((column) => column.key);
}

/** The columns shown: the chosen keys that exist (in the list's order), or the defaults. */
export function shownColumns(
  columns: readonly ColumnDescriptor[],
  chosen: readonly string[] | null,
): ColumnDescriptor[] {
  const keys = new Set(chosen ?? defaultColumnKeys(columns));
  const shown = columns.filter((column) => keys.has(column.key));
  return shown.length > 0 ? shown : columns.filter((column) => !column.optional);
}

/** The message of a failed call: its first field error, else its message. */
export function failureText(error: unknown, fallback: string): string {
  const fields = (error as { fields?: Record<string, string[]> } | null)?.fields;
  const first = fields ? Object.values(fields).flat()[0] : undefined;
  return first ?? fallback;
}

export interface ListPreferencesState {
  /** The chosen column keys, or null (defaults). */
  columns: string[] | null;
  views: SavedView[];
  columnsError: string | null;
  chooseColumns: (columns: string[]) => void;
  saveView: (view: SavedViewWrite) => Promise<SavedView>;
  removeView: (view: SavedView) => Promise<void>;
}

export function useListPreferences(list: string): ListPreferencesState {
  const [columns, setColumns] = useState<string[] | null>(null);
  const [views, setViews] = useState<SavedView[]>([]);
  const [columnsError, setColumnsError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    setColumns(null);
    setViews([]);
    loadListPreferences(list)
      .then((preferences) => {
        if (!current) return;
        setColumns(preferences.columns);
        setViews(preferences.views);
      })
      // Without the preferences the list shows its defaults; nothing else depends on them.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [list]);

  const chooseColumns = useCallback(
    (next: string[]) => {
      setColumns(next);
      setColumnsError(null);
      saveListColumns(list, next).catch(() => setColumnsError(text.columnsSaveFailed));
    },
    [list],
  );

  const saveView = useCallback(async (view: SavedViewWrite) => {
    const saved = await createSavedView(view);
    setViews((previous) => [...previous, saved].sort((a, b) => a.name.localeCompare(b.name, 'es')));
    return saved;
  }, []);

  const removeView = useCallback(async (view: SavedView) => {
    await deleteSavedView(view.id);
    setViews((previous) => previous.filter((candidate) => candidate.id !== view.id));
  }, []);

  return { columns, views, columnsError, chooseColumns, saveView, removeView };
}
