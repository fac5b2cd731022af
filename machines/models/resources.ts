/**
 * Traversal models of the generic back-office machines (resourceList, resourceForm), with
 * realistic zone records. The reduced state keys keep the graphs small: what matters for a path is
 * the state, whether a query moved off the first page, and which messages are showing.
 */
import type { AnyEventObject } from 'xstate';
import { fieldAccessOf } from '../../src/contracts/access';
import { messages } from '../../src/contracts/messages';
import { type FormValues, type LoadedForm, resourceFormMachine } from '../resourceForm';
import {
  type BulkItemResult,
  type ListPage,
  type ListQuery,
  type ResourceRecord,
  resourceListMachine,
} from '../resourceList';
import { FieldErrorsError, UserFacingError } from '../support/errors';
import { defineModel } from './types';

/** Rows with their allowed actions (src/contracts/engine.ts): Europa may not be removed or archived. */
export const sampleZones: ResourceRecord[] = [
  { id: 1, short_name: 'NAC', long_name: 'Nacional', allowed_actions: ['update', 'remove', 'archive'] },
  { id: 2, short_name: 'LAT', long_name: 'Latinoamérica', allowed_actions: ['update', 'remove', 'archive'] },
  { id: 3, short_name: 'EUR', long_name: 'Europa', allowed_actions: ['update'] },
];

/** A bulk action where one row is refused (partial failure), and one where all succeed. */
export const BULK_REFUSAL = 'La zona está en uso.';
export const partialBulk: BulkItemResult[] = [
  { id: 1, ok: true },
  { id: 2, ok: false, detail: BULK_REFUSAL },
];
export const fullBulk: BulkItemResult[] = [
  { id: 1, ok: true },
  { id: 2, ok: true },
];
export const ROW_ACTION_REFUSAL = 'No se puede archivar la zona.';
/** A bulk action refused for its own fields (Facturación's invoice: type, number and date), all three. */
export const BULK_FIELD_ERRORS = {
  document_type: ['Elija el tipo de comprobante.'],
  document_number: ['Ingrese el número de comprobante.'],
  date: ['Ingrese la fecha del comprobante.'],
};

/** The server's figures over the whole filtered list (a module's summary, e.g. Facturación's totals). */
export const sampleSummary = { count: 23, totals: [{ currency: 'ARS', count: 23, final_price: '100.00' }] };
export const samplePage: ListPage = { count: 23, results: sampleZones, summary: sampleSummary };
export const emptyPage: ListPage = { count: 0, results: [] };
/** A page past the end: rows were deleted meanwhile. */
export const pastEndPage: ListPage = { count: 3, results: [] };
/** A page of a list past the server's count threshold: 'más de 10.000' (issue 29 §counts). */
export const cappedPage: ListPage = { ...samplePage, count: 10_000, countKind: 'capped' };

const emptyListQuery: ListQuery = { filters: {}, offset: 0, limit: 10, ordering: null, tab: null };

export const syncedQuery: ListQuery = {
  filters: { long_name: 'europa' },
  offset: 0,
  limit: 20,
  ordering: '-short_name',
  tab: null,
};

/** The second page as the URL says it after 'Siguiente' (its keyset token from the history entry). */
export const secondPageQuery: ListQuery = {
  filters: {},
  offset: 10,
  limit: 10,
  ordering: null,
  tab: null,
  cursor: 'after-1',
};

/** The URL changed (a navigation the machine asked for, Back, Forward, a pasted link). */
export const urlEvents: AnyEventObject[] = [
  { type: 'QUERY_SYNCED', query: syncedQuery },
  { type: 'QUERY_SYNCED', query: secondPageQuery },
];
/** The URL changed while a dialog or a request is open (Back, Forward). */
const urlMoved: AnyEventObject[] = [{ type: 'QUERY_SYNCED', query: syncedQuery }];

/**
 * A user's query requests: the machine asks the view to navigate and keeps its query until the
 * URL comes back as QUERY_SYNCED (the page -1 and size 7 are refused).
 */
