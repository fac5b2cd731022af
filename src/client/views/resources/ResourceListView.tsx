/**
 * A module's list (SPEC §2 'Dashboard sections', 'List columns', 'List filters'): tabs, filter
 * bar (Enter applies), server-side pagination with page sizes 10/20/50, sortable columns,
 * Mostrar/Editar/Eliminar per row, the create button where the section allows it and the user
 * may, and the 'Estas seguro?' confirmation; row selection with the module's bulk actions (a
 * per-row report when some rows fail) and the module's row actions, offered as each row's
 * allowed_actions say. Renders the resourceList machine. The URL follows the machine through its
 * `queryChanged` action (provided here); Back, Forward and pasted links send QUERY_SYNCED.
 */

import { useActorRef, useSelector } from '@xstate/react';
import { type FormEvent, type ReactNode, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import {
  type ListQuery,
  PAGE_SIZES,
  type ResourceRecord,
  resourceListMachine,
  rowAllows,
  visibleRows,
} from '../../../../machines/resourceList';
import { messages } from '../../../contracts/messages';
import { listActors } from '../../api/resources';
import { notifySuccess } from '../../app/toasts';
import type { FilterField, ResourceDescriptor } from '../../resources/descriptor';
import { paramsFromQuery, queryFromParams, urlMatches } from '../../resources/urlQuery';
import { ConfirmDialog, Dialog } from '../../ui/dialog';
import {
  Alert,
  Button,
  Checkbox,
  Field,
  Heading,
  Input,
  Row,
  Select,
  Spinner,
  Stack,
} from '../../ui/primitives';
import { SortableHeader, Table, TableWrapper } from '../../ui/table';
import { TabsList, TabsRoot, TabsTrigger } from '../../ui/tabs';
import { styled } from '../../ui/theme';
import { DownloadButton } from './DownloadButton';
import { ExportButton } from './ExportButton';
import { ListSummary } from './listSummaries';
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
/** The undo notice of a confirmed delete: a toast at the bottom left (the success toasts sit at the right). */
const UndoRegion = styled('div', {
  position: 'fixed',
  left: '$4',
  bottom: '$4',
  zIndex: 1000,
  maxWidth: 'calc(100vw - 32px)',
});
const UndoNotice = styled('div', {
  display: 'flex',
  alignItems: 'center',
  gap: '$4',
  padding: '$3 $4',
  borderRadius: '$2',
  backgroundColor: '#1f2937',
  color: 'white',
  boxShadow: '$card',
});
const UndoButton = styled('button', {
  all: 'unset',
  cursor: 'pointer',
  fontWeight: 700,
  color: '#fde68a',
  textDecoration: 'underline',
  '&:focus-visible': { outline: '3px solid $focus' },
});
const Actions = styled('div', {
  display: 'flex',
  gap: '$2',
  flexWrap: 'nowrap',
  alignItems: 'center',
  '@narrow': { display: 'none' },
});
const ActionsMenu = styled('details', {
  display: 'none',
  position: 'relative',
  '@narrow': { display: 'block' },
  '& > summary': { cursor: 'pointer', fontWeight: 600, color: '$primary', padding: '$1 0' },
  '& > div': {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    gap: '$2',
    padding: '$2',
    marginTop: '$1',
    backgroundColor: '$surface',
    border: '1px solid $border',
    borderRadius: '$2',
    boxShadow: '$raised',
    // Touch targets of at least 24px (WCAG 2.5.8), the menu being for phones.
    '& > a, & > button': { minHeight: '32px', display: 'inline-flex', alignItems: 'center' },
  },
});
const ActionLink = styled(Link, { fontWeight: 600, fontSize: '$1', whiteSpace: 'nowrap' });

export function ResourceListView({
  descriptor,
  access,
}: {
  descriptor: ResourceDescriptor;
  access: ResourceAccess;
}) {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  // The form returns to this list, with its filters and page (Cancelar, Guardar).
  const back = { listSearch: location.search };
  const urlQuery = useMemo(() => queryFromParams(params, descriptor), [params, descriptor]);
  // Machine -> URL, as the machine's `queryChanged` action: a new history entry for each query the
  // user asked for (none when the URL already says it: the first load, Back, Forward).
  const writeUrl = useRef((_query: ListQuery) => {});
  const leaving = useRef(false);
  writeUrl.current = (query: ListQuery) => {
    if (leaving.current) return;
    const current = new URLSearchParams(window.location.search);
    if (!urlMatches(current, query, descriptor)) navigate({ search: paramsFromQuery(query).toString() });
  };
  // A row action that creates a record (Oficinas' 'Duplicar') opens it as the descriptor says.
  const openActionResult = useRef((_action: string, _output: unknown) => {});
  openActionResult.current = (action: string, output: unknown) => {
    const opens = descriptor.rowActions.find((candidate) => candidate.action === action)?.opens;
    const id = (output as { action_result?: { id?: unknown } } | null)?.action_result?.id;
    if (opens && typeof id === 'number') {
      // The list reloads after the action: it must not write its URL over the opened record's.
      leaving.current = true;
      navigate(`/dashboard/${descriptor.routing}/${id}${opens === 'edit' ? '/edit' : ''}`, { state: back });
    }
  };
  const logic = useMemo(
    () =>
      resourceListMachine.provide({
        actors: listActors(descriptor),
        actions: {
          queryChanged: (_, { query }) => writeUrl.current(query),
          rowActionDone: (_, { action, output }) => {
            const label = descriptor.rowActions.find((candidate) => candidate.action === action)?.label;
            notifySuccess(messages.polish.toasts.action(label ?? action));
            openActionResult.current(action, output);
          },
          recordRemoved: () => notifySuccess(messages.polish.toasts.removed(descriptor.title)),
          bulkActionDone: (_, { action }) => {
            const label = descriptor.bulkActions.find((candidate) => candidate.action === action)?.label;
            notifySuccess(messages.polish.toasts.action(label ?? action));
          },
        },
      }),
    [descriptor],
  );
  const actor = useActorRef(logic, { input: { query: urlQuery } });
  const snapshot = useSelector(actor, (state) => state);
  const { query, count, countKind, error, pendingDelete, deleteError, selected } = snapshot.context;
  // A confirmed delete hides its row at once (undo window, then the DELETE).
  const rows = visibleRows(snapshot);

  const fallback = descriptor.rowActions.find((candidate) => candidate.action === descriptor.deleteFallback);
  const confirming =
    snapshot.matches({ loaded: 'confirmingDelete' }) || snapshot.matches({ loaded: 'deleteFailed' });
  const undoable = snapshot.matches({ loaded: 'undoWindow' });
  // While a page loads, the previous rows stay on screen (no flicker on paging or sorting).
  const loading = snapshot.matches('loading');
  const showRows = rows.length > 0 && (loading || snapshot.matches('loaded'));
  const nothingShown = snapshot.matches('empty') || (snapshot.matches('loaded') && rows.length === 0);
  const selectable = descriptor.bulkActions.length > 0 && access.canEdit;
  const idle = snapshot.matches({ loaded: 'idle' }) || snapshot.matches({ loaded: 'selecting' });

  // URL -> machine: Back, Forward or a pasted link (the machine ignores a query it already has,
  // and takes none while a confirmation is open).
  useEffect(() => {
    actor.send({ type: 'QUERY_SYNCED', query: urlQuery });
  }, [actor, urlQuery]);

  // Leaving the page during an undo window sends the DELETE at once (the machine decides; a
  // layout effect's cleanup runs before the actor is stopped). So does hiding the tab for good.
  useLayoutEffect(() => {
    const leave = () => actor.send({ type: 'PAGE_LEFT' });
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, [actor]);

  const applyFilters = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const filters: Record<string, string> = {};
    for (const filter of descriptor.filters) {
      if (!filter.modes) {
        filters[filter.param] = String(form.get(filter.param) ?? '');
        continue;
      }
      // Search modes: the text goes to the chosen mode's parameter only.
      const mode = String(form.get(`${filter.param}__mode`) ?? '');
      const searched = String(form.get(filter.param) ?? '');
      for (const candidate of filter.modes)
        filters[candidate.param] = candidate.param === mode ? searched : '';
    }
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
        <ExportButton descriptor={descriptor} query={query} />
        <DownloadButton
          descriptor={descriptor}
          query={query}
          // Past a capped or estimated count, as many rows as the server gives.
          rows={countKind === 'exact' ? count : Number.POSITIVE_INFINITY}
        />
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
            // The tabs filter the one list below; no per-tab panel exists, so no aria-controls
            // pointing at a panel never rendered (axe aria-valid-attr-value, issue 18).
            <TabsTrigger
              key={tab.key ?? DEFAULT_TAB}
              value={tab.key ?? DEFAULT_TAB}
              aria-controls={undefined}
            >
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
            <FilterControl key={filter.param} filter={filter} filters={query.filters} />
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
            {snapshot.context.retryable ? (
              <Button variant="secondary" size="small" onClick={() => actor.send({ type: 'RETRY' })}>
                {text.retry}
              </Button>
            ) : null}
          </Row>
        </Alert>
      ) : null}
      {nothingShown ? (
        Object.keys(query.filters).length ? (
          <Alert tone="info">{text.empty}</Alert>
        ) : (
          <Alert tone="info">
            <Row>
              <span>{text.emptyNone(descriptor.title)}</span>
              {access.canCreate ? (
                <Link to="create" state={back}>
                  {text.createFirst}
                </Link>
              ) : null}
            </Row>
          </Alert>
        )
      ) : null}
      {descriptor.summary && showRows ? (
        <ListSummary view={descriptor.summary} summary={snapshot.context.summary} />
      ) : null}

      {snapshot.matches({ loaded: 'selecting' }) ? (
        <Row role="toolbar" aria-label={text.selectedCount(selected.length)}>
          <span>{text.selectedCount(selected.length)}</span>
          {descriptor.bulkActions.map((bulk) => (
            <Button
              key={bulk.action}
              variant="danger"
              size="small"
              onClick={() => actor.send({ type: 'BULK_ASKED', action: bulk.action })}
            >
              {bulk.label}
            </Button>
          ))}
          <Button variant="ghost" size="small" onClick={() => actor.send({ type: 'SELECTION_CLEARED' })}>
            {text.clearSelection}
          </Button>
        </Row>
      ) : null}

      {showRows ? (
        <>
          <TableWrapper aria-busy={loading} css={loading ? { opacity: 0.6 } : undefined}>
            <Table aria-label={descriptor.title} cards>
              <thead>
                <tr>
                  {selectable ? (
                    <th scope="col">
                      <Checkbox
                        label={text.selectPage}
                        checked={rows.every((row) => selected.includes(row.id))}
                        disabled={!idle}
                        onCheckedChange={() => actor.send({ type: 'PAGE_TOGGLED' })}
                      />
                    </th>
                  ) : null}
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
                    {selectable ? (
                      <td>
                        <Checkbox
                          label={text.selectRow(descriptor.recordName(row))}
                          checked={selected.includes(row.id)}
                          disabled={!idle}
                          onCheckedChange={() => actor.send({ type: 'ROW_TOGGLED', id: row.id })}
                        />
                      </td>
                    ) : null}
                    {descriptor.columns.map((column) => (
                      <td key={column.key} data-label={column.header}>
                        <CellValue value={column.render(row)} />
                      </td>
                    ))}
                    <td>
                      <RowActions
                        row={row}
                        descriptor={descriptor}
                        canEdit={access.canEdit}
                        back={back}
                        onDelete={() => actor.send({ type: 'DELETE_ASKED', record: row })}
                        onAction={(action) => actor.send({ type: 'ROW_ACTION_ASKED', action, record: row })}
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
                {text.pageRange(
                  query.offset + 1,
                  query.offset + rows.length,
                  countKind === 'capped'
                    ? text.countCapped(count)
                    : countKind === 'estimate'
                      ? text.countEstimate(count)
                      : count,
                )}
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
        confirmLabel={text.confirmButton}
        error={deleteError}
        onConfirm={() => actor.send({ type: 'DELETE_CONFIRMED' })}
        onCancel={() => actor.send({ type: 'DELETE_CANCELLED' })}
        extra={
          fallback && deleteError && pendingDelete && rowAllows(pendingDelete, fallback.action) ? (
            <Button
              variant="secondary"
              onClick={() => {
                // The refused delete's way out: the row action, with its own confirmation.
                actor.send({ type: 'DELETE_CANCELLED' });
                actor.send({ type: 'ROW_ACTION_ASKED', action: fallback.action, record: pendingDelete });
              }}
            >
              {fallback.label}
            </Button>
          ) : null
        }
      />
      <BulkDialogs descriptor={descriptor} snapshot={snapshot} send={actor.send} />
      <UndoRegion role="status" aria-live="polite" aria-label={messages.polish.toasts.undoRegion}>
        {undoable ? (
          <UndoNotice>
            <span>{messages.polish.toasts.removedUndoable}</span>
            <UndoButton type="button" onClick={() => actor.send({ type: 'UNDO' })}>
              {messages.polish.toasts.undo}
            </UndoButton>
          </UndoNotice>
        ) : null}
      </UndoRegion>
    </Stack>
  );
}

function FilterControl({ filter, filters }: { filter: FilterField; filters: Record<string, string> }) {
  if (filter.modes) return <SearchModeControl filter={filter} modes={filter.modes} filters={filters} />;
  const value = filters[filter.param];
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

/** SPEC §2 'Office search modes': a mode switch and one search text. */
function SearchModeControl({
  filter,
  modes,
  filters,
}: {
  filter: FilterField;
  modes: NonNullable<FilterField['modes']>;
  filters: Record<string, string>;
}) {
  const active = modes.find((mode) => filters[mode.param]) ?? modes[0];
  return (
    <>
      <Field label={text.searchMode}>
        {(aria) => (
          <Select {...aria} name={`${filter.param}__mode`} defaultValue={active.param}>
            {modes.map((mode) => (
              <option key={mode.param} value={mode.param}>
                {mode.label}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label={filter.label}>
        {(aria) => (
          <Input {...aria} name={filter.param} defaultValue={filters[active.param] ?? ''} type="search" />
        )}
      </Field>
    </>
  );
}

type ListSnapshot = ReturnType<ReturnType<typeof useActorRef<typeof resourceListMachine>>['getSnapshot']>;
type ListSend = ReturnType<typeof useActorRef<typeof resourceListMachine>>['send'];

/** The bulk action's confirmation and per-row report, and a row action's confirmation. */
function BulkDialogs({
  descriptor,
  snapshot,
  send,
}: {
  descriptor: ResourceDescriptor;
  snapshot: ListSnapshot;
  send: ListSend;
}) {
  const { bulkAction, bulkError, bulkResults, bulkPayload, selected, rowAction, rowActionError, rows } =
    snapshot.context;
  const bulkFields =
    descriptor.bulkActions.find((candidate) => candidate.action === bulkAction)?.fields ?? [];
  const labelOf = (action: string | null, list: readonly { action: string; label: string }[]) =>
    list.find((candidate) => candidate.action === action)?.label ?? action ?? '';
  const running = snapshot.matches({ loaded: 'runningBulk' });
  const runningRow = snapshot.matches({ loaded: 'runningRowAction' });
  const nameOf = (id: number) => {
    const row = rows.find((candidate) => candidate.id === id);
    return row ? descriptor.recordName(row) : text.recordName(id);
  };
  return (
    <>
      <ConfirmDialog
        open={snapshot.matches({ loaded: 'confirmingBulk' }) || running}
        title={text.bulkConfirmTitle}
        text={text.bulkConfirmText(labelOf(bulkAction, descriptor.bulkActions), selected.length)}
        confirmLabel={running ? text.bulkRunning : labelOf(bulkAction, descriptor.bulkActions)}
        busy={running}
        error={bulkError}
        onConfirm={() => send({ type: 'BULK_CONFIRMED' })}
        onCancel={() => send({ type: 'BULK_CANCELLED' })}
      >
        {bulkFields.length ? (
          <Stack>
            {bulkFields.map((field) => (
              <Field key={field.name} label={field.label}>
                {(aria) =>
                  field.options ? (
                    <Select
                      {...aria}
                      name={field.name}
                      value={bulkPayload[field.name] ?? ''}
                      disabled={running}
                      onChange={(event) =>
                        send({
                          type: 'BULK_PAYLOAD_CHANGED',
                          field: field.name,
                          value: event.currentTarget.value,
                        })
                      }
                    >
                      <option value="">{text.chooseOption}</option>
                      {field.options.map((option) => (
                        <option key={option.value} value={option.value}>
                          {option.label}
                        </option>
                      ))}
                    </Select>
                  ) : (
                    <Input
                      {...aria}
                      name={field.name}
                      value={bulkPayload[field.name] ?? ''}
                      placeholder={field.placeholder}
                      maxLength={field.maxLength}
                      disabled={running}
                      onChange={(event) =>
                        send({
                          type: 'BULK_PAYLOAD_CHANGED',
                          field: field.name,
                          value: event.currentTarget.value,
                        })
                      }
                    />
                  )
                }
              </Field>
            ))}
          </Stack>
        ) : null}
      </ConfirmDialog>
      <Dialog
        open={snapshot.matches({ loaded: 'bulkReport' })}
        onOpenChange={(open) => (open ? undefined : send({ type: 'BULK_REPORT_CLOSED' }))}
        title={text.bulkReportTitle}
        footer={<Button onClick={() => send({ type: 'BULK_REPORT_CLOSED' })}>{text.close}</Button>}
      >
        <ul aria-label={text.bulkReportTitle}>
          {bulkResults.flatMap((result) =>
            result.ok
              ? []
              : [<li key={result.id}>{text.bulkReportRow(nameOf(result.id), result.detail)}</li>],
          )}
        </ul>
      </Dialog>
      <ConfirmDialog
        open={snapshot.matches({ loaded: 'confirmingRowAction' }) || runningRow}
        title={text.confirmTitle}
        text={
          rowAction
            ? text.rowActionConfirmText(
                labelOf(rowAction.action, descriptor.rowActions),
                descriptor.recordName(rowAction.record),
              )
            : ''
        }
        confirmLabel={
          runningRow ? text.bulkRunning : labelOf(rowAction?.action ?? null, descriptor.rowActions)
        }
        busy={runningRow}
        error={rowActionError}
        onConfirm={() => send({ type: 'ROW_ACTION_CONFIRMED' })}
        onCancel={() => send({ type: 'ROW_ACTION_CANCELLED' })}
      />
    </>
  );
}

/** Long texts cut with '…', the whole text on hover (title) and for screen readers. */
const LONG_TEXT = 60;
const Truncated = styled('span', {
  display: 'inline-block',
  maxWidth: '40ch',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  verticalAlign: 'bottom',
  '@narrow': { maxWidth: '100%', whiteSpace: 'normal' },
});
function CellValue({ value }: { value: ReactNode }) {
  return typeof value === 'string' && value.length > LONG_TEXT ? (
    <Truncated title={value}>{value}</Truncated>
  ) : (
    value
  );
}

function RowActions({
  row,
  descriptor,
  canEdit,
  back,
  onDelete,
  onAction,
}: {
  row: ResourceRecord;
  descriptor: ResourceDescriptor;
  canEdit: boolean;
  back: { listSearch: string };
  onDelete: () => void;
  onAction: (action: string) => void;
}) {
  const name = descriptor.recordName(row);
  const actions = (
    <>
      {descriptor.actions.show ? (
        <ActionLink to={String(row.id)} state={back} aria-label={`${text.show} ${name}`}>
          {text.show}
        </ActionLink>
      ) : null}
      {descriptor.actions.edit && canEdit && rowAllows(row, 'update') ? (
        <ActionLink to={`${row.id}/edit`} state={back} aria-label={`${text.edit} ${name}`}>
          {text.edit}
        </ActionLink>
      ) : null}
      {descriptor.actions.clone && canEdit ? (
        <ActionLink to={`${row.id}/clone`} state={back} aria-label={`${text.clone} ${name}`}>
          {text.clone}
        </ActionLink>
      ) : null}
      {descriptor.actions.remove && canEdit && rowAllows(row, 'remove') ? (
        <Button variant="ghost" size="small" onClick={onDelete} aria-label={`${text.remove} ${name}`}>
          {text.remove}
        </Button>
      ) : null}
      {descriptor.rowActions
        .filter((candidate) => rowAllows(row, candidate.action))
        .map((candidate) => (
          <Button
            key={candidate.action}
            variant="ghost"
            size="small"
            onClick={() => onAction(candidate.action)}
            aria-label={`${candidate.label} ${name}`}
          >
            {candidate.label}
          </Button>
        ))}
    </>
  );
  // Side by side on a wide screen; in a menu below 640px (one shows at a time, by CSS).
  return (
    <>
      <Actions>{actions}</Actions>
      <ActionsMenu>
        <summary aria-label={text.actionsOf(name)}>{text.actions}</summary>
        <div>{actions}</div>
      </ActionsMenu>
    </>
  );
}
