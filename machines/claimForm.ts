/**
 * The 'Carga de reintegro' dialog (SPEC §2 claim dialog, §4 'Claim files', §5 claim rules and
 * multi-cause rules, §9 limits): fields, coverage choice (required-documents warning and the
 * multi-cause penalty-letter section), receipts (extension, duplicates, the limit of 20 that
 * disables the upload until one is removed), then preparing + uploading the receipts with
 * progress. A failed preparation or upload keeps everything typed and chosen.
 *
 * Receipts are referred to by `ReceiptRef` (metadata only): the browser keeps the bytes
 * (IndexedDB), so this machine stays pure and its snapshot can be persisted.
 */
import { assign, fromCallback, setup } from 'xstate';
import { messages } from '../src/contracts/messages';
import {
  ALLOWED_FILE_EXTENSIONS,
  amountSchema,
  claimCoverageProblems,
  claimSchema,
  emptyMultiCause,
  type FileRef,
  hasAllowedExtension,
  MAX_CLAIM_FILES,
  type MultiCause,
  type MultiCauseService,
  multiCauseProblems,
  parseAmountInput,
  type RefundLoginData,
  type ServiceAmounts,
  type StoredFile,
  sinisterDateInputSchema,
  sinisterDateProblem,
  TRANSPORT_SERVICES,
  type TransportService,
} from '../src/contracts/refund';

const text = messages.refund;

/** A file the traveller chose; its bytes stay in the browser under `id`. */
export interface ReceiptRef {
  id: string;
  name: string;
  size: number;
  type: string;
}

/** What the prepare-and-upload actor sends back. */
export type PrepareFilesEvent =
  | { type: 'PREPARE_PROGRESS'; value: number }
  | { type: 'PREPARE_DONE'; files: StoredFile[] }
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
  coverage_files: FileRef[];
  multi_cause: MultiCause | null;
  /** Receipts the traveller chose (a PDF becomes several uploaded pages). */
  receiptCount: number;
}

export type ClaimField = 'sinister_country' | 'sinister_date' | 'currency' | 'amount';
export type ServiceKey = MultiCauseService | `transporte.${TransportService}`;
export type ClaimErrors = Partial<Record<ClaimField | 'coverage' | 'files' | 'multi_cause', string>> &
  Record<string, string | undefined>;

export type ClaimRules = Pick<
  RefundLoginData,
  'coverages' | 'required_items' | 'multi_cause_coverages' | 'date_in' | 'date_out'
>;

export interface ClaimFormInput {
  rules: ClaimRules;
  /** Coverages already loaded in other claims: not offered again (SPEC §2). */
  loadedCoverages: string[];
}