export const queryRequests: AnyEventObject[] = [
  { type: 'FILTERS_APPLIED', filters: { long_name: 'Nac', short_name: '  ' } },
  { type: 'PAGE_CHANGED', page: 1 },
  { type: 'PAGE_CHANGED', page: -1 },
  { type: 'PAGE_SIZE_CHANGED', limit: 20 },
  { type: 'PAGE_SIZE_CHANGED', limit: 7 },
  { type: 'SORT_TOGGLED', field: 'short_name' },
  { type: 'TAB_CHANGED', tab: 'all' },
];

const queryEvents: AnyEventObject[] = [...queryRequests, ...urlEvents];

/** A request from the first loaded page and the query its navigation puts in the URL. */
const userRequestsWithTheirUrl: [AnyEventObject, ListQuery][] = [
  [
    { type: 'FILTERS_APPLIED', filters: { long_name: 'Nac', short_name: '  ' } },
    { ...emptyListQuery, filters: { long_name: 'Nac' } },
  ],
  [
    { type: 'PAGE_SIZE_CHANGED', limit: 20 },
    { ...emptyListQuery, limit: 20 },
  ],
  [
    { type: 'SORT_TOGGLED', field: 'short_name' },
    { ...emptyListQuery, ordering: 'short_name' },
  ],
  [{ type: 'PAGE_CHANGED', page: 1 }, secondPageQuery],
];

/** The undo window of a confirmed delete ends (the machine's UNDO_DELAY). */
export const UNDO_DELAY_ENDED: AnyEventObject = {
  type: 'xstate.after.UNDO_DELAY.resourceList.loaded.undoWindow',
};

const toLoaded: AnyEventObject[] = [{ type: 'xstate.done.actor.loadPage', output: samplePage }];
// generatePaths tells journeys apart by event types only: this prefix differs from toLoaded's.
const toEmpty: AnyEventObject[] = [
  { type: 'TAB_CHANGED', tab: 'all' },
  { type: 'xstate.done.actor.loadPage', output: emptyPage },
];
const toFailed: AnyEventObject[] = [
  { type: 'xstate.error.actor.loadPage', error: new UserFacingError('No encontrado.') },
];
const toSelecting: AnyEventObject[] = [...toLoaded, { type: 'ROW_TOGGLED', id: 1 }];

/** What a loaded list offers on its rows, selected or not. */
const rowEvents: AnyEventObject[] = [
  { type: 'DELETE_ASKED', record: sampleZones[1] },
  // Europa's allowed_actions hold neither remove nor archive: both are refused.
  { type: 'DELETE_ASKED', record: sampleZones[2] },
  { type: 'ROW_ACTION_ASKED', action: 'archive', record: sampleZones[0] },
  { type: 'ROW_ACTION_ASKED', action: 'archive', record: sampleZones[2] },
];

