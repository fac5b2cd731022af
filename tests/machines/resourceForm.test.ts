import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { coverageOf, generatePaths } from '../../machines/models/paths';
import {
  agenciaSubject,
  loadedVoucher,
  resourceFormModel,
  resourceFormShowModel,
  sampleVoucherValues,
  sampleZoneValues,
  zoneFieldErrors,
} from '../../machines/models/resources';
import {
  type FieldAccessMap,
  type FormGroup,
  type FormValues,
  type LoadedForm,
  type LoadFormRequest,
  resourceFormMachine,
  type SaveRequest,
  sameValue,
} from '../../machines/resourceForm';
import { FieldErrorsError } from '../../machines/support/errors';
import { fieldAccessOf } from '../../src/contracts/access';
import { messages } from '../../src/contracts/messages';
import { moneyField } from '../../src/contracts/offices';
import { recalculatedPrices } from '../../src/contracts/voucherPrices';
import { testMachineModel } from './harness';

const knownValues = ['', 'NAC', 'NAC2'];

/** The record's own fields never change where the user may not edit them. */
function assertAccessKept(snapshot: { context: { values: FormValues; fieldAccess: FieldAccessMap } }) {
  const { values, fieldAccess } = snapshot.context;
  if ('status' in values) {
    // 'agencia' on a voucher: status editable, prices read-only, the passenger group hidden.
    expect(fieldAccess).toEqual({
      status: 'edit',
      pvp: 'read',
      final_price: 'read',
      zones: 'edit',
      pax: 'hidden',
    });
    expect([values.pvp, values.final_price, values.pax]).toEqual([
      sampleVoucherValues.pvp,
      sampleVoucherValues.final_price,
      sampleVoucherValues.pax,
    ]);
    expect(['Emitido', 'Anulado']).toContain(values.status);
  } else {
    expect(fieldAccess).toEqual({});
    expect(knownValues).toContain(values.short_name);
  }
}

testMachineModel('resourceForm', resourceFormModel, {
  loading: (snapshot) => {
    expect(snapshot.context.saved).toBeNull();
    expect(snapshot.context.dirty).toBe(false);
  },
  loadFailed: (snapshot) => expect(snapshot.context.error).toBe(messages.common.notFound),
  showing: (snapshot) => {
    expect(snapshot.context.values).toEqual(sampleZoneValues);
    expect(snapshot.context.dirty).toBe(false);
  },
  editing: (snapshot, event) => {
    const { values, pristine, dirty, fieldErrors } = snapshot.context;
    assertAccessKept(snapshot);
    expect(dirty).toBe(!sameValue(values as FormGroup, pristine as FormGroup));
    if (event.type === 'xstate.error.actor.validateValues')
      expect(fieldErrors).toEqual({ long_name: [messages.resources.longNameRequired] });
    // Typing in a field clears that field's errors (and only those).
    else if (event.type === 'FIELD_CHANGED') expect(fieldErrors).not.toHaveProperty(String(event.field));
    else expect(fieldErrors).toEqual({});
    if (event.type === 'FIELD_CHANGED' && snapshot.context.fieldAccess[event.field as string] === undefined)
      expect(values[event.field as string]).toEqual(event.value);
  },
  validating: (snapshot) => {
    assertAccessKept(snapshot);
    expect(snapshot.context.saved).toBeNull();
  },
  saving: (snapshot) => {
    expect(snapshot.context.body).not.toBeNull();
    expect(snapshot.context.fieldErrors).toEqual({});
    expect(snapshot.context.error).toBeNull();
  },
  saveFailed: (snapshot, event) => {
    // What was typed is kept, with the server's field errors or its detail.
    assertAccessKept(snapshot);
    const refusal = (event as { error?: unknown }).error;
    expect([snapshot.context.error, snapshot.context.fieldErrors]).toEqual(
      refusal instanceof FieldErrorsError ? [null, zoneFieldErrors] : [messages.common.forbidden, {}],
    );
  },
  saved: (snapshot) => {
    expect(snapshot.context.saved).toMatchObject({ id: 1 });
    expect(snapshot.context.dirty).toBe(false);
  },
});

