/**
 * The refund wizard's server-side draft saver (issue 30 §1, docs/refund-drafts.md): spawned by
 * the wizard (machines/refundWizard.ts) once it knows the draft's version, it saves what the
 * traveller typed and uploaded with PUT /refund_data/draft/ (version-checked):
 *
 * - an edit (`DRAFT_CHANGED`) is saved after `draftDebounce` without further edits;
 * - a step change or 'Guardar y seguir después' (`DRAFT_SAVE_NOW`) is saved at once; the latter
 *   (`explicit`) then says `draftSaved`;
 * - an edit while a save is in flight is saved right after it;
 * - a failed save says `draftSaveFailed` with 'Reintentar guardado' (the wizard keeps everything
 *   typed; a later step change retries too);
 * - a 409 (another tab or device saved meanwhile) says `draftStale` and saves nothing more until
 *   the traveller loads the newer draft (`DRAFT_LOAD_NEWER`), which is sent to the wizard as
 *   `DRAFT_RESUMED` and replaces what this tab shows;
 * - a 401 (issue 40, traveller reach: another login replaced this session, or it expired) can
 *   never succeed by retrying: `signedOut` says why (the server's detail, 'Su sesión de reintegro
 *   se abrió en otro dispositivo…') and offers 'Volver a ingresar' (`DRAFT_SIGN_IN`), which logs in
 *   again with the same voucher and document (`signInAgain`) without leaving the screen, then
 *   saves what is on it (a 409 then offers the newer draft as above).
 */
import { assign, fromPromise, setup } from 'xstate';
import { messages } from '../src/contracts/messages';
import type { RefundDraft, RefundDraftData } from '../src/contracts/refund';

export interface DraftSaverInput {
  /** The version read at login (0: no draft yet). */
  version: number;
}

export interface DraftSaverContext extends DraftSaverInput {
  /** The latest data to save (null until the first change). */
  data: RefundDraftData | null;
  /** Changed while a save was in flight: save again when it ends. */
  dirty: boolean;
  /** The traveller asked to save ('Guardar y seguir después'): say so when it is saved. */
  explicit: boolean;
  /** The explicit save is done ('draftSaved' shows until the next change). */
  saved: boolean;
  /** Why the session cannot save (the 401's detail), or why signing in again failed; else null. */
  signedOutMessage: string | null;
}

export type DraftSaverEvent =
  | { type: 'DRAFT_CHANGED'; data: RefundDraftData }
  | { type: 'DRAFT_SAVE_NOW'; data: RefundDraftData; explicit?: boolean }
  | { type: 'DRAFT_RETRY' }
  | { type: 'DRAFT_LOAD_NEWER' }
  | { type: 'DRAFT_SIGN_IN' };

/** What the saver tells the wizard: the newer draft to show instead. */
export interface DraftResumedEvent {
  type: 'DRAFT_RESUMED';
  draft: RefundDraft;
}

export interface SaveDraftInput {
  version: number;
  data: RefundDraftData;
}

const statusOf = (error: unknown) =>
  typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined;

/** A save refused because another tab or device saved first. */
export function isStaleSave(error: unknown): boolean {
  return statusOf(error) === 409;
}

/** A save refused because the session is no longer valid (replaced by another login, or expired). */
export function isSignedOut(error: unknown): boolean {
  return statusOf(error) === 401;
}

const messageOfError = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback;