export const resourceListModel = defineModel({
  machine: resourceListMachine,
  input: { query: { filters: {}, offset: 0, limit: 10 } },
  events: (snapshot) => {
    switch (true) {
      case snapshot.matches('loading'):
        return [
          { type: 'xstate.done.actor.loadPage', output: samplePage },
          { type: 'xstate.done.actor.loadPage', output: emptyPage },
          { type: 'xstate.done.actor.loadPage', output: pastEndPage },
          { type: 'xstate.done.actor.loadPage', output: cappedPage },
          { type: 'xstate.error.actor.loadPage', error: new UserFacingError('No encontrado.') },
          ...queryEvents,
        ];
      case snapshot.matches({ loaded: 'idle' }):
        return [
          ...queryEvents,
          ...rowEvents,
          { type: 'EXACT_COUNT_ASKED' },
          { type: 'ROW_TOGGLED', id: 1 },
          { type: 'ROW_TOGGLED', id: 99 },
          { type: 'PAGE_TOGGLED' },
        ];
      case snapshot.matches({ loaded: 'selecting' }):
        return [
          ...rowEvents,
          { type: 'ROW_TOGGLED', id: 1 },
          { type: 'ROW_TOGGLED', id: 2 },
          { type: 'ROW_TOGGLED', id: 99 },
          { type: 'PAGE_TOGGLED' },
          { type: 'SELECTION_CLEARED' },
          { type: 'BULK_ASKED', action: 'remove' },
          { type: 'EXACT_COUNT_ASKED' },
          ...urlMoved,
        ];
      case snapshot.matches({ loaded: 'confirmingBulk' }):
        return [
          { type: 'BULK_PAYLOAD_CHANGED', field: 'document_type', value: 'FCC' },
          { type: 'BULK_CONFIRMED' },
          { type: 'BULK_CANCELLED' },
          ...urlMoved,
        ];
      case snapshot.matches({ loaded: 'runningBulk' }):
        return [
          { type: 'xstate.done.actor.runBulkAction', output: fullBulk },
          { type: 'xstate.done.actor.runBulkAction', output: partialBulk },
          { type: 'xstate.error.actor.runBulkAction', error: new UserFacingError(messages.common.forbidden) },
          { type: 'xstate.error.actor.runBulkAction', error: new FieldErrorsError(BULK_FIELD_ERRORS) },
          ...urlMoved,
        ];
      case snapshot.matches({ loaded: 'bulkReport' }):
        return [{ type: 'BULK_REPORT_CLOSED' }, ...urlMoved];
      case snapshot.matches({ loaded: 'confirmingRowAction' }):
        return [{ type: 'ROW_ACTION_CONFIRMED' }, { type: 'ROW_ACTION_CANCELLED' }, ...urlMoved];
      case snapshot.matches({ loaded: 'runningRowAction' }):
        return [
          { type: 'xstate.done.actor.runRowAction', output: sampleZones[0] },
          { type: 'xstate.error.actor.runRowAction', error: new UserFacingError(ROW_ACTION_REFUSAL) },
          ...urlMoved,
        ];
      case snapshot.matches({ loaded: 'confirmingDelete' }):
        return [{ type: 'DELETE_CONFIRMED' }, { type: 'DELETE_CANCELLED' }, ...urlMoved];
      case snapshot.matches({ loaded: 'undoWindow' }):
        return [
          { type: 'UNDO' },
          UNDO_DELAY_ENDED,
          { type: 'PAGE_LEFT' },
          // A new query sends the DELETE first (a request only asks for the URL).
          ...queryEvents,
        ];
      case snapshot.matches({ loaded: 'deleting' }):
        return [
          { type: 'xstate.done.actor.removeRecord' },
          { type: 'xstate.error.actor.removeRecord', error: new UserFacingError(messages.resources.inUse) },
          ...urlMoved,
        ];
      case snapshot.matches({ loaded: 'deleteFailed' }):
        return [{ type: 'DELETE_CONFIRMED' }, { type: 'DELETE_CANCELLED' }, ...urlMoved];
      case snapshot.matches('empty'):
        return queryEvents;
      case snapshot.matches('failed'):
        return [{ type: 'RETRY' }, ...queryEvents];
      default:
        return [];
    }
  },
  serializeState: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.query.offset > 0,
      snapshot.context.rows.length > 0,
      snapshot.context.pendingDelete?.id ?? null,
      snapshot.context.error,
      snapshot.context.deleteError,
      [...snapshot.context.selected].sort(),
      snapshot.context.bulkError,
      snapshot.context.bulkResults.length,
      snapshot.context.rowAction?.action ?? null,
      snapshot.context.rowActionError,
    ]),
  simplePaths: false,
  journeys: [
    // Every query change from a selection (it clears the selection).
    ...queryEvents.map((event) => [...toSelecting, event]),
    // Delete and row actions from a selection, then back to it.
    [...toSelecting, { type: 'DELETE_ASKED', record: sampleZones[1] }, { type: 'DELETE_CANCELLED' }],
    [
      ...toSelecting,
      { type: 'ROW_ACTION_ASKED', action: 'archive', record: sampleZones[0] },
      { type: 'ROW_ACTION_CANCELLED' },
    ],
    // A failed row action, retried, then done (the list reloads).
    [
      ...toLoaded,
      { type: 'ROW_ACTION_ASKED', action: 'archive', record: sampleZones[0] },
      { type: 'ROW_ACTION_CONFIRMED' },
      { type: 'xstate.error.actor.runRowAction', error: new UserFacingError(ROW_ACTION_REFUSAL) },
      { type: 'ROW_ACTION_CONFIRMED' },
      { type: 'xstate.done.actor.runRowAction', output: sampleZones[0] },
      { type: 'xstate.done.actor.loadPage', output: samplePage },
    ],
    // Select two rows, a failed bulk call, retried: one row refused, reported, and still selected after the reload.
    [
      ...toSelecting,
      { type: 'ROW_TOGGLED', id: 2 },
      { type: 'BULK_ASKED', action: 'remove' },
      { type: 'BULK_CONFIRMED' },
      { type: 'xstate.error.actor.runBulkAction', error: new UserFacingError(messages.common.forbidden) },
      { type: 'BULK_CONFIRMED' },
      { type: 'xstate.done.actor.runBulkAction', output: partialBulk },
      { type: 'BULK_REPORT_CLOSED' },
      { type: 'xstate.done.actor.loadPage', output: samplePage },
    ],
    [...toSelecting, { type: 'PAGE_TOGGLED' }, { type: 'SELECTION_CLEARED' }],
    [...toSelecting, { type: 'BULK_ASKED', action: 'remove' }, { type: 'BULK_CANCELLED' }],
    // Its fields refused all at once, each kept at its field until typed again, then accepted.
    [
      ...toSelecting,
      { type: 'BULK_ASKED', action: 'remove' },
      { type: 'BULK_CONFIRMED' },
      { type: 'xstate.error.actor.runBulkAction', error: new FieldErrorsError(BULK_FIELD_ERRORS) },
      { type: 'BULK_PAYLOAD_CHANGED', field: 'document_type', value: 'FCC' },
      { type: 'BULK_CONFIRMED' },
      { type: 'xstate.done.actor.runBulkAction', output: fullBulk },
    ],
    // A bulk action with fields of its own (Facturación's invoice): the typed value goes with the request.
    [
      ...toSelecting,
      { type: 'BULK_ASKED', action: 'remove' },
      { type: 'BULK_PAYLOAD_CHANGED', field: 'document_type', value: 'FCC' },
      { type: 'BULK_CONFIRMED' },
      { type: 'xstate.done.actor.runBulkAction', output: fullBulk },
    ],
    [
      ...toSelecting,
      { type: 'BULK_ASKED', action: 'remove' },
      { type: 'BULK_CONFIRMED' },
      { type: 'xstate.done.actor.runBulkAction', output: fullBulk },
    ],
    // Select the page, unselect it with the same toggle; toggle a row off again.
    [...toLoaded, { type: 'PAGE_TOGGLED' }, { type: 'PAGE_TOGGLED' }],
    [
      ...toSelecting,
      { type: 'ROW_TOGGLED', id: 2 },
      { type: 'ROW_TOGGLED', id: 2 },
      { type: 'ROW_TOGGLED', id: 1 },
    ],
    // A user's request and the URL it asks for, coming back (as in the browser: one click, then
    // the view's QUERY_SYNCED), then loaded: filters, page size, ordering, the next page.
    ...userRequestsWithTheirUrl.map(([request, query]) => [
      ...toLoaded,
      request,
      { type: 'QUERY_SYNCED', query },
      { type: 'xstate.done.actor.loadPage', output: samplePage },
    ]),
    // Every query change from every state that takes one (shortest paths take one per target).
    ...[toLoaded, toEmpty, toFailed].flatMap((prefix) =>
      [...queryEvents, { type: 'RETRY' }].map((event) => [...prefix, event]),
    ),
    [...toLoaded, { type: 'DELETE_ASKED', record: sampleZones[1] }, { type: 'DELETE_CANCELLED' }],
    [
      ...toLoaded,
      { type: 'DELETE_ASKED', record: sampleZones[1] },
      { type: 'DELETE_CONFIRMED' },
      UNDO_DELAY_ENDED,
      { type: 'xstate.error.actor.removeRecord', error: new UserFacingError(messages.resources.inUse) },
      { type: 'DELETE_CANCELLED' },
    ],
    // A page asked for during the window, the DELETE refused, cancelled: that page loads.
    [
      ...toLoaded,
      { type: 'DELETE_ASKED', record: sampleZones[1] },
      { type: 'DELETE_CONFIRMED' },
      { type: 'PAGE_CHANGED', page: 1 },
      { type: 'QUERY_SYNCED', query: secondPageQuery },
      { type: 'xstate.error.actor.removeRecord', error: new UserFacingError(messages.resources.inUse) },
      { type: 'DELETE_CANCELLED' },
      { type: 'xstate.done.actor.loadPage', output: samplePage },
    ],
    // Undone: the row is back and nothing was sent; undone from a selection, back to it.
    [
      ...toLoaded,
      { type: 'DELETE_ASKED', record: sampleZones[1] },
      { type: 'DELETE_CONFIRMED' },
      { type: 'UNDO' },
    ],
    [
      ...toSelecting,
      { type: 'DELETE_ASKED', record: sampleZones[1] },
      { type: 'DELETE_CONFIRMED' },
      { type: 'UNDO' },
    ],
    // The page is left during the window: the DELETE goes at once.
    [
      ...toLoaded,
      { type: 'DELETE_ASKED', record: sampleZones[1] },
      { type: 'DELETE_CONFIRMED' },
      { type: 'PAGE_LEFT' },
      { type: 'xstate.done.actor.removeRecord' },
    ],
    // Every query change during the window sends the DELETE first.
    ...queryEvents.map((event) => [
      ...toLoaded,
      { type: 'DELETE_ASKED', record: sampleZones[1] },
      { type: 'DELETE_CONFIRMED' },
      event,
    ]),
    // Another page asked for during the window: the DELETE goes first, then that page loads.
    [
      ...toLoaded,
      { type: 'DELETE_ASKED', record: sampleZones[1] },
      { type: 'DELETE_CONFIRMED' },
      { type: 'PAGE_CHANGED', page: 1 },
      { type: 'QUERY_SYNCED', query: secondPageQuery },
      { type: 'xstate.done.actor.removeRecord' },
      { type: 'xstate.done.actor.loadPage', output: samplePage },
    ],
    // Self-transitions of loading (a query change while a page loads) and the past-the-end page.
    [
      { type: 'QUERY_SYNCED', query: secondPageQuery },
      { type: 'xstate.done.actor.loadPage', output: pastEndPage },
      { type: 'xstate.done.actor.loadPage', output: samplePage },
    ],
    [
      { type: 'QUERY_SYNCED', query: syncedQuery },
      { type: 'QUERY_SYNCED', query: syncedQuery },
      { type: 'QUERY_SYNCED', query: secondPageQuery },
      { type: 'PAGE_CHANGED', page: 2 },
      { type: 'SORT_TOGGLED', field: 'short_name' },
      { type: 'PAGE_SIZE_CHANGED', limit: 50 },
      { type: 'TAB_CHANGED', tab: 'all' },
      { type: 'FILTERS_APPLIED', filters: { long_name: 'Nac' } },
      { type: 'xstate.done.actor.loadPage', output: samplePage },
    ],
    // A capped count: 'Contar exactamente' asks for the URL with the exact count, which loads it.
    [
      { type: 'xstate.done.actor.loadPage', output: cappedPage },
      { type: 'EXACT_COUNT_ASKED' },
      { type: 'QUERY_SYNCED', query: { ...emptyListQuery, exactCount: true } },
      { type: 'xstate.done.actor.loadPage', output: samplePage },
    ],
    [
      { type: 'xstate.done.actor.loadPage', output: cappedPage },
      { type: 'ROW_TOGGLED', id: 1 },
      { type: 'EXACT_COUNT_ASKED' },
    ],
    // The URL moves while a dialog is open (Back, Forward): the dialog closes and the URL's query loads.
    [...toSelecting, { type: 'BULK_ASKED', action: 'remove' }, ...urlMoved],
    [
      ...toSelecting,
      { type: 'BULK_ASKED', action: 'remove' },
      { type: 'BULK_CONFIRMED' },
      { type: 'xstate.done.actor.runBulkAction', output: partialBulk },
      ...urlMoved,
    ],
    [...toLoaded, { type: 'ROW_ACTION_ASKED', action: 'archive', record: sampleZones[0] }, ...urlMoved],
    [...toLoaded, { type: 'DELETE_ASKED', record: sampleZones[1] }, ...urlMoved],
    [
      ...toLoaded,
      { type: 'DELETE_ASKED', record: sampleZones[1] },
      { type: 'DELETE_CONFIRMED' },
      UNDO_DELAY_ENDED,
      { type: 'xstate.error.actor.removeRecord', error: new UserFacingError(messages.resources.inUse) },
      ...urlMoved,
    ],
    // The URL moves while a request runs: a cancel afterwards loads the URL's query.
    [
      ...toSelecting,
      { type: 'BULK_ASKED', action: 'remove' },
      { type: 'BULK_CONFIRMED' },
      { type: 'QUERY_SYNCED', query: syncedQuery },
      { type: 'xstate.error.actor.runBulkAction', error: new UserFacingError(messages.common.forbidden) },
      { type: 'BULK_CANCELLED' },
    ],
    [
      ...toLoaded,
      { type: 'ROW_ACTION_ASKED', action: 'archive', record: sampleZones[0] },
      { type: 'ROW_ACTION_CONFIRMED' },
      { type: 'QUERY_SYNCED', query: syncedQuery },
      { type: 'xstate.error.actor.runRowAction', error: new UserFacingError(ROW_ACTION_REFUSAL) },
      { type: 'ROW_ACTION_CANCELLED' },
    ],
    [
      ...toLoaded,
      { type: 'DELETE_ASKED', record: sampleZones[1] },
      { type: 'DELETE_CONFIRMED' },
      UNDO_DELAY_ENDED,
      { type: 'QUERY_SYNCED', query: syncedQuery },
      { type: 'xstate.error.actor.removeRecord', error: new UserFacingError(messages.resources.inUse) },
      { type: 'DELETE_CANCELLED' },
    ],
    // A failed delete, retried (through the undo window again), then deleted.
    [
      { type: 'xstate.done.actor.loadPage', output: samplePage },
      { type: 'DELETE_ASKED', record: sampleZones[1] },
      { type: 'DELETE_CONFIRMED' },
      UNDO_DELAY_ENDED,
      { type: 'xstate.error.actor.removeRecord', error: new UserFacingError(messages.resources.inUse) },
      { type: 'DELETE_CONFIRMED' },
      UNDO_DELAY_ENDED,
      { type: 'xstate.done.actor.removeRecord' },
      { type: 'xstate.done.actor.loadPage', output: samplePage },
    ],
  ],
});

