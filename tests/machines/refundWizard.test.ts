import { describe, expect, it } from 'vitest';
import { type AnyEventObject, createActor, fromCallback, type SnapshotFrom } from 'xstate';
import type { PrepareFilesEvent, PrepareFilesInput } from '../../machines/claimForm';
import {
  MULTI_CAUSE,
  receiptPdf,
  receiptPng,
  refundWizardModel,
  sampleClaim,
  sampleMultiCauseClaim,
  sampleRefundLogin,
  sampleUploaded,
  validArgentinePayment,
} from '../../machines/models/refund';
import {
  applicantProblems,
  buildSubmission,
  claimsProblem,
  RESUMABLE,
  redirectUrlOf,
  refundWizardMachine,
  stepIndexOf,
} from '../../machines/refundWizard';
import { messages } from '../../src/contracts/messages';
import {
  type PaymentFileField,
  type RefundDraft,
  refundSubmissionSchemaFor,
} from '../../src/contracts/refund';
import { testMachineModel } from './harness';

const text = messages.refund;
const login = sampleRefundLogin.refunds;

/** The draft a step was resumed from: the login's (loadDraft) or the newer one after a 409. */
function resumedFrom(event: { type: string; draft?: unknown; output?: unknown }): RefundDraft | null {
  if (event.type === 'DRAFT_RESUMED') return event.draft as RefundDraft;
  if (event.type === 'xstate.done.actor.loadDraft') return event.output as RefundDraft | null;
  return null;
}

/**
 * Every step runs the draft saver (issue 30 §1); a step reached from a draft shows everything
 * the draft holds, at the draft's step.
 */
function expectDraft(snapshot: SnapshotFrom<typeof refundWizardMachine>, event: AnyEventObject) {
  expect(snapshot.children.draft).toBeDefined();
  const draft = resumedFrom(event);
  if (!draft) return;
  const { applicant, claims, comment, payment } = snapshot.context;
  expect(claims).toEqual(draft.data.claims);
  expect([applicant.email, applicant.phone_contact, applicant.name]).toEqual([
    draft.data.applicant.email,
    draft.data.applicant.phone_contact,
    login.name,
  ]);
  expect([comment, payment.cbu, payment.owner]).toEqual([
    draft.data.comment,
    draft.data.payment.cbu,
    draft.data.payment.owner,
  ]);
  expect(stepIndexOf(snapshot)).toBe(['applicant', 'claims', 'payment'].indexOf(draft.data.step));
}

/** Past `resuming`: the login found no server draft (issue 30 §1). */
function noDraft<T extends { send: (event: never) => void }>(actor: T): T {
  actor.send({ type: 'xstate.done.actor.loadDraft', output: null } as never);
  return actor;
}

