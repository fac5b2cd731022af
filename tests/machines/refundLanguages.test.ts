/**
 * Issue 42: the portal's machines walked by their models (the same generated paths as their
 * model-based tests) in each of the three languages, with every state visited and every transition
 * taken in each. The machines do not change with the language, except that the claim dialog reads
 * typed dates in the language's order (English MM/DD/YYYY): its paths are walked in each language
 * with the dates typed as that language types them.
 *
 * At every step of every path, in es, pt and en: the texts the screen shows in that state (the
 * `SCREENS` table: one entry per leaf state, checked like the model tests' assertions) come out of
 * the language's catalogue, translated (never left in Spanish, never a key, no ICU braces), and the
 * Spanish catalogue texts the context holds for the view (field errors, notices, server refusals)
 * are shown in the language by `Translator.fromSpanish` — exactly the SPEC's Spanish in es.
 */
import { describe, expect, it } from 'vitest';
import {
  type AnyMachineSnapshot,
  type AnyStateMachine,
  createActor,
  initialTransition,
  transition,
} from 'xstate';
import {
  buildLoadedClaim,
  type ClaimFormContext,
  claimFormMachine,
  claimProblems,
  valuesOfSuggestion,
} from '../../machines/claimForm';
import { generatePaths, type ModelPath, missingCoverage } from '../../machines/models/paths';
import { receiptReadingModel } from '../../machines/models/receiptReading';
import {
  claimFormModel,
  claimFormModelIn as claimFormModelInLanguage,
  EN_INVALID_DATE,
  EN_VALID_DATE,
  readSuggestion,
  refundDraftModel,
  refundLoginModel,
  refundStatusModel,
  refundWizardModel,
  sampleClaim,
  sampleRefundLogin,
} from '../../machines/models/refund';
import { paymentUpdateModel, pendingDocsModel } from '../../machines/models/refundLinks';
import { termsAcceptanceModel } from '../../machines/models/terms';
import type { MachineModel } from '../../machines/models/types';
import { refundWizardMachine } from '../../machines/refundWizard';
import { maskDateInput } from '../../src/client/refund/masks';
import {
  catalogues,
  dateOrderIn,
  LANGUAGES,
  type Language,
  type MessageKey,
  readSpanishWithValues,
  translatorOf,
} from '../../src/contracts/i18n';
import { messages } from '../../src/contracts/messages';
import { readRefundAmount, typedDateOf } from '../../src/contracts/refund';
import { checkAssertionKeys } from './harness';

/** Every plain Spanish text of the areas a traveller meets (the legacy catalogue). */
const spanishTexts = new Set<string>();
function collectTexts(value: unknown) {
  if (typeof value === 'string') spanishTexts.add(value);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) collectTexts(item);
}
for (const area of [
  messages.refund,
  messages.refundChecklist,
  messages.refundLinks,
  messages.refundDecisions,
  messages.amounts,
  messages.banking,
  messages.common,
  messages.terms,
  messages.receiptReading,
])
  collectTexts(area);

/**
 * The catalogue texts a snapshot's context holds (anything else in it is data): plain ones, and
 * those with variable parts the views read back against their Spanish template.
 */
function heldTexts(value: unknown, found: Set<string> = new Set()): Set<string> {
  if (typeof value === 'string') {
    if (spanishTexts.has(value) || readSpanishWithValues(value) !== null) found.add(value);
  } else if (value && typeof value === 'object' && !(value instanceof Blob))
    for (const item of Object.values(value)) heldTexts(item, found);
  return found;
}

type Screens = Record<string, readonly MessageKey[]>;

/**
 * What each screen shows in each state (the views' own texts, src/client/views/refund and terms):
 * one entry per leaf state, so a state without its texts fails (checkAssertionKeys).
 */
