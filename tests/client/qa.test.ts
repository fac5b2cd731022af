// @vitest-environment jsdom
/**
 * The QA gallery's pure helpers: every catalogue machine drawn as mermaid text that mermaid's own
 * parser reads with every state named; a recording made by driving a machine replays to the same
 * state and context; masking hides documents, emails and bank data.
 */
import mermaid from 'mermaid';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import {
  type AnyStateMachine,
  and,
  assign,
  createActor,
  createMachine,
  fromPromise,
  not,
  setup,
  waitFor,
} from 'xstate';
import { machineCatalogue } from '../../machines/index';
import { allStateNodes } from '../../machines/models/paths';
import { sampleSession } from '../../machines/models/session';
import { passwordChangeMachine } from '../../machines/passwordChange';
import { type StaffSession, sessionMachine } from '../../machines/session';
import { FieldErrorsError } from '../../machines/support/errors';
import { describeSteps, eventLabel, guardLabel, stateLabel } from '../../src/client/qa/labels';
import { maskData, maskEvent } from '../../src/client/qa/mask';
import { activeStateIds, mermaidIds, toMermaid } from '../../src/client/qa/mermaid';
import { countOf, describePath, pathsOf } from '../../src/client/qa/paths';
import { isRecording, recordedSteps, startRecording, stopRecording } from '../../src/client/qa/recorder';
import { createRecorder, parseRecording, RecordingFormatError } from '../../src/client/qa/recording';
import { replay } from '../../src/client/qa/replay';
import { toPlaywrightSkeleton } from '../../src/client/qa/skeleton';
import { withRecording } from '../../src/client/qa/useRecordedMachine';

interface StateDiagramData {
  nodes: { id: string; label?: string }[];
  edges: { start: string; end: string; label?: string }[];
}

/** Mermaid's own parser: the state diagram's nodes and edges as mermaid reads them. */
async function parsed(text: string): Promise<StateDiagramData> {
  const result = await mermaid.parse(text);
  expect(result ? result.diagramType : null).toBe('stateDiagram');
  const diagram = await mermaid.mermaidAPI.getDiagramFromText(text);
  return (diagram.db as unknown as { getData: () => StateDiagramData }).getData();
}

async function expectEveryStateNamed(machine: AnyStateMachine) {
  const text = toMermaid(machine);
  const data = await parsed(text);
  const labels = new Map(data.nodes.map((node) => [node.id, node.label]));
  const ids = mermaidIds(machine);
  for (const node of allStateNodes(machine)) {
    const id = ids.get(node.id)!;
    expect(labels.has(id), `${machine.id}: state ${node.id} drawn as ${id}`).toBe(true);
    expect(String(labels.get(id)), `${machine.id}: state ${node.id} named`).toContain(node.key);
  }
  return { text, data };
}

/** Nested, parallel, final, history, delays (named and numeric), eventless, higher-order guards. */
const wizardLike = setup({
  types: {
    context: {} as { visits: number },
    events: {} as
      | { type: 'NEXT' }
      | { type: 'BACK' }
      | { type: 'TOGGLE' }
      | { type: 'DONE' }
      | { type: 'RESET' },
  },
  actors: { save: fromPromise(async () => 1) },
  guards: { ready: () => true, valid: () => true },
  delays: { refundRedirect: 20_000 },
}).createMachine({
  id: 'wizardLike',
  context: { visits: 0 },
  initial: 'wizard',
  on: { RESET: '.wizard' },
  states: {
    wizard: {
      initial: 'applicant',
      on: { TOGGLE: '.claims' },
      states: {
        applicant: {
          on: {
            NEXT: { target: 'claims', guard: and(['ready', not('valid')]) },
            BACK: { actions: assign({ visits: ({ context }) => context.visits + 1 }) },
          },
        },
        claims: {
          type: 'parallel',
          states: {
            files: {
              initial: 'idle',
              states: {
                idle: { on: { NEXT: 'uploading' } },
                uploading: { invoke: { id: 'save', src: 'save', onDone: 'idle', onError: 'idle' } },
              },
            },
            form: {
              initial: 'editing',
              states: { editing: { on: { DONE: 'valid' } }, valid: { type: 'final' } },
            },
          },
          onDone: '#wizardLike.submitted',
        },
        history: { type: 'history' },
      },
    },
    submitted: {
      after: { refundRedirect: 'end', 1000: 'wizard' },
      always: { guard: 'ready', target: 'end' },
    },
    end: { type: 'final' },
  },
});

