/**
 * The refund wizard's draft saver (issue 30 §1, machines/refundDraft.ts) along its model's paths:
 * edits after the pause, saves at once, the failure with retry, the 409 and the newer draft.
 * The wizard running its saver is tested in refundWizardDraft.test.ts.
 */
import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { refundDraftModel, SIGNED_OUT_SAMPLE } from '../../machines/models/refund';
import type { DraftSaverContext } from '../../machines/refundDraft';
import type { RefundDraftData } from '../../src/contracts/refund';
import { testMachineModel } from './harness';

const changes = new Set(['DRAFT_CHANGED', 'DRAFT_SAVE_NOW']);
const dataOf = (event: AnyEventObject, before: DraftSaverContext | undefined) =>
  changes.has(event.type) ? (event.data as RefundDraftData) : (before?.data ?? null);

testMachineModel('refundDraft', refundDraftModel, {
  idle: (snapshot, event, _trail, before) => {
    const { version, saved, data, dirty, explicit } = snapshot.context;
    expect([dirty, explicit]).toEqual([false, false]);
    // The saved version is the server's answer; a loaded draft's version replaces this tab's.
    const expectedVersion =
      event.type === 'xstate.done.actor.saveDraft'
        ? event.output.version
        : event.type === 'xstate.done.actor.loadDraft'
          ? event.output.version
          : 0;
    expect(version).toBe(expectedVersion);
    // 'Guardamos su solicitud' only after the save the traveller asked for.
    expect(saved).toBe(event.type === 'xstate.done.actor.saveDraft' && before!.context.explicit);
    expect(data).toEqual(
      event.type === 'xstate.done.actor.loadDraft' ? null : dataOf(event, before?.context),
    );
  },
  pending: (snapshot, event, _trail, before) => {
    expect(snapshot.context.data).toEqual(event.data);
    expect([snapshot.context.saved, snapshot.context.explicit]).toEqual([false, false]);
    expect(snapshot.context.version).toBe(before!.context.version);
  },
  saving: (snapshot, event, _trail, before) => {
    const previous = before!.context;
    const child = snapshot.children.saveDraft;
    expect(child).toBeDefined();
    expect(snapshot.context.data).toEqual(dataOf(event, previous));
    // A change while saving is saved right after; the answer's version is the next base.
    const whileSaving = before!.matches('saving') && changes.has(event.type);
    expect(snapshot.context.dirty).toBe(
      whileSaving || (previous.dirty && event.type !== 'xstate.done.actor.saveDraft'),
    );
    expect(snapshot.context.version).toBe(
      event.type === 'xstate.done.actor.saveDraft'
        ? event.output.version
        : event.type === 'xstate.done.actor.loadDraft'
          ? 0
          : previous.version,
    );
    // The explicit request survives until its save ends.
    expect(snapshot.context.explicit).toBe(
      previous.explicit || (event.type === 'DRAFT_SAVE_NOW' && event.explicit === true),
    );
  },
  // Issue 40 (traveller reach): a replaced session is never offered 'Reintentar guardado'; it says
  // why (the 401's detail) and offers signing in again, keeping what is on screen.
  signedOut: (snapshot, event, _trail, before) => {
    expect(snapshot.context.data).toEqual(dataOf(event, before!.context));
    expect(snapshot.context.data).not.toBeNull();
    expect(snapshot.context.version).toBe(before!.context.version);
    expect(snapshot.can({ type: 'DRAFT_RETRY' })).toBe(false);
    expect(snapshot.can({ type: 'DRAFT_SIGN_IN' })).toBe(true);
    expect(snapshot.context.signedOutMessage).toBe(
      event.type === 'xstate.error.actor.signInAgain'
        ? 'network'
        : event.type === 'xstate.error.actor.saveDraft'
          ? SIGNED_OUT_SAMPLE
          : before!.context.signedOutMessage,
    );
  },
  signingIn: (snapshot, event, _trail, before) => {
    expect(snapshot.children.signInAgain).toBeDefined();
    expect(snapshot.context.data).toEqual(dataOf(event, before!.context));
    expect(snapshot.can({ type: 'DRAFT_RETRY' })).toBe(false);
  },
  failed: (snapshot, event, _trail, before) => {
    expect(snapshot.context.data).toEqual(dataOf(event, before!.context));
    expect(snapshot.context.data).not.toBeNull();
    expect(snapshot.context.dirty).toBe(false);
    expect(snapshot.can({ type: 'DRAFT_RETRY' })).toBe(true);
  },
  stale: (snapshot, event, _trail, before) => {
    // Nothing more is written over the newer draft; this tab's edits stay in memory.
    expect(snapshot.context.data).toEqual(dataOf(event, before!.context));
    expect(snapshot.context.version).toBe(before!.context.version);
    expect(snapshot.can({ type: 'DRAFT_LOAD_NEWER' })).toBe(true);
    expect(snapshot.can({ type: 'DRAFT_RETRY' })).toBe(false);
  },
  loading: (snapshot) => {
    expect(snapshot.children.loadDraft).toBeDefined();
    expect(snapshot.context.data).not.toBeNull();
  },
});