const loginScreen: MessageKey[] = [
  'refund.loginTitle',
  'refund.documentLabel',
  'refund.voucherIdLabel',
  'refund.loginButton',
  'refund.thirtyDayNote',
];
const dialogScreen: MessageKey[] = [
  'refund.claimDialogTitle',
  'refund.sinisterCountryLabel',
  'refund.sinisterDateLabel',
  'refund.coverageLabel',
  'refund.currencyLabel',
  'refund.amountLabel',
  'refund.filesLabel',
  'checklist.otherDocuments',
  'checklist.otherDocumentsIntro',
  'refund.addFilesButton',
  'refund.claimDialogSubmit',
  'refund.claimDialogClose',
];
const claimCard: MessageKey[] = [
  'refund.cardCoverage',
  'refund.cardCountry',
  'refund.cardDate',
  'refund.cardCurrency',
  'refund.cardAmount',
  'refund.removeClaimButton',
];
const statusScreen: MessageKey[] = [
  'links.submittedTitle',
  'links.submittedIntro',
  'links.statusLabel',
  'decisions.timelineTitle',
  'timeline.received',
  'decisions.askedNow',
  'decisions.nothingAsked',
];
const docsForm: MessageKey[] = [
  'links.pageTitle',
  'links.stepUpload',
  'links.stepSent',
  'links.documentsTitle',
  'links.addDocuments',
  'links.commentsLabel',
  'links.send',
];
const bankForm: MessageKey[] = [
  'links.paymentTitle',
  'links.paymentIntro',
  'links.stepUpdate',
  'links.stepSent',
  'links.update',
];

interface PortalMachine {
  name: string;
  /** The model in a language (the claim dialog types its dates in the language's order). */
  model: (language: Language) => MachineModel<AnyStateMachine>;
  screens: Screens;
  /** The path must reach catalogue texts held in the context (else this test would check nothing there). */
  holdsTexts: boolean;
}

const same = (model: MachineModel) => () => model as unknown as MachineModel<AnyStateMachine>;

/** The claim dialog's model in a language (machines/models/refund.ts `claimFormModelIn`). */
const claimFormModelIn = (language: Language) =>
  claimFormModelInLanguage(language) as unknown as MachineModel<AnyStateMachine>;

