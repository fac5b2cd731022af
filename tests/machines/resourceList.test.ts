import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { resourceListModel, sampleZones } from '../../machines/models/resources';
import {
  type ListPage,
  type ListQuery,
  nextOrdering,
  queryKey,
  type ResourceRecord,
  resourceListMachine,
} from '../../machines/resourceList';
import { messages } from '../../src/contracts/messages';
import { testMachineModel } from './harness';

testMachineModel('resourceList', resourceListModel, {
  loading: (snapshot) => {
    expect(snapshot.context.error).toBeNull();
    expect(snapshot.context.pendingDelete).toBeNull();
    expect(snapshot.context.query.offset % snapshot.context.query.limit).toBe(0);
  },
  'loaded.idle': (snapshot) => {
    expect(snapshot.context.rows.length).toBeGreaterThan(0);
    expect(snapshot.context.count).toBeGreaterThanOrEqual(snapshot.context.rows.length);
    expect(snapshot.context.pendingDelete).toBeNull();
    expect(snapshot.context.deleteError).toBeNull();
  },
  'loaded.confirmingDelete': (snapshot) => {
    expect(snapshot.context.pendingDelete).toEqual(sampleZones[1]);
    expect(snapshot.context.deleteError).toBeNull();
  },
  'loaded.deleting': (snapshot) => {
    expect(snapshot.context.pendingDelete).toEqual(sampleZones[1]);
    expect(snapshot.context.deleteError).toBeNull();
  },
  'loaded.deleteFailed': (snapshot) => {
    expect(snapshot.context.deleteError).toBe(messages.resources.inUse);
    // The row stays in the list.
    expect(snapshot.context.rows).toContainEqual(snapshot.context.pendingDelete);
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
  function start(pages: (query: ListQuery) => ListPage, remove = async (_record: ResourceRecord) => {}) {
    const queries: ListQuery[] = [];
    const actor = createActor(
      resourceListMachine.provide({
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
    return { actor, queries };
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
    actor.send({ type: 'SORT_TOGGLED', field: 'long_name' });
    await settle();
    expect(queries.at(-1)?.ordering).toBe('-long_name');
    expect(actor.getSnapshot().matches({ loaded: 'idle' })).toBe(true);
  });

  it('goes back to the last page when the asked page is past the end', async () => {
    const { actor, queries } = start((query) =>
      query.offset > 20 ? { count: 21, results: [] } : { count: 21, results: sampleZones },
    );
    await settle();
    actor.send({ type: 'PAGE_CHANGED', page: 3 });
    await settle();
    await settle();
    expect(queries.map((query) => query.offset)).toEqual([0, 60, 20]);
    expect(actor.getSnapshot().matches({ loaded: 'idle' })).toBe(true);
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
    expect(actor.getSnapshot().matches({ loaded: 'deleteFailed' })).toBe(true);
    expect(actor.getSnapshot().context.deleteError).toBe('En uso');
    expect(actor.getSnapshot().context.rows).toContainEqual(sampleZones[0]);
    fail = false;
    actor.send({ type: 'DELETE_CONFIRMED' });
    await settle();
    await settle();
    expect(queries.length).toBe(2);
    expect(actor.getSnapshot().context.pendingDelete).toBeNull();
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
