/** The resourceList actor as the list's parts see it: its snapshot and its `send`. */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { resourceListMachine } from '../../../../../machines/resourceList';

export type ListActor = ActorRefFrom<typeof resourceListMachine>;
export type ListSnapshot = SnapshotFrom<typeof resourceListMachine>;
export type ListSend = ListActor['send'];