const PORTAL: PortalMachine[] = [
  {
    name: 'refundLogin',
    model: same(refundLoginModel),
    screens: { editing: loginScreen, authenticating: loginScreen, authenticated: ['refund.wizardTitle'] },
    holdsTexts: true,
  },
  {
    name: 'refundWizard',
    model: same(refundWizardModel),
    screens: {
      resuming: ['refund.wizardTitle', 'refund.draftResuming'],
      applicant: [
        'refund.stepApplicant',
        'refund.applicantTitle',
        'refund.nameLabel',
        'refund.surnameLabel',
        'refund.docNumberLabel',
        'refund.voucherLabel',
        'refund.emailLabel',
        'refund.phoneLabel',
        'refund.continueButton',
        'refund.saveAndContinueLater',
      ],
      'claims.list': ['refund.stepClaims', 'refund.claimsTitle', 'refund.loadClaimsButton', ...claimCard],
      'claims.dialog': dialogScreen,
      'payment.editing': [
        'refund.stepPayment',
        'refund.paymentTitle',
        'refund.refundMethodLabel',
        'refund.paymentMethodLabel',
        'refund.ownerLabel',
        'refund.bankLabel',
        'refund.accountTypeLabel',
        'refund.accountNumberLabel',
        'refund.finishButton',
        'refund.previousButton',
      ],
      'payment.uploadingAuthorization': ['refund.uploadingFiles', 'refund.authorizationIntro'],
      submitting: ['refund.sending'],
      submitted: ['refund.successTitle', 'refund.successBody', 'refund.redirectNote', 'refund.homeButton'],
      failed: ['refund.failureTitle', 'refund.failureBody', 'common.retry', 'refund.homeButton'],
      redirecting: ['refund.redirectNote'],
    },
    holdsTexts: true,
  },
  {
    name: 'claimForm',
    model: claimFormModelIn,
    screens: {
      editing: dialogScreen,
      preparing: ['refund.uploadingFiles'],
      loaded: claimCard,
    },
    holdsTexts: true,
  },
  {
    name: 'receiptReading',
    model: same(receiptReadingModel),
    screens: {
      reading: ['reading.reading'],
      waiting: ['reading.reading'],
      suggested: ['reading.suggestion', 'reading.useData', 'reading.dismiss', 'reading.readOnly'],
      accepted: ['reading.accepted'],
      // Nothing read, or set aside: the dialog shows its fields only.
      dismissed: ['refund.claimDialogTitle'],
      failed: ['refund.claimDialogTitle'],
    },
    holdsTexts: false,
  },
  {
    name: 'refundDraft',
    model: same(refundDraftModel),
    screens: {
      idle: ['refund.saveAndContinueLater', 'refund.draftSaved'],
      pending: ['refund.saveAndContinueLater'],
      saving: ['refund.saveAndContinueLater'],
      failed: ['refund.draftSaveFailed', 'refund.draftRetry'],
      stale: ['refund.draftStale', 'refund.draftLoadNewer'],
      loading: ['refund.draftStale', 'refund.draftLoadNewer'],
      signedOut: ['refund.draftSignedOutKept', 'refund.draftSignIn'],
      signingIn: ['refund.draftSignedOutKept', 'refund.draftSignIn'],
    },
    holdsTexts: false,
  },
  {
    name: 'refundStatus',
    model: same(refundStatusModel),
    screens: {
      refreshing: statusScreen,
      current: [...statusScreen, 'status.RECHAZADO', 'decisions.rejectionReason'],
      stale: [...statusScreen, 'decisions.refreshFailed'],
    },
    holdsTexts: false,
  },
  {
    name: 'pendingDocs',
    model: same(pendingDocsModel),
    screens: {
      loading: ['common.loading'],
      accessError: ['links.accessErrorTitle'],
      editing: docsForm,
      preparing: [...docsForm, 'links.sending'],
      uploading: [...docsForm, 'links.sending'],
      patching: [...docsForm, 'links.sending'],
      failed: ['links.failureTitle', 'links.failureText', 'common.retry'],
      sent: ['links.successTitle', 'links.successText'],
    },
    holdsTexts: true,
  },
  {
    name: 'paymentUpdate',
    model: same(paymentUpdateModel),
    screens: {
      loading: ['common.loading'],
      accessError: ['links.accessErrorTitle'],
      editing: bankForm,
      sending: [...bankForm, 'links.updating'],
      failed: ['links.failureTitle', 'links.paymentFailureText', 'common.retry'],
      sent: ['links.stepSent', 'links.paymentSentText'],
    },
    holdsTexts: true,
  },
  {
    name: 'termsAcceptance',
    model: same(termsAcceptanceModel),
    screens: {
      loading: ['common.loading'],
      accessError: ['terms.accessErrorTitle'],
      lapsed: ['terms.lapsedTitle', 'terms.linkLapsed'],
      reading: [
        'terms.title',
        'terms.intro',
        'terms.supplier',
        'terms.rate',
        'terms.validity',
        'terms.coveragesTitle',
        'terms.coverage',
        'terms.description',
        'terms.limit',
        'terms.acceptHint',
        'terms.accept',
      ],
      accepting: ['terms.title', 'terms.accepting'],
      accepted: ['terms.title', 'terms.acceptedTitle', 'terms.acceptedAt'],
    },
    holdsTexts: true,
  },
];

/** A sample for every ICU argument the portal's screen texts take. */
const SAMPLE_VALUES = {
  email: 'reintegros@example.com',
  id: '41',
  year: 2026,
  brand: 'Marca',
  count: 2,
  max: 20,
  text: 'Legibles',
  voucher: '41',
  product: 'Plan Anual',
  from: '05/01/2024',
  to: '20/01/2024',
  when: '26/11/2026 12:00',
  amount: 'USD 10,00',
  date: 'none',
  name: 'factura.pdf',
  pages: 2,
};