export const sampleZoneValues: FormValues = { short_name: 'NAC', long_name: 'Nacional' };
export const loadedZone: LoadedForm = { values: sampleZoneValues, options: {} };
export const zoneFieldErrors = { short_name: [messages.resources.duplicate] };

/**
 * A voucher-like record opened by an 'agencia' user (group 16): the access of each field comes
 * from src/contracts/access.ts, as the server's: status editable, prices read-only. Its values show
 * what travels beyond text: a list of zone ids and a nested passenger group.
 */
export const agenciaSubject = { isSuperuser: false, groups: [16], permissions: ['voucher/view'] };
export const sampleVoucherValues: FormValues = {
  status: 'Emitido',
  pvp: '120.00',
  final_price: '100.00',
  zones: ['1', '2'],
  pax: { name: 'Lucía', surname: 'Fernández' },
};
export const loadedVoucher: LoadedForm = {
  values: sampleVoucherValues,
  options: { zones: sampleZones.map((zone) => ({ value: String(zone.id), label: String(zone.long_name) })) },
  fieldAccess: {
    ...fieldAccessOf(agenciaSubject, 'voucher', 'edit', ['status', 'pvp', 'final_price']),
    zones: 'edit',
    pax: 'hidden',
  },
};

const formEvents = (values: FormValues): AnyEventObject[] =>
  'status' in values
    ? [
        { type: 'FIELD_CHANGED', field: 'status', value: 'Anulado' },
        // Read-only and hidden fields ignore changes.
        { type: 'FIELD_CHANGED', field: 'pvp', value: '1.00' },
        { type: 'FIELD_CHANGED', field: 'pax', value: { name: 'Otra', surname: 'Persona' } },
        { type: 'FIELD_CHANGED', field: 'zones', value: ['1'] },
        { type: 'FIELD_CHANGED', field: 'zones', value: ['1', '2'] },
        { type: 'SUBMITTED' },
      ]
    : [
        { type: 'FIELD_CHANGED', field: 'short_name', value: 'NAC2' },
        { type: 'FIELD_CHANGED', field: 'short_name', value: 'NAC' },
        { type: 'SUBMITTED' },
      ];