describe('per-field access from access.ts', () => {
  it("gives an 'agencia' user an editable status and read-only prices on a voucher", () => {
    expect(
      fieldAccessOf(agenciaSubject, 'voucher', 'edit', ['status', 'pvp', 'final_price', 'commission']),
    ).toEqual({ status: 'edit', pvp: 'read', final_price: 'read', commission: 'read' });
    expect(fieldAccessOf(agenciaSubject, 'voucher', 'show', ['status'])).toEqual({ status: 'read' });
    expect(fieldAccessOf(agenciaSubject, 'voucher', 'create', ['pvp'])).toEqual({ pvp: 'edit' });
    const hiding = [
      { subject: { groupId: 16 }, entity: 'voucher', view: 'edit', field: 'pvp', visible: false },
    ] as const;
    expect(fieldAccessOf(agenciaSubject, 'voucher', 'edit', ['pvp'], hiding)).toEqual({ pvp: 'hidden' });
  });

  it('ignores a change to a read-only field and takes lists of ids as values', async () => {
    const actor = createActor(
      resourceFormMachine.provide({
        actors: { loadForm: fromPromise(async (): Promise<LoadedForm> => loadedVoucher) },
      }),
      { input: { mode: 'edit', id: 1, defaults: {} } },
    );
    actor.start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    actor.send({ type: 'FIELD_CHANGED', field: 'pvp', value: '1.00' });
    expect(actor.getSnapshot().context.dirty).toBe(false);
    actor.send({ type: 'FIELD_CHANGED', field: 'zones', value: ['2', '3'] });
    expect(actor.getSnapshot().context.values.zones).toEqual(['2', '3']);
    expect(actor.getSnapshot().context.dirty).toBe(true);
    actor.send({ type: 'FIELD_CHANGED', field: 'zones', value: ['1', '2'] });
    expect(actor.getSnapshot().context.dirty).toBe(false);
  });
});

describe("values derived from a change (issue 32: a voucher's net price)", () => {
  it('recalculates the net price as the commission is typed, though the user may not edit the net price', async () => {
    const loaded: LoadedForm = {
      values: { final_price: '222,00', commission: '33,30', net_price: '188,70' },
      options: {},
      fieldAccess: { net_price: 'read' },
    };
    const actor = createActor(
      resourceFormMachine.provide({
        actors: { loadForm: fromPromise(async (): Promise<LoadedForm> => loaded) },
      }),
      { input: { mode: 'edit', id: 1, defaults: {}, derive: recalculatedPrices } },
    );
    actor.start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    actor.send({ type: 'FIELD_CHANGED', field: 'commission', value: '32,65' });
    expect(actor.getSnapshot().context.values).toEqual({
      final_price: '222,00',
      commission: '32,65',
      net_price: '189,35',
    });
    expect(actor.getSnapshot().context.dirty).toBe(true);
    // The read-only net price itself still ignores the user's changes.
    actor.send({ type: 'FIELD_CHANGED', field: 'net_price', value: '1,00' });
    expect(actor.getSnapshot().context.values.net_price).toBe('189,35');
    actor.send({ type: 'FIELD_CHANGED', field: 'commission', value: '33,30' });
    expect(actor.getSnapshot().context.values.net_price).toBe('188,70');
    expect(actor.getSnapshot().context.dirty).toBe(false);
  });
});

describe('resourceForm in show mode', () => {
  it('ends read-only with the loaded values, or offers a retry', async () => {
    const paths = generatePaths(resourceFormShowModel);
    const { visitedStates } = coverageOf(resourceFormShowModel, paths);
    expect(visitedStates).toEqual(
      new Set(['resourceForm', 'resourceForm.loading', 'resourceForm.loadFailed', 'resourceForm.showing']),
    );
    for (const path of paths) {
      await path.test({
        states: {
          editing: () => expect.unreachable('show mode never edits'),
          showing: (snapshot) => {
            expect(snapshot.context.mode).toBe('show');
            expect(snapshot.context.dirty).toBe(false);
          },
          loadFailed: (snapshot) => expect(snapshot.context.error).toBe(messages.common.notFound),
          loading: (snapshot) => expect(snapshot.context.saved).toBeNull(),
        },
      });
    }
  });
});

