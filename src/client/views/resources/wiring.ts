/**
 * The resources area's machine wiring, in one place (issue 29): each generic machine of the
 * back-office screens with its actors (src/client/api) and the view-side actions it announces
 * (navigation, success toasts). The views create their actors from these and only send events.
 */
import { type ListQuery, resourceListMachine } from '../../../../machines/resourceList';
import { messages } from '../../../contracts/messages';
import { listActors } from '../../api/resources';
import type { ResourceDescriptor } from '../../resources/descriptor';
import { paramsFromQuery } from '../../resources/urlQuery';
import { notifySuccess } from '../shared/toasts';

/** The address part of a list's query: '' or '?…' (what a form returns to). */
export function searchOf(query: ListQuery): string {
  const search = paramsFromQuery(query).toString();
  return search ? `?${search}` : '';
}

/** How the list moves: to a query of its own (the URL, with its keyset token), or to a record. */
export interface ListNavigation {
  toQuery: (query: ListQuery, replace: boolean) => void;
  /** Opens a record's page, which returns to the list at `listSearch`. */
  toRecord: (path: string, listSearch: string) => void;
}

/** A module's list (SPEC §2): the resourceList machine for `descriptor`, moving through `navigation`. */
export function resourceListLogic(descriptor: ResourceDescriptor, navigation: ListNavigation) {
  const labelOf = (action: string, list: readonly { action: string; label: string }[]) =>
    list.find((candidate) => candidate.action === action)?.label ?? action;
  return resourceListMachine.provide({
    actors: listActors(descriptor),
    actions: {
      navigate: (_, { query, replace }) => navigation.toQuery(query, replace),
      rowActionDone: ({ context }, { action, output }) => {
        notifySuccess(messages.polish.toasts.action(labelOf(action, descriptor.rowActions)));
        // A row action that creates a record (Oficinas' 'Duplicar') opens it as the descriptor says.
        const opens = descriptor.rowActions.find((candidate) => candidate.action === action)?.opens;
        const id = (output as { action_result?: { id?: unknown } } | null)?.action_result?.id;
        if (opens && typeof id === 'number')
          navigation.toRecord(
            `/dashboard/${descriptor.routing}/${id}${opens === 'edit' ? '/edit' : ''}`,
            searchOf(context.query),
          );
      },
      recordRemoved: () => notifySuccess(messages.polish.toasts.removed(descriptor.title)),
      bulkActionDone: (_, { action }) =>
        notifySuccess(messages.polish.toasts.action(labelOf(action, descriptor.bulkActions))),
    },
  });
}
