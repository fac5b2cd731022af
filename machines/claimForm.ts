/**
 * The 'Carga de reintegro' dialog (SPEC §2 claim dialog, §4 'Claim files', §5 claim rules and
 * multi-cause rules, §9 limits): fields, coverage choice (required-documents warning and the
 * multi-cause penalty-letter section), receipts (extension, duplicates, the limit of 20 that
 * disables the upload until one is removed), then preparing + uploading the receipts with
 * progress. A failed preparation or upload keeps everything typed and chosen.
 *
 * Issue 30 §3: the coverage's required documents are a checklist; each receipt is added under an
 * item (or 'Otros documentos'), an item can be marked 'No lo tengo' with a reason, and the confirm
 * names the items still empty. The limit counts pages as the upload does (a PDF counts each page)
 * and a pick that would pass it is refused at once.
 *
 * Receipts are referred to by `ReceiptRef` (metadata only): the browser keeps the bytes
 * (IndexedDB), so this machine stays pure and its snapshot can be persisted.
 */
import { assign, enqueueActions, fromCallback, sendParent, setup } from 'xstate';
import { type AmountFeedback, amountFeedback } from '../src/contracts/amountInput';
import { formatAmountInLocale } from '../src/contracts/format';
import { type Language, LOCALES } from '../src/contracts/i18n/core';
import { messages } from '../src/contracts/messages';
import { amountErrorMessage } from '../src/contracts/money';
import {
  ALLOWED_FILE_EXTENSIONS,
  type ClaimFileRef,
  checklistItemsOf,
  claimCoverageProblems,
  claimSchema,
  DATE_ORDERS,
  dateOrderOf,
  emptyMultiCause,
  hasAllowedExtension,
  MAX_AMOUNT_INTEGER_DIGITS,
  MAX_CLAIM_FILES,
  MAX_MISSING_REASON_LENGTH,
  type MissingItem,
  type MultiCause,
  type MultiCauseService,
  multiCauseProblems,
  type RefundLoginData,
  readRefundAmount,
  retypeDate,
  type ServiceAmounts,
  type StoredFile,
  sinisterDateInputSchemaIn,
  sinisterDateProblem,
  TRANSPORT_SERVICES,
  type TransportService,
  typedDateOf,
} from '../src/contracts/refund';
import { type ReadingSuggestion, receiptReadingMachine } from './receiptReading';

const text = messages.refund;
const checklistText = messages.refundChecklist;

/** A file the traveller chose; its bytes stay in the browser under `id`. */
export interface ReceiptRef {
  id: string;
  name: string;
  size: number;
  type: string;
  /** The files it becomes when sent: a PDF's pages, 1 for an image (absent: 1). */
  pages?: number;
  /**
   * Issue 40 (traveller reach): its first bytes are not what its name says (a text renamed
   * '.jpg'), found at the pick: refused there, naming the file.
   */
  contentMismatch?: boolean;
}

/** A receipt of the claim, under its checklist item (null: 'Otros documentos'). */
export interface ClaimReceipt extends ReceiptRef {
  item: string | null;
}

/** What the prepare-and-upload actor sends back. */
export type PrepareFilesEvent =
  | { type: 'PREPARE_PROGRESS'; value: number }
  /** `sources[i]`: the index of the chosen receipt the uploaded file i comes from (a PDF gives several). */
  | { type: 'PREPARE_DONE'; files: StoredFile[]; sources?: number[] }
  | { type: 'PREPARE_FAILED'; message: string };

export interface PrepareFilesInput {
  files: ReceiptRef[];
}

/** Stub of the actor the client provides (convert images/PDF pages to JPEG, then upload). */
export const prepareFilesStub = fromCallback<PrepareFilesEvent, PrepareFilesInput>(({ sendBack }) => {
  sendBack({ type: 'PREPARE_FAILED', message: text.uploadFailed });
});

