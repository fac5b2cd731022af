// biome-ignore-all lint/correctness/noComponentHookFactories: executors are keyed by event type, not React components
/**
 * The refund portal's wizard ('Solicitud de reintegros', /dashboardRefund) along the generated
 * paths of refundWizard and of its claim dialog claimForm, in Chromium (issue 29 §tests; SPEC §2
 * public refund portal, §4 refund wizard and claim files, §5, §8).
 *
 * Signing in costs nothing: the models' login answer (machines/models/refund.ts
 * `sampleRefundLogin`) is put in sessionStorage before the page loads, as the login page leaves
 * it, so the screen starts from exactly the models' input. Every call the wizard makes with it
 * (receipt uploads, the submission) is held with page.route and answered with the path's actor
 * completion, so no walk writes a refund to the server's database. Files are chosen with
 * setInputFiles; the browser prepares them itself (its own PREPARE_PROGRESS events), then its
 * upload is answered. The redirect timer runs on the page's clock.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { type AnyEventObject, type AnyMachineSnapshot, createActor } from 'xstate';
import { type ClaimReceipt, type LoadedClaim, pagesOf, type ReceiptRef } from '../../machines/claimForm';
import {
  claimFormModel,
  claimFormModelIn,
  refundWizardModel,
  sampleClaim,
  sampleRefundLogin,
} from '../../machines/models/refund';
import type { MachineModel } from '../../machines/models/types';
import { refundWizardMachine } from '../../machines/refundWizard';
import { UserFacingError } from '../../machines/support/errors';
import { amountFeedbackIn, type Language, type MessageKey } from '../../src/contracts/i18n';
import { messages } from '../../src/contracts/messages';
import {
  MAX_AMOUNT_INTEGER_DIGITS,
  MAX_CLAIM_FILES,
  type PaymentFileField,
  type PaymentTextField,
  paymentFieldLabel,
  paymentFieldsFor,
  paymentFileFields,
  type ServiceAmounts,
} from '../../src/contracts/refund';
import { answerChecklist, checklistItem } from './claimChecklist';
import { gradientPng, multiPagePdf } from './fixtures/refund/files';
import {
  coveringPaths,
  type Executors,
  errorOf,
  holdRequests,
  missingIn,
  type ScreenChecks,
  type WalkStep,
  walkPath,
} from './machineWalk';
import { forEachLanguage, speaks, type WalkLanguage } from './walkLanguages';

const COUNTRY = sampleRefundLogin.refunds.country_residence;
const REDIRECT = sampleRefundLogin.refunds.url_country_b2c;

const DRAFT_PATH = /\/api\/refund_data\/draft\/$/;

/**
 * The wizard's calls with the login's token: receipt uploads, the submission and the server
 * draft (issue 30 §1): its read after the login is held and answered by the path; every save is
 * answered at once with the next version (the saver's own states are walked in refundDraft.spec.ts).
 */
function holdPortal(page: Page) {
  const upload = holdRequests(page, /\/images\/upload-image$/, 'POST');
  const submit = holdRequests(page, /\/api\/refund_data\/$/, 'POST');
  const draft = holdRequests(page, DRAFT_PATH, 'GET');
  const saves = page.route(DRAFT_PATH, (route) => {
    if (route.request().method() !== 'PUT') return route.fallback();
    const sent = route.request().postDataJSON() as { version: number };
    return route.fulfill({ json: { version: sent.version + 1 } });
  });
  return { upload, submit, draft, ready: Promise.all([upload.ready, submit.ready, draft.ready, saves]) };
}

/** Opens the wizard signed in with the models' login answer (and, if given, a stored wizard). */
async function openWizard(page: Page, storedWizard?: unknown) {
  await page.addInitScript(
    ([login, wizard]) => {
      if (window.location.pathname !== '/dashboardRefund' || sessionStorage.getItem('walkSeeded')) return;
      sessionStorage.setItem('walkSeeded', '1');
      sessionStorage.setItem('refundLogin', login);
      if (wizard) sessionStorage.setItem('refundWizard', wizard);
    },
    [JSON.stringify(sampleRefundLogin), storedWizard ? JSON.stringify(storedWizard) : ''] as const,
  );
  await page.goto('/dashboardRefund');
}

/**
 * Bytes for a chosen receipt: text for one whose content is not what its name says (issue 40), a
 * real PDF for .pdf (the browser splits it into pages), a PNG otherwise.
 */
