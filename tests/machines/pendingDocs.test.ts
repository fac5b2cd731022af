import { describe, expect, it } from 'vitest';
import { type ActorRefFrom, createActor, fromPromise, type SnapshotFrom, waitFor } from 'xstate';
import { pagesOf } from '../../machines/claimForm';
import { readingsRead } from '../../machines/models/receiptReading';
import {
  badFile,
  factura,
  LINK_INPUT,
  LINK_USED,
  pendingDocsModel,
  renamedFile,
  sampleDocsAccess,
  TOO_LONG_COMMENT,
  threePages,
  UPLOAD_KO,
} from '../../machines/models/refundLinks';
import {
  type PendingDocsInput,
  type PreparedDoc,
  pendingDocReadingId,
  pendingDocsMachine,
  pendingDocsProblems,
} from '../../machines/pendingDocs';
import { type ReadingQuery, receiptReadingMachine } from '../../machines/receiptReading';
import { messages } from '../../src/contracts/messages';
import type { UploadPendingDocResponse } from '../../src/contracts/refund/links';
import type { FileReading } from '../../src/contracts/refund/reading';
import { testMachineModel } from './harness';

const text = messages.refundLinks;

/**
 * Issue 31: every chosen file is being read, by its own child, and nothing else is: what the page
 * shows under each file (ReceiptReadingNotice) is that child's state.
 */
function readsEachChosenFile(snapshot: SnapshotFrom<typeof pendingDocsMachine>) {
  const ids = snapshot.context.files.map((file) => file.id);
  expect(snapshot.context.reading).toEqual(ids);
  expect(Object.keys(snapshot.children).filter((id) => id.startsWith('reading:'))).toEqual(
    ids.map(pendingDocReadingId),
  );
}

