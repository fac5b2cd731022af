/**
 * A back-office form (SPEC §2 'Dashboard sections', §5 'Admin forms'): create, edit, show
 * (read-only) and clone. Loads the record (and the options of its selects), lets the user edit,
 * validates on the client with the module's zod write schema (Spanish messages), saves, and on a
 * refused save keeps what was typed and shows the server's field errors and detail.
 * `dirty` says whether the values differ from the loaded ones (the unsaved-changes warning).
 *
 * Values are strings, booleans, lists of ids or keys (multi-selects: groups, permissions, zones,
 * offices), nested groups and lists of groups, never comma-joined text. Each field has an access
 * (`edit`, `read`, `hidden`) given by the loader (computed with src/contracts/access.ts, the rules
 * the server enforces); a change to a field that is not editable is ignored. On a save the machine
 * runs the `recordSaved` action, which the view provides to navigate.
 *
 * Actors (provided by the client for each module's descriptor):
 * - loadForm: the record as form values (null in create mode) and the select options;
 * - validateValues: resolves to the write body, or rejects with a FieldErrorsError;
 * - saveRecord: POST (create, clone) or PUT (edit); rejects with the server's field errors.
 */
import { assign, fromPromise, setup } from 'xstate';
import { messages } from '../src/contracts/messages';
import type { ResourceRecord } from './resourceList';
import {
  FieldErrorsError,
  fieldErrorsOf,
  isRefusal,
  messageOf,
  withoutChangedErrors,
} from './support/errors';

export type FormMode = 'create' | 'edit' | 'show' | 'clone';
/** A group of named values (a nested group of fields, one row of a list of groups). */
export interface FormGroup {
  [field: string]: FormValue;
}
export type FormValue = string | boolean | readonly string[] | FormGroup | readonly FormGroup[];
export type FormValues = Record<string, FormValue>;
/** What the user may do with a field in a loaded form. */
export type FieldAccess = 'edit' | 'read' | 'hidden';
export type FieldAccessMap = Record<string, FieldAccess>;
export interface FormOption {
  value: string;
  label: string;
  /** More text a searchable picker matches besides the label (an office's unit, tags, country). */
  keywords?: string;
  /** The value of another field this option belongs to (a business unit's country). */
  parent?: string;
}
export type FormOptions = Record<string, FormOption[]>;
export type FieldErrors = Record<string, string[]>;

export interface LoadFormRequest {
  mode: FormMode;
  id: number | null;
}
export interface LoadedForm {
  /** The record as form values; null when there is no record to load (create). */
  values: FormValues | null;
  options: FormOptions;
  /** The user may see but not change the record (no `{resource}/add`): open it read-only. */
  readOnly?: boolean;
  /** Per-field access; a field not named is editable. */
  fieldAccess?: FieldAccessMap;
}
export interface SaveRequest {
  mode: FormMode;
  id: number | null;
  body: unknown;
}

export interface ResourceFormInput {
  mode: FormMode;
  id: number | null;
  /** The values of an empty form (defaults such as doc_type DNI). */
  defaults: FormValues;
  /**
   * The values that follow from a change (issue 32: a voucher's net price from its commission),
   * applied to every field change, to fields the user may not edit too.
   */
  derive?: DeriveValues;
}

/** The form's values after `changed` took its new value (pure). */
export type DeriveValues = (values: FormValues, changed: string) => FormValues;

export interface ResourceFormContext {
  mode: FormMode;
  id: number | null;
  values: FormValues;
  /** The values as loaded: `dirty` compares against them. */
  pristine: FormValues;
  dirty: boolean;
  options: FormOptions;
  /** Per-field access of the loaded form (absent: editable). */
  fieldAccess: FieldAccessMap;
  /** The validated write body on its way to the server. */
  body: unknown;
  fieldErrors: FieldErrors;
  /** A message not tied to a field (the server's detail, or why loading failed). */
  error: string | null;
  /** Whether retrying the failed load can help (not after a permission refusal). */
  retryable: boolean;
  saved: ResourceRecord | null;
  derive: DeriveValues | null;
}

export type ResourceFormEvent =
  | { type: 'FIELD_CHANGED'; field: string; value: FormValue }
  | { type: 'SUBMITTED' }
  | { type: 'RETRY' };

/** Deep equality of form values (lists by position, groups by key); absent equals ''. */
export function sameValue(a: FormValue | undefined, b: FormValue | undefined): boolean {
  const left = a ?? '';
  const right = b ?? '';
  if (typeof left !== 'object' || typeof right !== 'object') return left === right;
  if (Array.isArray(left) || Array.isArray(right)) {
    if (!Array.isArray(left) || !Array.isArray(right) || left.length !== right.length) return false;
    return left.every((item, index) => sameValue(item as FormValue, right[index] as FormValue));
  }
  const leftGroup = left as FormGroup;
  const rightGroup = right as FormGroup;
  const keys = new Set([...Object.keys(leftGroup), ...Object.keys(rightGroup)]);
  for (const key of keys) if (!sameValue(leftGroup[key], rightGroup[key])) return false;
  return true;
}

function differs(values: FormValues, pristine: FormValues): boolean {
  const keys = new Set([...Object.keys(values), ...Object.keys(pristine)]);
  for (const key of keys) if (!sameValue(values[key], pristine[key])) return true;
  return false;
}

/** The access of a field (editable unless the loader said otherwise). */
export function accessOf(fieldAccess: FieldAccessMap, field: string): FieldAccess {
  return fieldAccess[field] ?? 'edit';
}

