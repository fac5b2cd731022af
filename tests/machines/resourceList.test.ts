import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  BULK_FIELD_ERRORS,
  partialBulk,
  ROW_ACTION_REFUSAL,
  resourceListModel,
  sampleSummary,
  sampleZones,
} from '../../machines/models/resources';
import {
  type BulkItemResult,
  type BulkRequest,
  bulkOffers,
  bulkTargets,
  type ListPage,
  type ListQuery,
  nextOrdering,
  queryKey,
  type ResourceRecord,
  type RowActionRequest,
  resourceListMachine,
  UNDO_DELAY_MS,
  visibleRows,
} from '../../machines/resourceList';
import { FieldErrorsError } from '../../machines/support/errors';
import { messages } from '../../src/contracts/messages';
import { testMachineModel } from './harness';

/** A URL change that reaches loading from a list (not the cancel after a request). */
const queryEventTypes = new Set(['QUERY_SYNCED']);

testMachineModel('resourceList', resourceListModel, {
  loading: (snapshot, event) => {
    expect(snapshot.context.error).toBeNull();
    expect(snapshot.context.pendingDelete).toBeNull();
    expect(snapshot.context.rowAction).toBeNull();
    expect(snapshot.context.query.offset % snapshot.context.query.limit).toBe(0);
    // A new query clears the selection; closing a bulk report keeps the rows that failed.
    if (queryEventTypes.has(event.type)) expect(snapshot.context.selected).toEqual([]);
    if (event.type === 'BULK_REPORT_CLOSED') expect(snapshot.context.selected).toEqual([2]);
  },
  'loaded.idle': (snapshot, event) => {
    expect(snapshot.context.rows.length).toBeGreaterThan(0);
    // Every row shows; after UNDO the deleted one is back.
    expect(visibleRows(snapshot)).toEqual(snapshot.context.rows);
    if (event.type === 'UNDO') expect(visibleRows(snapshot)).toContainEqual(sampleZones[1]);
    expect(snapshot.context.count).toBeGreaterThanOrEqual(snapshot.context.rows.length);
    expect(snapshot.context.pendingDelete).toBeNull();
    expect(snapshot.context.deleteError).toBeNull();
    expect(snapshot.context.selected).toEqual([]);
    // The page's summary is kept as the server answered it.
    expect(snapshot.context.summary).toEqual(sampleSummary);
  },
  'loaded.selecting': (snapshot, event) => {
    const { selected, rows } = snapshot.context;
    expect(selected.length).toBeGreaterThan(0);
    // Undone from a selection: the row is back and the selection kept.
    if (event.type === 'UNDO') expect(visibleRows(snapshot)).toEqual(rows);
    for (const id of selected) expect(rows.map((row) => row.id)).toContain(id);
    if (event.type === 'PAGE_TOGGLED') expect([...selected].sort()).toEqual([1, 2, 3]);
    // Back from a bulk report's reload: the refused row is still selected.
    if (event.type === 'xstate.done.actor.loadPage') expect(selected).toEqual([2]);
  },
  'loaded.confirmingBulk': (snapshot, event, trail) => {
    expect(snapshot.context.bulkAction).toBe('remove');
    // Issue 40: the action applies to the selected rows that allow it (a mixed selection: some).
    const { bulkIds, rows: shown, selected: chosen } = snapshot.context;
    expect(bulkIds.length).toBeGreaterThan(0);
    expect(bulkIds).toEqual(bulkTargets(shown, chosen, 'remove'));
    // A new bulk action starts with no typed fields; each typed field is kept for the request.
    if (event.type === 'BULK_ASKED') expect(snapshot.context.bulkPayload).toEqual({});
    if (event.type === 'BULK_PAYLOAD_CHANGED')
      expect(snapshot.context.bulkPayload).toEqual({ document_type: 'FCC' });
    expect(snapshot.context.selected.length).toBeGreaterThan(0);
    // The last answer since the dialog opened or was confirmed: refused by field, or as a whole.
    const sinceConfirmed = trail.slice(
      trail.findLastIndex((one) => one.type === 'BULK_ASKED' || one.type === 'BULK_CONFIRMED') + 1,
    );
    const refusal = sinceConfirmed.find((one) => one.type === 'xstate.error.actor.runBulkAction');
    const byField = refusal !== undefined && refusal.error instanceof FieldErrorsError;
    const retyped = sinceConfirmed.some((one) => one.type === 'BULK_PAYLOAD_CHANGED');
    expect(snapshot.context.bulkError).toBe(refusal && !byField ? messages.common.forbidden : null);
    // Every refused field is kept for its own field, until that field is typed again.
    const { document_type: _retyped, ...others } = BULK_FIELD_ERRORS;
    expect(snapshot.context.bulkFieldErrors).toEqual(byField ? (retyped ? others : BULK_FIELD_ERRORS) : {});
  },
  'loaded.runningBulk': (snapshot) => {
    expect(snapshot.context.bulkAction).toBe('remove');
    expect(snapshot.context.bulkError).toBeNull();
    expect(snapshot.context.bulkFieldErrors).toEqual({});
  },
  'loaded.bulkReport': (snapshot) => {
    // Each refused row is reported with the server's reason, and stays selected.
    expect(snapshot.context.bulkResults).toEqual(partialBulk);
    expect(snapshot.context.selected).toEqual([2]);
  },
  'loaded.confirmingRowAction': (snapshot, event) => {
    expect(snapshot.context.rowAction).toEqual({ action: 'archive', record: sampleZones[0] });
    expect(snapshot.context.rowActionError).toBe(
      event.type === 'xstate.error.actor.runRowAction' ? ROW_ACTION_REFUSAL : null,
    );
  },
  'loaded.runningRowAction': (snapshot) => {
    expect(snapshot.context.rowAction?.action).toBe('archive');
    expect(snapshot.context.rowActionError).toBeNull();
  },
  'loaded.confirmingDelete': (snapshot) => {
    expect(snapshot.context.pendingDelete).toEqual(sampleZones[1]);
    expect(snapshot.context.deleteError).toBeNull();
  },
  'loaded.undoWindow': (snapshot) => {
    // Confirmed: the row is hidden at once, nothing sent yet, and the row can come back.
    expect(snapshot.context.pendingDelete).toEqual(sampleZones[1]);
    expect(snapshot.context.deleteError).toBeNull();
    expect(visibleRows(snapshot)).not.toContainEqual(sampleZones[1]);
    expect(snapshot.context.rows).toContainEqual(sampleZones[1]);
    expect(snapshot.children.removeRecord).toBeUndefined();
    expect(snapshot.can({ type: 'UNDO' })).toBe(true);
  },
  'loaded.deleting': (snapshot, event) => {
    expect(snapshot.context.pendingDelete).toEqual(sampleZones[1]);
    expect(snapshot.context.deleteError).toBeNull();
    expect(visibleRows(snapshot)).not.toContainEqual(sampleZones[1]);
    // The DELETE is on its way: no undo any more.
    expect(snapshot.children.removeRecord).toBeDefined();
    expect(snapshot.can({ type: 'UNDO' })).toBe(false);
    // The URL's query taken during the window (or the DELETE) is the one loaded after the DELETE.
    if (event.type === 'QUERY_SYNCED')
      expect(snapshot.context.query).toMatchObject({
        filters: (event.query as ListQuery).filters,
        offset: (event.query as ListQuery).offset,
      });
  },
  'loaded.deleteFailed': (snapshot) => {
    expect(snapshot.context.deleteError).toBe(messages.resources.inUse);
    // The row is back in the list.
    expect(visibleRows(snapshot)).toContainEqual(snapshot.context.pendingDelete);
  },
  empty: (snapshot) => {
    expect(snapshot.context.rows).toEqual([]);
    expect(snapshot.context.count).toBe(0);
  },
  failed: (snapshot) => {
    expect(snapshot.context.error).toBe('No encontrado.');
  },
});

