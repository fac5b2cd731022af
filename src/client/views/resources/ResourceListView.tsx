/**
 * A module's list (SPEC §2 'Dashboard sections', 'List columns', 'List filters'): tabs, filter
 * bar (Enter applies), server-side pagination with page sizes 10/20/50, sortable columns,
 * Mostrar/Editar/Eliminar per row, the create button where the section allows it and the user
 * may, and the 'Estas seguro?' confirmation. Renders the resourceList machine; the only glue is
 * mirroring the machine's query in the URL (Back and reload keep filters, page and order).
 */
import { useActorRef, useSelector } from '@xstate/react';
import { type FormEvent, useEffect, useMemo } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { PAGE_SIZES, type ResourceRecord, resourceListMachine } from '../../../../machines/resourceList';
import { messages } from '../../../contracts/messages';
import { listActors } from '../../api/resources';
import type { FilterField, ResourceDescriptor } from '../../resources/descriptor';
import { paramsFromQuery, queryFromParams, urlMatches } from '../../resources/urlQuery';
import { ConfirmDialog } from '../../ui/dialog';
import { Alert, Button, Field, Heading, Input, Row, Select, Spinner, Stack } from '../../ui/primitives';
import { SortableHeader, Table, TableWrapper } from '../../ui/table';
import { TabsList, TabsRoot, TabsTrigger } from '../../ui/tabs';
import { styled } from '../../ui/theme';
import type { ResourceAccess } from './ResourceArea';

const text = messages.resourceScreens;
const DEFAULT_TAB = '__default';

const FilterBar = styled('form', {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
  gap: '$3',
  alignItems: 'end',
  backgroundColor: '$surface',
  padding: '$4',
  borderRadius: '$2',
  boxShadow: '$card',
});
const Actions = styled('div', { display: 'flex', gap: '$2', flexWrap: 'nowrap' });
const ActionLink = styled(Link, { fontWeight: 600, fontSize: '$1', whiteSpace: 'nowrap' });

