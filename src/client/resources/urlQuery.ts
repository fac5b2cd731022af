/**
 * The list query in the URL (SPEC §2: filters and page survive Back and reload). The URL is the
 * single source of a list's query (issue 29, as react-admin's list parameters): the view reads it
 * from the search parameters and hands it to the resourceList machine, and a user's request is a
 * navigation to the parameters of the requested query. Unknown or malformed parameters fall back
 * to defaults. The keyset token of a page (issue 11) is no part of the address: it travels in the
 * history entry's state, so Back and Forward keep paging by keyset and a pasted link pages by
 * offset.
 */
import {
  cleanFilters,
  DEFAULT_LIST_PAGE_SIZE,
  type ListQuery,
  PAGE_SIZES,
} from '../../../machines/resourceList';
import { EXACT_COUNT_PARAM, EXACT_COUNT_VALUE } from '../../contracts/engine';
import { filterParamsOf, type ResourceDescriptor } from './descriptor';

const RESERVED = ['offset', 'limit', 'ordering', 'tab', EXACT_COUNT_PARAM];

/** What a list's history entry carries beside its address. */
export interface ListHistoryState {
  cursor: string;
}

/** The keyset token a history entry's state carries (undefined: page by offset). */
export function cursorOfState(state: unknown): string | undefined {
  const cursor = (state as Partial<ListHistoryState> | null)?.cursor;
  return typeof cursor === 'string' ? cursor : undefined;
}

export function queryFromParams(
  params: URLSearchParams,
  descriptor: ResourceDescriptor,
  cursor?: string,
): ListQuery {
  const filters: Record<string, string> = {};
  for (const param of descriptor.filters.flatMap(filterParamsOf)) {
    if (RESERVED.includes(param)) continue;
    const value = params.get(param);
    if (value !== null && value.trim() !== '') filters[param] = value;
  }
  const limitParam = Number(params.get('limit'));
  const limit = (PAGE_SIZES as readonly number[]).includes(limitParam) ? limitParam : DEFAULT_LIST_PAGE_SIZE;
  const offsetParam = Number(params.get('offset'));
  const offset =
    Number.isInteger(offsetParam) && offsetParam > 0 ? Math.floor(offsetParam / limit) * limit : 0;
  const ordering = params.get('ordering');
  const sortable = new Set(descriptor.columns.map((column) => column.sortField).filter(Boolean));
  const tab = params.get('tab');
  return {
    filters: cleanFilters(filters),
    offset,
    limit,
    ordering: ordering && sortable.has(ordering.replace(/^-/, '')) ? ordering : null,
    tab: tab && descriptor.tabs.some((candidate) => candidate.key === tab) ? tab : null,
    ...(params.get(EXACT_COUNT_PARAM) === EXACT_COUNT_VALUE ? { exactCount: true } : {}),
    ...(cursor !== undefined ? { cursor } : {}),
  };
}

export function paramsFromQuery(query: ListQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(cleanFilters(query.filters))) params.set(key, value);
  if (query.tab) params.set('tab', query.tab);
  if (query.ordering) params.set('ordering', query.ordering);
  if (query.limit !== DEFAULT_LIST_PAGE_SIZE) params.set('limit', String(query.limit));
  if (query.offset > 0) params.set('offset', String(query.offset));
  if (query.exactCount) params.set(EXACT_COUNT_PARAM, EXACT_COUNT_VALUE);
  return params;
}
