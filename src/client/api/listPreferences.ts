/** Issue 32 'Lists': the signed-in user's columns and saved views of a list (src/contracts/listPreferences.ts). */
import { z } from 'zod';
import {
  type ListPreferences,
  listPreferencesSchema,
  type SavedView,
  type SavedViewWrite,
  savedViewSchema,
} from '../../contracts/listPreferences';
import { request } from './http';

export function loadListPreferences(list: string): Promise<ListPreferences> {
  return request(listPreferencesSchema, `/list_preferences/${encodeURIComponent(list)}/`);
}

export function saveListColumns(list: string, columns: readonly string[]): Promise<ListPreferences> {
  return request(listPreferencesSchema, `/list_preferences/${encodeURIComponent(list)}/`, {
    method: 'PUT',
    body: { columns },
  });
}

export function createSavedView(view: SavedViewWrite): Promise<SavedView> {
  return request(savedViewSchema, '/saved_views/', { method: 'POST', body: view });
}

export async function deleteSavedView(id: number): Promise<void> {
  await request(z.unknown(), `/saved_views/${id}/`, { method: 'DELETE' });
}
