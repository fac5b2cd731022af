/**
 * 'Exportar' on a list whose descriptor declares an export (issue 12): sends REQUEST to the shell's
 * exportNotifications actor with the list's current filters and order (and tab parameters; never the page),
 * and says that the export was requested or why it was refused. The bell does the rest.
 */
import { useSelector } from '@xstate/react';
import type { ListQuery } from '../../../../machines/resourceList';
import { messages } from '../../../contracts/messages';
import { listParams } from '../../api/resources';
import { useExports } from '../../app/exports';
import type { ResourceDescriptor } from '../../resources/descriptor';
import { Alert, Button, Row } from '../../ui/primitives';

const text = messages.exports;

/** The list's filters and ordering as the export's query: everything but paging. */
export function exportQueryOf(descriptor: ResourceDescriptor, query: ListQuery): Record<string, string> {
  const { offset: _offset, limit: _limit, ...filters } = listParams(descriptor, query);
  return Object.fromEntries(Object.entries(filters).map(([key, value]) => [key, String(value)]));
}

export function ExportButton({ descriptor, query }: { descriptor: ResourceDescriptor; query: ListQuery }) {
  const actor = useExports();
  const state = useSelector(actor ?? undefined, (snapshot) =>
    snapshot
      ? {
          requesting: snapshot.matches({ jobs: 'requesting' }),
          requested: snapshot.context.lastRequested,
          error: snapshot.context.requestError,
        }
      : null,
  );
  if (!descriptor.export || !actor || !state) return null;
  const exported = descriptor.export;
  return (
    <Row>
      <Button
        variant="secondary"
        disabled={state.requesting}
        onClick={() =>
          actor.send({ type: 'REQUEST', kind: exported.kind, query: exportQueryOf(descriptor, query) })
        }
      >
        {state.requesting ? text.requesting : text.exportButton}
      </Button>
      {state.requested && !state.requesting ? <span role="status">{text.requested}</span> : null}
      {state.error && !state.requesting ? (
        <Alert tone="danger" role="alert">
          {state.error}
        </Alert>
      ) : null}
    </Row>
  );
}
