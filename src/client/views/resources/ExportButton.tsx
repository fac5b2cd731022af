/**
 * 'Exportar' on a list whose descriptor declares an export (issue 12): sends REQUEST to the shell's
 * exportNotifications actor with the list's current filters and order (and tab parameters; never the page),
 * and says that the export was requested or why it was refused. The bell does the rest.
 * `ExportRequests` is the same for exports started elsewhere (a promotion's Mostrar, issue 14).
 */
import { useSelector } from '@xstate/react';
import type { ListQuery } from '../../../../machines/resourceList';
import type { ExportKind } from '../../../contracts/exports';
import { messages } from '../../../contracts/messages';
import { listParams } from '../../api/resources';
import type { ResourceDescriptor } from '../../resources/descriptor';
import { Alert, Button, Row } from '../../ui/primitives';
import { useExports } from '../shared/exports';

const text = messages.exports;

/** The list's filters and ordering as the export's query: everything but paging. */
export function exportQueryOf(descriptor: ResourceDescriptor, query: ListQuery): Record<string, string> {
  const { offset: _offset, limit: _limit, ...filters } = listParams(descriptor, query);
  return Object.fromEntries(Object.entries(filters).map(([key, value]) => [key, String(value)]));
}

/** One export the user may start: its kind, its query and the button's label. */
export interface ExportRequestSpec {
  kind: ExportKind;
  query: Record<string, string>;
  label: string;
}

/**
 * Buttons that start exports (a list's 'Exportar'; a promotion's 'Exportar vouchers' and
 * 'Exportar oficinas', issue 14): each sends REQUEST to the shell's exportNotifications actor;
 * below them, that the export was requested or why it was refused.
 */
export function ExportRequests({ requests }: { requests: readonly ExportRequestSpec[] }) {
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
  if (!requests.length || !actor || !state) return null;
  return (
    <Row>
      {requests.map((exported) => (
        <Button
          key={exported.kind}
          variant="secondary"
          disabled={state.requesting}
          onClick={() => actor.send({ type: 'REQUEST', kind: exported.kind, query: exported.query })}
        >
          {state.requesting ? text.requesting : exported.label}
        </Button>
      ))}
      {state.requested && !state.requesting ? <span role="status">{text.requested}</span> : null}
      {state.error && !state.requesting ? (
        <Alert tone="danger" role="alert">
          {state.error}
        </Alert>
      ) : null}
    </Row>
  );
}

export function ExportButton({ descriptor, query }: { descriptor: ResourceDescriptor; query: ListQuery }) {
  if (!descriptor.export) return null;
  return (
    <ExportRequests
      requests={[
        { kind: descriptor.export.kind, query: exportQueryOf(descriptor, query), label: text.exportButton },
      ]}
    />
  );
}