async function fileOf(ref: { name: string; pages?: number; contentMismatch?: boolean }) {
  if (ref.contentMismatch)
    return { name: ref.name, mimeType: 'image/jpeg', buffer: Buffer.from('no es una foto') };
  if (ref.name.toLowerCase().endsWith('.pdf'))
    return { name: ref.name, mimeType: 'application/pdf', buffer: await multiPagePdf(ref.pages ?? 1) };
  return { name: ref.name, mimeType: 'image/png', buffer: gradientPng(24, 16) };
}

const filesOf = (refs: readonly { name: string; pages?: number; contentMismatch?: boolean }[]) =>
  Promise.all(refs.map(fileOf));

/** A receipt as the dialog lists it (a PDF of several pages says how many: issue 30 §4). */
const shownName = ({ t }: WalkLanguage, file: ReceiptRef) =>
  t('checklist.fileWithPages', { name: file.name, pages: Math.max(1, file.pages ?? 1) });

/** Stored files as the image service answers them. */
const storedFiles = (files: readonly { id: string; name: string }[]) =>
  files.map(({ id, name }) => ({ id, name, content_type: 'image/jpeg', size: 900 }));

const escaped = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The list item of a shown file (exactly that name), with its remove button, within `scope`. */
const fileItem = (page: Page, scope: Locator | Page, name: string) =>
  scope.getByRole('listitem').filter({ has: page.getByText(name, { exact: true }) });

// ---- the claim dialog (claimForm) --------------------------------------------------------------

/** Fills the dialog's fields as typed values (masked as the machine keeps them). */
async function typeClaimFields({ t }: WalkLanguage, dialog: Locator, values: Record<string, string>) {
  if (values.sinister_country !== undefined)
    await dialog.getByLabel(t('refund.sinisterCountryLabel')).selectOption(values.sinister_country);
  if (values.sinister_date !== undefined)
    await dialog.getByLabel(t('refund.sinisterDateLabel')).fill(values.sinister_date);
  if (values.currency !== undefined)
    await dialog.getByLabel(t('refund.currencyLabel')).selectOption(values.currency);
  if (values.amount !== undefined) await dialog.getByLabel(t('refund.amountLabel')).fill(values.amount);
}

const claimModel = claimFormModel as unknown as MachineModel;

/**
 * No screen sends NOTICE_DISMISSED (the notice goes with the next choice or removal), so a path
 * is cut there; a removal needs the file on screen; 'No lo tengo' is offered only on an item
 * without files and its reason only once marked (issue 30 §3).
 */
function claimWalkable(steps: readonly WalkStep[], index: number): boolean {
  const { event } = steps[index];
  const before = steps[index - 1].state.context as { files: ClaimReceipt[]; missing: Record<string, string> };
  if (event.type === 'NOTICE_DISMISSED') return false;
  // The suggestion comes from a real reading (OCR on the server): receiptReading.spec.ts walks it.
  if (event.type === 'READING_ACCEPTED') return false;
  // Issue 42: the selector is out of reach while the modal dialog is open (the wizard tells the
  // dialog of a switch); tests/machines/refundLanguages.test.ts walks it in each language.
  if (event.type === 'LANGUAGE_CHANGED') return false;
  if (event.type === 'FILE_REMOVED') return before.files.some((file) => file.id === event.id);
  if (event.type === 'ITEM_MISSING_TOGGLED') return !before.files.some((file) => file.item === event.item);
  if (event.type === 'MISSING_REASON_CHANGED') return event.item in before.missing;
  return true;
}

/** The claim dialog's model in a language (machines/models/refund.ts `claimFormModelIn`). */
const claimModelIn = (language: Language) => claimFormModelIn(language) as unknown as MachineModel;