/**
 * Screen texts identical to the Spanish on purpose (the same word, or a proper name or acronym
 * the traveller reads as it is), per language.
 */
const SAME_WORD: Record<Exclude<Language, 'es'>, ReadonlySet<MessageKey>> = {
  pt: new Set<MessageKey>([
    'refund.documentLabel', // Documento
    'refund.voucherIdLabel', // Voucher
    'refund.voucherLabel',
    'refund.loginButton', // Continuar
    'refund.continueButton', // continuar (SPEC's lower case)
    'refund.finishButton', // finalizar
    'refund.previousButton', // Anterior
    'refund.removeClaimButton', // Remover
    'links.documentsTitle', // Documentos
    'links.send', // Enviar
    'terms.rate', // Tarifa
    'terms.coverage', // Cobertura
    'refund.bankLabel', // Banco
  ]),
  en: new Set<MessageKey>(['refund.emailLabel', 'refund.voucherIdLabel', 'refund.voucherLabel']),
};

const shownCache = new Map<string, string[]>();
/** What is wrong with a screen text in a language ([] when it is shown translated). */
function screenTextProblems(language: Language, key: MessageKey): string[] {
  const cacheKey = `${language} ${key}`;
  const cached = shownCache.get(cacheKey);
  if (cached) return cached;
  const problems: string[] = [];
  const shown = translatorOf(language).t(key, SAMPLE_VALUES);
  const spanish = translatorOf('es').t(key, SAMPLE_VALUES);
  if (!shown.trim() || shown === key) problems.push(`${language} ${key}: not in the catalogue`);
  if (/[{}]/.test(shown)) problems.push(`${language} ${key}: left an ICU brace: ${shown}`);
  if (language !== 'es' && shown === spanish && !SAME_WORD[language].has(key))
    problems.push(`${language} ${key}: shown in Spanish (${shown})`);
  if (catalogues[language][key] === undefined) problems.push(`${language} ${key}: missing`);
  shownCache.set(cacheKey, problems);
  return problems;
}

const heldCache = new Map<string, string | null>();
/** What is wrong with a held Spanish text as the view shows it in a language (null: fine). */
function heldTextProblem(language: Language, text: string): string | null {
  const cacheKey = `${language} ${text}`;
  if (heldCache.has(cacheKey)) return heldCache.get(cacheKey) ?? null;
  const shown = translatorOf(language).fromSpanish(text);
  let problem: string | null = null;
  if (language === 'es') problem = shown === text ? null : `es: '${text}' shown as '${shown}'`;
  else if (shown === text) problem = `${language}: '${text}' left in Spanish`;
  else if (/[{}]/.test(shown)) problem = `${language}: '${shown}' left an ICU brace`;
  heldCache.set(cacheKey, problem);
  return problem;
}

/** The snapshots a path reaches, replayed from the model's input (as the model tests do). */
function replay(model: MachineModel<AnyStateMachine>, path: ModelPath): AnyMachineSnapshot[] {
  let [state] = initialTransition(model.machine, model.input);
  return path.steps.map((step, index) => {
    if (index > 0 || step.event.type !== 'xstate.init')
      [state] = transition(model.machine, state, step.event);
    return state as AnyMachineSnapshot;
  });
}

