/**
 * The resources area's machine wiring, in one place (issue 29): each generic machine of the
 * back-office screens with its actors (src/client/api) and the view-side actions it announces
 * (navigation, success toasts). The views create their actors from these and only send events:
 * list, form, history, list downloads and Facturación's payment detail. The show views loaded on
 * demand (src/client/views/resources/detailViews.tsx) have theirs in ./detailWiring.ts, so their
 * machines stay in their own chunk.
 */
import { fromPromise } from 'xstate';
import { listDownloadMachine } from '../../../../machines/listDownload';
import { paymentDetailMachine } from '../../../../machines/paymentDetail';
import { recordHistoryMachine } from '../../../../machines/recordHistory';
import { resourceFormMachine } from '../../../../machines/resourceForm';
import { type ListQuery, resourceListMachine } from '../../../../machines/resourceList';
import { type Payment, paymentDetailSchema } from '../../../contracts/invoicing';
import { messages } from '../../../contracts/messages';
import { listDownloadActors } from '../../api/bookings';
import { historyActors } from '../../api/history';
import { request } from '../../api/http';
import { type FormActorsOptions, formActors, listActors } from '../../api/resources';
import type { ListDownloadDescriptor, ResourceDescriptor } from '../../resources/descriptor';
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

/**
 * A module's form (create, edit, clone, show): the resourceForm machine for `descriptor`; a save
 * says so in a toast and then runs `afterSave` (back to the list).
 */
export function resourceFormLogic(
  descriptor: ResourceDescriptor,
  options: FormActorsOptions,
  afterSave: () => void,
) {
  return resourceFormMachine.provide({
    actors: formActors(descriptor, options),
    actions: {
      recordSaved: () => {
        const toasts = messages.polish.toasts;
        notifySuccess(
          options.mode === 'edit' ? toasts.updated(descriptor.title) : toasts.created(descriptor.title),
        );
        afterSave();
      },
    },
  });
}

/** A record's 'Historial' tab (`path` is the module's API path). */
export const recordHistoryLogic = (path: string, record: number) =>
  recordHistoryMachine.provide({ actors: historyActors(path, record) });

/** A list's download (Reservas' CSV) of `target`. */
export const listDownloadLogic = (target: ListDownloadDescriptor) =>
  listDownloadMachine.provide({ actors: listDownloadActors(target) });

/** Facturación's 'Detalle de pago' tab of a reservation (SPEC §7 GET /payment_detail/). */
export const paymentDetailLogic = (reservation: number) =>
  paymentDetailMachine.provide({
    actors: {
      loadPayments: fromPromise<Payment[]>(async () => {
        const page = await request(paymentDetailSchema, '/payment_detail/', {
          query: { reservation_id: reservation },
        });
        return page.results;
      }),
    },
  });
