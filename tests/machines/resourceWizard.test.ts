import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  productWizardModel,
  productWizardSteps,
  promotionWizardModel,
  promotionWizardSteps,
  WIZARD_FIELD_ERROR,
} from '../../machines/models/resources';
import type { FormValues } from '../../machines/resourceForm';
import {
  resourceWizardMachine,
  type StepValidationRequest,
  stepCounter,
  type WizardStep,
} from '../../machines/resourceWizard';
import { FieldErrorsError } from '../../machines/support/errors';
import { messages } from '../../src/contracts/messages';
import { type StateAssertions, testMachineModel } from './harness';

function assertionsFor(steps: WizardStep[]): StateAssertions<typeof resourceWizardMachine> {
  const last = steps.length - 1;
  return {
    editing: (snapshot, event) => {
      const { step, fieldErrors, error } = snapshot.context;
      expect(step).toBeGreaterThanOrEqual(0);
      expect(step).toBeLessThanOrEqual(last);
      expect(stepCounter(snapshot.context)).toBe(`${step + 1} de ${steps.length}`);
      switch (event.type) {
        case 'xstate.done.actor.validateStep':
          // NEXT passed the step's schema: one step forward, no errors.
          expect([step, fieldErrors]).toEqual([(event.output as { step: number }).step + 1, {}]);
          break;
        case 'xstate.error.actor.validateStep':
          // NEXT refused: the same step, its field's error.
          expect(fieldErrors).toEqual({ [steps[step].fields[0]]: [WIZARD_FIELD_ERROR] });
          break;
        case 'xstate.error.actor.saveRecord':
          if (error === null) {
            // A refused field takes the wizard back to its step.
            expect([step, fieldErrors]).toEqual([
              0,
              { [steps[0].fields[0]]: [messages.resources.duplicate] },
            ]);
          } else expect([step, error]).toEqual([last, messages.common.forbidden]);
          break;
        case 'FIELD_CHANGED':
          expect(snapshot.context.values[String(event.field)]).toBe(event.value);
          expect(fieldErrors).not.toHaveProperty(String(event.field));
          break;
        default:
          // The start, or BACK: no errors shown.
          expect(fieldErrors).toEqual({});
      }
    },
    validatingStep: (snapshot) => {
      expect(snapshot.context.saved).toBeNull();
      expect(snapshot.context.step).toBeLessThanOrEqual(last);
    },
    saving: (snapshot) => {
      // Only the last step saves, with the validated body.
      expect(snapshot.context.step).toBe(last);
      expect(snapshot.context.body).toEqual({ step: last });
    },
    saved: (snapshot) => {
      expect(snapshot.status).toBe('done');
      expect(snapshot.context.saved).toMatchObject({ id: 5 });
    },
  };
}

// The catalogue's model: the product wizard's steps 0, 1, 2.
testMachineModel('resourceWizard', productWizardModel, assertionsFor(productWizardSteps));
// The same machine expresses the promotion wizard's '1 de 2', '2 de 2'.
testMachineModel('resourceWizard (promotion)', promotionWizardModel, assertionsFor(promotionWizardSteps));

describe('resourceWizard with actors', () => {
  it("validates each step with its own fields, counts '1 de 2', '2 de 2' and saves on the last", async () => {
    const checked: StepValidationRequest[] = [];
    const saved: unknown[] = [];
    const actor = createActor(
      resourceWizardMachine.provide({
        actors: {
          validateStep: fromPromise(async ({ input }: { input: StepValidationRequest }): Promise<unknown> => {
            checked.push(input);
            const missing = promotionWizardSteps[input.step].fields.filter((field) => !input.values[field]);
            if (missing.length)
              throw new FieldErrorsError(
                Object.fromEntries(missing.map((field) => [field, [WIZARD_FIELD_ERROR]])),
              );
            return input.values;
          }),
          saveRecord: fromPromise(async ({ input }: { input: { body: unknown } }) => {
            saved.push(input.body);
            return { id: 9 };
          }),
        },
      }),
      { input: { steps: promotionWizardSteps, defaults: { long_name: '', date_from: '', products: [] } } },
    );
    actor.start();
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
    expect(stepCounter(actor.getSnapshot().context)).toBe('1 de 2');
    actor.send({ type: 'NEXT' });
    await settle();
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      long_name: [WIZARD_FIELD_ERROR],
      date_from: [WIZARD_FIELD_ERROR],
    });
    actor.send({ type: 'FIELD_CHANGED', field: 'long_name', value: 'Verano' });
    actor.send({ type: 'FIELD_CHANGED', field: 'date_from', value: '01/01/2027' });
    actor.send({ type: 'NEXT' });
    await settle();
    expect(stepCounter(actor.getSnapshot().context)).toBe('2 de 2');
    actor.send({ type: 'BACK' });
    expect(actor.getSnapshot().context.values.long_name).toBe('Verano');
    actor.send({ type: 'NEXT' });
    await settle();
    actor.send({ type: 'FIELD_CHANGED', field: 'products', value: ['3', '4'] });
    actor.send({ type: 'NEXT' });
    await settle();
    await settle();
    expect(actor.getSnapshot().status).toBe('done');
    expect(saved).toEqual([
      { long_name: 'Verano', date_from: '01/01/2027', products: ['3', '4'] } satisfies FormValues,
    ]);
    expect(checked.map((request) => request.step)).toEqual([0, 0, 0, 1]);
  });
});
