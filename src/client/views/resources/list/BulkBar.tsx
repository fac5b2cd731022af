/**
 * The selection's toolbar: how many rows are selected, the module's bulk actions, 'Quitar selección'.
 * Issue 32: an action is offered only when every selected row's `allowed_actions` hold it, and
 * says how many rows it applies to; one that only some selected rows allow is shown disabled with
 * 'aplica a N de M' (the user sees which rows to leave out); one that none allows is not shown.
 */
import { bulkOffers, type ResourceRecord } from '../../../../../machines/resourceList';
import { messages } from '../../../../contracts/messages';
import type { ResourceDescriptor } from '../../../resources/descriptor';
import { Button, Muted, Row } from '../../../ui/primitives';
import type { ListSend } from './listActor';

const text = messages.resourceScreens;

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
            disabled={!offer.offered}
            aria-label={`${bulk.label} (${applies})`}
            onClick={() => send({ type: 'BULK_ASKED', action: bulk.action })}
          >
            {bulk.label} ({offer.offered ? offer.applies : applies})
          </Button>
        );
      })}
      {offers.every((offer) => !offer.offered) ? <Muted>{messages.lists.noBulkAllowed}</Muted> : null}
      <Button variant="ghost" size="small" onClick={() => send({ type: 'SELECTION_CLEARED' })}>
        {text.clearSelection}
      </Button>
    </Row>
  );
}
