/**
 * `useMachine` with the recording registry's `inspect` option, so 'Grabar sesión' can record the
 * flow. Same arguments and result as @xstate/react's useMachine; an `inspect` given in the
 * options still runs.
 */
import { useMachine } from '@xstate/react';
import type {
  ActorOptions,
  AnyStateMachine,
  ConditionalRequired,
  InspectionEvent,
  IsNotNever,
  Observer,
  RequiredActorOptionsKeys,
} from 'xstate';
import { recordingInspect } from './recorder';

type Inspect = ((event: InspectionEvent) => void) | Observer<InspectionEvent> | undefined;

/** Options with the recorder's inspect added (for useMachine, createActor, an actor context's Provider). */
export function withRecording<TOptions extends object>(
  options?: TOptions,
): TOptions & { inspect: (event: InspectionEvent) => void } {
  const own = (options as { inspect?: Inspect } | undefined)?.inspect;
  return {
    ...(options ?? ({} as TOptions)),
    inspect: (event: InspectionEvent) => {
      recordingInspect(event);
      if (typeof own === 'function') own(event);
      else own?.next?.(event);
    },
  };
}

type Options<TMachine extends AnyStateMachine> = ActorOptions<TMachine> & {
  [K in RequiredActorOptionsKeys<TMachine>]: unknown;
};

export function useRecordedMachine<TMachine extends AnyStateMachine>(
  machine: TMachine,
  ...[options]: ConditionalRequired<
    [options?: Options<TMachine>],
    IsNotNever<RequiredActorOptionsKeys<TMachine>>
  >
): ReturnType<typeof useMachine<TMachine>> {
  const use = useMachine as (
    logic: TMachine,
    options: ActorOptions<TMachine>,
  ) => ReturnType<typeof useMachine<TMachine>>;
  return use(machine, withRecording(options as ActorOptions<TMachine> | undefined));
}