testMachineModel('refundWizard', refundWizardModel, {
  resuming: (snapshot) => {
    // Reading the server draft: nothing shown yet, no saver until its version is known.
    expect(snapshot.children.loadDraft).toBeDefined();
    expect(snapshot.children.draft).toBeUndefined();
    expect([snapshot.context.claims, stepIndexOf(snapshot)]).toEqual([[], 0]);
  },
  applicant: (snapshot, event) => {
    expectDraft(snapshot, event);
    const { applicant, applicantErrors } = snapshot.context;
    // Read-only fields never change.
    expect([applicant.name, applicant.surname, applicant.doc_number, applicant.voucher]).toEqual([
      login.name,
      login.surname,
      login.doc_number,
      login.voucher,
    ]);
    // A refused CONTINUE shows every problem; typing keeps only the shown ones still wrong.
    const problems = applicantProblems(applicant);
    const shown = event.type === 'CONTINUE' ? Object.keys(problems) : Object.keys(applicantErrors);
    expect(applicantErrors).toEqual(
      Object.fromEntries(shown.map((field) => [field, problems[field as keyof typeof problems]])),
    );
    for (const message of Object.values(applicantErrors))
      expect([text.emailInvalid, text.phoneRequired, text.phoneNumeric]).toContain(message);
    expect(stepIndexOf(snapshot)).toBe(0);
  },
  'claims.list': (snapshot, event, _trail, before) => {
    expectDraft(snapshot, event);
    expect(snapshot.context.applicantErrors).toEqual({});
    const { claimsError, claims } = snapshot.context;
    // The step's message follows from the event: a refused CONTINUE names the problem, a comment
    // too long is refused as typed, a change of the claims clears it, and arriving keeps it.
    const refusedHere = event.type === 'CONTINUE' && before!.matches({ claims: 'list' });
    const expected: Record<string, string | null> = {
      COMMENT_CHANGED: String(event.value).length > 255 ? text.commentTooLong : null,
      CLAIM_REMOVED: null,
      'xstate.done.actor.claimForm': null,
    };
    expect(claimsError).toBe(
      refusedHere
        ? claimsProblem(snapshot.context)
        : event.type in expected
          ? expected[event.type]
          : (before?.context.claimsError ?? null),
    );
    expect([null, text.claimsRequired, text.commentTooLong]).toContain(claimsError);
    expect(new Set(claims.map((claim) => claim.coverage)).size).toBe(claims.length);
    expect(stepIndexOf(snapshot)).toBe(1);
  },
  'claims.dialog': (snapshot) => {
    const child = snapshot.children.claimForm;
    expect(child).toBeDefined();
  },
  'payment.editing': (snapshot, event) => {
    expectDraft(snapshot, event);
    const { paymentErrors, authorizationNotice, claims } = snapshot.context;
    expect(claims.length).toBeGreaterThan(0);
    for (const message of Object.values(paymentErrors)) expect(typeof message).toBe('string');
    // Nothing waits once the uploads are over.
    expect(snapshot.context.queuedAuthorizationFiles).toEqual([]);
    for (const notice of Object.values(authorizationNotice))
      if (notice)
        expect([
          text.badExtension,
          text.uploadFailed,
          text.authorizationFilesTooMany,
          text.duplicateFileName,
        ]).toContain(notice);
    expect(stepIndexOf(snapshot)).toBe(2);
  },
  'payment.uploadingAuthorization': (snapshot, event, _trail, before) => {
    const { uploadingField, pendingAuthorizationFiles, queuedAuthorizationFiles, payment } = snapshot.context;
    expect(uploadingField).not.toBeNull();
    expect(pendingAuthorizationFiles.length).toBeGreaterThan(0);
    const previous = before!.context;
    const wasUploading = before!.matches({ payment: 'uploadingAuthorization' });
    // Issue 30 §4: nothing picked is dropped. A choice while a file uploads waits its turn (a
    // refused one leaves its notice); when the upload ends the next choice starts, the finished
    // one's files kept under their field.
    const ended = event.type === 'PREPARE_DONE' || event.type === 'PREPARE_FAILED';
    const chosenWhileUploading = event.type === 'AUTHORIZATION_FILES_CHOSEN' && wasUploading;
    const accepted =
      chosenWhileUploading &&
      snapshot.context.authorizationNotice[event.field as PaymentFileField] === undefined;
    const expectedQueue = ended
      ? previous.queuedAuthorizationFiles.slice(1)
      : accepted
        ? [...previous.queuedAuthorizationFiles, { field: event.field, files: event.files }]
        : wasUploading
          ? previous.queuedAuthorizationFiles
          : [];
    expect(queuedAuthorizationFiles).toEqual(expectedQueue);
    expect([uploadingField, pendingAuthorizationFiles]).toEqual(
      ended
        ? [previous.queuedAuthorizationFiles[0].field, previous.queuedAuthorizationFiles[0].files]
        : wasUploading
          ? [previous.uploadingField, previous.pendingAuthorizationFiles]
          : [event.field, event.files],
    );
    const finished = event.type === 'PREPARE_DONE' ? previous.uploadingField : null;
    for (const field of ['authorization_letter', 'authorized_document'] as const)
      expect(payment[field].map((file) => file.id)).toEqual([
        ...previous.payment[field].map((file) => file.id),
        ...(field === finished ? event.files.map((file: { id: string }) => file.id) : []),
      ]);
  },
  submitting: (snapshot) => {
    // The submission deletes the draft: the saver is stopped, nothing saves it again.
    expect(snapshot.children.draft).toBeUndefined();
    const { submission } = buildSubmission(snapshot.context);
    // Everything the server will check passes in the browser first.
    expect(refundSubmissionSchemaFor(login).safeParse(submission).success).toBe(true);
    expect(submission.idempotency_key).toBe(refundWizardModel.input!.idempotencyKey);
  },
  submitted: (snapshot) => {
    expect(snapshot.context.result?.create).toBe(true);
    expect(stepIndexOf(snapshot)).toBe(3);
  },
  failed: (snapshot) => {
    expect(snapshot.context.error).toBe(text.failureTitle);
    // Issue 17: a failure keeps everything to retry with; no logout, no redirect timer.
    expect(snapshot.context.claims.length).toBeGreaterThan(0);
    expect(snapshot.getMeta()).toEqual({});
    expect(snapshot.can({ type: 'RETRY' })).toBe(true);
  },
  redirecting: (snapshot) => {
    expect(snapshot.status).toBe('done');
    expect(redirectUrlOf(snapshot.context)).toBe(login.url_country_b2c);
  },
});