describe('resourceList with actors', () => {
  /**
   * The machine with a stand-in router: each navigation it asks for becomes the URL, which comes
   * back as QUERY_SYNCED (as the view's effect sends it).
   */
  function start(pages: (query: ListQuery) => ListPage, remove = async (_record: ResourceRecord) => {}) {
    const queries: ListQuery[] = [];
    const urls: { query: ListQuery; replace: boolean }[] = [];
    const actor = createActor(
      resourceListMachine.provide({
        delays: { UNDO_DELAY: 0 },
        actions: {
          navigate: (_, params) => {
            urls.push(params);
            queueMicrotask(() => actor.send({ type: 'QUERY_SYNCED', query: params.query }));
          },
        },
        actors: {
          loadPage: fromPromise(async ({ input }: { input: ListQuery }) => {
            queries.push(input);
            return pages(input);
          }),
          removeRecord: fromPromise(async ({ input }: { input: ResourceRecord }) => remove(input)),
        },
      }),
      { input: { query: { filters: { long_name: 'Nac' }, limit: 20 } } },
    );
    actor.start();
    return { actor, queries, urls };
  }
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('starts from the URL query and applies filters from the first page', async () => {
    const { actor, queries } = start(() => ({ count: 45, results: sampleZones }));
    await settle();
    expect(queries[0]).toMatchObject({ filters: { long_name: 'Nac' }, offset: 0, limit: 20 });
    actor.send({ type: 'PAGE_CHANGED', page: 2 });
    await settle();
    expect(queries.at(-1)?.offset).toBe(40);
    actor.send({ type: 'FILTERS_APPLIED', filters: { short_name: 'EU', long_name: '' } });
    await settle();
    expect(queries.at(-1)).toMatchObject({ filters: { short_name: 'EU' }, offset: 0 });
    actor.send({ type: 'SORT_TOGGLED', field: 'long_name' });
    await settle();
    actor.send({ type: 'SORT_TOGGLED', field: 'long_name' });
    await settle();
    expect(queries.at(-1)?.ordering).toBe('-long_name');
    expect(actor.getSnapshot().matches({ loaded: 'idle' })).toBe(true);
  });

  it('pages to the neighbouring pages by keyset, and jumps by offset (issue 11)', async () => {
    // The server's tokens name the page they come from: 'after-<offset of the last row's page>'.
    const { actor, queries } = start((query) => ({
      count: 200,
      results: sampleZones,
      cursors:
        query.cursor === undefined
          ? undefined
          : { next: `after-${query.offset}`, previous: query.offset > 0 ? `before-${query.offset}` : null },
    }));
    await settle();
    // The first page by keyset from the start.
    expect(queries[0]).toMatchObject({ offset: 0, cursor: '' });
    actor.send({ type: 'PAGE_CHANGED', page: 1 });
    await settle();
    expect(queries.at(-1)).toMatchObject({ offset: 20, cursor: 'after-0' });
    actor.send({ type: 'PAGE_CHANGED', page: 2 });
    await settle();
    expect(queries.at(-1)).toMatchObject({ offset: 40, cursor: 'after-20' });
    actor.send({ type: 'PAGE_CHANGED', page: 1 });
    await settle();
    expect(queries.at(-1)).toMatchObject({ offset: 20, cursor: 'before-40' });
    // A page number further away goes by offset, and so do its neighbours (no tokens came back).
    actor.send({ type: 'PAGE_CHANGED', page: 7 });
    await settle();
    expect(queries.at(-1)?.offset).toBe(140);
    expect(queries.at(-1)?.cursor).toBeUndefined();
    actor.send({ type: 'PAGE_CHANGED', page: 8 });
    await settle();
    expect(queries.at(-1)?.offset).toBe(160);
    expect(queries.at(-1)?.cursor).toBeUndefined();
    // Back to the first page, or any new filter, sort or size: the first page by keyset again.
    actor.send({ type: 'PAGE_CHANGED', page: 0 });
    await settle();
    expect(queries.at(-1)).toMatchObject({ offset: 0, cursor: '' });
    actor.send({ type: 'PAGE_CHANGED', page: 3 });
    await settle();
    actor.send({ type: 'FILTERS_APPLIED', filters: { short_name: 'EU' } });
    await settle();
    expect(queries.at(-1)).toMatchObject({ filters: { short_name: 'EU' }, offset: 0, cursor: '' });
    actor.send({ type: 'PAGE_SIZE_CHANGED', limit: 50 });
    await settle();
    expect(queries.at(-1)).toMatchObject({ limit: 50, offset: 0, cursor: '' });
  });

  it('goes back to the last page when the asked page is past the end, correcting the URL in place', async () => {
    const { actor, queries, urls } = start((query) =>
      query.offset > 20 ? { count: 21, results: [] } : { count: 21, results: sampleZones },
    );
    await settle();
    actor.send({ type: 'PAGE_CHANGED', page: 3 });
    await settle();
    await settle();
    expect(queries.map((query) => query.offset)).toEqual([0, 60, 20]);
    expect(urls.map(({ query, replace }) => [query.offset, replace])).toEqual([
      [60, false],
      [20, true],
    ]);
    expect(actor.getSnapshot().matches({ loaded: 'idle' })).toBe(true);
  });

  it('takes its query only from the URL: a request asks for a navigation and changes nothing by itself', async () => {
    const urls: ListQuery[] = [];
    const queries: ListQuery[] = [];
    const actor = createActor(
      resourceListMachine.provide({
        actions: { navigate: (_, { query }) => urls.push(query) },
        actors: {
          loadPage: fromPromise<ListPage, ListQuery>(async ({ input }) => {
            queries.push(input);
            return { count: 45, results: sampleZones };
          }),
        },
      }),
      { input: { query: { filters: { long_name: 'Nac' } } } },
    );
    actor.start();
    await settle();
    actor.send({ type: 'ROW_TOGGLED', id: 1 });
    actor.send({ type: 'FILTERS_APPLIED', filters: { long_name: ' Eur ' } });
    actor.send({ type: 'SORT_TOGGLED', field: 'long_name' });
    // The same query again asks for nothing (no second history entry).
    actor.send({ type: 'FILTERS_APPLIED', filters: { long_name: 'Nac' } });
    await settle();
    expect(urls).toEqual([
      { filters: { long_name: 'Eur' }, offset: 0, limit: 10, ordering: null, tab: null, cursor: '' },
      { filters: { long_name: 'Nac' }, offset: 0, limit: 10, ordering: 'long_name', tab: null, cursor: '' },
    ]);
    // Nothing loaded and the selection kept until the URL moves.
    expect(queries).toHaveLength(1);
    expect(actor.getSnapshot().context.selected).toEqual([1]);
    actor.send({ type: 'QUERY_SYNCED', query: urls[0] });
    await settle();
    expect(queries.at(-1)).toMatchObject({ filters: { long_name: 'Eur' }, cursor: '' });
    expect(actor.getSnapshot().context.selected).toEqual([]);
  });

  it("closes an open dialog when the URL moves, and loads the URL's query", async () => {
    const { actor, queries } = start(() => ({ count: 3, results: sampleZones }));
    await settle();
    actor.send({ type: 'DELETE_ASKED', record: sampleZones[0] });
    actor.send({
      type: 'QUERY_SYNCED',
      query: { filters: {}, offset: 0, limit: 50, ordering: null, tab: null },
    });
    expect(actor.getSnapshot().context.pendingDelete).toBeNull();
    await settle();
    expect(queries.at(-1)?.limit).toBe(50);
    expect(actor.getSnapshot().matches({ loaded: 'idle' })).toBe(true);
  });

  it('counts exactly on request when the count is capped (issue 29 §counts)', async () => {
    const { actor, queries, urls } = start((query) =>
      query.exactCount
        ? { count: 12_345, countKind: 'exact', results: sampleZones }
        : { count: 10_000, countKind: 'capped', results: sampleZones },
    );
    await settle();
    expect(actor.getSnapshot().context.countKind).toBe('capped');
    expect(actor.getSnapshot().can({ type: 'EXACT_COUNT_ASKED' })).toBe(true);
    actor.send({ type: 'EXACT_COUNT_ASKED' });
    await settle();
    await settle();
    expect(urls.at(-1)?.query.exactCount).toBe(true);
    expect(queries.at(-1)).toMatchObject({ offset: 0, exactCount: true });
    expect(actor.getSnapshot().context).toMatchObject({ count: 12_345, countKind: 'exact' });
    expect(actor.getSnapshot().can({ type: 'EXACT_COUNT_ASKED' })).toBe(false);
    // Paging keeps the exact count; a new filter counts afresh.
    actor.send({ type: 'PAGE_CHANGED', page: 1 });
    await settle();
    await settle();
    expect(queries.at(-1)).toMatchObject({ offset: 20, exactCount: true });
    actor.send({ type: 'FILTERS_APPLIED', filters: { short_name: 'EU' } });
    await settle();
    await settle();
    expect(queries.at(-1)?.exactCount).toBeUndefined();
    expect(actor.getSnapshot().context.countKind).toBe('capped');
  });

  it('counts exactly on request when an unfiltered list shows an estimate (issue 40)', async () => {
    const { actor, queries } = start((query) =>
      query.exactCount
        ? { count: 15_190, countKind: 'exact', results: sampleZones }
        : { count: 15_217, countKind: 'estimate', results: sampleZones },
    );
    await settle();
    expect(actor.getSnapshot().context.countKind).toBe('estimate');
    expect(actor.getSnapshot().can({ type: 'EXACT_COUNT_ASKED' })).toBe(true);
    actor.send({ type: 'EXACT_COUNT_ASKED' });
    await settle();
    await settle();
    expect(queries.at(-1)).toMatchObject({ offset: 0, exactCount: true });
    expect(actor.getSnapshot().context).toMatchObject({ count: 15_190, countKind: 'exact' });
    expect(actor.getSnapshot().can({ type: 'EXACT_COUNT_ASKED' })).toBe(false);
  });

  it('offers no exact count when the count is exact already', async () => {
    const { actor } = start(() => ({ count: 3, results: sampleZones }));
    await settle();
    expect(actor.getSnapshot().can({ type: 'EXACT_COUNT_ASKED' })).toBe(false);
  });

  it('keeps the row when the delete fails, and reloads after a delete', async () => {
    let fail = true;
    const { actor, queries } = start(
      () => ({ count: 3, results: sampleZones }),
      async () => {
        if (fail) throw new (await import('../../machines/support/errors')).UserFacingError('En uso');
      },
    );
    await settle();
    actor.send({ type: 'DELETE_ASKED', record: sampleZones[0] });
    actor.send({ type: 'DELETE_CONFIRMED' });
    await settle();
    await settle();
    expect(actor.getSnapshot().matches({ loaded: 'deleteFailed' })).toBe(true);
    expect(actor.getSnapshot().context.deleteError).toBe('En uso');
    expect(actor.getSnapshot().context.rows).toContainEqual(sampleZones[0]);
    fail = false;
    actor.send({ type: 'DELETE_CONFIRMED' });
    await settle();
    await settle();
    await settle();
    expect(queries.length).toBe(2);
    expect(actor.getSnapshot().context.pendingDelete).toBeNull();
  });

  it('hands the answer of a row action to rowActionDone, then reloads (Oficinas: Duplicar opens the copy)', async () => {
    const done: { action: string; output: unknown }[] = [];
    const queries: ListQuery[] = [];
    const actor = createActor(
      resourceListMachine.provide({
        actors: {
          loadPage: fromPromise(async ({ input }: { input: ListQuery }) => {
            queries.push(input);
            return { count: 3, results: sampleZones };
          }),
          runRowAction: fromPromise<unknown, RowActionRequest>(async () => ({
            ...sampleZones[0],
            action_result: { id: 77 },
          })),
        },
        actions: { rowActionDone: (_, params) => done.push(params) },
      }),
      { input: {} },
    );
    actor.start();
    await settle();
    actor.send({ type: 'ROW_ACTION_ASKED', action: 'archive', record: sampleZones[0] });
    expect(done).toEqual([]);
    actor.send({ type: 'ROW_ACTION_CONFIRMED' });
    await settle();
    await settle();
    expect(done).toEqual([{ action: 'archive', output: { ...sampleZones[0], action_result: { id: 77 } } }]);
    expect(queries).toHaveLength(2);
    expect(actor.getSnapshot().context.rowAction).toBeNull();
  });

  it('sends the DELETE only when the undo window ends; UNDO sends nothing and the row is back', async () => {
    vi.useFakeTimers();
    try {
      const removed: number[] = [];
      const actor = createActor(
        resourceListMachine.provide({
          actors: {
            loadPage: fromPromise<ListPage, ListQuery>(async () => ({ count: 3, results: sampleZones })),
            removeRecord: fromPromise<void, ResourceRecord>(async ({ input }) => {
              removed.push(input.id);
            }),
          },
        }),
        { input: {} },
      );
      actor.start();
      await vi.advanceTimersByTimeAsync(0);
      actor.send({ type: 'DELETE_ASKED', record: sampleZones[0] });
      actor.send({ type: 'DELETE_CONFIRMED' });
      expect(visibleRows(actor.getSnapshot()).map((row) => row.id)).toEqual([2, 3]);
      await vi.advanceTimersByTimeAsync(UNDO_DELAY_MS - 1);
      expect(removed).toEqual([]);
      actor.send({ type: 'UNDO' });
      expect(visibleRows(actor.getSnapshot()).map((row) => row.id)).toEqual([1, 2, 3]);
      await vi.advanceTimersByTimeAsync(UNDO_DELAY_MS * 2);
      expect(removed).toEqual([]);

      actor.send({ type: 'DELETE_ASKED', record: sampleZones[1] });
      actor.send({ type: 'DELETE_CONFIRMED' });
      await vi.advanceTimersByTimeAsync(UNDO_DELAY_MS);
      expect(removed).toEqual([2]);

      // Leaving the page sends it at once, without waiting for the window.
      await vi.advanceTimersByTimeAsync(0);
      actor.send({ type: 'DELETE_ASKED', record: sampleZones[0] });
      actor.send({ type: 'DELETE_CONFIRMED' });
      actor.send({ type: 'PAGE_LEFT' });
      await vi.advanceTimersByTimeAsync(0);
      expect(removed).toEqual([2, 1]);
      actor.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('orders ascending, then descending', () => {
    expect(nextOrdering(null, 'a')).toBe('a');
    expect(nextOrdering('a', 'a')).toBe('-a');
    expect(nextOrdering('-a', 'a')).toBe('a');
    expect(nextOrdering('-a', 'b')).toBe('b');
  });

  it('treats blank filters as absent', () => {
    const base: ListQuery = { filters: {}, offset: 0, limit: 10, ordering: null, tab: null };
    expect(queryKey({ ...base, filters: { a: ' ' } })).toBe(queryKey(base));
  });
});

describe('a permission refusal while loading (issue 18)', () => {
  it.each([
    [403, false],
    [500, true],
  ])('after a %i the list offers a retry: %s', async (status, retryable) => {
    const actor = createActor(
      resourceListMachine.provide({
        actors: {
          loadPage: fromPromise<ListPage, ListQuery>(async () => {
            throw Object.assign(new Error('refused'), { status });
          }),
        },
      }),
      { input: { query: { limit: 20 } } },
    );
    actor.start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.retryable).toBe(retryable);
  });
});

describe('success notifications (issue 18)', () => {
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  it('tells the view a delete and a bulk action succeeded, never a failed one', async () => {
    const said: string[] = [];
    const actor = createActor(
      resourceListMachine.provide({
        delays: { UNDO_DELAY: 0 },
        actors: {
          loadPage: fromPromise<ListPage, ListQuery>(async () => ({ count: 3, results: sampleZones })),
          removeRecord: fromPromise<void, ResourceRecord>(async () => {}),
          runBulkAction: fromPromise<BulkItemResult[], BulkRequest>(async ({ input }) =>
            input.ids.map((id) => ({ id, ok: true as const })),
          ),
        },
        actions: {
          recordRemoved: (_, { record }) => said.push(`removed ${record?.id}`),
          bulkActionDone: (_, { action, count }) => said.push(`${action} ${count}`),
        },
      }),
      { input: { query: { limit: 20 } } },
    );
    actor.start();
    await settle();
    actor.send({ type: 'DELETE_ASKED', record: sampleZones[0] });
    actor.send({ type: 'DELETE_CONFIRMED' });
    await settle();
    await settle();
    await settle();
    actor.send({ type: 'ROW_TOGGLED', id: sampleZones[1].id });
    actor.send({ type: 'ROW_TOGGLED', id: sampleZones[2].id });
    actor.send({ type: 'BULK_ASKED', action: 'update' });
    actor.send({ type: 'BULK_CONFIRMED' });
    await settle();
    await settle();
    expect(said).toEqual([`removed ${sampleZones[0].id}`, 'update 2']);
  });
});

describe('a mixed selection applies an action to the rows that allow it (issue 40)', () => {
  // Nacional and Latinoamérica allow remove; Europa does not.
  const [nacional, latam, europa] = sampleZones;
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  const started = () => {
    const requests: BulkRequest[] = [];
    const said: string[] = [];
    const actor = createActor(
      resourceListMachine.provide({
        actors: {
          loadPage: fromPromise<ListPage, ListQuery>(async () => ({ count: 3, results: sampleZones })),
          runBulkAction: fromPromise<BulkItemResult[], BulkRequest>(async ({ input }) => {
            requests.push(input);
            return input.ids.map((id) => ({ id, ok: true as const }));
          }),
        },
        actions: { bulkActionDone: (_, { action, count }) => said.push(`${action} ${count}`) },
      }),
      { input: { query: { limit: 20 } } },
    );
    actor.start();
    return { actor, requests, said };
  };

  it('runs the action on those rows only and says how many', async () => {
    const { actor, requests, said } = started();
    await settle();
    for (const row of [nacional, latam, europa]) actor.send({ type: 'ROW_TOGGLED', id: row.id });
    expect(bulkTargets(sampleZones, [nacional.id, latam.id, europa.id], 'remove')).toEqual([
      nacional.id,
      latam.id,
    ]);
    actor.send({ type: 'BULK_ASKED', action: 'remove' });
    expect(actor.getSnapshot().matches({ loaded: 'confirmingBulk' })).toBe(true);
    expect(actor.getSnapshot().context.bulkIds).toEqual([nacional.id, latam.id]);
    actor.send({ type: 'BULK_CONFIRMED' });
    await settle();
    await settle();
    expect(requests).toEqual([{ action: 'remove', ids: [nacional.id, latam.id], payload: {} }]);
    expect(said).toEqual(['remove 2']);
  });

  it('refuses an action no selected row allows', async () => {
    const { actor, requests } = started();
    await settle();
    actor.send({ type: 'ROW_TOGGLED', id: europa.id });
    actor.send({ type: 'BULK_ASKED', action: 'remove' });
    expect(actor.getSnapshot().matches({ loaded: 'selecting' })).toBe(true);
    expect(actor.getSnapshot().context.bulkIds).toEqual([]);
    expect(requests).toEqual([]);
  });
});

describe('the bulk bar offers what every selected row allows (issue 32)', () => {
  // Nacional and Latinoamérica allow update, remove and archive; Europa only update.
  const [nacional, latam, europa] = sampleZones;

  it('offers an action every selected row allows, with how many rows it applies to', () => {
    expect(bulkOffers(sampleZones, [nacional.id, latam.id], ['remove', 'archive'])).toEqual([
      { action: 'remove', applies: 2, offered: true },
      { action: 'archive', applies: 2, offered: true },
    ]);
  });

  it('does not offer an action some selected row refuses, and says how many it applies to', () => {
    expect(bulkOffers(sampleZones, [nacional.id, europa.id], ['remove', 'update'])).toEqual([
      { action: 'remove', applies: 1, offered: false },
      { action: 'update', applies: 2, offered: true },
    ]);
  });

  it('leaves out an action no selected row allows, and counts a row off the page as refusing', () => {
    expect(bulkOffers(sampleZones, [europa.id], ['remove', 'archive'])).toEqual([]);
    expect(bulkOffers(sampleZones, [nacional.id, 999], ['remove'])).toEqual([
      { action: 'remove', applies: 1, offered: false },
    ]);
    expect(bulkOffers(sampleZones, [], ['remove'])).toEqual([]);
  });

  it('treats a row without allowed_actions as allowing every action (older answers)', () => {
    const bare: ResourceRecord = { id: 7, short_name: 'X' };
    expect(bulkOffers([bare], [7], ['remove'])).toEqual([{ action: 'remove', applies: 1, offered: true }]);
  });
});