export function ResourceListView({
  descriptor,
  access,
}: {
  descriptor: ResourceDescriptor;
  access: ResourceAccess;
}) {
  const [params, setParams] = useSearchParams();
  // The form returns to this list, with its filters and page (Cancelar, Guardar).
  const back = { listSearch: useLocation().search };
  const urlQuery = useMemo(() => queryFromParams(params, descriptor), [params, descriptor]);
  const logic = useMemo(() => resourceListMachine.provide({ actors: listActors(descriptor) }), [descriptor]);
  const actor = useActorRef(logic, { input: { query: urlQuery } });
  const snapshot = useSelector(actor, (state) => state);
  const { query, rows, count, countKind = 'exact', error, pendingDelete, deleteError } = snapshot.context;

  const deleting = snapshot.matches({ loaded: 'deleting' });
  const confirming =
    snapshot.matches({ loaded: 'confirmingDelete' }) ||
    deleting ||
    snapshot.matches({ loaded: 'deleteFailed' });
  // While a page loads, the previous rows stay on screen (no flicker on paging or sorting).
  const loading = snapshot.matches('loading');
  const showRows = rows.length > 0 && (loading || snapshot.matches('loaded'));

  // Machine -> URL: a new history entry for each query the user asked for.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs only when the machine's query changes
  useEffect(() => {
    if (!urlMatches(params, query, descriptor)) setParams(paramsFromQuery(query));
  }, [query]);
  // URL -> machine: Back, Forward or a pasted link (ignored when it already matches; taken once a
  // delete confirmation that was open meanwhile closes).
  useEffect(() => {
    if (!confirming) actor.send({ type: 'QUERY_SYNCED', query: urlQuery });
  }, [actor, urlQuery, confirming]);

  const applyFilters = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const filters: Record<string, string> = {};
    for (const filter of descriptor.filters) filters[filter.param] = String(form.get(filter.param) ?? '');
    actor.send({ type: 'FILTERS_APPLIED', filters });
  };

  const direction = (field: string | null) =>
    !field || !query.ordering
      ? 'none'
      : query.ordering === field
        ? 'ascending'
        : query.ordering === `-${field}`
          ? 'descending'
          : 'none';

  const page = Math.floor(query.offset / query.limit);
  const pages = Math.max(1, Math.ceil(count / query.limit));

  return (
    <Stack>
      <Row justify="between">
        <Heading>{descriptor.title}</Heading>
        {access.canCreate ? (
          <Button as={Link} to="create" state={back}>
            {text.create}
          </Button>
        ) : null}
      </Row>
      <TabsRoot
        value={query.tab ?? DEFAULT_TAB}
        onValueChange={(value) =>
          actor.send({ type: 'TAB_CHANGED', tab: value === DEFAULT_TAB ? null : value })
        }
      >
        <TabsList aria-label={descriptor.title}>
          {descriptor.tabs.map((tab) => (
            <TabsTrigger key={tab.key ?? DEFAULT_TAB} value={tab.key ?? DEFAULT_TAB}>
              {tab.label}
            </TabsTrigger>
          ))}
        </TabsList>
      </TabsRoot>

      {descriptor.filters.length ? (
        <FilterBar
          key={JSON.stringify(query.filters)}
          role="search"
          aria-label={text.filtersTitle}
          onSubmit={applyFilters}
        >
          {descriptor.filters.map((filter) => (
            <FilterControl key={filter.param} filter={filter} value={query.filters[filter.param]} />
          ))}
          <Row>
            <Button type="submit">{text.applyFilters}</Button>
            <Button
              type="button"
              variant="ghost"
              onClick={() => actor.send({ type: 'FILTERS_APPLIED', filters: {} })}
            >
              {text.clearFilters}
            </Button>
          </Row>
        </FilterBar>
      ) : null}

      {loading ? <Spinner label={text.loading} /> : null}
      {snapshot.matches('failed') ? (
        <Alert tone="danger" role="alert">
          <Row justify="between">
            <span>{error}</span>
            <Button variant="secondary" size="small" onClick={() => actor.send({ type: 'RETRY' })}>
              {text.retry}
            </Button>
          </Row>
        </Alert>
      ) : null}
      {snapshot.matches('empty') ? <Alert tone="info">{text.empty}</Alert> : null}

      {showRows ? (
        <>
          <TableWrapper aria-busy={loading} css={loading ? { opacity: 0.6 } : undefined}>
            <Table aria-label={descriptor.title}>
              <thead>
                <tr>
                  {descriptor.columns.map((column) => (
                    <SortableHeader
                      key={column.key}
                      label={column.header}
                      direction={direction(column.sortField)}
                      onSort={
                        column.sortField
                          ? () => actor.send({ type: 'SORT_TOGGLED', field: column.sortField as string })
                          : undefined
                      }
                    />
                  ))}
                  <th scope="col">{text.actions}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id}>
                    {descriptor.columns.map((column) => (
                      <td key={column.key}>{column.render(row)}</td>
                    ))}
                    <td>
                      <RowActions
                        row={row}
                        descriptor={descriptor}
                        canEdit={access.canEdit}
                        back={back}
                        onDelete={() => actor.send({ type: 'DELETE_ASKED', record: row })}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </TableWrapper>
          <Row justify="between" role="navigation" aria-label={text.pagination}>
            <Field label={text.pageSize}>
              {(aria) => (
                <Select
                  {...aria}
                  value={query.limit}
                  onChange={(event) =>
                    actor.send({ type: 'PAGE_SIZE_CHANGED', limit: Number(event.target.value) })
                  }
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
                {(countKind === 'capped'
                  ? text.pageRangeCapped
                  : countKind === 'estimate'
                    ? text.pageRangeEstimate
                    : text.pageRange)(query.offset + 1, query.offset + rows.length, count)}
              </span>
              <Button
                variant="secondary"
                size="small"
                disabled={page === 0}
                onClick={() => actor.send({ type: 'PAGE_CHANGED', page: page - 1 })}
              >
                {text.previousPage}
              </Button>
              <Button
                variant="secondary"
                size="small"
                disabled={countKind === 'exact' ? page + 1 >= pages : rows.length < query.limit}
                onClick={() => actor.send({ type: 'PAGE_CHANGED', page: page + 1 })}
              >
                {text.nextPage}
              </Button>
            </Row>
          </Row>
        </>
      ) : null}

      <ConfirmDialog
        open={confirming}
        title={text.confirmTitle}
        text={pendingDelete ? text.confirmText(descriptor.recordName(pendingDelete)) : ''}
        confirmLabel={deleting ? text.deleting : text.confirmButton}
        busy={deleting}
        error={deleteError}
        onConfirm={() => actor.send({ type: 'DELETE_CONFIRMED' })}
        onCancel={() => actor.send({ type: 'DELETE_CANCELLED' })}
      />
    </Stack>
  );
}

function FilterControl({ filter, value }: { filter: FilterField; value: string | undefined }) {
  const options = filter.options;
  if (options) {
    return (
      <Field label={filter.label}>
        {(aria) => (
          <Select
            {...aria}
            name={filter.param}
            defaultValue={value ?? filter.default ?? ''}
            onChange={(event) => event.currentTarget.form?.requestSubmit()}
          >
            {filter.kind === 'switch' ? null : <option value="">{text.switchAll}</option>}
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Select>
        )}
      </Field>
    );
  }
  return (
    <Field label={filter.label}>
      {(aria) => <Input {...aria} name={filter.param} defaultValue={value ?? ''} type="search" />}
    </Field>
  );
}

function RowActions({
  row,
  descriptor,
  canEdit,
  back,
  onDelete,
}: {
  row: ResourceRecord;
  descriptor: ResourceDescriptor;
  canEdit: boolean;
  back: { listSearch: string };
  onDelete: () => void;
}) {
  const name = descriptor.recordName(row);
  return (
    <Actions>
      {descriptor.actions.show ? (
        <ActionLink to={String(row.id)} state={back} aria-label={`${text.show} ${name}`}>
          {text.show}
        </ActionLink>
      ) : null}
      {descriptor.actions.edit && canEdit ? (
        <ActionLink to={`${row.id}/edit`} state={back} aria-label={`${text.edit} ${name}`}>
          {text.edit}
        </ActionLink>
      ) : null}
      {descriptor.actions.remove && canEdit ? (
        <Button variant="ghost" size="small" onClick={onDelete} aria-label={`${text.remove} ${name}`}>
          {text.remove}
        </Button>
      ) : null}
    </Actions>
  );
}