/** A message for the whole form: none when the error is about fields (shown under them). */
function detailOf(error: unknown): string | null {
  if (Object.keys(fieldErrorsOf(error)).length > 0)
    return error instanceof FieldErrorsError ? error.detail : null;
  return messageOf(error, messages.common.genericRetry);
}

export const resourceFormMachine = setup({
  types: {
    context: {} as ResourceFormContext,
    events: {} as ResourceFormEvent,
    input: {} as ResourceFormInput,
  },
  actors: {
    loadForm: fromPromise<LoadedForm, LoadFormRequest>(async () => {
      throw new Error('loadForm not provided');
    }),
    validateValues: fromPromise<unknown, FormValues>(async () => {
      throw new Error('validateValues not provided');
    }),
    saveRecord: fromPromise<ResourceRecord, SaveRequest>(async () => {
      throw new Error('saveRecord not provided');
    }),
  },
  guards: {
    fieldEditable: ({ context, event }) =>
      event.type === 'FIELD_CHANGED' && accessOf(context.fieldAccess, event.field) === 'edit',
    readOnly: ({ context, event }) =>
      context.mode === 'show' || ('output' in event && (event.output as LoadedForm).readOnly === true),
  },
  actions: {
    /** The save succeeded: the view provides it to navigate (back to the list). */
    recordSaved: (_, _params: { record: ResourceRecord }) => {},
    changeField: assign(({ context, event }) => {
      if (event.type !== 'FIELD_CHANGED') return {};
      const changed = { ...context.values, [event.field]: event.value };
      const values = context.derive ? context.derive(changed, event.field) : changed;
      return {
        values,
        dirty: differs(values, context.pristine),
        fieldErrors: withoutChangedErrors(
          context.fieldErrors,
          event.field,
          context.values[event.field],
          event.value,
        ),
        error: null,
      };
    }),
  },
}).createMachine({
  id: 'resourceForm',
  // `input` may be absent (xstate/graph's getPathsFromEvents starts without one unless told).
  context: ({ input }) => ({
    mode: input?.mode ?? 'create',
    id: input?.id ?? null,
    values: input?.defaults ?? {},
    pristine: input?.defaults ?? {},
    dirty: false,
    options: {},
    fieldAccess: {},
    body: null,
    fieldErrors: {},
    error: null,
    retryable: true,
    saved: null,
    derive: input?.derive ?? null,
  }),
  initial: 'loading',
  states: {
    /** Loads the record (edit, show, clone) and the select options (every mode). */
    loading: {
      invoke: {
        id: 'loadForm',
        src: 'loadForm',
        input: ({ context }) => ({ mode: context.mode, id: context.id }),
        onDone: [
          {
            guard: 'readOnly',
            target: 'showing',
            actions: assign(({ context, event }) => {
              const values = { ...context.pristine, ...(event.output.values ?? {}) };
              return {
                values,
                pristine: values,
                options: event.output.options,
                fieldAccess: event.output.fieldAccess ?? {},
                error: null,
              };
            }),
          },
          {
            target: 'editing',
            actions: assign(({ context, event }) => {
              const values = { ...context.pristine, ...(event.output.values ?? {}) };
              return {
                values,
                pristine: values,
                options: event.output.options,
                fieldAccess: event.output.fieldAccess ?? {},
                error: null,
              };
            }),
          },
        ],
        onError: {
          target: 'loadFailed',
          actions: assign({
            error: ({ event }) => messageOf(event.error, messages.common.genericRetry),
            retryable: ({ event }) => !isRefusal(event.error),
          }),
        },
      },
    },
    loadFailed: {
      on: { RETRY: 'loading' },
    },
    /** Read-only (Mostrar). */
    showing: {},
    editing: {
      on: {
        FIELD_CHANGED: { guard: 'fieldEditable', actions: 'changeField' },
        SUBMITTED: 'validating',
      },
    },
    validating: {
      invoke: {
        id: 'validateValues',
        src: 'validateValues',
        input: ({ context }) => context.values,
        onDone: {
          target: 'saving',
          actions: assign({ body: ({ event }) => event.output, fieldErrors: {}, error: null }),
        },
        onError: {
          target: 'editing',
          actions: assign({
            fieldErrors: ({ event }) => fieldErrorsOf(event.error),
            error: ({ event }) => detailOf(event.error),
          }),
        },
      },
    },
    saving: {
      invoke: {
        id: 'saveRecord',
        src: 'saveRecord',
        input: ({ context }) => ({ mode: context.mode, id: context.id, body: context.body }),
        onDone: {
          target: 'saved',
          actions: assign(({ context, event }) => ({
            saved: event.output,
            pristine: context.values,
            dirty: false,
          })),
        },
        onError: {
          target: 'saveFailed',
          actions: assign({
            fieldErrors: ({ event }) => fieldErrorsOf(event.error),
            error: ({ event }) => detailOf(event.error),
          }),
        },
      },
    },
    /** The typed values are kept; field errors under their fields, the detail above the form. */
    saveFailed: {
      on: {
        FIELD_CHANGED: { guard: 'fieldEditable', target: 'editing', actions: 'changeField' },
        SUBMITTED: 'validating',
      },
    },
    saved: {
      type: 'final',
      entry: { type: 'recordSaved', params: ({ context }) => ({ record: context.saved! }) },
    },
  },
});