forEachLanguage((walk) => {
  const { language, t, say, axeOnce } = walk;
  const claimModelInLanguage = claimModelIn(language);
  const claimPaths = coveringPaths(claimModelInLanguage, claimWalkable);

  test('claimForm: the walk covers every state and transition the dialog can take', () => {
    expect(missingIn(claimModelInLanguage, claimPaths)).toEqual({
      states: [],
      transitions: [
        // A real reading's suggestion: receiptReading.spec.ts (see claimWalkable).
        'claimForm.editing READING_ACCEPTED -> (self)',
        // No button dismisses a notice (see claimWalkable).
        'claimForm.editing NOTICE_DISMISSED -> (self)',
        // Issue 42: a language switch with the dialog open (see claimWalkable).
        'claimForm LANGUAGE_CHANGED [guard] -> (self)',
      ],
    });
  });

  /** A wizard stored at its claims list with one claim ('Gastos de farmacia'): the model's input. */
  function wizardWithPharmacyClaim(language: Language): unknown {
    const actor = createActor(refundWizardMachine, { input: { ...refundWizardModel.input!, language } });
    actor.start();
    actor.send({ type: 'xstate.done.actor.loadDraft', output: null } as never);
    actor.send({ type: 'CONTINUE' });
    actor.send({ type: 'OPEN_CLAIM_DIALOG' });
    const pharmacy: LoadedClaim = { ...sampleClaim, coverage: claimModel.input.loadedCoverages[0] };
    actor.send({ type: 'xstate.done.actor.claimForm', output: pharmacy } as never);
    expect(actor.getSnapshot().context.claims.map((claim) => claim.coverage)).toEqual(
      claimModel.input.loadedCoverages,
    );
    const owner = JSON.stringify([sampleRefundLogin.refunds.voucher, sampleRefundLogin.refunds.doc_number]);
    const stored = { owner, snapshot: actor.getPersistedSnapshot() };
    actor.stop();
    return stored;
  }

  for (const path of claimPaths) {
    test(`claimForm ${path.description}`, async ({ page }) => {
      const portal = holdPortal(page);
      await portal.ready;
      await openWizard(page, wizardWithPharmacyClaim(language));
      await page.getByRole('button', { name: t('refund.addClaimButton'), exact: true }).click();
      const dialog = page.getByRole('dialog', { name: t('refund.claimDialogTitle') });
      const submit = dialog.getByRole('button', { name: t('refund.claimDialogSubmit') });
      const executors: Executors = {
        FIELDS_CHANGED: async (event) => typeClaimFields(walk, dialog, event.values),
        COVERAGE_CHOSEN: async (event) =>
          dialog.getByLabel(t('refund.coverageLabel')).selectOption(event.coverage),
        SERVICE_TOGGLED: async (event) => {
          const name = String(event.service).replace('transporte.', '');
          await dialog
            .getByRole('checkbox', { name: t(`refund.${name}` as MessageKey), exact: true })
            .setChecked(event.selected);
        },
        SERVICE_AMOUNT_CHANGED: async (event) => {
          const label =
            event.amount === 'montoPagado' ? t('refund.montoPagadoLabel') : t('refund.montoRecuperadoLabel');
          const service = t(`refund.${event.service}` as MessageKey);
          await dialog.getByLabel(`${label} (${service})`).fill(event.value);
        },
        SERVICE_NAME_CHANGED: async (event) =>
          dialog.getByLabel(t('refund.nombreServicioLabel')).fill(event.value),
        // Under its checklist item ('Adjuntar archivos'), or the one 'Agregar archivos' of 'Otros documentos'.
        FILES_CHOSEN: async (event) =>
          (event.item
            ? checklistItem(dialog, event.item).getByLabel(t('checklist.attachFiles'), { exact: true })
            : dialog.getByLabel(t('refund.addFilesButton'), { exact: true })
          ).setInputFiles(await filesOf(event.files)),
        FILE_REMOVED: async (event, before) => {
          const file = (before.context.files as ReceiptRef[]).find((candidate) => candidate.id === event.id)!;
          await fileItem(page, dialog, shownName(walk, file))
            .getByRole('button', { name: t('refund.removeFileButton') })
            .click();
        },
        ITEM_MISSING_TOGGLED: async (event) =>
          checklistItem(dialog, event.item)
            .getByRole('checkbox', { name: t('checklist.notAvailable'), exact: true })
            .setChecked(event.missing),
        MISSING_REASON_CHANGED: async (event) =>
          checklistItem(dialog, event.item)
            .getByLabel(t('checklist.notAvailableReason'), { exact: true })
            .fill(event.reason),
        SUBMIT: async () => submit.click(),
        // The browser reports its own progress while it prepares and uploads.
        PREPARE_PROGRESS: async () => {},
        PREPARE_DONE: async (event) => portal.upload.answer(201, { files: storedFiles(event.files) }),
        PREPARE_FAILED: async (event) => portal.upload.answer(400, { detail: event.message }),
      };
      const checks: ScreenChecks = {
        editing: async (snapshot) => {
          const context = snapshot.context as {
            values: Record<string, string>;
            coverage: string;
            files: ClaimReceipt[];
            missing: Record<string, string>;
            errors: Record<string, string | undefined>;
            fileNotice: string | null;
            uploadError: string | null;
            requiredItems: string[];
            isMultiCause: boolean;
          };
          await expect(dialog).toBeVisible();
          await speaks(page, walk);
          await expect(dialog.getByLabel(t('refund.sinisterCountryLabel'))).toHaveValue(
            context.values.sinister_country,
          );
          await expect(dialog.getByLabel(t('refund.sinisterDateLabel'))).toHaveValue(
            context.values.sinister_date,
          );
          await expect(dialog.getByLabel(t('refund.currencyLabel'))).toHaveValue(context.values.currency);
          await expect(dialog.getByLabel(t('refund.amountLabel'))).toHaveValue(context.values.amount);
          await expect(dialog.getByLabel(t('refund.coverageLabel'))).toHaveValue(context.coverage);
          // Issue 30 §4: the counter counts pages, as the limit does.
          const pages = pagesOf(context.files);
          await expect(
            dialog.getByText(t('checklist.filesCount', { count: pages, max: MAX_CLAIM_FILES })),
          ).toBeVisible();
          // Issue 30 §3: each file under its item (or 'Otros documentos'); each item's 'No lo tengo'.
          for (const file of context.files)
            await expect(
              fileItem(
                page,
                checklistItem(dialog, file.item ?? t('checklist.otherDocuments')),
                shownName(walk, file),
              ),
            ).toHaveCount(1);
          await expect(dialog.getByRole('button', { name: t('refund.removeFileButton') })).toHaveCount(
            context.files.length,
          );
          for (const item of context.requiredItems) {
            const hasFiles = context.files.some((file) => file.item === item);
            const notAvailable = checklistItem(dialog, item).getByRole('checkbox', {
              name: t('checklist.notAvailable'),
              exact: true,
            });
            await expect(notAvailable).toHaveCount(hasFiles ? 0 : 1);
            if (!hasFiles) await expect(notAvailable).toBeChecked({ checked: item in context.missing });
            await expect(
              checklistItem(dialog, item).getByLabel(t('checklist.notAvailableReason')),
            ).toHaveCount(item in context.missing ? 1 : 0);
          }
          // One control named 'Agregar archivos' (issue 30 §4); one group per item plus 'Otros documentos'.
          await expect(dialog.getByRole('button', { name: t('refund.addFilesButton') })).toHaveCount(1);
          await expect(dialog.getByRole('group')).toHaveCount(context.requiredItems.length + 1);
          // At the limit the upload is disabled until a file is removed.
          await expect(dialog.getByRole('button', { name: t('refund.addFilesButton') })).toBeEnabled({
            enabled: pages < MAX_CLAIM_FILES,
          });
          await expect(dialog.getByRole('region', { name: t('refund.multiCauseTitle') })).toHaveCount(
            context.isMultiCause ? 1 : 0,
          );
          // Exactly the alerts the state holds: every field error, the file notice, the upload error.
          const shown = [...Object.values(context.errors), context.fileNotice, context.uploadError].filter(
            (message): message is string => typeof message === 'string',
          );
          await expect(dialog.getByRole('alert')).toHaveCount(shown.length);
          for (const message of shown)
            await expect(
              dialog
                .getByRole('alert')
                .filter({ hasText: say(message) })
                .first(),
            ).toBeVisible();
          for (const [field, label] of [
            ['sinister_country', t('refund.sinisterCountryLabel')],
            ['sinister_date', t('refund.sinisterDateLabel')],
            ['coverage', t('refund.coverageLabel')],
            ['currency', t('refund.currencyLabel')],
            ['amount', t('refund.amountLabel')],
          ] as const) {
            const error = context.errors[field];
            // Without an error, the amount says how it was understood in the language's format
            // ('Will be entered as: USD 1,234.50' for the model's '1.234,50' in English), or why not.
            const feedback =
              field === 'amount'
                ? amountFeedbackIn(language, context.values.amount, {
                    currency: context.values.currency || null,
                    maxIntegerDigits: MAX_AMOUNT_INTEGER_DIGITS,
                  })
                : { understood: null, problem: null };
            await expect(dialog.getByLabel(label)).toHaveAccessibleDescription(
              error ? say(error) : (feedback.understood ?? feedback.problem ?? ''),
            );
          }
          await expect(submit).toBeEnabled();
          await axeOnce(page, 'claimForm.editing');
        },
        preparing: async () => {
          await expect(dialog.getByText(t('refund.uploadingFiles'))).toBeVisible();
          await expect(dialog.getByRole('progressbar')).toBeVisible();
          await expect(submit).toBeDisabled();
          await expect(dialog.getByRole('button', { name: t('refund.claimDialogClose') })).toBeDisabled();
          await axeOnce(page, 'claimForm.preparing');
        },
        loaded: async (snapshot) => {
          await expect(dialog).toBeHidden();
          await expect(
            page.getByRole('listitem', { name: String(claimModel.input.loadedCoverages[0]) }),
          ).toBeVisible();
          await expect(page.getByRole('listitem', { name: String(snapshot.context.coverage) })).toBeVisible();
          await axeOnce(page, 'claimForm.loaded');
        },
      };
      await walkPath(path, executors, checks);
    });
  }
});

