/**
 * A form in steps (SPEC §2 wizards: the product wizard's steps 0, 1, 2; the promotion wizard's
 * '1 de 2', '2 de 2'). One machine for any number of steps, given as data: each step names its
 * fields, and NEXT passes only when the step's schema accepts them (the `validateStep` actor,
 * provided from the module's contract, as resourceForm's validateValues); BACK never validates
 * and keeps what was typed. NEXT on the last step saves the whole record (`saveRecord`); on a save
 * the `recordSaved` action (provided by the view) navigates. A refused save keeps the values and
 * goes back to the first step holding a field the server refused.
 */
import { assign, fromPromise, setup } from 'xstate';
import { messages } from '../src/contracts/messages';
import type { FieldErrors, FormValue, FormValues } from './resourceForm';
import type { ResourceRecord } from './resourceList';
import { fieldErrorsOf, messageOf } from './support/errors';

export interface WizardStep {
  key: string;
  /** The form fields shown and validated in this step. */
  fields: readonly string[];
}

export interface ResourceWizardInput {
  steps: readonly WizardStep[];
  defaults: FormValues;
}

export interface StepValidationRequest {
  step: number;
  values: FormValues;
}

export interface ResourceWizardContext {
  steps: readonly WizardStep[];
  /** The current step's index. */
  step: number;
  values: FormValues;
  fieldErrors: FieldErrors;
  error: string | null;
  /** The validated body of the whole record, on its way to the server. */
  body: unknown;
  saved: ResourceRecord | null;
}

export type ResourceWizardEvent =
  | { type: 'FIELD_CHANGED'; field: string; value: FormValue }
  | { type: 'NEXT' }
  | { type: 'BACK' };

/** The step counter as the promotion wizard shows it ('1 de 2'). */
export function stepCounter(context: Pick<ResourceWizardContext, 'step' | 'steps'>): string {
  return messages.resourceScreens.stepOf(context.step + 1, context.steps.length);
}

/** The first step holding one of these fields (the step to show a server refusal on). */
export function firstStepWith(steps: readonly WizardStep[], fields: readonly string[]): number | null {
  const index = steps.findIndex((step) => step.fields.some((field) => fields.includes(field)));
  return index === -1 ? null : index;
}

export const resourceWizardMachine = setup({
  types: {
    context: {} as ResourceWizardContext,
    events: {} as ResourceWizardEvent,
    input: {} as ResourceWizardInput,
  },
  actors: {
    /** Resolves when the step's fields satisfy its schema (to the whole body on the last step). */
    validateStep: fromPromise<unknown, StepValidationRequest>(async () => {
      throw new Error('validateStep not provided');
    }),
    saveRecord: fromPromise<ResourceRecord, { body: unknown }>(async () => {
      throw new Error('saveRecord not provided');
    }),
  },
  guards: {
    notFirstStep: ({ context }) => context.step > 0,
    lastStep: ({ context }) => context.step === context.steps.length - 1,
  },
  actions: {
    recordSaved: (_, _params: { record: ResourceRecord }) => {},
    changeField: assign(({ context, event }) => {
      if (event.type !== 'FIELD_CHANGED') return {};
      const { [event.field]: _cleared, ...fieldErrors } = context.fieldErrors;
      return { values: { ...context.values, [event.field]: event.value }, fieldErrors, error: null };
    }),
    stepBack: assign({ step: ({ context }) => context.step - 1, fieldErrors: {}, error: null }),
  },
}).createMachine({
  id: 'resourceWizard',
  context: ({ input }) => ({
    steps: input?.steps ?? [],
    step: 0,
    values: input?.defaults ?? {},
    fieldErrors: {},
    error: null,
    body: null,
    saved: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        FIELD_CHANGED: { actions: 'changeField' },
        NEXT: 'validatingStep',
        BACK: { guard: 'notFirstStep', actions: 'stepBack' },
      },
    },
    validatingStep: {
      invoke: {
        id: 'validateStep',
        src: 'validateStep',
        input: ({ context }) => ({ step: context.step, values: context.values }),
        onDone: [
          {
            guard: 'lastStep',
            target: 'saving',
            actions: assign({ body: ({ event }) => event.output, fieldErrors: {}, error: null }),
          },
          {
            target: 'editing',
            actions: assign({ step: ({ context }) => context.step + 1, fieldErrors: {}, error: null }),
          },
        ],
        onError: {
          target: 'editing',
          actions: assign({ fieldErrors: ({ event }) => fieldErrorsOf(event.error) }),
        },
      },
    },
    saving: {
      invoke: {
        id: 'saveRecord',
        src: 'saveRecord',
        input: ({ context }) => ({ body: context.body }),
        onDone: { target: 'saved', actions: assign({ saved: ({ event }) => event.output }) },
        onError: {
          target: 'editing',
          actions: assign({
            fieldErrors: ({ event }) => fieldErrorsOf(event.error),
            step: ({ context, event }) =>
              firstStepWith(context.steps, Object.keys(fieldErrorsOf(event.error))) ?? context.step,
            error: ({ context, event }) =>
              firstStepWith(context.steps, Object.keys(fieldErrorsOf(event.error))) === null
                ? messageOf(event.error, messages.common.genericRetry)
                : null,
          }),
        },
      },
    },
    saved: {
      type: 'final',
      entry: { type: 'recordSaved', params: ({ context }) => ({ record: context.saved! }) },
    },
  },
});
