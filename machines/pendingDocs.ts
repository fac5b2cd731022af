/**
 * The traveller's /upload_data page (issue 17 'Links'; SPEC §2 '/upload_data', §4 'Pending docs',
 * §5 'Pending docs', §8): loading the link, then the access error or step 0 'Cargar Documentos';
 * the chosen files prepared as in the claim wizard (images recompressed, PDF pages to JPEG),
 * posted to /upload_pending_doc/ (status ok, ko with the server message, error generic), the refund
 * patched with the file ids, then step 1 'Solicitud enviada': success or error (either failure).
 *
 * The limit (remaining_files) counts the files that will be sent: a PDF counts its pages, at the
 * pick as the claim dialog does (issue 40, traveller reach: `acceptFiles` with page counting, the
 * pick over the limit refused whole, saying how many), and again after preparing, before anything
 * is posted. A file whose bytes are not what its name says is refused at the pick, named. A failure keeps the files and the comment; 'Reintentar'
 * goes back to the form.
 *
 * Issue 31: each chosen file is read on the server: a `receiptReading` child per file (id
 * `pendingDocReadingId(file.id)`, listed in `reading`), spawned when the file is chosen and
 * stopped when it is removed. There is nothing to fill here, so the page only shows what was read
 * (`messages.receiptReading.readOnly`); a failed reading says nothing and nothing waits for it.
 */
import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import { messages } from '../src/contracts/messages';
import { MAX_COMMENT_LENGTH } from '../src/contracts/refund';
import type { PendingDocsAccess, UploadPendingDocResponse } from '../src/contracts/refund/links';
import { acceptFiles, pagesOf, type ReceiptRef } from './claimForm';
import { receiptReadingMachine } from './receiptReading';
import { messageOf } from './support/errors';

const text = messages.refundLinks;

export interface PendingDocsInput {
  refundId: string;
  hash: string;
}

/** A prepared file (JPEG), opaque to the machine: the client's actors make and send them. */
export interface PreparedDoc {
  name: string;
  blob: unknown;
}

export interface PendingDocsContext extends PendingDocsInput {
  access: PendingDocsAccess | null;
  files: ReceiptRef[];
  comment: string;
  errors: { files?: string; comment?: string };
  /** The alert of a refused choice (extension, duplicate, limit). */
  notice: string | null;
  prepared: PreparedDoc[];
  fileIds: string[];
  /** The access error's server message, or the failure's. */
  error: string | null;
  /** Issue 31: the chosen files being read, each by its child `pendingDocReadingId(id)`. */
  reading: string[];
}

/** The id of the child reading a chosen file (issue 31). */
export const pendingDocReadingId = (fileId: string) => `reading:${fileId}`;

export type PendingDocsEvent =
  | { type: 'FILES_CHOSEN'; files: ReceiptRef[] }
  | { type: 'FILE_REMOVED'; id: string }
  | { type: 'COMMENT_CHANGED'; value: string }
  | { type: 'SUBMIT' }
  | { type: 'RETRY' };

const limitOf = (context: Pick<PendingDocsContext, 'access'>) => context.access?.remaining_files ?? 0;

export function pendingDocsProblems(
  context: Pick<PendingDocsContext, 'files' | 'comment' | 'access'>,
): PendingDocsContext['errors'] {
  const errors: PendingDocsContext['errors'] = {};
  if (context.files.length === 0) errors.files = text.filesRequired;
  else if (pagesOf(context.files) > limitOf(context)) errors.files = text.filesTooMany(limitOf(context));
  if (context.comment.length > MAX_COMMENT_LENGTH) errors.comment = text.commentTooLong;
  return errors;
}

/** Errors shown so far, each kept only while its field is still invalid. */
function stillInvalid(context: PendingDocsContext): PendingDocsContext['errors'] {
  const now = pendingDocsProblems(context);
  return {
    files: context.errors.files ? now.files : undefined,
    comment: context.errors.comment ? now.comment : undefined,
  };
}

