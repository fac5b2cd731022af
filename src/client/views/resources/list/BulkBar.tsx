/** The selection's toolbar: how many rows are selected, the module's bulk actions, 'Quitar selección'. */
import { messages } from '../../../../contracts/messages';
import type { ResourceDescriptor } from '../../../resources/descriptor';
import { Button, Row } from '../../../ui/primitives';
import type { ListSend } from './listActor';

const text = messages.resourceScreens;

export function BulkBar({
  descriptor,
  selected,
  send,
}: {
  descriptor: ResourceDescriptor;
  selected: number;
  send: ListSend;
}) {
  return (
    <Row role="toolbar" aria-label={text.selectedCount(selected)}>
      <span>{text.selectedCount(selected)}</span>
      {descriptor.bulkActions.map((bulk) => (
        <Button
          key={bulk.action}
          variant="danger"
          size="small"
          onClick={() => send({ type: 'BULK_ASKED', action: bulk.action })}
        >
          {bulk.label}
        </Button>
      ))}
      <Button variant="ghost" size="small" onClick={() => send({ type: 'SELECTION_CLEARED' })}>
        {text.clearSelection}
      </Button>
    </Row>
  );
}
