/**
 * Keyset paging of the list screens (issue 11): a query with a cursor asks the engine by `cursor`
 * instead of `offset`, and the answer's `next`/`previous` links give the machine the neighbouring
 * pages' tokens; a query by offset asks by offset and carries no tokens.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyQuery } from '../../machines/resourceList';
import { cursorOfLink, listRecords } from '../../src/client/api/resources';
import { zonasDescriptor } from '../../src/client/resources/descriptors/zonas';

const zone = { id: 7, short_name: 'EU', long_name: 'Europa', countries: [] };

function answering(body: unknown) {
  const fetchMock = vi.fn(
    async (_url: string | URL | Request) =>
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return () =>
    new URL(
      String(
        fetchMock.mock.calls[0][0] instanceof Request
          ? fetchMock.mock.calls[0][0].url
          : fetchMock.mock.calls[0][0],
      ),
      'http://x.invalid',
    );
}

afterEach(() => vi.unstubAllGlobals());

describe('list paging by keyset', () => {
  it('reads the token of a link, and none from an offset link or no link', () => {
    expect(cursorOfLink('/api/zone/?cursor=WyJuIiw3XQ&limit=10')).toBe('WyJuIiw3XQ');
    expect(cursorOfLink('/api/zone/?offset=10&limit=10')).toBeNull();
    expect(cursorOfLink(null)).toBeNull();
    expect(cursorOfLink(undefined)).toBeNull();
  });

  it('asks by cursor and answers the neighbours’ tokens', async () => {
    const requested = answering({
      count: 30,
      next: '/api/zone/?cursor=TkVYVA&limit=10',
      previous: null,
      results: [zone],
    });
    const page = await listRecords(zonasDescriptor, emptyQuery({ cursor: '', offset: 0 }));
    const url = requested();
    expect(url.searchParams.get('cursor')).toBe('');
    expect(url.searchParams.has('offset')).toBe(false);
    expect(url.searchParams.get('limit')).toBe('10');
    expect(page.cursors).toEqual({ next: 'TkVYVA', previous: null });
    expect(page.results.map((row) => row.id)).toEqual([7]);
  });

  it('asks by offset without a cursor, and answers no tokens', async () => {
    const requested = answering({
      count: 30,
      next: '/api/zone/?offset=30&limit=10',
      previous: '/api/zone/?offset=10&limit=10',
      results: [zone],
    });
    const page = await listRecords(zonasDescriptor, emptyQuery({ offset: 20 }));
    const url = requested();
    expect(url.searchParams.get('offset')).toBe('20');
    expect(url.searchParams.has('cursor')).toBe(false);
    expect(page.cursors).toBeUndefined();
  });
});
