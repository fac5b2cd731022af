/** `next`/`previous` links of DRF's LimitOffsetPagination, and of keyset ('cursor') pages. */
import type { FastifyRequest } from 'fastify';

export function pageLinks(
  /** The list's address (a request, or the address a compatibility call answers for). */
  request: Pick<FastifyRequest, 'url'>,
  page: { offset: number; limit: number },
  total: number,
  /** Known from the page itself (one row more than asked): rows follow even past a capped count. */
  hasNext?: boolean,
): { next: string | null; previous: string | null } {
  // Parsed only when a link is answered: an exact filter's single page has neither (issue 29,
  // per-request cost: the URL was parsed for every list page).
  let url: URL | undefined;
  const link = (offset: number) => {
    url ??= new URL(request.url, 'http://placeholder');
    url.searchParams.set('offset', String(offset));
    url.searchParams.set('limit', String(page.limit));
    return `${url.pathname}${url.search}`;
  };
  return {
    next: (hasNext ?? page.offset + page.limit < total) ? link(page.offset + page.limit) : null,
    previous: page.offset > 0 ? link(Math.max(0, page.offset - page.limit)) : null,
  };
}

/** Links of a keyset page: the same address with `cursor` set to the neighbouring page's cursor. */
export function cursorLinks(
  request: Pick<FastifyRequest, 'url'>,
  limit: number,
  cursors: { next: string | null; previous: string | null },
): { next: string | null; previous: string | null } {
  const link = (cursor: string | null) => {
    if (cursor === null) return null;
    const url = new URL(request.url, 'http://placeholder');
    url.searchParams.delete('offset');
    url.searchParams.set('cursor', cursor);
    url.searchParams.set('limit', String(limit));
    return `${url.pathname}${url.search}`;
  };
  return { next: link(cursors.next), previous: link(cursors.previous) };
}