const parallelRoot = createMachine({
  id: 'regions',
  type: 'parallel',
  states: {
    left: { initial: 'x', states: { x: { on: { GO: 'y' } }, y: {} } },
    end: { initial: 'p', states: { p: { on: { GO: 'q' } }, q: {} } },
  },
});

describe('mermaid statecharts', () => {
  it('lists machines in the catalogue', () => {
    expect(machineCatalogue.length).toBeGreaterThanOrEqual(5);
  });

  for (const entry of machineCatalogue) {
    it(`${entry.name}: parses with mermaid's parser and names every state`, async () => {
      const { data } = await expectEveryStateNamed(entry.model.machine);
      expect(data.edges.length).toBeGreaterThan(0);
    });

    it(`${entry.name}: highlights the active states of each generated path's end`, async () => {
      const [path] = pathsOf(entry.model);
      const active = activeStateIds(entry.model.machine, path.state.value);
      expect(active.length).toBeGreaterThan(0);
      const text = toMermaid(entry.model.machine, { active });
      expect(text).toMatch(/\n {2}class [\w,]+ active/);
      await parsed(text);
    });
  }

  it('draws nested and parallel states, initial and final markers, guards, delays and actor events', async () => {
    const { text } = await expectEveryStateNamed(wizardLike);
    expect(text).toContain('state wizardLike_wizard {');
    expect(text).toContain('state wizardLike_wizard_claims {');
    expect(text).toMatch(/state wizardLike_wizard_claims_files \{[\s\S]*\}\n\s+--\n/);
    expect(text).toContain('[*] --> wizardLike_wizard_applicant');
    expect(text).toContain('wizardLike_wizard_claims_form_valid --> [*]');
    expect(text).toContain('wizardLike_end --> [*]');
    expect(text).toContain(
      'wizardLike_wizard_applicant --> wizardLike_wizard_claims : NEXT [and(ready, not(valid))]',
    );
    expect(text).toContain('wizardLike_wizard_applicant --> wizardLike_wizard_applicant : BACK');
    expect(text).toContain(
      'wizardLike_wizard_claims_files_uploading --> wizardLike_wizard_claims_files_idle : done: save',
    );
    expect(text).toContain(
      'wizardLike_wizard_claims_files_uploading --> wizardLike_wizard_claims_files_idle : error: save',
    );
    expect(text).toContain('wizardLike_submitted --> wizardLike_end : after refundRedirect');
    expect(text).toContain('wizardLike_submitted --> wizardLike_wizard : after 1000ms');
    expect(text).toContain('wizardLike_submitted --> wizardLike_end : always [ready]');
    expect(text).toContain('wizardLike_wizard_claims --> wizardLike_submitted : done: claims');
    expect(text).toContain('state "any state" as wizardLike');
    expect(text).toContain('wizardLike --> wizardLike_wizard : RESET');
  });

  it('draws a parallel machine as regions and keeps ids clear of mermaid keywords', async () => {
    const { text } = await expectEveryStateNamed(parallelRoot);
    expect(text).toMatch(/state regions \{[\s\S]*--[\s\S]*\}/);
    const active = activeStateIds(parallelRoot, { left: 'y', end: 'p' });
    expect(active).toEqual(['regions.left', 'regions.left.y', 'regions.end', 'regions.end.p']);
    const highlighted = toMermaid(parallelRoot, { active });
    expect(highlighted).toContain('class regions_left_y,regions_end_p active');
    expect(highlighted).toContain('class regions_left,regions_end activeParent');
    await parsed(highlighted);
  });

  it('names events, guards and states readably', () => {
    expect(eventLabel('xstate.done.actor.authenticate')).toBe('done: authenticate');
    expect(eventLabel('xstate.error.actor.authenticate')).toBe('error: authenticate');
    expect(eventLabel('xstate.after.refundRedirect.refundWizard.done')).toBe('after refundRedirect');
    expect(eventLabel('xstate.after.500.x.y')).toBe('after 500ms');
    expect(eventLabel('')).toBe('always');
    expect(eventLabel('xstate.init')).toBe('start');
    expect(eventLabel('LOGIN')).toBe('LOGIN');
    expect(guardLabel({ type: 'credentialsComplete' })).toBe('credentialsComplete');
    expect(guardLabel(undefined)).toBeNull();
    expect(stateLabel({ a: { b: 'c' } })).toBe('a.b.c');
    expect(stateLabel({ left: 'x', right: 'y' })).toBe('left.x + right.y');
  });
});