describe('refundWizard journeys', () => {
  const input = refundWizardModel.input!;

  it('keeps the data of a step when going back, and logs out and redirects once sent', async () => {
    const forgotten: string[] = [];
    const redirects: string[] = [];
    let submitted: unknown = null;
    const machine = refundWizardMachine.provide({
      actions: {
        forgetLogin: () => {
          forgotten.push('login');
        },
        redirect: (_, params) => {
          redirects.push(params.url);
        },
      },
      delays: { refundRedirect: 10 },
    });
    const actor = createActor(machine, { input });
    actor.start();
    noDraft(actor);
    actor.send({ type: 'APPLICANT_CHANGED', values: { email: 'otra@example.com' } });
    actor.send({ type: 'CONTINUE' });
    actor.send({ type: 'BACK' });
    expect(actor.getSnapshot().context.applicant.email).toBe('otra@example.com');
    actor.send({ type: 'CONTINUE' });
    actor.send({ type: 'CONTINUE' });
    expect(actor.getSnapshot().context.claimsError).toBe(text.claimsRequired);
    // Restore a snapshot with claims already loaded (as after a reload).
    const persisted = actor.getPersistedSnapshot() as unknown as { context: { claims: unknown[] } };
    actor.stop();
    persisted.context.claims = [sampleClaim, sampleMultiCauseClaim];
    const restored = createActor(
      machine.provide({
        actors: {
          submitRefund: (await import('xstate')).fromPromise(async ({ input: sent }) => {
            submitted = sent;
            return {
              refund: { id: 9, status: 'PENDIENTE' },
              refund_payment: { status: true as const },
              create: true as const,
            };
          }),
        },
      }),
      { input, snapshot: persisted as never },
    );
    restored.start();
    expect(restored.getSnapshot().context.claims.map((claim) => claim.coverage)).toContain(MULTI_CAUSE);
    restored.send({ type: 'CONTINUE' });
    restored.send({ type: 'PAYMENT_CHANGED', values: validArgentinePayment });
    restored.send({ type: 'BACK' });
    restored.send({ type: 'CONTINUE' });
    expect(restored.getSnapshot().context.payment.cbu).toBe(validArgentinePayment.cbu);
    restored.send({ type: 'FINISH' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(restored.getSnapshot().status).toBe('done');
    expect(forgotten).toEqual(['login']);
    expect(redirects).toEqual([login.url_country_b2c]);
    expect((submitted as { files: unknown[] }).files).toHaveLength(3);
  });

  it('keeps everything after a failed submission and retries it with the same key (issue 17)', async () => {
    const forgotten: string[] = [];
    const redirects: string[] = [];
    const keys: string[] = [];
    let attempts = 0;
    const { fromPromise } = await import('xstate');
    const machine = refundWizardMachine.provide({
      actions: {
        forgetLogin: () => {
          forgotten.push('login');
        },
        redirect: (_, params) => {
          redirects.push(params.url);
        },
      },
      actors: {
        submitRefund: fromPromise(async ({ input: sent }) => {
          keys.push(sent.submission.idempotency_key);
          attempts += 1;
          if (attempts === 1) throw new Error('503');
          return {
            refund: { id: 12, status: 'RECIBIDO' },
            refund_payment: { status: true as const },
            create: true as const,
          };
        }),
      },
      delays: { refundRedirect: 10 },
    });
    const first = createActor(machine, { input });
    first.start();
    noDraft(first);
    const persisted = first.getPersistedSnapshot() as unknown as {
      value: unknown;
      context: { claims: unknown[]; step: number };
    };
    first.stop();
    persisted.context.claims = [sampleClaim];
    const actor = createActor(machine, { input, snapshot: persisted as never });
    actor.start();
    actor.send({ type: 'CONTINUE' });
    actor.send({ type: 'CONTINUE' });
    actor.send({ type: 'PAYMENT_CHANGED', values: validArgentinePayment });
    actor.send({ type: 'FINISH' });
    await new Promise((resolve) => setTimeout(resolve, 60));
    // Failed: still there after the redirect delay, nothing forgotten, claims and payment kept.
    expect(actor.getSnapshot().value).toBe('failed');
    expect([forgotten, redirects]).toEqual([[], []]);
    expect(actor.getSnapshot().context.claims).toHaveLength(1);
    expect(actor.getSnapshot().context.payment.cbu).toBe(validArgentinePayment.cbu);
    actor.send({ type: 'RETRY' });
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(forgotten).toEqual(['login']);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('redirects to the default site when the country has none', () => {
    expect(
      redirectUrlOf({
        login: { ...sampleRefundLogin, refunds: { ...login, url_country_b2c: '' } },
        defaultSiteUrl: input.defaultSiteUrl,
      }),
    ).toBe(input.defaultSiteUrl);
  });
});

describe('refundWizard quick authorization picks (issue 30 §4)', () => {
  it('uploads the ID photo picked while the letter is still uploading, after the letter', () => {
    // Each upload started, with its way to answer; none answers by itself.
    const uploads: { files: string[]; answer: (event: PrepareFilesEvent) => void; stopped: boolean }[] = [];
    const machine = refundWizardMachine.provide({
      actors: {
        prepareFiles: fromCallback<PrepareFilesEvent, PrepareFilesInput>(({ sendBack, input }) => {
          const upload = { files: input.files.map((file) => file.name), answer: sendBack, stopped: false };
          uploads.push(upload);
          return () => {
            upload.stopped = true;
          };
        }),
      },
    });
    const persisted = (() => {
      const first = createActor(machine, { input: refundWizardModel.input! });
      first.start();
      noDraft(first);
      const stored = first.getPersistedSnapshot() as unknown as { context: { claims: unknown[] } };
      first.stop();
      stored.context.claims = [sampleClaim];
      return stored;
    })();
    const actor = createActor(machine, { input: refundWizardModel.input!, snapshot: persisted as never });
    actor.start();
    actor.send({ type: 'CONTINUE' });
    actor.send({ type: 'CONTINUE' });
    actor.send({
      type: 'PAYMENT_CHANGED',
      values: { ...validArgentinePayment, refund_method: 'Autorizar a tercero' },
    });
    actor.send({ type: 'AUTHORIZATION_FILES_CHOSEN', field: 'authorization_letter', files: [receiptPdf] });
    // The ID photo, a moment later: the letter's upload is still in flight.
    actor.send({ type: 'AUTHORIZATION_FILES_CHOSEN', field: 'authorized_document', files: [receiptPng] });
    expect(uploads.map((upload) => [upload.files, upload.stopped])).toEqual([[['factura.pdf'], false]]);
    expect(actor.getSnapshot().context.queuedAuthorizationFiles).toEqual([
      { field: 'authorized_document', files: [receiptPng] },
    ]);
    expect(actor.getSnapshot().context.authorizationNotice).toEqual({
      authorization_letter: undefined,
      authorized_document: undefined,
    });

    uploads[0].answer({ type: 'PREPARE_DONE', files: [sampleUploaded[0]] });
    expect(actor.getSnapshot().matches({ payment: 'uploadingAuthorization' })).toBe(true);
    expect(uploads.map((upload) => [upload.files, upload.stopped])).toEqual([
      [['factura.pdf'], true],
      [['receta.PNG'], false],
    ]);
    uploads[1].answer({ type: 'PREPARE_DONE', files: [sampleUploaded[1]] });

    const { payment, queuedAuthorizationFiles } = actor.getSnapshot().context;
    expect(actor.getSnapshot().matches({ payment: 'editing' })).toBe(true);
    expect(queuedAuthorizationFiles).toEqual([]);
    expect([payment.authorization_letter, payment.authorized_document]).toEqual([
      [{ id: sampleUploaded[0].id, name: sampleUploaded[0].name }],
      [{ id: sampleUploaded[1].id, name: sampleUploaded[1].name }],
    ]);
    actor.send({ type: 'FINISH' });
    expect(actor.getSnapshot().value).toBe('submitting');
    actor.stop();
  });

  it('counts the waiting files against the limit and refuses a waiting duplicate name', () => {
    const actor = createActor(
      refundWizardMachine.provide({ actors: { prepareFiles: fromCallback(() => {}) } }),
      { input: refundWizardModel.input! },
    );
    const stored = actor.getPersistedSnapshot() as unknown as {
      value: unknown;
      context: Record<string, unknown>;
    };
    stored.value = { payment: 'editing' };
    stored.context.claims = [sampleClaim];
    stored.context.payment = {
      ...(stored.context.payment as object),
      ...validArgentinePayment,
      refund_method: 'Autorizar a tercero',
    };
    const running = createActor(
      refundWizardMachine.provide({ actors: { prepareFiles: fromCallback(() => {}) } }),
      { input: refundWizardModel.input!, snapshot: stored as never },
    );
    running.start();
    running.send({ type: 'AUTHORIZATION_FILES_CHOSEN', field: 'authorized_document', files: [receiptPdf] });
    running.send({ type: 'AUTHORIZATION_FILES_CHOSEN', field: 'authorized_document', files: [receiptPdf] });
    expect(running.getSnapshot().context.authorizationNotice.authorized_document).toBe(
      text.duplicateFileName,
    );
    expect(running.getSnapshot().context.queuedAuthorizationFiles).toEqual([]);
    running.stop();
  });
});

describe('refundWizard resume tag', () => {
  it('tags the steps and the submission as resumable, never the result screens or the redirect', () => {
    const tagged = Object.entries(refundWizardMachine.root.states)
      .filter(([, node]) => node.tags.includes(RESUMABLE))
      .map(([key]) => key);
    expect(tagged).toEqual(['applicant', 'claims', 'payment', 'submitting']);
  });
});
