/**
 * The refund wizard's server draft (issue 30 §1): the wizard with its saver (machines/refundDraft.ts,
 * whose model is walked in refundDraft.test.ts) running, on fake timers: edits saved after the pause, step changes
 * and 'Guardar y seguir después' at once, a failure retried, a 409 offering the newer draft, and
 * nothing saved once sending.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ActorRefFrom, createActor, fromPromise } from 'xstate';
import {
  STALE_SAMPLE,
  StaleSaveError,
  sampleClaim,
  sampleDraft,
  sampleMultiCauseClaim,
  sampleRefundLogin,
  validArgentinePayment,
} from '../../machines/models/refund';
import { isStaleSave, refundDraftMachine, type SaveDraftInput } from '../../machines/refundDraft';
import { refundWizardMachine } from '../../machines/refundWizard';
import { type RefundDraft, refundDraftSaveSchema } from '../../src/contracts/refund';

describe('isStaleSave', () => {
  it('is a 409 only', () => {
    expect(
      [new StaleSaveError(STALE_SAMPLE), new Error('x'), null, { status: 500 }].map(isStaleSave),
    ).toEqual([true, false, false, false]);
  });
});

describe('the wizard saving its draft (issue 30 §1)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A server: answers saves with the next version, or the given failure; and loads. */
  function server(options: { draft?: RefundDraft | null } = {}) {
    const saves: SaveDraftInput[] = [];
    const state = {
      version: options.draft?.version ?? 0,
      fail: null as Error | null,
      draft: options.draft ?? null,
    };
    const saveDraft = fromPromise<{ version: number }, SaveDraftInput>(async ({ input }) => {
      saves.push(input);
      if (state.fail) throw state.fail;
      state.version = input.version + 1;
      return { version: state.version };
    });
    const loadDraft = fromPromise<RefundDraft | null>(async () => state.draft);
    const machine = refundWizardMachine.provide({
      actors: { loadDraft, draftSaver: refundDraftMachine.provide({ actors: { saveDraft, loadDraft } }) },
    });
    const actor = createActor(machine, {
      input: {
        login: sampleRefundLogin,
        idempotencyKey: '3f0e8a52-7c1d-4b7e-9a55-0d2c6e1f4a10',
        defaultSiteUrl: 'https://www.example.com/',
      },
    });
    actor.start();
    const saver = () => actor.getSnapshot().children.draft as ActorRefFrom<typeof refundDraftMachine>;
    return { actor, saves, state, saver };
  }

  it('saves edits after a pause and a step change at once', async () => {
    const { actor, saves, saver } = server();
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('applicant');
    actor.send({ type: 'APPLICANT_CHANGED', values: { email: 'l@example.com' } });
    await vi.advanceTimersByTimeAsync(1000);
    actor.send({ type: 'APPLICANT_CHANGED', values: { email: 'lucia@example.com' } });
    await vi.advanceTimersByTimeAsync(1000);
    expect(saves).toEqual([]);
    await vi.advanceTimersByTimeAsync(600);
    expect(saves.map((save) => [save.version, save.data.step, save.data.applicant.email])).toEqual([
      [0, 'applicant', 'lucia@example.com'],
    ]);
    actor.send({ type: 'CONTINUE' });
    await vi.advanceTimersByTimeAsync(0);
    expect(saves.map((save) => [save.version, save.data.step])).toEqual([
      [0, 'applicant'],
      [1, 'claims'],
    ]);
    actor.send({ type: 'SAVE_DRAFT' });
    await vi.advanceTimersByTimeAsync(0);
    expect(saves.at(-1)?.version).toBe(2);
    expect(saver().getSnapshot().context.saved).toBe(true);
    actor.stop();
  });

  it('resumes at the draft step with everything, and saves over its version', async () => {
    const { actor, saves } = server({ draft: sampleDraft('payment', 5) });
    await vi.advanceTimersByTimeAsync(0);
    const { context } = actor.getSnapshot();
    expect(actor.getSnapshot().matches({ payment: 'editing' })).toBe(true);
    expect([context.claims.length, context.applicant.email, context.payment.cbu]).toEqual([
      1,
      'lucia.otra@example.com',
      validArgentinePayment.cbu,
    ]);
    actor.send({ type: 'BACK' });
    await vi.advanceTimersByTimeAsync(0);
    expect(saves.map((save) => [save.version, save.data.step, save.data.claims.length])).toEqual([
      [5, 'claims', 1],
    ]);
    actor.stop();
  });

  it("sends only what the server's strict draft contract knows (issue 39)", async () => {
    const draft = sampleDraft('payment', 5);
    draft.data.claims = [sampleClaim, sampleMultiCauseClaim] as unknown as typeof draft.data.claims;
    const { actor, saves } = server({ draft });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'BACK' });
    actor.send({ type: 'COMMENT_CHANGED', value: 'Otra nota' });
    actor.send({ type: 'SAVE_DRAFT' });
    await vi.advanceTimersByTimeAsync(0);
    expect(saves.length).toBeGreaterThan(0);
    for (const save of saves) {
      const parsed = refundDraftSaveSchema.safeParse({ version: save.version, data: save.data });
      expect(parsed.error?.issues ?? []).toEqual([]);
    }
    actor.stop();
  });

  it('keeps everything after a failed save and retries it', async () => {
    const { actor, saves, state, saver } = server();
    await vi.advanceTimersByTimeAsync(0);
    state.fail = new Error('network');
    actor.send({ type: 'CONTINUE' });
    await vi.advanceTimersByTimeAsync(0);
    expect(saver().getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().matches({ claims: 'list' })).toBe(true);
    state.fail = null;
    saver().send({ type: 'DRAFT_RETRY' });
    await vi.advanceTimersByTimeAsync(0);
    expect(saver().getSnapshot().value).toBe('idle');
    expect(saves.map((save) => [save.version, save.data.step])).toEqual([
      [0, 'claims'],
      [0, 'claims'],
    ]);
    actor.stop();
  });

  it('after a 409 saves nothing more until the newer draft is loaded, then shows it', async () => {
    const { actor, saves, state, saver } = server();
    await vi.advanceTimersByTimeAsync(0);
    state.fail = new StaleSaveError(STALE_SAMPLE);
    actor.send({ type: 'CONTINUE' });
    await vi.advanceTimersByTimeAsync(0);
    expect(saver().getSnapshot().value).toBe('stale');
    actor.send({ type: 'COMMENT_CHANGED', value: 'sin guardar' });
    actor.send({ type: 'BACK' });
    await vi.advanceTimersByTimeAsync(5000);
    expect(saves).toHaveLength(1);
    state.fail = null;
    state.draft = sampleDraft('claims', 9);
    saver().send({ type: 'DRAFT_LOAD_NEWER' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches({ claims: 'list' })).toBe(true);
    expect(actor.getSnapshot().context.comment).toBe(sampleDraft('claims').data.comment);
    actor.send({ type: 'COMMENT_CHANGED', value: 'después de cargar' });
    await vi.advanceTimersByTimeAsync(1500);
    expect(saves.at(-1)).toMatchObject({ version: 9, data: { comment: 'después de cargar' } });
    actor.stop();
  });

  it('saves nothing once sending, even an edit waiting for its pause', async () => {
    const { actor, saves } = server({ draft: sampleDraft('payment', 2) });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'PAYMENT_CHANGED', values: { owner: 'Lucía F.' } });
    actor.send({ type: 'FINISH' });
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(actor.getSnapshot().children.draft).toBeUndefined();
    await vi.advanceTimersByTimeAsync(5000);
    expect(saves).toEqual([]);
    actor.stop();
  });
});
