import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  badFile,
  factura,
  LINK_INPUT,
  LINK_USED,
  pendingDocsModel,
  sampleDocsAccess,
  TOO_LONG_COMMENT,
  UPLOAD_KO,
} from '../../machines/models/refundLinks';
import { type PendingDocsInput, pendingDocsMachine, pendingDocsProblems } from '../../machines/pendingDocs';
import { messages } from '../../src/contracts/messages';
import { testMachineModel } from './harness';

const text = messages.refundLinks;

testMachineModel('pendingDocs', pendingDocsModel, {
  loading: (snapshot) => {
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
    expect(context.access).toEqual(sampleDocsAccess);
    expect(context.files.length).toBeLessThanOrEqual(sampleDocsAccess.remaining_files);
    switch (event.type) {
      case 'FILES_CHOSEN':
        if (event.files[0].name === badFile.name) {
          expect(context.notice).toBe(messages.refund.badExtension);
          expect(context.files.map((file) => file.name)).not.toContain(badFile.name);
        } else expect(context.files.map((file) => file.id)).toContain(factura.id);
        // A file error shown before goes once there is a file.
        expect(context.errors.files).toBeUndefined();
        break;
      case 'FILE_REMOVED':
        expect(context.files.map((file) => file.id)).not.toContain(factura.id);
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
    expect(pendingDocsProblems(snapshot.context)).toEqual({});
    expect(snapshot.context.errors).toEqual({});
  },
  uploading: (snapshot) => {
    expect(snapshot.context.prepared.length).toBeGreaterThan(0);
    expect(snapshot.context.prepared.length).toBeLessThanOrEqual(sampleDocsAccess.remaining_files);
  },
  patching: (snapshot) => {
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
    // Nothing chosen is lost.
    expect(snapshot.context.files.length).toBeGreaterThan(0);
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