describe('the portal machines in es, pt and en (issue 42)', () => {
  it('lists as the same word only texts that are the same word', () => {
    for (const language of ['pt', 'en'] as const)
      for (const key of SAME_WORD[language]) expect(catalogues[language][key], key).toBe(catalogues.es[key]);
  });

  for (const portal of PORTAL)
    describe(portal.name, () => {
      it('names a screen text for every leaf state, and only real states', () => {
        expect(checkAssertionKeys(portal.model('es').machine, Object.keys(portal.screens))).toEqual([]);
      });

      for (const language of LANGUAGES)
        it(`${language}: every state and transition, each step's screen and held texts in ${language}`, () => {
          const model = portal.model(language);
          const paths = generatePaths(model);
          expect(paths.length).toBeGreaterThan(0);
          expect(missingCoverage(model, paths), `${portal.name} in ${language}`).toEqual({
            states: [],
            transitions: [],
          });
          const problems = new Set<string>();
          const held = new Set<string>();
          const visited = new Set<string>();
          for (const path of paths)
            for (const snapshot of replay(model, path)) {
              for (const [state, keys] of Object.entries(portal.screens)) {
                if (!snapshot.matches(state)) continue;
                visited.add(state);
                for (const key of keys)
                  for (const problem of screenTextProblems(language, key)) problems.add(problem);
              }
              for (const text of heldTexts(snapshot.context)) {
                held.add(text);
                const problem = heldTextProblem(language, text);
                if (problem) problems.add(problem);
              }
            }
          expect([...problems]).toEqual([]);
          expect([...visited].sort()).toEqual(Object.keys(portal.screens).sort());
          if (portal.holdsTexts) expect(held.size).toBeGreaterThan(0);
        }, 120_000);
    });
});