/** A claim ready for the wizard: the `refund_coverage` item plus what its card shows. */
export interface LoadedClaim {
  coverage: string;
  sinister_country: string;
  /** ISO 'YYYY-MM-DD'. */
  sinister_date: string;
  currency: string;
  /** Canonical decimal string '1234.50'. */
  amount: string;
  /** Each uploaded file with its checklist item (absent in claims kept before the checklist). */
  coverage_files: (Omit<ClaimFileRef, 'item'> & { item?: string | null })[];
  /** The coverage's documents marked 'No lo tengo', with the reason (issue 30 §3). */
  missing_items?: MissingItem[];
  multi_cause: MultiCause | null;
  /** The files sent: pages, as the limit and the card count them (a PDF is one per page). */
  receiptCount: number;
}

export type ClaimField = 'sinister_country' | 'sinister_date' | 'currency' | 'amount';
export type ServiceKey = MultiCauseService | `transporte.${TransportService}`;
export type ClaimErrors = Partial<
  Record<ClaimField | 'coverage' | 'files' | 'multi_cause' | 'checklist', string>
> &
  Record<string, string | undefined>;

export type ClaimRules = Pick<
  RefundLoginData,
  'coverages' | 'required_items' | 'multi_cause_coverages' | 'date_in' | 'date_out'
>;

export interface ClaimFormInput {
  rules: ClaimRules;
  /** Coverages already loaded in other claims: not offered again (SPEC §2). */
  loadedCoverages: string[];
  /**
   * Issue 42: the traveller's language (absent: Spanish). It only decides how a typed date is read:
   * DD/MM/AAAA in es and pt, MM/DD/YYYY in en (YYYY-MM-DD in all); the texts stay Spanish here.
   */
  language?: Language;
}

export interface ClaimFormContext extends ClaimFormInput {
  /**
   * As typed: date 'DD/MM/AAAA' ('MM/DD/YYYY' in English), amount as typed ('1.234,50', '1,234.50':
   * never rewritten, issue 40).
   */
  values: Record<ClaimField, string>;
  coverage: string;
  requiredItems: string[];
  isMultiCause: boolean;
  /** Amounts as typed until the claim is built. */
  multiCause: MultiCause;
  files: ClaimReceipt[];
  /** Items marked 'No lo tengo' -> the reason as typed (issue 30 §3). */
  missing: Record<string, string>;
  /** The alert of the last file choice (bad extension, duplicate, limit). */
  fileNotice: string | null;
  errors: ClaimErrors;
  progress: number;
  uploadError: string | null;
  /** The upload answers, once done. */
  uploaded: StoredFile[];
  /** For each uploaded file, the index in `files` of the receipt it comes from. */
  sources: number[];
  /** Issue 31: the receipt being read (child `receiptReading`), and whether that child exists. */
  readReceipt?: string | null;
  readingStarted?: boolean;
}

export type ClaimFormEvent =
  | { type: 'FIELDS_CHANGED'; values: Partial<Record<ClaimField, string>> }
  | { type: 'COVERAGE_CHOSEN'; coverage: string }
  | { type: 'SERVICE_TOGGLED'; service: ServiceKey; selected: boolean }
  | {
      type: 'SERVICE_AMOUNT_CHANGED';
      service: ServiceKey;
      amount: 'montoPagado' | 'montoRecuperado';
      value: string;
    }
  | { type: 'SERVICE_NAME_CHANGED'; value: string }
  /** Files added under a checklist item (null or absent: 'Otros documentos'). */
  | { type: 'FILES_CHOSEN'; files: ReceiptRef[]; item?: string | null }
  | { type: 'ITEM_MISSING_TOGGLED'; item: string; missing: boolean }
  | { type: 'MISSING_REASON_CHANGED'; item: string; reason: string }
  | { type: 'FILE_REMOVED'; id: string }
  | { type: 'NOTICE_DISMISSED' }
  | { type: 'SUBMIT' }
  /** Issue 31: the traveller accepted what was read on a receipt (sent by the reading child). */
  | { type: 'READING_ACCEPTED'; suggestion: ReadingSuggestion }
  /**
   * Issue 42: the traveller switched language (the selector, through the wizard). Every field is
   * kept; a complete date typed in the old order is rewritten in the new one, keeping its meaning.
   */
  | { type: 'LANGUAGE_CHANGED'; language: Language }
  | PrepareFilesEvent;

/** Whether a value is one of the portal's languages (es, pt, en): the keys of DATE_ORDERS. */
function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && Object.hasOwn(DATE_ORDERS, value);
}