export const refundDraftMachine = setup({
  types: {
    context: {} as DraftSaverContext,
    events: {} as DraftSaverEvent,
    input: {} as DraftSaverInput,
  },
  actors: {
    saveDraft: fromPromise<{ version: number }, SaveDraftInput>(async () => {
      throw new Error('saveDraft not provided');
    }),
    loadDraft: fromPromise<RefundDraft | null>(async () => {
      throw new Error('loadDraft not provided');
    }),
    /** Logs in again with the session's voucher and document; later calls use the new token. */
    signInAgain: fromPromise<void>(async () => {
      throw new Error('signInAgain not provided');
    }),
  },
  delays: { draftDebounce: 1500 },
  actions: {
    /**
     * The newer draft goes to the wizard that spawned this saver (a plain action, not sendParent:
     * the saver's model walks it without a parent).
     */
    tellWizard: ({ self, event }) => {
      const draft = (event as { output?: RefundDraft | null }).output;
      if (draft) self._parent?.send({ type: 'DRAFT_RESUMED', draft } satisfies DraftResumedEvent);
    },
    keepData: assign(({ context, event }) => {
      if (event.type !== 'DRAFT_CHANGED' && event.type !== 'DRAFT_SAVE_NOW') return {};
      return {
        data: event.data,
        explicit: event.type === 'DRAFT_SAVE_NOW' ? context.explicit || Boolean(event.explicit) : false,
        saved: false,
      };
    }),
  },
  guards: {
    dirty: ({ context }) => context.dirty,
    stale: ({ event }) => isStaleSave((event as { error?: unknown }).error),
    signedOut: ({ event }) => isSignedOut((event as { error?: unknown }).error),
    hasData: ({ context }) => context.data !== null,
  },
}).createMachine({
  id: 'refundDraft',
  context: ({ input }) => ({
    ...input,
    data: null,
    dirty: false,
    explicit: false,
    saved: false,
    signedOutMessage: null,
  }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        DRAFT_CHANGED: { target: 'pending', actions: 'keepData' },
        DRAFT_SAVE_NOW: { target: 'saving', actions: 'keepData' },
      },
    },
    pending: {
      after: { draftDebounce: 'saving' },
      on: {
        // Each edit restarts the wait.
        DRAFT_CHANGED: { target: 'pending', reenter: true, actions: 'keepData' },
        DRAFT_SAVE_NOW: { target: 'saving', actions: 'keepData' },
      },
    },
    saving: {
      invoke: {
        id: 'saveDraft',
        src: 'saveDraft',
        input: ({ context }) => ({ version: context.version, data: context.data! }),
        onDone: [
          {
            guard: 'dirty',
            target: 'saving',
            reenter: true,
            actions: assign({ version: ({ event }) => event.output.version, dirty: false }),
          },
          {
            target: 'idle',
            actions: assign(({ context, event }) => ({
              version: event.output.version,
              saved: context.explicit,
              explicit: false,
            })),
          },
        ],
        onError: [
          { guard: 'stale', target: 'stale', actions: assign({ dirty: false }) },
          {
            guard: 'signedOut',
            target: 'signedOut',
            actions: assign({
              dirty: false,
              signedOutMessage: ({ event }) => messageOfError(event.error, messages.refund.accessExpired),
            }),
          },
          { target: 'failed', actions: assign({ dirty: false }) },
        ],
      },
      on: {
        DRAFT_CHANGED: { actions: ['keepData', assign({ dirty: true })] },
        DRAFT_SAVE_NOW: { actions: ['keepData', assign({ dirty: true })] },
      },
    },
    // 'No se pudo guardar el borrador': everything stays on screen; the traveller retries, or the
    // next step change ('Continuar', 'Anterior', 'Guardar y seguir después') saves again.
    failed: {
      on: {
        DRAFT_RETRY: { guard: 'hasData', target: 'saving' },
        DRAFT_CHANGED: { actions: 'keepData' },
        DRAFT_SAVE_NOW: { target: 'saving', actions: 'keepData' },
      },
    },
    // Another tab or device saved a newer draft: nothing is written over it; this tab's later
    // edits stay on screen only, until the traveller loads the newer draft.
    stale: {
      on: {
        DRAFT_LOAD_NEWER: 'loading',
        DRAFT_CHANGED: { actions: 'keepData' },
        DRAFT_SAVE_NOW: { actions: 'keepData' },
      },
    },
    // Issue 40 (traveller reach): the session moved to another device (or expired). Retrying
    // cannot succeed; everything stays on screen and the traveller signs in again from here.
    signedOut: {
      on: {
        DRAFT_SIGN_IN: 'signingIn',
        DRAFT_CHANGED: { actions: 'keepData' },
        DRAFT_SAVE_NOW: { actions: 'keepData' },
      },
    },
    signingIn: {
      invoke: {
        id: 'signInAgain',
        src: 'signInAgain',
        // Entered from a failed save only, so there is always data to save.
        onDone: { target: 'saving', actions: assign({ signedOutMessage: null }) },
        onError: {
          target: 'signedOut',
          actions: assign({
            signedOutMessage: ({ event }) => messageOfError(event.error, messages.common.genericRetry),
          }),
        },
      },
      on: {
        DRAFT_CHANGED: { actions: 'keepData' },
        DRAFT_SAVE_NOW: { actions: 'keepData' },
      },
    },
    loading: {
      invoke: {
        id: 'loadDraft',
        src: 'loadDraft',
        onDone: [
          {
            guard: ({ event }) => event.output !== null,
            target: 'idle',
            actions: [
              assign({ version: ({ event }) => event.output!.version, data: null, explicit: false }),
              'tellWizard',
            ],
          },
          // The draft is gone (sent or discarded elsewhere): this tab's data becomes the draft.
          { target: 'saving', actions: assign({ version: 0 }) },
        ],
        onError: 'stale',
      },
    },
  },
});