testMachineModel('pendingDocs', pendingDocsModel, {
  loading: (snapshot) => {
    expect(snapshot.context.reading).toEqual([]);
    expect(snapshot.context.access).toBeNull();
    expect(snapshot.context.refundId).toBe('7');
  },
  accessError: (snapshot, event) => {
    expect(snapshot.status).toBe('done');
    // The server's reason, or the generic retry message when there is none.
    expect(snapshot.context.error).toBe(
      (event as { error?: Error }).error?.message === LINK_USED ? LINK_USED : messages.common.genericRetry,
    );
  },
  editing: (snapshot, event, _trail, before) => {
    const { context } = snapshot;
    readsEachChosenFile(snapshot);
    expect(context.access).toEqual(sampleDocsAccess);
    // Issue 40 (traveller reach): the limit counts a PDF's pages, at the pick.
    expect(pagesOf(context.files)).toBeLessThanOrEqual(sampleDocsAccess.remaining_files);
    switch (event.type) {
      case 'FILES_CHOSEN':
        if (event.files[0].name === threePages.name) {
          // Three pages never fit two places: refused whole at the pick, saying how many.
          expect(context.files.map((file) => file.id)).not.toContain(threePages.id);
          expect(context.notice).toBe(
            messages.refundChecklist.pickOverLimit(
              sampleDocsAccess.remaining_files,
              pagesOf(before!.context.files),
              3,
            ),
          );
          expect(snapshot.children[pendingDocReadingId(threePages.id)]).toBeUndefined();
        } else if (event.files[0].name === renamedFile.name) {
          // Not an image although named '.jpg': refused at the pick, naming the file.
          expect(context.notice).toBe(messages.refund.fileContentMismatch('notas.jpg'));
          expect(context.files.map((file) => file.id)).not.toContain(renamedFile.id);
          expect(snapshot.children[pendingDocReadingId(renamedFile.id)]).toBeUndefined();
        } else if (event.files[0].name === badFile.name) {
          expect(context.notice).toBe(messages.refund.badExtension);
          expect(context.files.map((file) => file.name)).not.toContain(badFile.name);
          // A refused file is not read.
          expect(snapshot.children[pendingDocReadingId(badFile.id)]).toBeUndefined();
        } else {
          expect(context.files.map((file) => file.id)).toContain(factura.id);
          // Chosen: its reading starts (the page says 'Leyendo el comprobante…' under it).
          expect(snapshot.children[pendingDocReadingId(factura.id)]).toBeDefined();
        }
        // A file error shown before goes once there is a file.
        expect(context.errors.files).toBeUndefined();
        break;
      case 'FILE_REMOVED':
        expect(context.files.map((file) => file.id)).not.toContain(factura.id);
        // Its reading stops: nothing more is shown for it.
        expect(snapshot.children[pendingDocReadingId(factura.id)]).toBeUndefined();
        break;
      case 'COMMENT_CHANGED':
        expect(context.comment).toBe(event.value);
        // Typing never shows a new error: a comment shown too long before stays so while it is.
        expect(context.errors.comment).toBe(
          before!.context.errors.comment !== undefined && event.value === TOO_LONG_COMMENT
            ? text.commentTooLong
            : undefined,
        );
        break;
      case 'SUBMIT':
        // Refused: the problems of the form, at least one.
        expect(context.errors).toEqual(pendingDocsProblems(context));
        expect(Object.keys(context.errors).length).toBeGreaterThan(0);
        break;
      case 'xstate.done.actor.prepareDocs':
        // More prepared files (PDF pages) than allowed: back with the limit and the count.
        expect(context.errors.files).toBe(
          `${text.filesTooMany(sampleDocsAccess.remaining_files)} (${(event.output as unknown[]).length})`,
        );
        expect(context.files.length).toBeGreaterThan(0);
        break;
      case 'RETRY':
        expect(context.error).toBeNull();
        expect(context.fileIds).toEqual([]);
        break;
      default:
        expect(event.type).toBe('xstate.done.actor.loadAccess');
        expect([context.files, context.comment, context.errors]).toEqual([[], '', {}]);
    }
  },
  preparing: (snapshot) => {
    // Sending never waits for a reading: it goes on beside it.
    readsEachChosenFile(snapshot);
    expect(pendingDocsProblems(snapshot.context)).toEqual({});
    expect(snapshot.context.errors).toEqual({});
  },
  uploading: (snapshot) => {
    readsEachChosenFile(snapshot);
    expect(snapshot.context.prepared.length).toBeGreaterThan(0);
    expect(snapshot.context.prepared.length).toBeLessThanOrEqual(sampleDocsAccess.remaining_files);
  },
  patching: (snapshot) => {
    readsEachChosenFile(snapshot);
    expect(snapshot.context.fileIds).toEqual(['f-1']);
  },
  failed: (snapshot, event) => {
    const expected: Record<string, string> = {
      'xstate.error.actor.prepareDocs': messages.refund.fileConversionFailed,
      'xstate.error.actor.uploadDocs': messages.common.genericRetry,
      'xstate.error.actor.patchRefund': LINK_USED,
    };
    const output = (event as { output?: { status: string } }).output;
    expect(snapshot.context.error).toBe(
      event.type === 'xstate.done.actor.uploadDocs'
        ? output?.status === 'ko'
          ? UPLOAD_KO
          : messages.common.genericRetry
        : expected[event.type],
    );
    // Nothing chosen is lost, nor its reading.
    expect(snapshot.context.files.length).toBeGreaterThan(0);
    readsEachChosenFile(snapshot);
  },
  sent: (snapshot) => {
    expect(snapshot.status).toBe('done');
    expect(snapshot.context.fileIds).toEqual(['f-1']);
  },
});

describe('two quick picks (issue 30 §4)', () => {
  it('keeps both files when the second pick comes right after the first, and sends both', async () => {
    const sent: string[][] = [];
    const machine = pendingDocsMachine.provide({
      actors: {
        loadAccess: fromPromise(async () => sampleDocsAccess),
        prepareDocs: fromPromise(async ({ input }) =>
          input.files.map((file) => ({ name: file.name, blob: null })),
        ),
        uploadDocs: fromPromise(async ({ input }) => {
          sent.push(input.files.map((file) => file.name));
          return {
            status: 'ok' as const,
            files: input.files.map((file, index) => ({
              file_id: `f${index}`,
              name: file.name,
              content_type: 'image/jpeg',
              size: 900,
            })),
          };
        }),
        patchRefund: fromPromise<unknown, PendingDocsInput & { comment: string; fileIds: string[] }>(
          async () => ({}),
        ),
      },
    });
    const actor = createActor(machine, { input: LINK_INPUT });
    actor.start();
    await waitFor(actor, (state) => state.matches('editing'));
    const idPhoto = { ...factura, id: 'doc-dni', name: 'dni.jpg' };
    actor.send({ type: 'FILES_CHOSEN', files: [factura] });
    actor.send({ type: 'FILES_CHOSEN', files: [idPhoto] });
    expect(actor.getSnapshot().context.files.map((file) => file.name)).toEqual(['factura.png', 'dni.jpg']);
    expect(actor.getSnapshot().context.notice).toBeNull();
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (state) => state.matches('sent'));
    expect(sent).toEqual([['factura.png', 'dni.jpg']]);
  });
});