/** The order the dialog reads typed dates in (a snapshot kept before issue 42 has no language: Spanish). */
export function claimDateOrder(context: Pick<ClaimFormContext, 'language'>) {
  return dateOrderOf(context.language ?? 'es');
}

/** The coverages the dialog offers: the voucher's, minus those already loaded. */
export function availableCoverages(context: Pick<ClaimFormContext, 'rules' | 'loadedCoverages'>): string[] {
  return context.rules.coverages.filter((coverage) => !context.loadedCoverages.includes(coverage));
}

/** The files a choice becomes when sent: a PDF's pages, one per image (issue 30 §4). */
export function pagesOf(files: readonly ReceiptRef[]): number {
  return files.reduce((total, file) => total + Math.max(1, file.pages ?? 1), 0);
}

/** Whether more receipts can be added (the upload is disabled at the limit). */
export function canAddFiles(context: { files: readonly ReceiptRef[] }): boolean {
  return pagesOf(context.files) < MAX_CLAIM_FILES;
}

/** The checklist items still empty: neither a file nor 'No lo tengo' (issue 30 §3). */
export function emptyItems(context: Pick<ClaimFormContext, 'requiredItems' | 'files' | 'missing'>): string[] {
  return context.requiredItems.filter(
    (item) => !context.files.some((file) => file.item === item) && !(item in context.missing),
  );
}

const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * Applies SPEC §5 file rules to a choice: accepted files and the alert to show, if any. Issue 30
 * §4: the limit counts pages (a PDF counts each), and a pick that would pass it is refused whole,
 * at the pick, saying how many there are and how many were chosen.
 */
export function acceptFiles<File extends ReceiptRef>(
  current: readonly File[],
  chosen: readonly File[],
  max: number = MAX_CLAIM_FILES,
  /** The claim dialog counts pages and refuses the whole pick; the pending-documents link keeps counting files. */
  countPages = true,
): { files: File[]; notice: string | null } {
  const accepted: File[] = [];
  let notice: string | null = null;
  for (const file of chosen) {
    if (!hasAllowedExtension(file.name)) {
      notice = text.badExtension;
      continue;
    }
    if (file.contentMismatch) {
      notice = text.fileContentMismatch(file.name);
      continue;
    }
    if ([...current, ...accepted].some((existing) => sameName(existing.name, file.name))) {
      notice ??= text.duplicateFileName;
      continue;
    }
    if (!countPages && current.length + accepted.length >= max) {
      notice ??= text.filesTooMany(max);
      continue;
    }
    accepted.push(file);
  }
  if (!countPages) return { files: [...current, ...accepted], notice };
  const have = pagesOf(current);
  const picked = pagesOf(accepted);
  if (accepted.length && have + picked > max)
    return { files: [...current], notice: checklistText.pickOverLimit(max, have, picked) };
  return { files: [...current, ...accepted], notice };
}

/**
 * The limit applies to the files that will be sent (issue 17): a PDF becomes one file per page,
 * so a 25-page PDF is 25 files. The refusal after preparing, before anything is uploaded.
 */
export function preparedCountProblem(count: number, max: number = MAX_CLAIM_FILES): string | null {
  return count > max ? `${text.filesTooMany(max)} (${messages.refundLinks.preparedCount(count)})` : null;
}

export const allowedExtensionsAccept = ALLOWED_FILE_EXTENSIONS.map((extension) => `.${extension}`).join(',');

function readService(multiCause: MultiCause, service: ServiceKey): ServiceAmounts {
  if (service.startsWith('transporte.')) {
    return multiCause.transporte[service.slice('transporte.'.length) as TransportService];
  }
  return multiCause[service as Exclude<MultiCauseService, 'transporte'>] as ServiceAmounts;
}

function writeService(multiCause: MultiCause, service: ServiceKey, next: ServiceAmounts): MultiCause {
  if (service === 'transporte') {
    return { ...multiCause, transporte: { ...multiCause.transporte, selected: next.selected } };
  }
  if (service.startsWith('transporte.')) {
    const name = service.slice('transporte.'.length) as TransportService;
    return { ...multiCause, transporte: { ...multiCause.transporte, [name]: next } };
  }
  if (service === 'otro') return { ...multiCause, otro: { ...multiCause.otro, ...next } };
  return { ...multiCause, [service]: next };
}

