/**
 * Wizard persistence is one helper (issue 29 'Client'): a sessionStorage slot per wizard, owned
 * (the refund wizard: voucher and document) or not (the product wizard), and the restore probe
 * that accepts only a snapshot the machine can resume.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { snapshotSlot } from '../../src/client/api/wizardSnapshots';
import { restorableSnapshot } from '../../src/client/views/usePersistedWizard';

class MemoryStorage {
  private readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

let storage: MemoryStorage;
beforeEach(() => {
  storage = new MemoryStorage();
  vi.stubGlobal('window', { sessionStorage: storage });
});
afterEach(() => vi.unstubAllGlobals());

describe('snapshot slot', () => {
  it('reads back what it saved, and nothing once cleared', () => {
    const slot = snapshotSlot('productWizard:create:new');
    expect(slot.read()).toBeNull();
    slot.save({ value: 'editing', context: { step: 1 } });
    expect(snapshotSlot('productWizard:create:new').read()).toEqual({
      value: 'editing',
      context: { step: 1 },
    });
    slot.clear();
    expect(slot.read()).toBeNull();
  });

  it('reads back only for the owner that stored it', () => {
    snapshotSlot('refundWizard', 'voucher 7, DNI 1').save({ step: 2 });
    expect(snapshotSlot('refundWizard', 'voucher 7, DNI 1').read()).toEqual({ step: 2 });
    expect(snapshotSlot('refundWizard', 'voucher 8, DNI 1').read()).toBeNull();
    expect(snapshotSlot('refundWizard').read()).toBeNull();
    snapshotSlot('refundWizard').clear();
    expect(snapshotSlot('refundWizard', 'voucher 7, DNI 1').read()).toBeNull();
  });

  it('reads an unreadable value as nothing', () => {
    storage.setItem('broken', '{not json');
    expect(snapshotSlot('broken').read()).toBeNull();
  });
});

describe('restore probe', () => {
  const wizard = createMachine({
    id: 'wizard',
    initial: 'editing',
    states: {
      editing: { tags: ['resumable'], on: { SAVE: 'saving' } },
      saving: { on: { DONE: 'saved' } },
      saved: { type: 'final' },
    },
  });
  const persisted = (...events: string[]) => {
    const actor = createActor(wizard).start();
    for (const type of events) actor.send({ type });
    return actor.getPersistedSnapshot();
  };

  it('accepts a snapshot the machine can resume and refuses the others', () => {
    const editing = persisted();
    expect(restorableSnapshot(wizard, editing, undefined, 'resumable')).toBe(editing);
    expect(restorableSnapshot(wizard, persisted('SAVE'), undefined, 'resumable')).toBeUndefined();
    expect(restorableSnapshot(wizard, null, undefined, 'resumable')).toBeUndefined();
    expect(restorableSnapshot(wizard, { value: 'nowhere' }, undefined, 'resumable')).toBeUndefined();
  });
});
