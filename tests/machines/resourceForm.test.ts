import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { coverageOf, generatePaths } from '../../machines/models/paths';
import {
  resourceFormModel,
  resourceFormShowModel,
  sampleZoneValues,
  zoneFieldErrors,
} from '../../machines/models/resources';
import {
  type FormValues,
  type LoadedForm,
  type LoadFormRequest,
  resourceFormMachine,
  type SaveRequest,
} from '../../machines/resourceForm';
import { FieldErrorsError } from '../../machines/support/errors';
import { messages } from '../../src/contracts/messages';
import { testMachineModel } from './harness';

const knownValues = ['', 'NAC', 'NAC2'];

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
  editing: (snapshot) => {
    const { values, pristine, dirty } = snapshot.context;
    expect(dirty).toBe(values.short_name !== pristine.short_name || values.long_name !== pristine.long_name);
    for (const messagesOfField of Object.values(snapshot.context.fieldErrors))
      expect(messagesOfField).toEqual([messages.resources.longNameRequired]);
  },
  validating: (snapshot) => {
    expect(knownValues).toContain(snapshot.context.values.short_name);
    expect(snapshot.context.saved).toBeNull();
  },
  saving: (snapshot) => {
    expect(snapshot.context.body).not.toBeNull();
    expect(snapshot.context.fieldErrors).toEqual({});
    expect(snapshot.context.error).toBeNull();
  },
  saveFailed: (snapshot) => {
    // What was typed is kept, with the server's field errors or its detail.
    expect(knownValues).toContain(snapshot.context.values.short_name);
    if (snapshot.context.error) {
      expect(snapshot.context.error).toBe(messages.common.forbidden);
      expect(snapshot.context.fieldErrors).toEqual({});
    } else expect(snapshot.context.fieldErrors).toEqual(zoneFieldErrors);
  },
  saved: (snapshot) => {
    expect(snapshot.context.saved).toMatchObject({ id: 1 });
    expect(snapshot.context.dirty).toBe(false);
  },
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
