/**
 * The list's table (SPEC §2 'List columns'): the page's rows, sortable headers, row selection when
 * the module has bulk actions, and each row's Mostrar/Editar/Clonar/Eliminar and row actions, as
 * the row's `allowed_actions` say. While a page loads, the previous rows stay (aria-busy).
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { type ResourceRecord, rowAllows } from '../../../../../machines/resourceList';
import { messages } from '../../../../contracts/messages';
import type { ColumnDescriptor, ResourceDescriptor } from '../../../resources/descriptor';
import { Button, Checkbox } from '../../../ui/primitives';
import { SortableHeader, Table, TableWrapper } from '../../../ui/table';
import { styled } from '../../../ui/theme';
import type { ListSend } from './listActor';

const text = messages.resourceScreens;

/** Where a row's links return to: the list with its filters and page (Cancelar, Guardar). */
export interface ListBack {
  listSearch: string;
}

export function ListTable({
  descriptor,
  columns,
  rows,
  ordering,
  selected,
  selectable,
  selectionEnabled,
  loading,
  canEdit,
  back,
  send,
}: {
  descriptor: ResourceDescriptor;
  /** The columns shown (the user's choice, or the descriptor's defaults). */
  columns: readonly ColumnDescriptor[];
  rows: ResourceRecord[];
  ordering: string | null;
  selected: number[];
  /** The module has bulk actions and the user may edit. */
  selectable: boolean;
  /** No dialog or request is open. */
  selectionEnabled: boolean;
  loading: boolean;
  canEdit: boolean;
  back: ListBack;
  send: ListSend;
}) {
  const direction = (field: string | null) =>
    !field || !ordering
      ? 'none'
      : ordering === field
        ? 'ascending'
        : ordering === `-${field}`
          ? 'descending'
          : 'none';
  return (
    <TableWrapper aria-busy={loading} css={loading ? { opacity: 0.6 } : undefined}>
      <Table aria-label={descriptor.title} cards css={LIST_TABLE_CSS}>
        <thead>
          <tr>
            {selectable ? (
              <th scope="col">
                <Checkbox
                  label={text.selectPage}
                  hideLabel
                  checked={rows.every((row) => selected.includes(row.id))}
                  disabled={!selectionEnabled}
                  onCheckedChange={() => send({ type: 'PAGE_TOGGLED' })}
                />
              </th>
            ) : null}
            {columns.map((column) => (
              <SortableHeader
                key={column.key}
                label={column.header}
                direction={direction(column.sortField)}
                onSort={
                  column.sortField
                    ? () => send({ type: 'SORT_TOGGLED', field: column.sortField as string })
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
                    hideLabel
                    checked={selected.includes(row.id)}
                    disabled={!selectionEnabled}
                    onCheckedChange={() => send({ type: 'ROW_TOGGLED', id: row.id })}
                  />
                </td>
              ) : null}
              {columns.map((column) => (
                <td key={column.key} data-label={column.header} data-nowrap={column.nowrap ? '' : undefined}>
                  <CellValue value={column.render(row)} />
                </td>
              ))}
              <td>
                <RowActions
                  row={row}
                  descriptor={descriptor}
                  canEdit={canEdit}
                  back={back}
                  onDelete={() => send({ type: 'DELETE_ASKED', record: row })}
                  onAction={(action) => send({ type: 'ROW_ACTION_ASKED', action, record: row })}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </TableWrapper>
  );
}

/**
 * Issue 40 (Facturación was 1,552px wide in a 1,058px card at 1366px): headers wrap between words
 * instead of each setting its column's width ('Estado de facturación' on two lines), while a
 * cell's amount or date stays on one line (`data-nowrap`).
 */
const LIST_TABLE_CSS = {
  '& th, & td': { paddingLeft: '$2', paddingRight: '$2' },
  '& thead th': { whiteSpace: 'normal', overflowWrap: 'normal', hyphens: 'none', minWidth: '6ch' },
  '& td[data-nowrap]': { whiteSpace: 'nowrap' },
} as const;

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

const Actions = styled('div', {
  display: 'flex',
  gap: '$2',
  // Wrapped rather than widening the table past its card (issue 32: lists fit 1366px).
  flexWrap: 'wrap',
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
  back: ListBack;
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