describe('the claim dialog types dates in the language’s order (issue 42)', () => {
  const typed = (language: Language, value: string) => {
    const [initial] = initialTransition(claimFormMachine, { ...claimFormModel.input!, language });
    const [state] = transition(claimFormMachine, initial, {
      type: 'FIELDS_CHANGED',
      values: { sinister_date: value },
    });
    return state.context as ClaimFormContext;
  };

  for (const language of LANGUAGES) {
    const tr = translatorOf(language);
    const order = dateOrderIn(language);
    it(`${language}: reads ${order === 'mdy' ? 'MM/DD/YYYY' : 'DD/MM/YYYY'} and the ISO form, and says so`, () => {
      const january10 = typedDateOf('2024-01-10', order);
      expect(january10).toBe(language === 'en' ? '01/10/2024' : '10/01/2024');
      for (const value of [
        january10,
        '2024-01-10',
        maskDateInput('2024-0110'),
        maskDateInput(january10.replaceAll('/', '')),
      ]) {
        const context = typed(language, value);
        expect(claimProblems(context).sinister_date, value).toBeUndefined();
        expect(buildLoadedClaim(context, []).sinister_date, value).toBe('2024-01-10');
      }
      // 13/01/2024 is January 13 day first, and no date month first.
      const thirteenth = typed(language, EN_INVALID_DATE);
      if (order === 'mdy') {
        expect(claimProblems(thirteenth).sinister_date).toBe(messages.refund.dateInvalid);
        expect(tr.fromSpanish(claimProblems(thirteenth).sinister_date)).toBe(
          'Enter a date as MM/DD/YYYY (month first) or YYYY-MM-DD',
        );
      } else {
        expect(claimProblems(thirteenth).sinister_date).toBeUndefined();
        expect(buildLoadedClaim(thirteenth, []).sinister_date).toBe('2024-01-13');
      }
      // Not a calendar date in either order: the machine's Spanish refusal, shown in the language.
      for (const value of ['2024-02-30', '31/02/2024', '02/31/2024', '01-10-2024']) {
        const problem = claimProblems(typed(language, value)).sinister_date;
        expect(problem, value).toBe(messages.refund.dateInvalid);
        expect(tr.fromSpanish(problem)).toContain(order === 'mdy' ? 'MM/DD/YYYY' : 'DD/MM/AAAA');
      }
      // The label names the form (the Spanish one is the SPEC's; its placeholder shows the form).
      const label = tr.t('refund.sinisterDateLabel');
      expect(label).toBe(
        {
          es: 'Fecha del evento',
          pt: 'Data do evento (DD/MM/AAAA ou AAAA-MM-DD)',
          en: 'Date of the event (MM/DD/YYYY or YYYY-MM-DD)',
        }[language],
      );
      // Outside the validity: the refusal's dates in the language's order.
      const early = claimProblems(typed(language, typedDateOf('2024-01-04', order))).sinister_date;
      expect(early).toBe(messages.refund.dateOutsideValidity('05/01/2024', '20/01/2024'));
      expect(tr.fromSpanish(early)).toContain(language === 'en' ? '01/05/2024' : '05/01/2024');
      expect(tr.fromSpanish(early)).toContain(language === 'en' ? '01/20/2024' : '20/01/2024');
      // A receipt's reading fills the date as the language types it; a date shown back likewise.
      expect(valuesOfSuggestion(readSuggestion, language).sinister_date).toBe(january10);
      // ...and its amount as the language writes it, which the dialog reads back to the same value.
      const filled = valuesOfSuggestion({ amount: '12345.50', currency: 'ARS', date: null }, language)
        .amount!;
      expect(filled).toBe(language === 'en' ? '12,345.50' : '12.345,50');
      expect(readRefundAmount(filled, 'ARS')).toMatchObject({ ok: true, decimal: '12345.50' });
      expect(tr.date('2024-01-10')).toBe(january10);
    });
  }

  it('keeps every field when the language changes, the date with its meaning', () => {
    const values = {
      sinister_country: 'ARG',
      sinister_date: '10/01/2024',
      currency: 'USD',
      amount: '1.234,50',
    };
    const [initial] = initialTransition(claimFormMachine, claimFormModel.input!);
    let [state] = transition(claimFormMachine, initial, { type: 'FIELDS_CHANGED', values });
    [state] = transition(claimFormMachine, state, { type: 'LANGUAGE_CHANGED', language: 'en' });
    expect(state.context.language).toBe('en');
    expect(state.context.values).toEqual({ ...values, sinister_date: EN_VALID_DATE });
    expect(buildLoadedClaim(state.context, []).sinister_date).toBe('2024-01-10');
    [state] = transition(claimFormMachine, state, { type: 'LANGUAGE_CHANGED', language: 'pt' });
    expect(state.context.values).toEqual(values);
    // What is not a whole date yet (or is the ISO form) stays as typed.
    for (const partial of ['10/01/20', '2024-01-10', '31/02/2024']) {
      [state] = transition(claimFormMachine, state, {
        type: 'FIELDS_CHANGED',
        values: { sinister_date: partial },
      });
      [state] = transition(claimFormMachine, state, { type: 'LANGUAGE_CHANGED', language: 'en' });
      expect(state.context.values.sinister_date).toBe(partial);
      [state] = transition(claimFormMachine, state, { type: 'LANGUAGE_CHANGED', language: 'es' });
    }
    // A language the portal does not speak is ignored.
    [state] = transition(claimFormMachine, state, { type: 'LANGUAGE_CHANGED', language: 'fr' as Language });
    expect(state.context.language).toBe('es');
  });

  it('the wizard gives the dialog its language and tells an open dialog of a switch', () => {
    const actor = createActor(refundWizardMachine, {
      input: { ...refundWizardModel.input!, language: 'pt' },
    }).start();
    actor.send({ type: 'xstate.done.actor.loadDraft', output: null } as never);
    actor.send({ type: 'CONTINUE' });
    actor.send({ type: 'OPEN_CLAIM_DIALOG' });
    const dialog = () =>
      (
        actor.getSnapshot().children.claimForm as { getSnapshot(): { context: ClaimFormContext } }
      ).getSnapshot().context;
    expect(dialog().language).toBe('pt');
    actor.send({ type: 'LANGUAGE_CHANGED', language: 'en' });
    expect(actor.getSnapshot().context.language).toBe('en');
    expect(dialog().language).toBe('en');
    actor.send({ type: 'CLOSE_CLAIM_DIALOG' });
    actor.send({ type: 'LANGUAGE_CHANGED', language: 'es' });
    expect(actor.getSnapshot().context.language).toBe('es');
    actor.send({ type: 'OPEN_CLAIM_DIALOG' });
    expect(dialog().language).toBe('es');
    // A loaded claim shows its date in the page's language.
    expect(translatorOf('en').date(sampleClaim.sinister_date)).toBe('01/10/2024');
    expect(sampleRefundLogin.refunds.date_in).toBe('2024-01-05');
    actor.stop();
  });
});