describe('paths and counts', () => {
  it('describes the generated paths step by step, as the model-based tests run them', () => {
    const entry = machineCatalogue.find((candidate) => candidate.name === 'session')!;
    const paths = pathsOf(entry.model);
    const counts = countOf(entry.model, paths);
    expect(counts).toEqual({ states: 8, transitions: 20, paths: paths.length });
    const login = paths.find((path) =>
      path.steps.some((step) => step.event.type === 'xstate.done.actor.authenticate'),
    )!;
    const lines = describePath(login);
    expect(lines[0]).toBe('step 0: start → restoring');
    const done = login.steps.findIndex((step) => step.event.type === 'xstate.done.actor.authenticate');
    expect(lines[done]).toBe(`step ${done}: done: authenticate → loggedIn`);
    for (const [index, line] of lines.entries()) expect(line).toMatch(new RegExp(`^step ${index}: .+ → .+$`));
  });

  it('counts every catalogue machine', () => {
    for (const entry of machineCatalogue) {
      const counts = countOf(entry.model);
      expect(counts.states, entry.name).toBe(allStateNodes(entry.model.machine).length);
      expect(counts.paths, entry.name).toBeGreaterThan(0);
    }
    // Every catalogue model's paths generated once: seconds on a loaded machine.
  }, 30_000);
});

describe('masking', () => {
  const applicant = {
    first_name: 'Juana',
    last_name: 'Pérez',
    document_number: '30123456',
    email: 'juana.perez@example.com',
    birth_date: '1980-05-01',
    country: 'AR',
    notes: 'Escribir a juana@example.com o al 11-4567-8901. Monto 1.234.567,89 el 2026-03-04.',
    payment: {
      cbu: '2850590940090418135201',
      alias: 'juana.perez.mp',
      cuit_cuil: '27-30123456-4',
      iban: 'ES9121000418450200051332',
      swift: 'BSCHESMMXXX',
      account_number: '123456789',
      rut: '12.345.678-5',
      bank_name: 'Banco',
      account_type: 'savings',
    },
    amount: 1234.5,
    files: [
      {
        name: 'factura.pdf',
        content:
          'JVBERi0xLjQKJcTl8uXrp/Og0MTGCjQgMCBvYmoKPDwvTGVuZ3RoIDUgMCBSL0ZpbHRlciAvRmxhdGVEZWNvZGU+Pg==',
      },
    ],
  };

  it('removes document numbers, names, emails and bank data, by key and by shape', () => {
    const masked = maskData(applicant);
    const json = JSON.stringify(masked);
    for (const secret of [
      'Juana',
      'Pérez',
      '30123456',
      'juana.perez@example.com',
      'juana@example.com',
      '2850590940090418135201',
      'juana.perez.mp',
      '27-30123456-4',
      'ES9121000418450200051332',
      'BSCHESMMXXX',
      '123456789',
      '12.345.678-5',
      '4567-8901',
      'JVBERi0',
      'factura',
    ]) {
      expect(json, secret).not.toContain(secret);
    }
    const record = masked as Record<string, never>;
    // Shapes are kept so the machine's guards replay alike; what is not personal stays.
    expect(record.email).toBe('xxxxx.xxxxx@xxxxxxx.xxx');
    expect((record.payment as Record<string, unknown>).cbu).toBe('0000000000000000000000');
    expect((record.payment as Record<string, unknown>).account_type).toBe('savings');
    expect(record.country).toBe('AR');
    expect(record.amount).toBe(1234.5);
    expect(record.notes).toContain('1.234.567,89');
    expect(record.notes).toContain('2026-03-04');
    expect(maskData(masked)).toEqual(masked);
  });

  it('masks the payload of events about personal data, field/value pairs, files and errors as text', () => {
    expect(maskEvent({ type: 'PASSWORD_CHANGED', value: 'Secret-123' })).toEqual({
      type: 'PASSWORD_CHANGED',
      value: 'Xxxxxx-000',
    });
    expect(maskEvent({ type: 'FIELD_CHANGED', field: 'cbu', value: '2850590940090418135201' }).value).toBe(
      '0000000000000000000000',
    );
    const file = new File(['%PDF-1.4 secret'], 'dni-juana.pdf', { type: 'application/pdf' });
    expect(maskEvent({ type: 'FILES_ADDED', files: [file] }).files).toEqual([
      { file: true, name: 'xxx-xxxxx.xxx', type: 'application/pdf', size: 15 },
    ]);
    const error = maskEvent({
      type: 'xstate.error.actor.save',
      error: new FieldErrorsError({ email: ['Formato inválido'] }, 'juana@example.com ya existe'),
    });
    expect(error.error).toBe('Error: xxxxx@xxxxxxx.xxx ya existe');
    expect(error.errorKind).toBe('fields');
    expect(error.errorFields).toEqual({ email: ['Formato inválido'] });
  });
});