export interface ClaimFormContext extends ClaimFormInput {
  /** As typed: date 'DD/MM/AAAA', amount masked '1.234,50'. */
  values: Record<ClaimField, string>;
  coverage: string;
  requiredItems: string[];
  isMultiCause: boolean;
  /** Amounts as typed (masked) until the claim is built. */
  multiCause: MultiCause;
  files: ReceiptRef[];
  /** The alert of the last file choice (bad extension, duplicate, limit). */
  fileNotice: string | null;
  errors: ClaimErrors;
  progress: number;
  uploadError: string | null;
  /** The upload answers, once done. */
  uploaded: StoredFile[];
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
  | { type: 'FILES_CHOSEN'; files: ReceiptRef[] }
  | { type: 'FILE_REMOVED'; id: string }
  | { type: 'NOTICE_DISMISSED' }
  | { type: 'SUBMIT' }
  | PrepareFilesEvent;

/** The coverages the dialog offers: the voucher's, minus those already loaded. */
export function availableCoverages(context: Pick<ClaimFormContext, 'rules' | 'loadedCoverages'>): string[] {
  return context.rules.coverages.filter((coverage) => !context.loadedCoverages.includes(coverage));
}

/** Whether more receipts can be added (the upload is disabled at the limit). */
export function canAddFiles(context: Pick<ClaimFormContext, 'files'>): boolean {
  return context.files.length < MAX_CLAIM_FILES;
}

const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Applies SPEC §5 file rules to a choice: accepted files and the alert to show, if any. */
export function acceptFiles(
  current: readonly ReceiptRef[],
  chosen: readonly ReceiptRef[],
  max: number = MAX_CLAIM_FILES,
): { files: ReceiptRef[]; notice: string | null } {
  const files = [...current];
  let notice: string | null = null;
  for (const file of chosen) {
    if (!hasAllowedExtension(file.name)) {
      notice = text.badExtension;
      continue;
    }
    if (files.some((existing) => sameName(existing.name, file.name))) {
      notice ??= text.duplicateFileName;
      continue;
    }
    if (files.length >= max) {
      notice ??= text.filesTooMany(max);
      continue;
    }
    files.push(file);
  }
  return { files, notice };
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

/** Masked amounts ('1.234,50') to canonical ('1234.50'); what does not parse is kept to be refused. */
export function canonicalMultiCause(multiCause: MultiCause): MultiCause {
  const amounts = (service: ServiceAmounts): ServiceAmounts => ({
    selected: service.selected,
    montoPagado:
      service.montoPagado === '' ? '' : (parseAmountInput(service.montoPagado) ?? service.montoPagado),
    montoRecuperado:
      service.montoRecuperado === ''
        ? ''
        : (parseAmountInput(service.montoRecuperado) ?? service.montoRecuperado),
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
  const dateInput = sinisterDateInputSchema.safeParse(context.values.sinister_date);
  const date = dateInput.success ? sinisterDateProblem(dateInput.data, context.rules) : firstIssue(dateInput);
  if (date) errors.sinister_date = date;
  const currency = firstIssue(claimSchema.shape.currency.safeParse(context.values.currency));
  if (currency) errors.currency = currency;
  const masked = context.values.amount.trim();
  if (masked === '') errors.amount = text.amountRequired;
  else {
    const canonical = parseAmountInput(masked);
    const amount = canonical === null ? text.amountInvalid : firstIssue(amountSchema.safeParse(canonical));
    if (amount) errors.amount = amount;
  }
  if (context.files.length === 0) errors.files = text.filesRequired;
  else if (context.files.length > MAX_CLAIM_FILES) errors.files = text.filesTooMany(MAX_CLAIM_FILES);
  if (context.isMultiCause) {
    for (const problem of multiCauseProblems(canonicalMultiCause(context.multiCause))) {
      const key = ['multi_cause', ...problem.path].join('.');
      errors[key] ??= problem.message;
    }
  }
  return errors;
}

/** The claim as the wizard keeps and sends it, once the receipts are uploaded. */
export function buildLoadedClaim(context: ClaimFormContext, uploaded: readonly StoredFile[]): LoadedClaim {
  const iso = sinisterDateInputSchema.safeParse(context.values.sinister_date);
  return {
    coverage: context.coverage,
    sinister_country: context.values.sinister_country.trim().toUpperCase(),
    sinister_date: iso.success ? iso.data : '',
    currency: context.values.currency.trim().toUpperCase(),
    amount: parseAmountInput(context.values.amount) ?? '',
    coverage_files: uploaded.map((file) => ({ id: file.id, name: file.name })),
    multi_cause: context.isMultiCause ? canonicalMultiCause(context.multiCause) : null,
    receiptCount: context.files.length,
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

export const claimFormMachine = setup({
  types: {
    context: {} as ClaimFormContext,
    events: {} as ClaimFormEvent,
    input: {} as ClaimFormInput,
    output: {} as LoadedClaim,
  },
  actors: { prepareFiles: prepareFilesStub },
  actions: {
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
    values: { sinister_country: '', sinister_date: '', currency: '', amount: '' },
    coverage: '',
    requiredItems: [],
    isMultiCause: false,
    multiCause: emptyMultiCause(),
    files: [],
    fileNotice: null,
    errors: {},
    progress: 0,
    uploadError: null,
    uploaded: [],
  }),
  initial: 'editing',
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
              return {
                coverage: event.coverage,
                requiredItems: known ? (context.rules.required_items[event.coverage] ?? []) : [],
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
              const { files, notice } = acceptFiles(context.files, event.files);
              return { files, fileNotice: notice };
            }),
            'pruneErrors',
          ],
        },
        FILE_REMOVED: {
          actions: [
            assign({
              files: ({ context, event }) => context.files.filter((file) => file.id !== event.id),
              fileNotice: null,
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
          actions: assign({ progress: 100, uploaded: ({ event }) => event.files }),
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