export const resourceFormModel = defineModel({
  machine: resourceFormMachine,
  input: { mode: 'edit', id: 1, defaults: { short_name: '', long_name: '' } },
  events: (snapshot) => {
    switch (true) {
      case snapshot.matches('loading'):
        return [
          { type: 'xstate.done.actor.loadForm', output: loadedZone },
          { type: 'xstate.done.actor.loadForm', output: { values: null, options: {} } },
          { type: 'xstate.done.actor.loadForm', output: { ...loadedZone, readOnly: true } },
          { type: 'xstate.done.actor.loadForm', output: loadedVoucher },
          { type: 'xstate.error.actor.loadForm', error: new UserFacingError(messages.common.notFound) },
        ];
      case snapshot.matches('loadFailed'):
        return [{ type: 'RETRY' }];
      case snapshot.matches('editing'):
        return formEvents(snapshot.context.values);
      case snapshot.matches('validating'):
        return [
          { type: 'xstate.done.actor.validateValues', output: { short_name: 'NAC2', long_name: 'Nacional' } },
          {
            type: 'xstate.error.actor.validateValues',
            error: new FieldErrorsError({ long_name: [messages.resources.longNameRequired] }),
          },
        ];
      case snapshot.matches('saving'):
        return [
          {
            type: 'xstate.done.actor.saveRecord',
            output: { id: 1, short_name: 'NAC2', long_name: 'Nacional' },
          },
          { type: 'xstate.error.actor.saveRecord', error: new FieldErrorsError(zoneFieldErrors) },
          { type: 'xstate.error.actor.saveRecord', error: new UserFacingError(messages.common.forbidden) },
        ];
      case snapshot.matches('saveFailed'):
        return formEvents(snapshot.context.values);
      default:
        return [];
    }
  },
  serializeState: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.dirty,
      Object.keys(snapshot.context.fieldErrors),
      snapshot.context.error,
      snapshot.context.values.short_name,
      snapshot.context.values.status,
      snapshot.context.values.zones,
    ]),
  simplePaths: false,
  journeys: [
    [
      { type: 'xstate.done.actor.loadForm', output: loadedZone },
      { type: 'FIELD_CHANGED', field: 'short_name', value: 'NAC2' },
      { type: 'FIELD_CHANGED', field: 'short_name', value: 'NAC' },
      { type: 'SUBMITTED' },
      {
        type: 'xstate.error.actor.validateValues',
        error: new FieldErrorsError({ long_name: [messages.resources.longNameRequired] }),
      },
      { type: 'FIELD_CHANGED', field: 'long_name', value: 'Nacional' },
    ],
    // A refused save, then the user corrects the field (typed twice: generatePaths tells journeys
    // apart by event types, and a shortest path has the same types with a read-only load).
    [
      { type: 'xstate.done.actor.loadForm', output: loadedZone },
      { type: 'SUBMITTED' },
      { type: 'xstate.done.actor.validateValues', output: sampleZoneValues },
      { type: 'xstate.error.actor.saveRecord', error: new FieldErrorsError(zoneFieldErrors) },
      { type: 'FIELD_CHANGED', field: 'short_name', value: 'NAC' },
      { type: 'FIELD_CHANGED', field: 'short_name', value: 'NAC2' },
    ],
  ],
});

/** Mostrar: the same machine in show mode ends read-only after loading. */
export const resourceFormShowModel = defineModel({
  ...resourceFormModel,
  input: { mode: 'show', id: 1, defaults: { short_name: '', long_name: '' } },
  journeys: [],
});
