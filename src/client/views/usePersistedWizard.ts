/**
 * A wizard whose snapshot survives a reload (the refund wizard, the product wizard): the one
 * helper for persisting a machine's snapshot. On mount it restores the slot's snapshot when the
 * machine can resume it (the snapshot carries the `resumable` tag); while it runs, every
 * resumable snapshot is saved (`getPersistedSnapshot`); once the machine is done the slot is
 * emptied. The actor is created with the QA recorder's inspect, as every screen's machine.
 */
import { useActorRef } from '@xstate/react';
import { useEffect, useState } from 'react';
import { type Actor, type AnyStateMachine, createActor, type InputFrom } from 'xstate';
import type { SnapshotSlot } from '../api/wizardSnapshots';
import { withRecording } from '../qa/useRecordedMachine';

/** The stored snapshot when `logic` can resume it (it carries the `resumable` tag), else undefined. */
export function restorableSnapshot(
  logic: AnyStateMachine,
  snapshot: unknown,
  input: unknown,
  resumable: string,
): unknown | undefined {
  if (!snapshot) return undefined;
  try {
    const probe = createActor(logic, { snapshot: snapshot as never, input });
    return probe.getSnapshot().hasTag(resumable) ? snapshot : undefined;
  } catch {
    return undefined;
  }
}

export function usePersistedWizard<TLogic extends AnyStateMachine>(
  logic: TLogic,
  { slot, input, resumable }: { slot: SnapshotSlot; input: InputFrom<TLogic>; resumable: string },
): Actor<TLogic> {
  const [restored] = useState(() => restorableSnapshot(logic, slot.read(), input, resumable));
  const useActor = useActorRef as (logic: TLogic, options: object) => Actor<TLogic>;
  const actor = useActor(
    logic,
    withRecording({ input, ...(restored === undefined ? {} : { snapshot: restored }) }),
  );
  useEffect(() => {
    const running = actor as unknown as Actor<AnyStateMachine>;
    const subscription = running.subscribe((state) => {
      if (state.status === 'done') slot.clear();
      else if (state.hasTag(resumable)) slot.save(running.getPersistedSnapshot());
    });
    return () => subscription.unsubscribe();
  }, [actor, slot, resumable]);
  return actor;
}
