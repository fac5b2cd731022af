/**
 * The list query in the URL (SPEC §2: filters and page survive Back and reload): the view reads
 * the machine's query from the search parameters at start and on Back/Forward, and writes the
 * machine's query back when it changes. Unknown or malformed parameters fall back to defaults.
 */
import {
  cleanFilters,
  DEFAULT_LIST_PAGE_SIZE,
  type ListQuery,
  PAGE_SIZES,
  queryKey,
} from '../../../machines/resourceList';
import { filterParamsOf, type ResourceDescriptor } from './descriptor';

const RESERVED = ['offset', 'limit', 'ordering', 'tab'];

export function queryFromParams(params: URLSearchParams, descriptor: ResourceDescriptor): ListQuery {
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
  };
}

export function paramsFromQuery(query: ListQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(cleanFilters(query.filters))) params.set(key, value);
  if (query.tab) params.set('tab', query.tab);
  if (query.ordering) params.set('ordering', query.ordering);
  if (query.limit !== DEFAULT_LIST_PAGE_SIZE) params.set('limit', String(query.limit));
  if (query.offset > 0) params.set('offset', String(query.offset));
  return params;
}

/** Whether the URL already says what the query says. */
export function urlMatches(
  params: URLSearchParams,
  query: ListQuery,
  descriptor: ResourceDescriptor,
): boolean {
  return queryKey(queryFromParams(params, descriptor)) === queryKey(query);
}
