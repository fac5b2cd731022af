/**
 * The export calls (issue 12; SPEC §7 /office_report/, GET and PUT /report/{hash}/): the actors
 * of the exportNotifications machine. The file is fetched with the bearer token and saved under
 * the server's file name (filter_offices.xlsx) through an object URL.
 */
import { fromPromise } from 'xstate';
import { z } from 'zod';
import type { ExportCheck, ExportItem, ExportRequest } from '../../../machines/exportNotifications';
import {
  EXPORT_KINDS,
  type ExportReport,
  exportPaths,
  exportReportListSchema,
  exportReportSchema,
  exportStartedSchema,
} from '../../contracts/exports';
import { messages } from '../../contracts/messages';
import { ApiError } from './errors';
import { API_BASE, request } from './http';
import { saveBlob } from './saveBlob';
import { readSession } from './storage';

export function itemOf(report: ExportReport): ExportItem {
  return {
    hash: report.hash,
    kind: report.kind,
    status: report.status,
    rowsWritten: report.rows_written,
    rowsTotal: report.rows_total,
    url: report.url,
    fileName: report.file_name,
  };
}

async function check(hashes: string[]): Promise<ExportCheck> {
  if (!hashes.length) {
    const list = await request(exportReportListSchema, exportPaths.reports);
    return { reports: list.results.map(itemOf), gone: [], complete: true };
  }
  const reports: ExportItem[] = [];
  const gone: string[] = [];
  for (const hash of hashes) {
    try {
      reports.push(itemOf(await request(exportReportSchema, exportPaths.report(hash))));
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) gone.push(hash);
      else throw error;
    }
  }
  return { reports, gone, complete: false };
}

async function download(item: ExportItem): Promise<void> {
  // The status call renews the access token when needed; the file is then fetched with it.
  await request(exportReportSchema, exportPaths.report(item.hash));
  const token = readSession()?.tokens.access;
  const response = await fetch(`${API_BASE}${exportPaths.file(item.hash)}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new ApiError(response.status, messages.exports.downloadFailed);
  saveBlob(await response.blob(), item.fileName || EXPORT_KINDS[item.kind].fileName);
}

export const exportActors = {
  requestExport: fromPromise<{ hash: string }, ExportRequest>(({ input }) =>
    request(exportStartedSchema, EXPORT_KINDS[input.kind].path, { query: input.query }),
  ),
  checkExports: fromPromise<ExportCheck, { hashes: string[] }>(({ input }) => check(input.hashes)),
  downloadExport: fromPromise<void, { item: ExportItem }>(({ input }) => download(input.item)),
  consumeExport: fromPromise<void, { hash: string }>(async ({ input }) => {
    await request(z.unknown(), exportPaths.report(input.hash), { method: 'PUT' });
  }),
};

const storedItemsSchema = z.array(
  z.object({
    hash: z.string(),
    kind: z.enum(Object.keys(EXPORT_KINDS) as [keyof typeof EXPORT_KINDS]),
    status: z.enum(['Pending', 'OK', 'error']),
    rowsWritten: z.number(),
    rowsTotal: z.number().nullable(),
    url: z.string().nullable(),
    fileName: z.string(),
  }),
);

const storageKey = (userId: number) => `exports:${userId}`;

/** The exports persisted for this user (a reload resumes them). */
export function readStoredExports(userId: number): ExportItem[] {
  try {
    const parsed = storedItemsSchema.safeParse(JSON.parse(localStorage.getItem(storageKey(userId)) ?? '[]'));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

export function storeExports(userId: number, items: readonly ExportItem[]): void {
  try {
    if (items.length) localStorage.setItem(storageKey(userId), JSON.stringify(items));
    else localStorage.removeItem(storageKey(userId));
  } catch {
    // Storage full or disabled: the bell's check still finds the exports on the server.
  }
}
