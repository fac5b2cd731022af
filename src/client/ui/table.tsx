/** Data table with sortable headers (aria-sort) and a slot for row actions. */
import type { ReactNode } from 'react';
import { styled } from './theme';

export const TableWrapper = styled('div', {
  overflowX: 'auto',
  backgroundColor: '$surface',
  borderRadius: '$2',
  boxShadow: '$card',
});
export const Table = styled('table', {
  width: '100%',
  borderCollapse: 'collapse',
  '& th, & td': {
    padding: '$2 $3',
    borderBottom: '1px solid $border',
    textAlign: 'left',
    verticalAlign: 'middle',
  },
  '& th': { fontSize: '$1', textTransform: 'uppercase', color: '$muted', whiteSpace: 'nowrap' },
  '& tbody tr:hover': { backgroundColor: '$primarySoft' },
});

const SortButton = styled('button', {
  all: 'unset',
  cursor: 'pointer',
  '&:focus-visible': { outline: '3px solid $focus' },
});

export type SortDirection = 'ascending' | 'descending' | 'none';

export function SortableHeader({
  label,
  direction,
  onSort,
}: {
  label: ReactNode;
  direction: SortDirection;
  onSort?: () => void;
}) {
  if (!onSort) return <th scope="col">{label}</th>;
  return (
    <th scope="col" aria-sort={direction}>
      <SortButton type="button" onClick={onSort}>
        {label} {direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : '↕'}
      </SortButton>
    </th>
  );
}
