/**
 * The promotion wizard (issue 14; SPEC §4, §5 'Promotion wizard', §9 '2 steps', page sizes 2, 4,
 * 8): every state and transition of its two models (assigning products, editing one product's
 * offices), each snapshot asserted from the event that led there; then the machine run with
 * actors: a resumed address, the sale and provider rules, the provider lock on the office query.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { generatePaths, missingCoverage } from '../../machines/models/paths';
import {
  ALL_MATCHING,
  assignInput,
  EDITED_PP,
  heldEntry,
  loaded,
  officePage,
  PROMOTION_ID,
  promotionOfficesEditModel,
  promotionWizardModel,
  SAVE_REFUSED,
  savedEntries,
} from '../../machines/models/promotions';
import {
  addressOf,
  DEFAULT_OFFICE_PAGE_SIZE,
  MAX_ADDRESS_OFFICES,
  type OfficeQuery,
  promotionWizardMachine,
  RESUMABLE,
  type SaveRequest,
  visibleProducts,
  type WizardAddress,
} from '../../machines/promotionWizard';
import { stepCounter } from '../../machines/support/wizardSteps';
import { messages } from '../../src/contracts/messages';
import { checkPath, type StateAssertions, testMachineModel } from './harness';

const text = messages.promotions;

const assertions: StateAssertions<typeof promotionWizardMachine> = {
  loading: (snapshot, event) => {
    expect([event.type, snapshot.context.error, snapshot.context.promotion]).toEqual([
      event.type === 'RETRY' ? 'RETRY' : 'xstate.init',
      null,
      null,
    ]);
  },
  loadFailed: (snapshot) => {
    expect(snapshot.context.error).toBe(text.wizard.loadFailed);
  },
  productStep: (snapshot, event, _trail, before) => {
    const { context } = snapshot;
    expect(snapshot.hasTag(RESUMABLE)).toBe(true);
    expect(stepCounter(context)).toBe('1 de 2');
    switch (event.type) {
      case 'xstate.done.actor.loadWizard':
        expect([context.values, context.fieldErrors]).toEqual([{ products: [], offices: [] }, {}]);
        break;
      case 'PRODUCT_SEARCH':
        expect(context.productSearch).toBe(event.text);
        expect(visibleProducts(context).every((option) => option.name.toLowerCase().includes('europa'))).toBe(
          true,
        );
        break;
      case 'ADD_PRODUCT': {
        // A sale takes one product: one more is refused, as decided by what was chosen before.
        const chosen = before!.context.values.products;
        const full =
          before!.context.promotion?.promotion_type === 'venta' &&
          before!.context.assigned.length + chosen.length >= 1;
        expect([context.values.products, context.fieldErrors]).toEqual(
          full ? [chosen, { products: [text.saleOneProduct] }] : [[...chosen, event.id], {}],
        );
        expect(context.values.products.length).toBeLessThanOrEqual(
          context.promotion?.promotion_type === 'venta' ? 1 - context.assigned.length : 2,
        );
        break;
      }
      case 'REMOVE_PRODUCT':
        expect(context.values.products).not.toContain(event.id);
        break;
      case 'NEXT':
        // Refused: no product chosen.
        expect([context.values.products, context.fieldErrors]).toEqual([
          [],
          { products: [text.productRequired] },
        ]);
        break;
      case 'BACK':
        expect([context.fieldErrors, context.step]).toEqual([{}, 0]);
        break;
      case 'xstate.done.actor.save':
        // 'Aplicar y asignar nuevo producto': saved, step 1 again, nothing chosen.
        expect([context.intent, context.values, context.notice, context.assigned]).toEqual([
          'next',
          { products: [], offices: [] },
          text.wizard.savedNext,
          savedEntries,
        ]);
        break;
      case 'xstate.error.actor.save':
        expect(context.fieldErrors).toEqual({ products: [text.saleOneProduct] });
        break;
      default:
        throw new Error(`productStep reached by ${event.type}`);
    }
  },
  officeStep: (snapshot, event) => {
    const { context } = snapshot;
    expect(snapshot.hasTag(RESUMABLE)).toBe(true);
    expect(stepCounter(context)).toBe(context.pp === null ? '2 de 2' : '1 de 1');
    // The provider lock: the office query holds the chosen (or edited) products.
    expect(context.officeQuery.products).toEqual(
      context.promotion?.promotion_type === 'proveedor'
        ? context.pp === null
          ? context.values.products
          : [heldEntry.product]
        : null,
    );
    switch (event.type) {
      case 'OFFICE_SEARCH':
        expect([context.officeQuery.mode, context.officeQuery.text, context.officeQuery.offset]).toEqual([
          event.mode,
          event.text.trim(),
          0,
        ]);
        break;
      case 'OFFICE_PAGE_SIZE':
        expect([context.officeQuery.limit, context.officeQuery.offset]).toEqual([event.limit, 0]);
        break;
      case 'OFFICE_PAGE':
        expect(context.officeQuery.offset).toBe(event.offset);
        break;
      case 'TOGGLE_OFFICE':
        expect(context.values.offices.includes(event.id)).toBe(
          !snapshot.matches('saving') && context.values.offices.includes(event.id),
        );
        break;
      case 'SELECT_PAGE':
        expect(context.values.offices).toEqual(
          expect.arrayContaining(context.offices.map((office) => office.id)),
        );
        break;
      case 'CLEAR_SELECTION':
        expect(context.values.offices).toEqual([]);
        break;
      case 'FINISH':
      case 'APPLY_NEXT':
        // Refused: no office chosen.
        expect([context.values.offices, context.fieldErrors]).toEqual([
          [],
          { offices: [text.officesRequired] },
        ]);
        break;
      case 'xstate.error.actor.save':
        expect([context.fieldErrors, context.error]).toEqual(
          Object.keys(context.fieldErrors).length
            ? [{ offices: [text.officeNotFound] }, null]
            : [{}, SAVE_REFUSED],
        );
        break;
      default:
        expect(event.type).toMatch(
          /^(NEXT|RETRY|SELECT_ALL|xstate\.done\.actor\.(loadWizard|fetchOffices|fetchMatchingIds)|xstate\.error\.actor\.(fetchOffices|fetchMatchingIds))$/,
        );
    }
  },
  'officeStep.loadingOffices': (snapshot) => {
    expect(snapshot.context.officeError).toBeNull();
  },
  'officeStep.ready': (snapshot, event) => {
    if (event.type === 'xstate.done.actor.fetchOffices')
      expect([snapshot.context.offices, snapshot.context.officeCount]).toEqual([
        officePage.results,
        officePage.count,
      ]);
    else if (event.type === 'xstate.done.actor.fetchMatchingIds')
      expect(snapshot.context.values.offices).toEqual(expect.arrayContaining(ALL_MATCHING));
    else if (event.type === 'xstate.error.actor.fetchMatchingIds')
      expect(snapshot.context.officeError).toBe(text.wizard.officesFailed);
    else expect(snapshot.context.officeError).toBeNull();
  },
  'officeStep.failed': (snapshot) => {
    expect([snapshot.context.officeError, snapshot.context.offices]).toEqual([text.wizard.officesFailed, []]);
  },
  'officeStep.selectingAll': (snapshot, event) => {
    expect([event.type, snapshot.context.officeError]).toEqual(['SELECT_ALL', null]);
  },
  saving: (snapshot, event) => {
    expect(event.type).toMatch(/^(FINISH|APPLY_NEXT)$/);
    expect(snapshot.context.intent).toBe(event.type === 'FINISH' ? 'finish' : 'next');
    expect(snapshot.context.values.offices.length).toBeGreaterThan(0);
  },
  done: (snapshot, event) => {
    expect([event.type, snapshot.context.intent, snapshot.status]).toEqual([
      'xstate.done.actor.save',
      'finish',
      'done',
    ]);
  },
};

testMachineModel('promotionWizard', promotionWizardModel, assertions);
describe('promotionWizard (editing offices, single step) machine model', () => {
  const paths = generatePaths(promotionOfficesEditModel);
  for (const path of paths) {
    it(path.description, () => {
      checkPath(promotionOfficesEditModel, path, {
        ...assertions,
        productStep: (_snapshot, event) => {
          throw new Error(`an offices edit never shows step 1 (${event.type})`);
        },
      });
    });
  }
  it('takes every transition an edit can take and visits every state but step 1', () => {
    const missing = missingCoverage(promotionOfficesEditModel, paths);
    expect(missing).toEqual({ states: ['promotionWizard.productStep'], transitions: [] });
  });
});

/** The machine run with actors: what each call received and where the address went. */
function run(
  input: typeof assignInput,
  type: 'venta' | 'proveedor',
  assigned = [] as (typeof heldEntry)[],
  saveError: Error | null = null,
) {
  const calls = {
    queries: [] as OfficeQuery[],
    saves: [] as SaveRequest[],
    addresses: [] as WizardAddress[],
  };
  let finished = 0;
  const machine = promotionWizardMachine.provide({
    actors: {
      loadWizard: fromPromise(async () => loaded(type, assigned)),
      fetchOffices: fromPromise(async ({ input: query }) => {
        calls.queries.push(query);
        return officePage;
      }),
      fetchMatchingIds: fromPromise(async () => ALL_MATCHING),
      save: fromPromise(async ({ input: request }) => {
        calls.saves.push(request);
        if (saveError) throw saveError;
        return savedEntries;
      }),
    },
    actions: {
      queryChanged: (_, address) => {
        calls.addresses.push(address);
      },
      finished: () => {
        finished += 1;
      },
    },
  });
  const actor = createActor(machine, { input }).start();
  return { actor, calls, finished: () => finished };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('promotionWizard with its actors', () => {
  it('a sale promotion: one product, three offices over two pages, one save, back to the promotion', async () => {
    const { actor, calls, finished } = run(assignInput, 'venta');
    await settle();
    actor.send({ type: 'ADD_PRODUCT', id: 1 });
    actor.send({ type: 'ADD_PRODUCT', id: 2 });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ products: [text.saleOneProduct] });
    actor.send({ type: 'NEXT' });
    await settle();
    expect(calls.queries.at(-1)).toEqual({
      mode: 'name',
      text: '',
      limit: DEFAULT_OFFICE_PAGE_SIZE,
      offset: 0,
      products: null,
    });
    actor.send({ type: 'SELECT_PAGE' });
    actor.send({ type: 'OFFICE_PAGE', offset: 2 });
    await settle();
    actor.send({ type: 'TOGGLE_OFFICE', id: 13 });
    expect(calls.addresses.at(-1)).toEqual({ pp: null, p: [1], o: [11, 12, 13], step: 2 });
    actor.send({ type: 'FINISH' });
    await settle();
    expect(calls.saves).toEqual([
      { promotionId: PROMOTION_ID, pp: null, products: [1], offices: [11, 12, 13] },
    ]);
    expect([actor.getSnapshot().status, finished()]).toEqual(['done', 1]);
  });

  it('a sale promotion already holding its product refuses another', async () => {
    const { actor } = run(assignInput, 'venta', [heldEntry]);
    await settle();
    actor.send({ type: 'ADD_PRODUCT', id: 1 });
    expect(actor.getSnapshot().context.values.products).toEqual([]);
    expect(actor.getSnapshot().context.fieldErrors.products).toEqual([text.saleOneProduct]);
  });

  it('a provider promotion: two products lock the office query; apply and start again', async () => {
    const { actor, calls } = run(assignInput, 'proveedor');
    await settle();
    actor.send({ type: 'ADD_PRODUCT', id: 1 });
    actor.send({ type: 'ADD_PRODUCT', id: 2 });
    actor.send({ type: 'NEXT' });
    await settle();
    expect(calls.queries.at(-1)?.products).toEqual([1, 2]);
    actor.send({ type: 'OFFICE_PAGE_SIZE', limit: 8 });
    actor.send({ type: 'OFFICE_PAGE_SIZE', limit: 5 });
    await settle();
    expect(calls.queries.at(-1)?.limit).toBe(8);
    actor.send({ type: 'SELECT_ALL' });
    await settle();
    actor.send({ type: 'APPLY_NEXT' });
    await settle();
    expect(calls.saves).toEqual([
      { promotionId: PROMOTION_ID, pp: null, products: [1, 2], offices: ALL_MATCHING },
    ]);
    expect(actor.getSnapshot().matches('productStep')).toBe(true);
    expect(calls.addresses.at(-1)).toEqual({ pp: null, p: [], o: [], step: 1 });
  });

  it('a reload lands on the same step with the same choices (unknown or assigned products dropped)', async () => {
    const { actor, calls } = run(
      { ...assignInput, products: [1, 2, 3, 99], offices: [12, 14], step: 2 },
      'proveedor',
      [heldEntry],
    );
    await settle();
    const { context } = actor.getSnapshot();
    expect(actor.getSnapshot().matches('officeStep')).toBe(true);
    expect(context.values).toEqual({ products: [1, 2], offices: [12, 14] });
    expect(addressOf(context)).toEqual({ pp: null, p: [1, 2], o: [12, 14], step: 2 });
    expect(calls.queries[0]?.products).toEqual([1, 2]);
  });

  it('a selection larger than the address holds is kept, but not written to the address', async () => {
    const many = Array.from({ length: MAX_ADDRESS_OFFICES + 1 }, (_, index) => index + 1);
    const { actor, calls } = run(assignInput, 'venta');
    await settle();
    actor.send({ type: 'ADD_PRODUCT', id: 1 });
    actor.send({ type: 'NEXT' });
    await settle();
    actor.send({ type: 'TOGGLE_OFFICE', id: 11 });
    expect(calls.addresses.at(-1)?.o).toEqual([11]);
    const { context } = actor.getSnapshot();
    expect(addressOf({ ...context, values: { ...context.values, offices: many } })).toEqual({
      pp: null,
      p: [1],
      o: [],
      step: 2,
    });
  });

  it('editing one product’s offices: a single step, starting from its offices, one edit call', async () => {
    const { actor, calls } = run({ ...assignInput, pp: EDITED_PP }, 'proveedor', [heldEntry]);
    await settle();
    expect(actor.getSnapshot().context.values.offices).toEqual([11]);
    expect(stepCounter(actor.getSnapshot().context)).toBe('1 de 1');
    actor.send({ type: 'TOGGLE_OFFICE', id: 11 });
    actor.send({ type: 'FINISH' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ offices: [text.officesRequired] });
    actor.send({ type: 'TOGGLE_OFFICE', id: 12 });
    actor.send({ type: 'BACK' });
    actor.send({ type: 'FINISH' });
    await settle();
    expect(calls.saves).toEqual([{ promotionId: PROMOTION_ID, pp: EDITED_PP, products: [], offices: [12] }]);
    expect(calls.addresses.at(-1)).toEqual({ pp: EDITED_PP, p: [], o: [12], step: 1 });
  });
});