describe('the documents read (issue 31)', () => {
  type ReadingRef = ActorRefFrom<typeof receiptReadingMachine>;
  const informeDoc = { ...factura, id: 'doc-informe', name: 'informe.png' };

  function start(answers: Record<string, () => Promise<FileReading[]>>) {
    const asked: string[][] = [];
    const machine = pendingDocsMachine.provide({
      actors: {
        loadAccess: fromPromise(async () => sampleDocsAccess),
        prepareDocs: fromPromise(async ({ input }) =>
          input.files.map((file) => ({ name: file.name, blob: null })),
        ),
        uploadDocs: fromPromise<UploadPendingDocResponse, PendingDocsInput & { files: PreparedDoc[] }>(
          async () => ({
            status: 'ok',
            files: [{ file_id: 'f-1', name: 'factura.jpg', content_type: 'image/jpeg', size: 9 }],
          }),
        ),
        patchRefund: fromPromise<unknown, PendingDocsInput & { comment: string; fileIds: string[] }>(
          async () => ({}),
        ),
        receiptReading: receiptReadingMachine.provide({
          actors: {
            fetchReadings: fromPromise<FileReading[], ReadingQuery>(async ({ input }) => {
              asked.push(input.fileIds);
              return answers[input.fileIds[0]!]!();
            }),
          },
        }),
      },
    });
    const actor = createActor(machine, { input: LINK_INPUT });
    actor.start();
    const readingOf = (id: string) =>
      actor.getSnapshot().children[pendingDocReadingId(id)] as ReadingRef | undefined;
    return { actor, asked, readingOf };
  }

  it('shows what was read on each file, read-only, and nothing for a failed reading', async () => {
    const { actor, asked, readingOf } = start({
      [factura.id]: async () => readingsRead,
      [informeDoc.id]: async () => {
        throw new Error('network');
      },
    });
    await waitFor(actor, (state) => state.matches('editing'));
    actor.send({ type: 'FILES_CHOSEN', files: [factura, informeDoc] });
    await waitFor(readingOf(factura.id)!, (state) => state.matches('suggested'));
    await waitFor(readingOf(informeDoc.id)!, (state) => state.matches('failed'));
    // Each file asked for by itself.
    expect(asked).toEqual([[factura.id], [informeDoc.id]]);
    const suggestion = readingOf(factura.id)!.getSnapshot().context.suggestion!;
    expect(messages.receiptReading.readOnly(suggestion.amount, suggestion.currency, suggestion.date)).toBe(
      'Leímos en el comprobante: 12.345,50 ARS del 12/11/2026.',
    );
    expect(readingOf(informeDoc.id)!.getSnapshot().context.suggestion).toBeNull();
    // Removing a file stops its reading; choosing it again reads it again.
    actor.send({ type: 'FILE_REMOVED', id: factura.id });
    expect(readingOf(factura.id)).toBeUndefined();
    actor.send({ type: 'FILES_CHOSEN', files: [factura] });
    await waitFor(readingOf(factura.id)!, (state) => state.matches('suggested'));
    expect(asked).toHaveLength(3);
  });

  it('never blocks sending: a reading still going on when the documents are sent', async () => {
    const { actor, readingOf } = start({ [factura.id]: () => new Promise<FileReading[]>(() => {}) });
    await waitFor(actor, (state) => state.matches('editing'));
    actor.send({ type: 'FILES_CHOSEN', files: [factura] });
    expect(readingOf(factura.id)!.getSnapshot().value).toBe('reading');
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (state) => state.matches('sent'));
    expect(actor.getSnapshot().context.fileIds).toEqual(['f-1']);
  });
});
