/** `next`/`previous` links of DRF's LimitOffsetPagination. */
import type { FastifyRequest } from 'fastify';

export function pageLinks(
  request: FastifyRequest,
  page: { offset: number; limit: number },
  total: number,
): { next: string | null; previous: string | null } {
  const url = new URL(request.url, 'http://placeholder');
  const link = (offset: number) => {
    url.searchParams.set('offset', String(offset));
    url.searchParams.set('limit', String(page.limit));
    return `${url.pathname}${url.search}`;
  };
  return {
    next: page.offset + page.limit < total ? link(page.offset + page.limit) : null,
    previous: page.offset > 0 ? link(Math.max(0, page.offset - page.limit)) : null,
  };
}
