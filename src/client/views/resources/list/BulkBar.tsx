/**
 * The selection's toolbar: how many rows are selected, the module's bulk actions, 'Quitar selección'.
 * Each action says how many selected rows it applies to (their `allowed_actions`): all of them
 * ('Cancelar (3)'), or, with a mixed selection, some ('Cancelar (aplica a 2 de 3)', issue 40): it
 * is offered all the same and runs on those rows only, its confirmation naming how many; one that
 * no selected row allows is not shown. The bar sticks below the top bar while the user scrolls
 * down the rows to tick more (issue 40).
 */
import { bulkOffers, type ResourceRecord } from '../../../../../machines/resourceList';
import { messages } from '../../../../contracts/messages';
import type { ResourceDescriptor } from '../../../resources/descriptor';
import { Button, Muted, Row } from '../../../ui/primitives';
import { styled } from '../../../ui/theme';
import type { ListSend } from './listActor';

const text = messages.resourceScreens;

/** Stays in view below the sticky top bar (StaffShell's, 54px on a phone) while rows scroll. */
const StickyBar = styled('div', {
  position: 'sticky',
  top: '56px',
  zIndex: 5,
  padding: '$2 $3',
  backgroundColor: '$surface',
  borderRadius: '$2',
  boxShadow: '$raised',
  '@narrow': { top: '96px' },
});

export function BulkBar({
  descriptor,
  rows,
  selected,
  send,
}: {
  descriptor: ResourceDescriptor;
  rows: readonly ResourceRecord[];
  selected: readonly number[];
  send: ListSend;
}) {
  const offers = bulkOffers(
    rows,
    selected,
    descriptor.bulkActions.map((bulk) => bulk.action),
  );
  const total = selected.length;
  return (
    <StickyBar>
      <Row role="toolbar" aria-label={text.selectedCount(total)}>
        <span>{text.selectedCount(total)}</span>
        {descriptor.bulkActions.map((bulk) => {
          const offer = offers.find((candidate) => candidate.action === bulk.action);
          if (!offer) return null;
          const applies = messages.lists.appliesTo(offer.applies, total);
          return (
            <Button
              key={bulk.action}
              variant="danger"
              size="small"
              aria-label={`${bulk.label} (${applies})`}
              onClick={() => send({ type: 'BULK_ASKED', action: bulk.action })}
            >
              {bulk.label} ({offer.offered ? offer.applies : applies})
            </Button>
          );
        })}
        {offers.length === 0 ? <Muted>{messages.lists.noBulkAllowed}</Muted> : null}
        <Button variant="ghost" size="small" onClick={() => send({ type: 'SELECTION_CLEARED' })}>
          {text.clearSelection}
        </Button>
      </Row>
    </StickyBar>
  );
}
