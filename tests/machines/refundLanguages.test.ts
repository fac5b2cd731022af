/**
 * Issue 42: the portal's machines walked by their models (the same generated paths as their
 * model-based tests), in the three languages. The machines do not change with the language; what
 * they hold for the views to show (field errors, notices, server refusals) is Spanish catalogue
 * text, which the views render through `Translator.fromSpanish`. Every such text any path reaches
 * must come out in Portuguese and in English (never left in Spanish), and unchanged in Spanish.
 */
import { describe, expect, it } from 'vitest';
import { type AnyEventObject, type AnyStateMachine, initialTransition, transition } from 'xstate';
import { buildLoadedClaim, type ClaimFormContext, claimProblems } from '../../machines/claimForm';
import { generatePaths } from '../../machines/models/paths';
import {
  claimFormModel,
  refundDraftModel,
  refundLoginModel,
  refundStatusModel,
  refundWizardModel,
} from '../../machines/models/refund';
import { paymentUpdateModel, pendingDocsModel } from '../../machines/models/refundLinks';
import { termsAcceptanceModel } from '../../machines/models/terms';
import type { MachineModel } from '../../machines/models/types';
import { maskDateInput } from '../../src/client/refund/masks';
import { LANGUAGES, translatorOf } from '../../src/contracts/i18n';
import { messages } from '../../src/contracts/messages';

/** Every plain Spanish text of the areas a traveller meets (the legacy catalogue). */
const spanishTexts = new Set<string>();
function collectTexts(value: unknown) {
  if (typeof value === 'string') spanishTexts.add(value);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) collectTexts(item);
}
for (const area of [
  messages.refund,
  messages.refundChecklist,
  messages.refundLinks,
  messages.refundDecisions,
  messages.amounts,
  messages.banking,
  messages.common,
  messages.terms,
  messages.receiptReading,
])
  collectTexts(area);

/** The catalogue texts a snapshot's context holds (anything else in it is data). */
function heldTexts(value: unknown, found: Set<string>): Set<string> {
  if (typeof value === 'string') {
    if (spanishTexts.has(value)) found.add(value);
  } else if (value && typeof value === 'object' && !(value instanceof Blob))
    for (const item of Object.values(value)) heldTexts(item, found);
  return found;
}

function textsReached(model: MachineModel<AnyStateMachine>): Set<string> {
  const found = new Set<string>();
  const logic = model.machine;
  for (const path of generatePaths(model)) {
    let [state] = initialTransition(logic, model.input);
    heldTexts(state.context, found);
    path.steps.forEach((step: { event: AnyEventObject }, index: number) => {
      if (index === 0 && step.event.type === 'xstate.init') return;
      [state] = transition(logic, state, step.event);
      heldTexts(state.context, found);
    });
  }
  return found;
}

const models: [string, MachineModel<AnyStateMachine>][] = [
  ['refundLogin', refundLoginModel as unknown as MachineModel<AnyStateMachine>],
  ['claimForm', claimFormModel as unknown as MachineModel<AnyStateMachine>],
  ['refundDraft', refundDraftModel as unknown as MachineModel<AnyStateMachine>],
  ['refundWizard', refundWizardModel as unknown as MachineModel<AnyStateMachine>],
  ['refundStatus', refundStatusModel as unknown as MachineModel<AnyStateMachine>],
  ['pendingDocs', pendingDocsModel as unknown as MachineModel<AnyStateMachine>],
  ['paymentUpdate', paymentUpdateModel as unknown as MachineModel<AnyStateMachine>],
  ['termsAcceptance', termsAcceptanceModel as unknown as MachineModel<AnyStateMachine>],
];

/** Catalogue texts the portal's machines hold that are the same word in a language (none today). */
const SAME_IN: Record<string, readonly string[]> = { pt: [], en: [] };

describe('the portal machines in es, pt and en (issue 42)', () => {
  for (const [name, model] of models)
    it(`${name}: every text its paths hold is shown in each language`, () => {
      const texts = [...textsReached(model)];
      // The walk reaches texts (a machine whose paths hold none would test nothing here).
      if (name !== 'refundStatus' && name !== 'refundDraft') expect(texts.length).toBeGreaterThan(0);
      for (const language of LANGUAGES) {
        const tr = translatorOf(language);
        const untranslated = texts.filter(
          (text) => tr.fromSpanish(text) === text && !(SAME_IN[language] ?? []).includes(text),
        );
        if (language === 'es') expect(texts.map((text) => tr.fromSpanish(text))).toEqual(texts);
        else expect(untranslated, `${name} in ${language}`).toEqual([]);
      }
    }, 60_000);
});

describe('the event date typed in each language (issue 42, second part)', () => {
  const machine = claimFormModel.machine as unknown as AnyStateMachine;
  const typed = (value: string) => {
    const [initial] = initialTransition(machine, claimFormModel.input);
    const [state] = transition(machine, initial, {
      type: 'FIELDS_CHANGED',
      values: { sinister_date: value },
    });
    return state.context as ClaimFormContext;
  };

  for (const language of LANGUAGES) {
    const tr = translatorOf(language);
    it(`${language}: reads DD/MM/YYYY and the ISO form alike, and names the accepted forms`, () => {
      for (const value of [
        '10/01/2024',
        '2024-01-10',
        maskDateInput('2024-0110'),
        maskDateInput('10012024'),
      ]) {
        const context = typed(value);
        expect(claimProblems(context).sinister_date, value).toBeUndefined();
        expect(buildLoadedClaim(context, []).sinister_date, value).toBe('2024-01-10');
      }
      // Not a calendar date in either form: the machine's Spanish refusal, shown in the language.
      for (const value of ['2024-02-30', '31/02/2024', '01-10-2024']) {
        const problem = claimProblems(typed(value)).sinister_date;
        expect(problem, value).toBe(messages.refund.dateInvalid);
        const shown = tr.fromSpanish(problem);
        if (language === 'es') expect(shown).toBe(messages.refund.dateInvalid);
        else
          expect(shown).toMatch(language === 'en' ? /DD\/MM\/YYYY.*YYYY-MM-DD/ : /DD\/MM\/AAAA.*AAAA-MM-DD/);
      }
      // The label says which forms (the Spanish one is the SPEC's; its placeholder shows the form).
      const label = tr.t('refund.sinisterDateLabel');
      if (language === 'es') expect(label).toBe('Fecha del evento');
      else expect(label).toContain('-MM-DD');
      // A date shown back (the claim's card, the status page) is in the locale's order.
      expect(tr.date('2024-01-10')).toBe(language === 'en' ? '01/10/2024' : '10/01/2024');
    });
  }
});