const cleared = (): ServiceAmounts => ({ selected: false, montoPagado: '', montoRecuperado: '' });

/** SPEC §4: unchecking a service clears its amounts; unchecking transporte clears its sub-services. */
export function toggleService(multiCause: MultiCause, service: ServiceKey, selected: boolean): MultiCause {
  if (service === 'transporte') {
    if (selected) return { ...multiCause, transporte: { ...multiCause.transporte, selected: true } };
    const empty = emptyMultiCause().transporte;
    return { ...multiCause, transporte: empty };
  }
  if (service.startsWith('transporte.') && !multiCause.transporte.selected) return multiCause;
  if (!selected) {
    const next = writeService(multiCause, service, cleared());
    return service === 'otro' ? { ...next, otro: { ...next.otro, nombreServicio: '' } } : next;
  }
  return writeService(multiCause, service, { ...readService(multiCause, service), selected: true });
}

/** Typed amounts ('1.234,50', '1,234.50') to canonical ('1234.50'); what does not parse is kept to be refused. */
export function canonicalMultiCause(multiCause: MultiCause, currency?: string | null): MultiCause {
  const read = (typed: string) => {
    if (typed.trim() === '') return '';
    const reading = readRefundAmount(typed, currency);
    return reading.ok ? reading.decimal : typed;
  };
  const amounts = (service: ServiceAmounts): ServiceAmounts => ({
    selected: service.selected,
    montoPagado: read(service.montoPagado),
    montoRecuperado: read(service.montoRecuperado),
  });
  return {
    alojamientos: amounts(multiCause.alojamientos),
    transporte: {
      selected: multiCause.transporte.selected,
      ...(Object.fromEntries(
        TRANSPORT_SERVICES.map((name) => [name, amounts(multiCause.transporte[name])]),
      ) as Record<TransportService, ServiceAmounts>),
    },
    excursiones: amounts(multiCause.excursiones),
    otro: { ...amounts(multiCause.otro), nombreServicio: multiCause.otro.nombreServicio.trim() },
  };
}

/** Every refusal of the dialog (SPEC §5 claim rules), keyed by field ('multi_cause.otro.nombreServicio'...). */
export function claimProblems(context: ClaimFormContext): ClaimErrors {
  const errors: ClaimErrors = {};
  const firstIssue = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
    result.success ? undefined : result.error?.issues[0]?.message;

  if (context.coverage === '') errors.coverage = text.coverageRequired;
  else if (context.loadedCoverages.includes(context.coverage)) errors.coverage = text.coverageRepeated;
  else {
    const problem = claimCoverageProblems(
      { coverage: context.coverage, multi_cause: context.isMultiCause ? context.multiCause : null },
      context.rules,
    )[0];
    if (problem) errors[problem.path.join('.') || 'coverage'] = problem.message;
  }
  const country = firstIssue(claimSchema.shape.sinister_country.safeParse(context.values.sinister_country));
  if (country) errors.sinister_country = country;
  const dateInput = sinisterDateInputSchemaIn(claimDateOrder(context)).safeParse(
    context.values.sinister_date,
  );
  const date = dateInput.success ? sinisterDateProblem(dateInput.data, context.rules) : firstIssue(dateInput);
  if (date) errors.sinister_date = date;
  const currency = firstIssue(claimSchema.shape.currency.safeParse(context.values.currency));
  if (currency) errors.currency = currency;
  const typed = context.values.amount.trim();
  if (typed === '') errors.amount = text.amountRequired;
  else {
    const reading = readRefundAmount(typed, context.values.currency || null, { positive: true });
    if (!reading.ok) errors.amount = amountErrorMessage(reading);
  }
  if (context.files.length === 0) errors.files = text.filesRequired;
  else if (pagesOf(context.files) > MAX_CLAIM_FILES) errors.files = text.filesTooMany(MAX_CLAIM_FILES);
  const empty = emptyItems(context);
  if (empty.length) errors.checklist = checklistText.checklistIncomplete(empty);
  for (const [item, reason] of Object.entries(context.missing)) {
    const trimmed = reason.trim();
    if (trimmed === '') errors[`missing.${item}`] = checklistText.reasonRequired;
    else if (trimmed.length > MAX_MISSING_REASON_LENGTH)
      errors[`missing.${item}`] = checklistText.reasonTooLong(MAX_MISSING_REASON_LENGTH);
  }
  if (context.isMultiCause) {
    for (const problem of multiCauseProblems(context.multiCause, context.values.currency || null)) {
      const key = ['multi_cause', ...problem.path].join('.');
      errors[key] ??= problem.message;
    }
  }
  return errors;
}

