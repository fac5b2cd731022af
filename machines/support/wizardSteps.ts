/**
 * What the back-office wizards share (SPEC §2: the product wizard's steps 0, 1, 2; the promotion
 * wizard's '1 de 2', '2 de 2'): the steps as data (each names its form fields), the step-check
 * request their `validateStep` actor answers, the step a server refusal is shown on, and the
 * step counter.
 */
import { messages } from '../../src/contracts/messages';
import type { FormValues } from '../resourceForm';

export interface WizardStep {
  key: string;
  /** The form fields shown and validated in this step. */
  fields: readonly string[];
}

/** What a wizard's `validateStep` actor checks: the current step's index and the values. */
export interface StepValidationRequest {
  step: number;
  values: FormValues;
}

/** The step counter as the promotion wizard shows it ('1 de 2'). */
export function stepCounter(context: { step: number; steps: readonly WizardStep[] }): string {
  return messages.resourceScreens.stepOf(context.step + 1, context.steps.length);
}

/** The first step holding one of these fields (the step to show a server refusal on). */
export function firstStepWith(steps: readonly WizardStep[], fields: readonly string[]): number | null {
  const index = steps.findIndex((step) => step.fields.some((field) => fields.includes(field)));
  return index === -1 ? null : index;
}
