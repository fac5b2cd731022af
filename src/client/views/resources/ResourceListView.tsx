/**
 * A module's list (SPEC §2 'Dashboard sections', 'List columns', 'List filters'): tabs, filter
 * bar (Enter applies), server-side pagination with page sizes 10/20/50, sortable columns,
 * Mostrar/Editar/Eliminar per row, the create button where the section allows it and the user
 * may, and the 'Estas seguro?' confirmation; row selection with the module's bulk actions (a
 * per-row report when some rows fail) and the module's row actions, offered as each row's
 * allowed_actions say. Renders the resourceList machine; its parts live in ./list.
 *
 * The URL is the single source of the list's query, one direction (issue 29): the query is read
 * from the address (and the history entry's keyset token) and handed to the machine as
 * QUERY_SYNCED whenever it changes; a user's request reaches the URL only through the machine's
 * `navigate` action, a router navigation (src/client/views/resources/wiring.ts).
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useLayoutEffect, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { visibleRows } from '../../../../machines/resourceList';
import type { ResourceDescriptor } from '../../resources/descriptor';
import {
  cursorOfState,
  type ListHistoryState,
  paramsFromQuery,
  queryFromParams,
} from '../../resources/urlQuery';
import { Stack } from '../../ui/primitives';
import type { ResourceAccess } from './access';
import { BulkBar } from './list/BulkBar';
import { ListDialogs } from './list/ListDialogs';
import { ListFilters } from './list/ListFilters';
import { ListPagination } from './list/ListPagination';
import { ListStatus } from './list/ListStatus';
import { ListTable } from './list/ListTable';
import { ListTabs, ListToolbar } from './list/ListToolbar';
import { UndoNotice } from './list/UndoNotice';
import { shownColumns, useListPreferences } from './list/useListPreferences';
import { ListSummary } from './listSummaries';
import { resourceListLogic } from './wiring';

export function ResourceListView({
  descriptor,
  access,
}: {
  descriptor: ResourceDescriptor;
  access: ResourceAccess;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  // The form returns to this list, with its filters and page (Cancelar, Guardar).
  const back = { listSearch: location.search };
  const urlQuery = useMemo(
    () => queryFromParams(new URLSearchParams(location.search), descriptor, cursorOfState(location.state)),
    [location.search, location.state, descriptor],
  );
  const logic = useMemo(
    () =>
      resourceListLogic(descriptor, {
        toQuery: (query, replace) => {
          const state: ListHistoryState | null = query.cursor === undefined ? null : { cursor: query.cursor };
          navigate({ search: paramsFromQuery(query).toString() }, { replace, state });
        },
        toRecord: (path, listSearch) => navigate(path, { state: { listSearch } }),
      }),
    // `navigate` is stable while the list's path is (react-router): the list's own lifetime.
    [descriptor, navigate],
  );
  const actor = useActorRef(logic, { input: { query: urlQuery } });
  const snapshot = useSelector(actor, (state) => state);

  // URL -> machine, the one direction: every change of the address's query (the machine ignores
  // the query it already shows).
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

  const { query, count, countKind, selected } = snapshot.context;
  // Issue 32: the user's columns and saved views of this list, kept on the server.
  const preferences = useListPreferences(descriptor.routing);
  const columns = shownColumns(descriptor.columns, preferences.columns);
  // A confirmed delete hides its row at once (undo window, then the DELETE).
  const rows = visibleRows(snapshot);
  // While a page loads, the previous rows stay on screen (no flicker on paging or sorting).
  const loading = snapshot.matches('loading');
  const showRows = rows.length > 0 && (loading || snapshot.matches('loaded'));
  const nothingShown = snapshot.matches('empty') || (snapshot.matches('loaded') && rows.length === 0);
  const idle = snapshot.matches({ loaded: 'idle' }) || snapshot.matches({ loaded: 'selecting' });

  return (
    <Stack>
      <ListToolbar
        descriptor={descriptor}
        query={query}
        count={count}
        countKind={countKind}
        canCreate={access.canCreate}
        back={back}
        columns={columns}
        preferences={preferences}
        onApplyView={(view) => {
          preferences.chooseColumns(view.columns);
          navigate({ search: new URLSearchParams(view.query).toString() });
        }}
      />
      <ListTabs descriptor={descriptor} tab={query.tab} send={actor.send} />
      <ListFilters
        descriptor={descriptor}
        filters={query.filters}
        onApply={(filters) => actor.send({ type: 'FILTERS_APPLIED', filters })}
      />
      <ListStatus
        descriptor={descriptor}
        snapshot={snapshot}
        nothingShown={nothingShown}
        canCreate={access.canCreate}
        back={back}
        send={actor.send}
      />
      {descriptor.summary && showRows ? (
        <ListSummary view={descriptor.summary} summary={snapshot.context.summary} />
      ) : null}
      {snapshot.matches({ loaded: 'selecting' }) ? (
        <BulkBar descriptor={descriptor} rows={rows} selected={selected} send={actor.send} />
      ) : null}
      {showRows ? (
        <>
          <ListTable
            descriptor={descriptor}
            columns={columns}
            rows={rows}
            ordering={query.ordering}
            selected={selected}
            selectable={descriptor.bulkActions.length > 0 && access.canEdit}
            selectionEnabled={idle}
            loading={loading}
            canEdit={access.canEdit}
            back={back}
            send={actor.send}
          />
          <ListPagination
            query={query}
            shown={rows.length}
            count={count}
            countKind={countKind}
            exactCountOffered={snapshot.can({ type: 'EXACT_COUNT_ASKED' })}
            send={actor.send}
          />
        </>
      ) : null}
      <ListDialogs descriptor={descriptor} snapshot={snapshot} send={actor.send} />
      <UndoNotice
        undoable={snapshot.matches({ loaded: 'undoWindow' })}
        onUndo={() => actor.send({ type: 'UNDO' })}
      />
    </Stack>
  );
}