export const pendingDocsMachine = setup({
  types: {
    context: {} as PendingDocsContext,
    events: {} as PendingDocsEvent,
    input: {} as PendingDocsInput,
  },
  actors: {
    loadAccess: fromPromise<PendingDocsAccess, PendingDocsInput>(async () => {
      throw new Error('loadAccess not provided');
    }),
    prepareDocs: fromPromise<PreparedDoc[], { files: ReceiptRef[] }>(async () => {
      throw new Error('prepareDocs not provided');
    }),
    uploadDocs: fromPromise<UploadPendingDocResponse, PendingDocsInput & { files: PreparedDoc[] }>(
      async () => {
        throw new Error('uploadDocs not provided');
      },
    ),
    patchRefund: fromPromise<unknown, PendingDocsInput & { comment: string; fileIds: string[] }>(async () => {
      throw new Error('patchRefund not provided');
    }),
    /** Its `fetchReadings` uploads the chosen file through the link and asks what was read. */
    receiptReading: receiptReadingMachine,
  },
  actions: {
    /** Issue 31: every newly accepted file is read; a removed one stops being read. */
    readChosenFiles: enqueueActions(({ context, event, enqueue }) => {
      if (event.type === 'FILE_REMOVED') {
        if (!context.reading.includes(event.id)) return;
        enqueue.stopChild(pendingDocReadingId(event.id));
        enqueue.assign({ reading: context.reading.filter((id) => id !== event.id) });
        return;
      }
      if (event.type !== 'FILES_CHOSEN') return;
      const added = context.files.filter((file) => !context.reading.includes(file.id));
      for (const file of added)
        enqueue.spawnChild('receiptReading', {
          id: pendingDocReadingId(file.id),
          input: { fileIds: [file.id], country: null },
        });
      if (added.length > 0)
        enqueue.assign({ reading: [...context.reading, ...added.map((file) => file.id)] });
    }),
  },
  guards: {
    valid: ({ context }) => Object.keys(pendingDocsProblems(context)).length === 0,
    fitsLimit: ({ context, event }) =>
      (event as unknown as { output: PreparedDoc[] }).output.length <= limitOf(context),
    uploadOk: ({ event }) => {
      const answer = (event as unknown as { output: UploadPendingDocResponse }).output;
      return answer.status === 'ok' && answer.files.length > 0;
    },
    uploadKo: ({ event }) =>
      (event as unknown as { output: UploadPendingDocResponse }).output.status === 'ko',
  },
}).createMachine({
  id: 'pendingDocs',
  context: ({ input }) => ({
    ...input,
    access: null,
    files: [],
    comment: '',
    errors: {},
    notice: null,
    prepared: [],
    fileIds: [],
    error: null,
    reading: [],
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadAccess',
        src: 'loadAccess',
        input: ({ context }) => ({ refundId: context.refundId, hash: context.hash }),
        onDone: { target: 'editing', actions: assign({ access: ({ event }) => event.output }) },
        onError: {
          target: 'accessError',
          actions: assign({ error: ({ event }) => messageOf(event.error, messages.common.genericRetry) }),
        },
      },
    },
    accessError: { type: 'final' },
    editing: {
      on: {
        FILES_CHOSEN: {
          actions: [
            assign(({ context, event }) => {
              const { files, notice } = acceptFiles(context.files, event.files, limitOf(context));
              const next = { ...context, files };
              return { files, notice, errors: stillInvalid(next) };
            }),
            'readChosenFiles',
          ],
        },
        FILE_REMOVED: {
          actions: [
            assign(({ context, event }) => {
              const files = context.files.filter((file) => file.id !== event.id);
              return { files, notice: null, errors: stillInvalid({ ...context, files }) };
            }),
            'readChosenFiles',
          ],
        },
        COMMENT_CHANGED: {
          actions: assign(({ context, event }) => {
            const comment = event.value;
            return { comment, errors: stillInvalid({ ...context, comment }) };
          }),
        },
        SUBMIT: [
          { guard: 'valid', target: 'preparing', actions: assign({ errors: {}, notice: null, error: null }) },
          { actions: assign({ errors: ({ context }) => pendingDocsProblems(context) }) },
        ],
      },
    },
    preparing: {
      invoke: {
        id: 'prepareDocs',
        src: 'prepareDocs',
        input: ({ context }) => ({ files: context.files }),
        onDone: [
          {
            guard: 'fitsLimit',
            target: 'uploading',
            actions: assign({ prepared: ({ event }) => event.output }),
          },
          {
            // A PDF's pages are files too: more pages than allowed go back to the form.
            target: 'editing',
            actions: assign({
              errors: ({ context, event }) => ({
                files: `${text.filesTooMany(limitOf(context))} (${event.output.length})`,
              }),
            }),
          },
        ],
        onError: {
          target: 'failed',
          actions: assign({ error: () => messages.refund.fileConversionFailed }),
        },
      },
    },
    uploading: {
      invoke: {
        id: 'uploadDocs',
        src: 'uploadDocs',
        input: ({ context }) => ({ refundId: context.refundId, hash: context.hash, files: context.prepared }),
        onDone: [
          {
            guard: 'uploadOk',
            target: 'patching',
            actions: assign({ fileIds: ({ event }) => event.output.files.map((file) => file.file_id) }),
          },
          {
            guard: 'uploadKo',
            target: 'failed',
            actions: assign({ error: ({ event }) => event.output.message || messages.common.genericRetry }),
          },
          { target: 'failed', actions: assign({ error: () => messages.common.genericRetry }) },
        ],
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => messageOf(event.error, messages.common.genericRetry) }),
        },
      },
    },
    patching: {
      invoke: {
        id: 'patchRefund',
        src: 'patchRefund',
        input: ({ context }) => ({
          refundId: context.refundId,
          hash: context.hash,
          comment: context.comment.trim(),
          fileIds: context.fileIds,
        }),
        onDone: { target: 'sent' },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => messageOf(event.error, messages.common.genericRetry) }),
        },
      },
    },
    failed: {
      on: { RETRY: { target: 'editing', actions: assign({ error: null, prepared: [], fileIds: [] }) } },
    },
    sent: { type: 'final' },
  },
});
