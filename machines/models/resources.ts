/**
 * Traversal models of the generic back-office machines (resourceList, resourceForm), with
 * realistic zone records. The reduced state keys keep the graphs small: what matters for a path is
 * the state, whether a query moved off the first page, and which messages are showing.
 */
import type { AnyEventObject } from 'xstate';
import { messages } from '../../src/contracts/messages';
import { type FormValues, type LoadedForm, resourceFormMachine } from '../resourceForm';
import { type ListPage, type ListQuery, type ResourceRecord, resourceListMachine } from '../resourceList';
import { FieldErrorsError, UserFacingError } from '../support/errors';
import { defineModel } from './types';

export const sampleZones: ResourceRecord[] = [
  { id: 1, short_name: 'NAC', long_name: 'Nacional' },
  { id: 2, short_name: 'LAT', long_name: 'Latinoamérica' },
  { id: 3, short_name: 'EUR', long_name: 'Europa' },
];

export const samplePage: ListPage = { count: 23, results: sampleZones };
export const emptyPage: ListPage = { count: 0, results: [] };
/** A page past the end: rows were deleted meanwhile. */
export const pastEndPage: ListPage = { count: 3, results: [] };

export const syncedQuery: ListQuery = {
  filters: { long_name: 'europa' },
  offset: 0,
  limit: 20,
  ordering: '-short_name',
  tab: null,
};

const queryEvents: AnyEventObject[] = [
  { type: 'FILTERS_APPLIED', filters: { long_name: 'Nac', short_name: '  ' } },
  { type: 'PAGE_CHANGED', page: 1 },
  { type: 'PAGE_CHANGED', page: -1 },
  { type: 'PAGE_SIZE_CHANGED', limit: 20 },
  { type: 'PAGE_SIZE_CHANGED', limit: 7 },
  { type: 'SORT_TOGGLED', field: 'short_name' },
  { type: 'TAB_CHANGED', tab: 'all' },
  { type: 'QUERY_SYNCED', query: syncedQuery },
];

const toLoaded: AnyEventObject[] = [{ type: 'xstate.done.actor.loadPage', output: samplePage }];
// generatePaths tells journeys apart by event types only: this prefix differs from toLoaded's.
const toEmpty: AnyEventObject[] = [
  { type: 'TAB_CHANGED', tab: 'all' },
  { type: 'xstate.done.actor.loadPage', output: emptyPage },
];
const toFailed: AnyEventObject[] = [
  { type: 'xstate.error.actor.loadPage', error: new UserFacingError('No encontrado.') },
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
          { type: 'xstate.error.actor.loadPage', error: new UserFacingError('No encontrado.') },
          ...queryEvents,
        ];
      case snapshot.matches({ loaded: 'idle' }):
        return [...queryEvents, { type: 'DELETE_ASKED', record: sampleZones[1] }];
      case snapshot.matches({ loaded: 'confirmingDelete' }):
        return [{ type: 'DELETE_CONFIRMED' }, { type: 'DELETE_CANCELLED' }];
      case snapshot.matches({ loaded: 'deleting' }):
        return [
          { type: 'xstate.done.actor.removeRecord' },
          { type: 'xstate.error.actor.removeRecord', error: new UserFacingError(messages.resources.inUse) },
        ];
      case snapshot.matches({ loaded: 'deleteFailed' }):
        return [{ type: 'DELETE_CONFIRMED' }, { type: 'DELETE_CANCELLED' }];
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
    ]),
  simplePaths: false,
  journeys: [
    // Every query change from every state that takes one (shortest paths take one per target).
    ...[toLoaded, toEmpty, toFailed].flatMap((prefix) =>
      [...queryEvents, { type: 'RETRY' }].map((event) => [...prefix, event]),
    ),
    [...toLoaded, { type: 'DELETE_ASKED', record: sampleZones[1] }, { type: 'DELETE_CANCELLED' }],
    [
      ...toLoaded,
      { type: 'DELETE_ASKED', record: sampleZones[1] },
      { type: 'DELETE_CONFIRMED' },
      { type: 'xstate.error.actor.removeRecord', error: new UserFacingError(messages.resources.inUse) },
      { type: 'DELETE_CANCELLED' },
    ],
    // Self-transitions of loading (a query change while a page loads) and the past-the-end page.
    [
      { type: 'PAGE_CHANGED', page: 1 },
      { type: 'xstate.done.actor.loadPage', output: pastEndPage },
      { type: 'xstate.done.actor.loadPage', output: samplePage },
    ],
    [
      { type: 'QUERY_SYNCED', query: syncedQuery },
      { type: 'QUERY_SYNCED', query: syncedQuery },
      { type: 'SORT_TOGGLED', field: 'short_name' },
      { type: 'PAGE_SIZE_CHANGED', limit: 50 },
      { type: 'TAB_CHANGED', tab: 'all' },
      { type: 'FILTERS_APPLIED', filters: { long_name: 'Nac' } },
      { type: 'xstate.done.actor.loadPage', output: samplePage },
    ],
    // A failed delete, retried, then deleted.
    [
      { type: 'xstate.done.actor.loadPage', output: samplePage },
      { type: 'DELETE_ASKED', record: sampleZones[1] },
      { type: 'DELETE_CONFIRMED' },
      { type: 'xstate.error.actor.removeRecord', error: new UserFacingError(messages.resources.inUse) },
      { type: 'DELETE_CONFIRMED' },
      { type: 'xstate.done.actor.removeRecord' },
      { type: 'xstate.done.actor.loadPage', output: samplePage },
    ],
  ],
});

export const sampleZoneValues: FormValues = { short_name: 'NAC', long_name: 'Nacional' };
export const loadedZone: LoadedForm = { values: sampleZoneValues, options: {} };
export const zoneFieldErrors = { short_name: [messages.resources.duplicate] };

const formEvents = (): AnyEventObject[] => [
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
          { type: 'xstate.error.actor.loadForm', error: new UserFacingError(messages.common.notFound) },
        ];
      case snapshot.matches('loadFailed'):
        return [{ type: 'RETRY' }];
      case snapshot.matches('editing'):
        return formEvents();
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
        return formEvents();
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
    // A refused save, then the user corrects the field.
    [
      { type: 'xstate.done.actor.loadForm', output: loadedZone },
      { type: 'SUBMITTED' },
      { type: 'xstate.done.actor.validateValues', output: sampleZoneValues },
      { type: 'xstate.error.actor.saveRecord', error: new FieldErrorsError(zoneFieldErrors) },
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