// ---- the wizard (refundWizard) -------------------------------------------------------------------

/**
 * The model's paths never type a comment or remove a claim once one is loaded (both keep the
 * reduced state), so one journey of the spec's own does, on screen.
 */
const wizardModel = {
  ...refundWizardModel,
  journeys: [
    ...(refundWizardModel.journeys ?? []),
    [
      { type: 'xstate.done.actor.loadDraft', output: null },
      { type: 'CONTINUE' },
      { type: 'OPEN_CLAIM_DIALOG' },
      { type: 'xstate.done.actor.claimForm', output: sampleClaim },
      { type: 'COMMENT_CHANGED', value: 'Todo cargado.' },
      { type: 'CLAIM_REMOVED', index: 0 },
    ],
  ],
} as unknown as MachineModel;

/**
 * What the screen can send: the comment field shows once a claim is loaded and keeps at most 255
 * characters (maxLength), so a longer comment is never typed; a claim or authorization file is
 * removed with its own button.
 */
function wizardWalkable(steps: readonly WalkStep[], index: number): boolean {
  const { event } = steps[index];
  const context = steps[index - 1].state.context as {
    claims: LoadedClaim[];
    payment: Record<PaymentFileField, { id: string }[]>;
  };
  switch (event.type) {
    case 'COMMENT_CHANGED':
      return context.claims.length > 0 && String(event.value).length <= 255;
    case 'CLAIM_REMOVED':
      return event.index < context.claims.length;
    case 'AUTHORIZATION_FILE_REMOVED':
      return context.payment[event.field as PaymentFileField].some((file) => file.id === event.id);
    // The newer draft after a 409: every save is answered here (walked in refundDraft.spec.ts).
    case 'DRAFT_RESUMED':
      return false;
    // Issue 42: the language selector changes every label these checks read: refundLanguages.spec.ts
    // switches mid-claim; with the dialog open only the machine tests can (see claimWalkable).
    case 'LANGUAGE_CHANGED':
      return false;
    default:
      return true;
  }
}