describe('recording and replay', () => {
  it('replays a recorded password change (with a refused first attempt) to the same state and context', async () => {
    let attempts = 0;
    const machine = passwordChangeMachine.provide({
      actors: {
        confirmPasswordReset: fromPromise(async () => {
          attempts += 1;
          if (attempts === 1)
            throw new FieldErrorsError({ password: ['Esta contraseña es demasiado común.'] });
        }),
      },
    });
    const recorder = createRecorder();
    const actor = createActor(machine, { input: { token: 'hash-123' }, inspect: recorder.inspect }).start();
    actor.send({ type: 'PASSWORD_CHANGED', value: 'Segura-2026' });
    actor.send({ type: 'CONFIRMATION_CHANGED', value: 'Segura-2026' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (snapshot) => snapshot.matches('editing') && snapshot.context.error !== null);
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    const final = actor.getSnapshot();

    const recording = parseRecording(JSON.stringify(recorder.toJSON()));
    expect(JSON.stringify(recording)).not.toContain('Segura-2026');
    expect(JSON.stringify(recording)).not.toContain('hash-123');
    const [recorded] = recording.actors;
    expect(recorded.machine).toBe('passwordChange');
    expect(recorded.start).toBe('init');
    expect(recorded.steps.map((step) => step.event.type)).toEqual([
      'xstate.init',
      'PASSWORD_CHANGED',
      'CONFIRMATION_CHANGED',
      'SUBMIT',
      'xstate.error.actor.confirmPasswordReset',
      'SUBMIT',
      'xstate.done.actor.confirmPasswordReset',
    ]);
    expect(typeof recorded.steps[4].event.error).toBe('string');

    const steps = replay(passwordChangeMachine, recording);
    expect(steps).toHaveLength(recorded.steps.length);
    expect(steps.every((step) => !step.diverged)).toBe(true);
    const last = steps.at(-1)!.snapshot;
    expect(last.value).toEqual(final.value);
    expect(last.status).toBe('done');
    expect(maskData(last.context)).toEqual(maskData(final.context));
    // The refused attempt replays through the same guard: the server's problems are shown.
    expect(steps[4].snapshot.context.problems).toEqual(['Esta contraseña es demasiado común.']);
    expect(describeSteps(steps.map((step) => ({ event: step.event, state: step.snapshot })))).toEqual([
      'step 0: start → editing',
      'step 1: PASSWORD_CHANGED → editing',
      'step 2: CONFIRMATION_CHANGED → editing',
      'step 3: SUBMIT → submitting',
      'step 4: error: confirmPasswordReset → editing',
      'step 5: SUBMIT → submitting',
      'step 6: done: confirmPasswordReset → changed',
    ]);
  });

  it('replays a recorded sign-in of the session machine, with the profile masked', async () => {
    const machine = sessionMachine.provide({
      actors: {
        restoreSession: fromPromise<StaffSession | null>(async () => null),
        authenticate: fromPromise(async () => sampleSession),
      },
    });
    const recorder = createRecorder();
    const actor = createActor(machine, { inspect: recorder.inspect }).start();
    await waitFor(actor, (snapshot) => snapshot.matches('loggedOut'));
    actor.send({ type: 'LOGIN', credentials: { username: ' ', password: '', remember: false } });
    actor.send({
      type: 'LOGIN',
      credentials: { username: 'ejecutivo', password: 'Clave-1234', remember: true },
    });
    await waitFor(actor, (snapshot) => snapshot.matches('loggedIn'));
    const recording = parseRecording(JSON.stringify(recorder.toJSON()));
    const json = JSON.stringify(recording);
    for (const secret of ['ejecutivo@demo.extranet.local', 'Clave-1234', 'access-token', 'Ejecutivo']) {
      expect(json).not.toContain(secret);
    }
    const steps = replay(sessionMachine, recording);
    expect(steps.map((step) => step.snapshot.value)).toEqual([
      'restoring',
      'loggedOut',
      'loggedOut',
      'authenticating',
      'loggedIn',
    ]);
    expect(steps.every((step) => !step.diverged)).toBe(true);
    expect(maskData(steps.at(-1)!.snapshot.context)).toEqual(maskData(actor.getSnapshot().context));
    expect(steps[2].snapshot.context.fieldErrors.username).toBeTruthy();
  });

  it("records through the page's registry, attaching flows already running", async () => {
    const actor = createActor(
      passwordChangeMachine.provide({ actors: { confirmPasswordReset: fromPromise(async () => {}) } }),
      withRecording({ input: { token: 't' } }),
    ).start();
    actor.send({ type: 'PASSWORD_CHANGED', value: 'Antes-2026' });
    expect(isRecording()).toBe(false);
    await startRecording();
    expect(isRecording()).toBe(true);
    actor.send({ type: 'CONFIRMATION_CHANGED', value: 'Antes-2026' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(recordedSteps()).toBe(4);
    const recording = stopRecording()!;
    expect(isRecording()).toBe(false);
    const [recorded] = recording.actors;
    expect(recorded.start).toBe('snapshot');
    const steps = replay(passwordChangeMachine, recording);
    expect(steps.map((step) => step.snapshot.value)).toEqual(['editing', 'editing', 'submitting', 'changed']);
    expect(steps.at(-1)!.snapshot.status).toBe('done');
    actor.stop();
  });

  it('marks the steps where the machine no longer does what was recorded', () => {
    const recording = {
      format: 'xstate-qa-recording' as const,
      version: 1 as const,
      recordedAt: new Date(0).toISOString(),
      masked: true as const,
      actors: [
        {
          machine: 'session',
          actor: 'x:0',
          start: 'init' as const,
          input: null,
          steps: [
            {
              at: 0,
              event: { type: 'xstate.init' },
              value: 'restoring',
              context: maskData(sessionMachine.config.context),
              status: 'active',
            },
            { at: 1, event: { type: 'LOGOUT' }, value: 'loggingOut', context: {}, status: 'active' },
          ],
        },
      ],
    };
    const steps = replay(sessionMachine, parseRecording(JSON.stringify(recording)));
    expect(steps[0].diverged).toBe(false);
    expect(steps[1].diverged).toBe(true);
    expect(steps[1].snapshot.value).toBe('restoring');
  });

  it('refuses files that are not recordings', () => {
    expect(() => parseRecording('nope')).toThrow(RecordingFormatError);
    expect(() => parseRecording('{"format":"other"}')).toThrow(RecordingFormatError);
    expect(() =>
      parseRecording(
        '{"format":"xstate-qa-recording","version":1,"actors":[{"machine":"x","start":"init","steps":[]}]}',
      ),
    ).toThrow(RecordingFormatError);
  });
});

describe('Playwright skeleton', () => {
  it('writes a test with one step per path step that TypeScript reads without errors', () => {
    const entry = machineCatalogue.find((candidate) => candidate.name === 'session')!;
    const path = pathsOf(entry.model).find((candidate) =>
      candidate.steps.some((step) => step.event.type === 'xstate.error.actor.authenticate'),
    )!;
    const code = toPlaywrightSkeleton('session', path.steps);
    const lines = describePath(path);
    for (const line of lines) expect(code).toContain(`await test.step(${JSON.stringify(line)}`);
    expect(code).toContain("import { expect, test } from '@playwright/test';");
    expect(code).toContain('call fails');
    expect(code).toContain("TODO: the user's action that sends LOGIN");
    const output = ts.transpileModule(code, {
      reportDiagnostics: true,
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    });
    expect(output.diagnostics ?? []).toEqual([]);
  });

  it('mentions the clock for delays', () => {
    const code = toPlaywrightSkeleton('wizardLike', [
      { event: { type: 'xstate.init' }, state: { value: 'submitted' } },
      { event: { type: 'xstate.after.refundRedirect.wizardLike.submitted' }, state: { value: 'end' } },
    ]);
    expect(code).toContain('after refundRedirect');
    expect(code).toContain('page.clock.runFor');
  });
});
