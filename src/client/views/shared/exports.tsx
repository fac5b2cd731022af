/**
 * The export notifications of the signed-in user (issue 12): one exportNotifications actor for
 * the shell, read by the bell and by the lists' 'Exportar' buttons.
 */
import { useActorRef } from '@xstate/react';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';
import { exportNotificationsMachine } from '../../../../machines/exportNotifications';
import { exportActors, readStoredExports, storeExports } from '../../api/exports';

export type ExportsActor = ActorRefFrom<typeof exportNotificationsMachine>;

const ExportsContext = createContext<ExportsActor | null>(null);

export function ExportsProvider({ userId, children }: { userId: number; children: ReactNode }) {
  const logic = useMemo(
    () =>
      exportNotificationsMachine.provide({
        actors: exportActors,
        actions: { persist: (_, { items }) => storeExports(userId, items) },
      }),
    [userId],
  );
  const actor = useActorRef(logic, { input: { items: readStoredExports(userId) } });
  return <ExportsContext.Provider value={actor}>{children}</ExportsContext.Provider>;
}

/** The shell's export actor (null outside the shell). */
export function useExports(): ExportsActor | null {
  return useContext(ExportsContext);
}