describe('resourceForm with actors', () => {
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  function start(mode: 'create' | 'edit' | 'clone', save: (request: SaveRequest) => Promise<unknown>) {
    const saves: SaveRequest[] = [];
    const actor = createActor(
      resourceFormMachine.provide({
        actors: {
          loadForm: fromPromise(
            async ({ input }: { input: LoadFormRequest }): Promise<LoadedForm> => ({
              values: input.mode === 'create' ? null : sampleZoneValues,
              options: { country: [{ value: '5', label: 'Argentina' }] },
            }),
          ),
          validateValues: fromPromise(async ({ input }: { input: FormValues }): Promise<unknown> => {
            if (!input.long_name)
              throw new FieldErrorsError({ long_name: [messages.resources.longNameRequired] });
            return input;
          }),
          saveRecord: fromPromise(async ({ input }: { input: SaveRequest }) => {
            saves.push(input);
            return (await save(input)) as { id: number };
          }),
        },
      }),
      { input: { mode, id: mode === 'create' ? null : 1, defaults: { short_name: '', long_name: '' } } },
    );
    actor.start();
    return { actor, saves };
  }

  it('validates on the client before saving, then keeps typed values when the server refuses', async () => {
    let refuse = true;
    const { actor, saves } = start('create', async () => {
      if (refuse) throw new FieldErrorsError(zoneFieldErrors, 'dup');
      return { id: 9 };
    });
    await settle();
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().context.options.country).toHaveLength(1);
    actor.send({ type: 'FIELD_CHANGED', field: 'short_name', value: 'NAC' });
    expect(actor.getSnapshot().context.dirty).toBe(true);
    actor.send({ type: 'SUBMITTED' });
    await settle();
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      long_name: [messages.resources.longNameRequired],
    });
    expect(saves).toHaveLength(0);
    actor.send({ type: 'FIELD_CHANGED', field: 'long_name', value: 'Nacional' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
    actor.send({ type: 'SUBMITTED' });
    await settle();
    await settle();
    expect(actor.getSnapshot().matches('saveFailed')).toBe(true);
    expect(actor.getSnapshot().context.values).toEqual({ short_name: 'NAC', long_name: 'Nacional' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual(zoneFieldErrors);
    expect(actor.getSnapshot().context.error).toBeNull();
    refuse = false;
    actor.send({ type: 'SUBMITTED' });
    await settle();
    await settle();
    expect(actor.getSnapshot().matches('saved')).toBe(true);
    expect(actor.getSnapshot().context.dirty).toBe(false);
    expect(saves.at(-1)).toMatchObject({ mode: 'create', id: null });
  });

  it('a money field it cannot read is an error only once validation refuses it (issue 40)', async () => {
    const budget = moneyField();
    const saved: unknown[] = [];
    const actor = createActor(
      resourceFormMachine.provide({
        actors: {
          loadForm: fromPromise(async (): Promise<LoadedForm> => ({ values: null, options: {} })),
          // As the view validates: the contract's money field, the one amount parser.
          validateValues: fromPromise(async ({ input }: { input: FormValues }): Promise<unknown> => {
            const read = budget.safeParse(input.budget);
            if (!read.success) throw new FieldErrorsError({ budget: [read.error.issues[0]!.message] });
            return { budget: read.data };
          }),
          saveRecord: fromPromise(async ({ input }: { input: SaveRequest }) => {
            saved.push(input.body);
            return { id: 3 };
          }),
        },
      }),
      { input: { mode: 'create', id: null, defaults: { budget: '' } } },
    );
    actor.start();
    await settle();
    actor.send({ type: 'FIELD_CHANGED', field: 'budget', value: '1.000.0' });
    // While typing: no error held (the view hints how it reads it).
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
    actor.send({ type: 'SUBMITTED' });
    await settle();
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      budget: [messages.amounts.misplacedSeparator],
    });
    expect(actor.getSnapshot().context.values.budget).toBe('1.000.0');
    actor.send({ type: 'FIELD_CHANGED', field: 'budget', value: '1,000.50' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
    actor.send({ type: 'SUBMITTED' });
    await settle();
    await settle();
    expect(actor.getSnapshot().matches('saved')).toBe(true);
    expect(saved).toEqual([{ budget: '1000.50' }]);
  });

  it('edits a loaded record and is dirty only while the values differ', async () => {
    const { actor } = start('edit', async (request) => ({ id: request.id }));
    await settle();
    expect(actor.getSnapshot().context.values).toEqual(sampleZoneValues);
    actor.send({ type: 'FIELD_CHANGED', field: 'long_name', value: 'Otra' });
    expect(actor.getSnapshot().context.dirty).toBe(true);
    actor.send({ type: 'FIELD_CHANGED', field: 'long_name', value: sampleZoneValues.long_name });
    expect(actor.getSnapshot().context.dirty).toBe(false);
  });
});

describe('a permission refusal while loading (issue 18)', () => {
  class Refusal extends FieldErrorsError {
    constructor(readonly status: number) {
      super({}, status === 403 ? messages.common.forbidden : messages.common.genericRetry);
    }
  }
  it.each([
    [403, false],
    [500, true],
  ])('after a %i the form offers a retry: %s', async (status, retryable) => {
    const actor = createActor(
      resourceFormMachine.provide({
        actors: {
          loadForm: fromPromise(async (): Promise<LoadedForm> => {
            throw new Refusal(status);
          }),
        },
      }),
      { input: { mode: 'edit', id: 1, defaults: {} } },
    );
    actor.start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().value).toBe('loadFailed');
    expect(actor.getSnapshot().context.retryable).toBe(retryable);
  });
});
