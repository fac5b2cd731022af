import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  MULTI_CAUSE,
  refundWizardModel,
  sampleClaim,
  sampleMultiCauseClaim,
  sampleRefundLogin,
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
import { refundSubmissionSchemaFor } from '../../src/contracts/refund';
import { testMachineModel } from './harness';

const text = messages.refund;
const login = sampleRefundLogin.refunds;

testMachineModel('refundWizard', refundWizardModel, {
  applicant: (snapshot, event) => {
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
  'payment.editing': (snapshot) => {
    const { paymentErrors, authorizationNotice, claims } = snapshot.context;
    expect(claims.length).toBeGreaterThan(0);
    for (const message of Object.values(paymentErrors)) expect(typeof message).toBe('string');
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
  'payment.uploadingAuthorization': (snapshot) => {
    expect(snapshot.context.uploadingField).not.toBeNull();
    expect(snapshot.context.pendingAuthorizationFiles.length).toBeGreaterThan(0);
  },
  submitting: (snapshot) => {
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

describe('refundWizard resume tag', () => {
  it('tags the steps and the submission as resumable, never the result screens or the redirect', () => {
    const tagged = Object.entries(refundWizardMachine.root.states)
      .filter(([, node]) => node.tags.includes(RESUMABLE))
      .map(([key]) => key);
    expect(tagged).toEqual(['applicant', 'claims', 'payment', 'submitting']);
  });
});
