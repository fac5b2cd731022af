/** The engine's history of one record (src/contracts/engine.ts): GET /history/?entity&record&offset&limit. */
import { fromPromise } from 'xstate';
import type { HistoryPage, HistoryPageRequest } from '../../../machines/recordHistory';
import { historyEntityOf, historyPageSchema } from '../../contracts/engine';
import { request } from './http';

export async function loadHistory(
  path: string,
  record: number,
  page: HistoryPageRequest,
): Promise<HistoryPage> {
  const answer = await request(historyPageSchema, '/history/', {
    query: { entity: historyEntityOf(path), record, offset: page.offset, limit: page.limit },
  });
  return { count: answer.count, results: answer.results };
}

/** The recordHistory actor for one record of a module (its API path). */
export function historyActors(path: string, record: number) {
  return {
    loadHistory: fromPromise<HistoryPage, HistoryPageRequest>(({ input }) =>
      loadHistory(path, record, input),
    ),
  };
}
