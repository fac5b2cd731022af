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
  variants: {
    /**
     * Below 640px each row is a card of 'label: value' lines (issue 18: lists readable on a phone);
     * cells name their column in `data-label`. The header row is kept for screen readers only.
     */
    cards: {
      true: {
        '@narrow': {
          '& thead': {
            position: 'absolute',
            width: '1px',
            height: '1px',
            overflow: 'hidden',
            clip: 'rect(0 0 0 0)',
            whiteSpace: 'nowrap',
          },
          '& tbody, & tr, & td': { display: 'block', width: '100%' },
          '& tbody tr': { borderBottom: '8px solid $background', padding: '$2 0' },
          '& td': {
            display: 'flex',
            justifyContent: 'space-between',
            gap: '$3',
            borderBottom: 'none',
            padding: '$1 $3',
            overflowWrap: 'anywhere',
            textAlign: 'right',
          },
          '& td[data-label]::before': {
            content: 'attr(data-label)',
            fontWeight: 600,
            color: '$muted',
            textAlign: 'left',
            flexShrink: 0,
          },
        },
      },
    },
  },
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