const wizardPaths = coveringPaths(wizardModel, wizardWalkable);

forEachLanguage((walk) => {
  const { t, tr, say, axeOnce } = walk;

  test('refundWizard: the walk covers every state and transition the wizard can take', () => {
    expect(missingIn(wizardModel, wizardPaths)).toEqual({
      states: [],
      transitions: [
        // Issue 42: the language selector (see wizardWalkable).
        'refundWizard.claims.dialog LANGUAGE_CHANGED -> (self)',
        'refundWizard LANGUAGE_CHANGED -> (self)',
        // A stale save's newer draft: refundDraft.spec.ts walks it with two pages (see wizardWalkable).
        'refundWizard DRAFT_RESUMED [draftAt] -> refundWizard.claims',
        'refundWizard DRAFT_RESUMED [draftAt] -> refundWizard.payment',
        'refundWizard DRAFT_RESUMED -> refundWizard.applicant',
      ],
    });
  });

  /** The message the failure screen shows: an unworded failure is walked as a dropped connection. */
  function shownFailure(snapshot: AnyMachineSnapshot, event: AnyEventObject): string {
    const unworded = 'error' in event && !(event.error instanceof UserFacingError);
    return unworded ? messages.common.networkError : String(snapshot.context.error);
  }

  const selectFields = new Set<string>(['bank', 'account_type', 'refund_method', 'payment_method']);

  for (const path of wizardPaths) {
    test(`refundWizard ${path.description}`, async ({ page }) => {
      await page.clock.install();
      const portal = holdPortal(page);
      await portal.ready;
      await page.route(`${REDIRECT}**`, (route) =>
        route.fulfill({ contentType: 'text/html', body: '<title>Sitio del país</title>' }),
      );
      await openWizard(page);
      const next = page.getByRole('button', { name: t('refund.continueButton'), exact: true });
      const finish = page.getByRole('button', { name: t('refund.finishButton') });
      const previous = page.getByRole('button', { name: t('refund.previousButton'), exact: true });
      const dialog = page.getByRole('dialog', { name: t('refund.claimDialogTitle') });
      const field = (name: PaymentTextField) =>
        page.getByLabel(tr.fromSpanish(paymentFieldLabel(name, COUNTRY)), { exact: true });
      const executors: Executors = {
        // Issue 30 §1: the login's draft read, answered with the path's draft (or none), or failed.
        'xstate.done.actor.loadDraft': async (event) => portal.draft.answer(200, { draft: event.output }),
        'xstate.error.actor.loadDraft': async () => portal.draft.abort(),
        SAVE_DRAFT: async () => page.getByRole('button', { name: t('refund.saveAndContinueLater') }).click(),
        APPLICANT_CHANGED: async (event) => {
          const values = event.values as Record<string, string>;
          if (values.email !== undefined) await page.getByLabel(t('refund.emailLabel')).fill(values.email);
          if (values.phone_contact !== undefined)
            await page.getByLabel(t('refund.phoneLabel')).fill(values.phone_contact);
        },
        CONTINUE: async () => next.click(),
        BACK: async () => previous.click(),
        OPEN_CLAIM_DIALOG: async () =>
          page
            .getByRole('button', {
              name: new RegExp(`^(${t('refund.loadClaimsButton')}|${t('refund.addClaimButton')})$`),
            })
            .click(),
        CLOSE_CLAIM_DIALOG: async () =>
          dialog.getByRole('button', { name: t('refund.claimDialogClose') }).click(),
        // The dialog filled with the claim's data and one receipt; its upload answered with the claim's files.
        'xstate.done.actor.claimForm': async (event) => {
          const claim = event.output as LoadedClaim;
          await typeClaimFields(walk, dialog, {
            sinister_country: claim.sinister_country,
            sinister_date: tr.date(claim.sinister_date),
            currency: claim.currency,
            amount: tr.amount(claim.amount, claim.currency),
          });
          await dialog.getByLabel(t('refund.coverageLabel')).selectOption(claim.coverage);
          for (const [service, amounts] of Object.entries(claim.multi_cause ?? {}) as [
            string,
            ServiceAmounts,
          ][]) {
            if (service === 'transporte' || service === 'otro' || !amounts.selected) continue;
            const label = t(`refund.${service}` as MessageKey);
            await dialog.getByRole('checkbox', { name: label, exact: true }).check();
            await dialog
              .getByLabel(`${t('refund.montoPagadoLabel')} (${label})`)
              .fill(tr.amount(amounts.montoPagado, claim.currency));
            await dialog
              .getByLabel(`${t('refund.montoRecuperadoLabel')} (${label})`)
              .fill(tr.amount(amounts.montoRecuperado, claim.currency));
          }
          await dialog
            .getByLabel(t('refund.addFilesButton'))
            .setInputFiles(await filesOf([{ name: 'recibo.png' }]));
          // The choice reaches the machine once the bytes are stored (IndexedDB): listed, then sent.
          await expect(fileItem(page, dialog, 'recibo.png')).toBeVisible();
          // Issue 30 §3: the coverage's other documents are marked 'No lo tengo' with a reason.
          await answerChecklist(dialog, undefined, {
            notAvailable: t('checklist.notAvailable'),
            notAvailableReason: t('checklist.notAvailableReason'),
          });
          await dialog.getByRole('button', { name: t('refund.claimDialogSubmit') }).click();
          await portal.upload.answer(201, { files: storedFiles(claim.coverage_files) });
        },
        CLAIM_REMOVED: async (event) =>
          page
            .getByRole('button', { name: t('refund.removeClaimButton') })
            .nth(event.index)
            .click(),
        COMMENT_CHANGED: async (event) => page.getByLabel(t('refund.commentLabel')).fill(event.value),
        PAYMENT_CHANGED: async (event) => {
          for (const [name, value] of Object.entries(event.values as Record<PaymentTextField, string>)) {
            const control = field(name as PaymentTextField);
            await (selectFields.has(name) ? control.selectOption(value) : control.fill(value));
          }
        },
        AUTHORIZATION_FILES_CHOSEN: async (event) =>
          page
            .getByLabel(
              `${t('refund.addFilesButton')} (${tr.fromSpanish(paymentFieldLabel(event.field, COUNTRY))})`,
            )
            .setInputFiles(await filesOf(event.files)),
        AUTHORIZATION_FILE_REMOVED: async (event, before) => {
          const files = (before.context.payment as Record<PaymentFileField, { id: string; name: string }[]>)[
            event.field as PaymentFileField
          ];
          const file = files.find((candidate) => candidate.id === event.id)!;
          await fileItem(page, page, file.name)
            .getByRole('button', { name: t('refund.removeFileButton') })
            .click();
        },
        PREPARE_PROGRESS: async () => {},
        PREPARE_DONE: async (event) => portal.upload.answer(201, { files: storedFiles(event.files) }),
        PREPARE_FAILED: async (event) => portal.upload.answer(400, { detail: event.message }),
        FINISH: async () => finish.click(),
        'xstate.done.actor.submitRefund': async (event) => portal.submit.answer(200, event.output),
        'xstate.error.actor.submitRefund': async (event) => {
          const error = errorOf(event);
          if (error instanceof UserFacingError) return portal.submit.answer(400, { detail: error.message });
          return portal.submit.abort();
        },
        RETRY: async () => page.getByRole('button', { name: t('common.retry') }).click(),
        HOME: async () => page.getByRole('button', { name: t('refund.homeButton') }).click(),
        // The machine's own 20 s delay runs out on the page's clock.
        'xstate.after.refundRedirect.refundWizard.submitted': async () => page.clock.runFor(20_000),
      };
      const wizardScreen = async () => {
        await speaks(page, walk);
        await expect(page.getByRole('heading', { name: t('refund.wizardTitle') })).toBeVisible();
      };
      const checks: ScreenChecks = {
        resuming: async () => {
          await expect(page.getByText(t('refund.draftResuming'))).toBeVisible();
          await expect(next).toHaveCount(0);
          await axeOnce(page, 'refundWizard.resuming');
        },
        applicant: async (snapshot) => {
          const { applicant, applicantErrors } = snapshot.context as {
            applicant: Record<string, string>;
            applicantErrors: Record<string, string | undefined>;
          };
          await wizardScreen();
          await expect(previous).toBeDisabled();
          await expect(page.getByLabel(t('refund.nameLabel'), { exact: true })).toHaveValue(applicant.name);
          await expect(page.getByLabel(t('refund.nameLabel'), { exact: true })).not.toBeEditable();
          for (const [name, label] of [
            ['email', t('refund.emailLabel')],
            ['phone_contact', t('refund.phoneLabel')],
          ] as const) {
            await expect(page.getByLabel(label)).toHaveValue(applicant[name]);
            const error = applicantErrors[name];
            await expect(page.getByLabel(label)).toHaveAccessibleDescription(say(error ?? ''));
          }
          await expect(next).toBeEnabled();
          await axeOnce(page, 'refundWizard.applicant');
        },
        // The dialog is modal: the page behind it is hidden from the accessibility tree.
        'claims.list': async (snapshot) => {
          const { claims, comment, claimsError } = snapshot.context as {
            claims: LoadedClaim[];
            comment: string;
            claimsError: string | null;
          };
          await wizardScreen();
          await expect(page.getByRole('heading', { name: t('refund.claimsTitle') })).toBeVisible();
          await expect(
            page.getByRole('list', { name: t('refund.claimsTitle') }).getByRole('listitem'),
          ).toHaveCount(claims.length);
          for (const claim of claims) {
            const card = page.getByRole('listitem', { name: claim.coverage });
            await expect(card).toContainText(t('refund.cardFiles', { count: claim.coverage_files.length }));
          }
          await expect(page.getByLabel(t('refund.commentLabel'))).toHaveCount(claims.length ? 1 : 0);
          for (const value of claims.length ? [comment] : [])
            await expect(page.getByLabel(t('refund.commentLabel'))).toHaveValue(value);
          await expect(
            page.getByRole('button', { name: t('refund.addClaimButton'), exact: true }),
          ).toHaveCount(claims.length ? 1 : 0);
          await expect(page.getByRole('alert')).toHaveText(
            [claimsError].filter((message): message is string => message !== null).map(say),
          );
          await expect(dialog).toBeHidden();
          await expect(next).toBeEnabled();
          await expect(previous).toBeEnabled();
          await axeOnce(page, 'refundWizard.claims.list');
        },
        'claims.dialog': async () => {
          await expect(dialog).toBeVisible();
          await expect(dialog.getByLabel(t('refund.coverageLabel'))).toHaveValue('');
          await axeOnce(page, 'refundWizard.claims.dialog');
        },
        payment: async (snapshot) => {
          const { payment, paymentErrors } = snapshot.context as {
            payment: Record<PaymentTextField, string> & Record<PaymentFileField, { name: string }[]>;
            paymentErrors: Record<string, string | undefined>;
          };
          await wizardScreen();
          await expect(page.getByRole('heading', { name: t('refund.paymentTitle') })).toBeVisible();
          const fields = paymentFieldsFor(COUNTRY, payment.refund_method);
          for (const name of fields.filter(
            (candidate) => !(paymentFileFields as readonly string[]).includes(candidate),
          )) {
            const textField = name as PaymentTextField;
            await expect(field(textField)).toHaveValue(payment[textField]);
          }
          // Text fields describe their error; an authorization upload shows its error as an alert.
          const isFileField = (name: string) => (paymentFileFields as readonly string[]).includes(name);
          for (const [name, error] of Object.entries(paymentErrors).filter(([name]) => !isFileField(name)))
            await expect(field(name as PaymentTextField)).toHaveAccessibleDescription(
              new RegExp(escaped(say(String(error)))),
            );
          for (const [, error] of Object.entries(paymentErrors).filter(([name]) => isFileField(name)))
            await expect(
              page
                .getByRole('alert')
                .filter({ hasText: say(String(error)) })
                .first(),
            ).toBeVisible();
          const shownFiles = paymentFileFields.filter((name) => fields.includes(name));
          for (const name of paymentFileFields)
            await expect(
              page.getByLabel(
                `${t('refund.addFilesButton')} (${tr.fromSpanish(paymentFieldLabel(name, COUNTRY))})`,
              ),
            ).toHaveCount(shownFiles.includes(name) ? 1 : 0);
          for (const name of shownFiles)
            for (const file of payment[name]) await expect(fileItem(page, page, file.name)).toHaveCount(1);
          await axeOnce(page, 'refundWizard.payment');
        },
        'payment.editing': async (snapshot) => {
          const { payment, authorizationNotice } = snapshot.context as {
            payment: { refund_method: string };
            authorizationNotice: Partial<Record<PaymentFileField, string>>;
          };
          // A notice shows with its upload field (only for 'Autorizar a tercero').
          const shown = paymentFieldsFor(COUNTRY, payment.refund_method);
          const notices = paymentFileFields
            .filter((name) => shown.includes(name))
            .map((name) => authorizationNotice[name])
            .filter((notice): notice is string => typeof notice === 'string');
          await expect(finish).toBeEnabled();
          await expect(previous).toBeEnabled();
          await expect(page.getByRole('progressbar')).toHaveCount(0);
          for (const notice of notices)
            await expect(page.getByRole('alert').filter({ hasText: say(notice) })).toBeVisible();
          await axeOnce(page, 'refundWizard.payment.editing');
        },
        'payment.uploadingAuthorization': async (snapshot) => {
          const { queuedAuthorizationFiles } = snapshot.context as {
            queuedAuthorizationFiles: { files: { name: string }[] }[];
          };
          await expect(page.getByRole('progressbar', { name: t('refund.uploadingFiles') })).toBeVisible();
          // Issue 30 §4: a file picked during the upload is listed as waiting, never dropped.
          for (const file of queuedAuthorizationFiles.flatMap((choice) => choice.files))
            await expect(
              page.getByText(t('refund.uploadWaiting', { name: file.name }), { exact: true }),
            ).toBeVisible();
          await expect(finish).toBeDisabled();
          await expect(previous).toBeDisabled();
          await axeOnce(page, 'refundWizard.payment.uploadingAuthorization');
        },
        submitting: async () => {
          await expect(page.getByText(t('refund.sending'))).toBeVisible();
          await axeOnce(page, 'refundWizard.submitting');
        },
        submitted: async (snapshot) => {
          const result = snapshot.context.result as { refund: { id: number } };
          await expect(page.getByRole('heading', { name: t('refund.successTitle') })).toBeVisible();
          await expect(page.getByText(t('refund.successBody'))).toBeVisible();
          await expect(page.getByTestId('refund-number')).toHaveText(
            t('links.refundNumber', { id: String(result.refund.id) }),
          );
          await expect(page.getByText(t('refund.redirectNote'))).toBeVisible();
          // Logged out on completion (SPEC §4).
          expect(await page.evaluate(() => sessionStorage.getItem('refundLogin'))).toBeNull();
          await axeOnce(page, 'refundWizard.submitted');
        },
        failed: async (snapshot, event) => {
          await expect(page.getByRole('heading', { name: t('refund.failureTitle') })).toBeVisible();
          await expect(
            page.getByText(t('refund.failureBody', { email: '\u0001' }).split('\u0001')[0].trim()),
          ).toBeVisible();
          await expect(page.getByText(say(shownFailure(snapshot, event)), { exact: true })).toBeVisible();
          await expect(page.getByRole('button', { name: t('common.retry') })).toBeEnabled();
          // A failure keeps the login (issue 17).
          expect(await page.evaluate(() => sessionStorage.getItem('refundLogin'))).not.toBeNull();
          await axeOnce(page, 'refundWizard.failed');
        },
        redirecting: async () => {
          await expect(page).toHaveURL(REDIRECT);
        },
      };
      await walkPath(path, executors, checks);
    });
  }
});
