/**
 * The list's pagination (SPEC §2): page size 10/20/50, the range shown of the count, Anterior and
 * Siguiente. A count past the server's threshold reads 'más de 10.000' (or 'unos N' for the
 * planner's estimate) and pages on while full pages come; a capped or estimated count offers
 * 'Contar exactamente', which reloads the page with the exact count (issue 29 §counts).
 */
import { type ListQuery, PAGE_SIZES } from '../../../../../machines/resourceList';
import type { CountKind } from '../../../../contracts/engine';
import { messages } from '../../../../contracts/messages';
import { Button, Field, Row, Select } from '../../../ui/primitives';
import type { ListSend } from './listActor';

const text = messages.resourceScreens;

export function ListPagination({
  query,
  shown,
  count,
  countKind,
  exactCountOffered,
  send,
}: {
  query: ListQuery;
  /** How many rows the page shows. */
  shown: number;
  count: number;
  countKind: CountKind;
  /** The machine takes EXACT_COUNT_ASKED now. */
  exactCountOffered: boolean;
  send: ListSend;
}) {
  const page = Math.floor(query.offset / query.limit);
  const pages = Math.max(1, Math.ceil(count / query.limit));
  return (
    <Row justify="between" role="navigation" aria-label={text.pagination}>
      <Field label={text.pageSize}>
        {(aria) => (
          <Select
            {...aria}
            value={query.limit}
            onChange={(event) => send({ type: 'PAGE_SIZE_CHANGED', limit: Number(event.target.value) })}
            css={{ width: 'auto' }}
          >
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Row>
        <span aria-live="polite">
          {text.pageRange(query.offset + 1, query.offset + shown, count, countKind)}
        </span>
        {exactCountOffered ? (
          <Button variant="ghost" size="small" onClick={() => send({ type: 'EXACT_COUNT_ASKED' })}>
            {text.exactCount}
          </Button>
        ) : null}
        <Button
          variant="secondary"
          size="small"
          disabled={page === 0}
          onClick={() => send({ type: 'PAGE_CHANGED', page: page - 1 })}
        >
          {text.previousPage}
        </Button>
        <Button
          variant="secondary"
          size="small"
          disabled={countKind === 'exact' ? page + 1 >= pages : shown < query.limit}
          onClick={() => send({ type: 'PAGE_CHANGED', page: page + 1 })}
        >
          {text.nextPage}
        </Button>
      </Row>
    </Row>
  );
}