/** The claim as the wizard keeps and sends it, once the receipts are uploaded. */
export function buildLoadedClaim(
  context: ClaimFormContext,
  uploaded: readonly StoredFile[],
  sources: readonly number[] = context.sources,
): LoadedClaim {
  const iso = sinisterDateInputSchemaIn(claimDateOrder(context)).safeParse(context.values.sinister_date);
  return {
    coverage: context.coverage,
    sinister_country: context.values.sinister_country.trim().toUpperCase(),
    sinister_date: iso.success ? iso.data : '',
    currency: context.values.currency.trim().toUpperCase(),
    amount: amountOf(context.values.amount, context.values.currency),
    coverage_files: uploaded.map((file, index) => ({
      id: file.id,
      name: file.name,
      item: context.files[sources[index] ?? -1]?.item ?? null,
    })),
    missing_items: Object.entries(context.missing)
      .filter(([item]) => context.requiredItems.includes(item))
      .map(([item, reason]) => ({ item, reason: reason.trim() })),
    multi_cause: context.isMultiCause
      ? canonicalMultiCause(context.multiCause, context.values.currency)
      : null,
    receiptCount: pagesOf(context.files),
  };
}

/** The shown errors whose field still has a problem, each with its current message. */
export function shownErrorsStillValid(context: ClaimFormContext): ClaimErrors {
  const now = claimProblems(context);
  const kept: ClaimErrors = {};
  for (const key of Object.keys(context.errors) as (keyof ClaimErrors)[]) {
    if (now[key]) kept[key] = now[key];
  }
  return kept;
}

/** A typed amount as sent ('1.000,50' -> '1000.50'); '' when it cannot be read (refused before). */
function amountOf(typed: string, currency: string): string {
  const reading = readRefundAmount(typed, currency || null);
  return reading.ok ? reading.decimal : '';
}

/**
 * What a money field of the dialog shows under what was typed (issue 40): 'Se cargará: USD
 * 1.000,50' when the reading is not exactly what was typed (always when ambiguous), or why it
 * cannot be read. Derived from the context, for the view.
 */
export function claimAmountFeedback(typed: string, currency: string): AmountFeedback {
  return amountFeedback(typed, { currency: currency || null, maxIntegerDigits: MAX_AMOUNT_INTEGER_DIGITS });
}

/**
 * '12345.50' -> '12.345,50' in es and pt, '12,345.50' in en (the currency's minor units), as the
 * amount field shows it in the traveller's language (issue 42).
 */
export function amountInputOf(amount: string, currency?: string | null, language: Language = 'es'): string {
  return formatAmountInLocale(LOCALES[language], amount, currency ?? null);
}

/**
 * The fields a suggestion fills (only what was read confidently; issue 31), the date and the amount
 * as the traveller's language types them (issue 42).
 */
export function valuesOfSuggestion(
  suggestion: ReadingSuggestion,
  language?: Language,
): Partial<Record<ClaimField, string>> {
  return {
    amount: amountInputOf(suggestion.amount, suggestion.currency, language),
    ...(suggestion.currency ? { currency: suggestion.currency } : {}),
    ...(suggestion.date
      ? { sinister_date: typedDateOf(suggestion.date, dateOrderOf(language ?? 'es')) }
      : {}),
  };
}

/**
 * The reading of the receipt just chosen (issue 31, machines/receiptReading.ts), a child of the
 * dialog with id `receiptReading`: its ids are the chosen receipts' ids (`ReceiptRef.id`); the
 * client's `fetchReadings` uploads them for reading and asks the server. Accepting sends
 * READING_ACCEPTED here, which fills the fields.
 */
export const claimReceiptReadingMachine = receiptReadingMachine.provide({
  actions: {
    applySuggestion: sendParent(({ context }) =>
      context.suggestion
        ? { type: 'READING_ACCEPTED', suggestion: context.suggestion }
        : { type: 'NOTICE_DISMISSED' },
    ),
  },
});
export const CLAIM_READING_ID = 'receiptReading';

export const claimFormMachine = setup({
  types: {
    context: {} as ClaimFormContext,
    events: {} as ClaimFormEvent,
    input: {} as ClaimFormInput,
    output: {} as LoadedClaim,
  },
  actors: { prepareFiles: prepareFilesStub, receiptReading: claimReceiptReadingMachine },
  actions: {
    /**
     * Issue 31: the first receipt of a pick is read (one reading at a time: a new pick starts
     * over); removing the receipt being read silences it.
     */
    readChosenReceipt: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'FILES_CHOSEN' && event.type !== 'FILE_REMOVED') return;
      if (event.type === 'FILE_REMOVED') {
        if (context.readReceipt === event.id) {
          enqueue.sendTo(CLAIM_READING_ID, { type: 'FILES_CHANGED', fileIds: [] });
          enqueue.assign({ readReceipt: null });
        }
        return;
      }
      const first = event.files.find((chosen) => context.files.some((file) => file.id === chosen.id));
      if (!first) return;
      const country = /^[A-Z]{3}$/.test(context.values.sinister_country)
        ? context.values.sinister_country
        : null;
      if (context.readingStarted)
        enqueue.sendTo(CLAIM_READING_ID, { type: 'FILES_CHANGED', fileIds: [first.id] });
      else
        enqueue.spawnChild('receiptReading', {
          id: CLAIM_READING_ID,
          input: { fileIds: [first.id], country },
        });
      enqueue.assign({ readReceipt: first.id, readingStarted: true });
    }),
    // Issue 17: an error shown after a refused submit goes away as soon as its field is valid
    // (and shows the field's current problem while it is not).
    pruneErrors: assign({ errors: ({ context }) => shownErrorsStillValid(context) }),
  },
  guards: {
    claimValid: ({ context }) => Object.keys(claimProblems(context)).length === 0,
  },
}).createMachine({
  id: 'claimForm',
  context: ({ input }) => ({
    rules: input.rules,
    loadedCoverages: input.loadedCoverages,
    language: isLanguage(input.language) ? input.language : 'es',
    values: { sinister_country: '', sinister_date: '', currency: '', amount: '' },
    coverage: '',
    requiredItems: [],
    isMultiCause: false,
    multiCause: emptyMultiCause(),
    files: [],
    missing: {},
    fileNotice: null,
    errors: {},
    progress: 0,
    uploadError: null,
    uploaded: [],
    sources: [],
  }),
  initial: 'editing',
  on: {
    // Issue 42: in any state (the dialog stays open while the traveller switches language).
    LANGUAGE_CHANGED: {
      guard: ({ event }) => isLanguage(event.language),
      actions: [
        assign(({ context, event }) => ({
          language: event.language,
          values: {
            ...context.values,
            sinister_date: retypeDate(
              context.values.sinister_date,
              claimDateOrder(context),
              dateOrderOf(event.language),
            ),
          },
        })),
        'pruneErrors',
      ],
    },
  },
  states: {
    editing: {
      on: {
        FIELDS_CHANGED: {
          actions: [
            assign({ values: ({ context, event }) => ({ ...context.values, ...event.values }) }),
            'pruneErrors',
          ],
        },
        COVERAGE_CHOSEN: {
          actions: [
            assign(({ context, event }) => {
              const known = context.rules.coverages.includes(event.coverage);
              const requiredItems = known ? checklistItemsOf(context.rules, event.coverage) : [];
              return {
                coverage: event.coverage,
                requiredItems,
                // Files under an item the new coverage does not list go to 'Otros documentos'.
                files: context.files.map((file) =>
                  file.item !== null && !requiredItems.includes(file.item) ? { ...file, item: null } : file,
                ),
                missing: Object.fromEntries(
                  Object.entries(context.missing).filter(([item]) => requiredItems.includes(item)),
                ),
                isMultiCause: known && context.rules.multi_cause_coverages.includes(event.coverage),
                multiCause: emptyMultiCause(),
              };
            }),
            'pruneErrors',
          ],
        },
        SERVICE_TOGGLED: {
          actions: [
            assign({
              multiCause: ({ context, event }) =>
                toggleService(context.multiCause, event.service, event.selected),
            }),
            'pruneErrors',
          ],
        },
        SERVICE_AMOUNT_CHANGED: {
          actions: [
            assign({
              multiCause: ({ context, event }) => {
                const service = readService(context.multiCause, event.service);
                if (!service.selected) return context.multiCause;
                return writeService(context.multiCause, event.service, {
                  ...service,
                  [event.amount]: event.value,
                });
              },
            }),
            'pruneErrors',
          ],
        },
        SERVICE_NAME_CHANGED: {
          actions: [
            assign({
              multiCause: ({ context, event }) =>
                context.multiCause.otro.selected
                  ? {
                      ...context.multiCause,
                      otro: { ...context.multiCause.otro, nombreServicio: event.value },
                    }
                  : context.multiCause,
            }),
            'pruneErrors',
          ],
        },
        FILES_CHOSEN: {
          actions: [
            assign(({ context, event }) => {
              const item = event.item && context.requiredItems.includes(event.item) ? event.item : null;
              const { files, notice } = acceptFiles(
                context.files,
                event.files.map((file) => ({ ...file, item })),
              );
              // A file under an item answers it: 'No lo tengo' no longer applies.
              const added = files.length > context.files.length;
              const { [item ?? '']: _answered, ...missing } = context.missing;
              return { files, fileNotice: notice, missing: added && item ? missing : context.missing };
            }),
            'pruneErrors',
            'readChosenReceipt',
          ],
        },
        FILE_REMOVED: {
          actions: [
            assign({
              files: ({ context, event }) => context.files.filter((file) => file.id !== event.id),
              fileNotice: null,
            }),
            'pruneErrors',
            'readChosenReceipt',
          ],
        },
        // Issue 31: only on the traveller's consent (the reading's 'Usar estos datos').
        READING_ACCEPTED: {
          actions: [
            assign({
              values: ({ context, event }) => ({
                ...context.values,
                ...valuesOfSuggestion(event.suggestion, context.language),
              }),
            }),
            'pruneErrors',
          ],
        },
        ITEM_MISSING_TOGGLED: {
          guard: ({ context, event }) =>
            context.requiredItems.includes(event.item) &&
            !context.files.some((file) => file.item === event.item),
          actions: [
            assign({
              missing: ({ context, event }) => {
                const { [event.item]: _previous, ...rest } = context.missing;
                return event.missing ? { ...rest, [event.item]: context.missing[event.item] ?? '' } : rest;
              },
            }),
            'pruneErrors',
          ],
        },
        MISSING_REASON_CHANGED: {
          guard: ({ context, event }) => event.item in context.missing,
          actions: [
            assign({
              missing: ({ context, event }) => ({ ...context.missing, [event.item]: event.reason }),
            }),
            'pruneErrors',
          ],
        },
        NOTICE_DISMISSED: { actions: assign({ fileNotice: null, uploadError: null }) },
        SUBMIT: [
          {
            guard: 'claimValid',
            target: 'preparing',
            actions: assign({ errors: {}, progress: 0, uploadError: null, fileNotice: null }),
          },
          { actions: assign({ errors: ({ context }) => claimProblems(context) }) },
        ],
      },
    },
    preparing: {
      invoke: {
        id: 'prepareFiles',
        src: 'prepareFiles',
        input: ({ context }) => ({ files: context.files }),
      },
      on: {
        PREPARE_PROGRESS: {
          actions: assign({ progress: ({ event }) => Math.max(0, Math.min(100, event.value)) }),
        },
        PREPARE_DONE: {
          target: 'loaded',
          actions: assign({
            progress: 100,
            uploaded: ({ event }) => event.files,
            sources: ({ event }) => event.sources ?? [],
          }),
        },
        PREPARE_FAILED: {
          target: 'editing',
          actions: assign({ uploadError: ({ event }) => event.message || text.uploadFailed, progress: 0 }),
        },
      },
    },
    loaded: {
      type: 'final',
    },
  },
  output: ({ context }) => buildLoadedClaim(context, context.uploaded),
});
