/**
 * Public refund portal contracts (SPEC §2 'Public refund portal', §3 refund entities, §5 refund
 * rules, §7 'Refund (public)', §9 limits). The browser (machines, views) and the server
 * (routes/refunds.ts, routes/images.ts) both validate with these schemas: nothing here is
 * written twice.
 *
 * Conventions:
 * - Amounts are exact decimal STRINGS in canonical form '1234567.89' (never numbers). The browser
 *   shows and reads the masked form '1.234.567,89' with `formatAmount` / `parseAmountInput`.
 * - Dates travel as ISO 'YYYY-MM-DD'; the browser reads 'DD/MM/AAAA' with `sinisterDateInputSchema`.
 * - Countries are ISO-3 codes ('ARG'); currencies ISO 4217 codes ('USD'); banks of ARG and CHL are
 *   sent by their three-digit code ('007'), other countries' banks as free text.
 * - Schemas that depend on the logged-in voucher are factories taking the login answer
 *   (`refundSubmissionSchemaFor(login.refunds)`): the server builds them from the database, the
 *   browser from the login answer it holds.
 */

import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { z } from 'zod';
import {
  checkAba,
  checkAlias,
  checkCbu,
  checkCci,
  checkClabe,
  checkCuit,
  checkIban,
  checkRut,
  checkSwift,
  isEuropeanIbanCountry,
  normalizeAba,
  normalizeAlias,
  normalizeCbu,
  normalizeCci,
  normalizeClabe,
  normalizeIban,
  normalizeRut,
  normalizeSwift,
} from './banking';
import { messages } from './messages';
import {
  argentineBanks,
  type Bank,
  chileanBanks,
  findArgentineBank,
  findChileanBank,
  findCountryByIso3,
  findCurrency,
} from './static';

const text = messages.refund;
const banking = messages.banking;

// ---------------------------------------------------------------------------------------------
// Limits (SPEC §9) and paths (SPEC §7)
// ---------------------------------------------------------------------------------------------

export const REFUND_WINDOW_DAYS = 30;
export const MAX_CLAIM_FILES = 20;
export const MAX_AUTHORIZATION_FILES = 5;
export const MAX_COMMENT_LENGTH = 255;
export const MAX_AMOUNT_INTEGER_DIGITS = 7;
/** Image service limits: per file, per request (bytes) and files per request. */
export const MAX_UPLOAD_FILE_BYTES = 10 * 1024 * 1024;
export const MAX_UPLOAD_REQUEST_BYTES = 60 * 1024 * 1024;
export const MAX_UPLOAD_FILES_PER_REQUEST = 20;
/** SPEC §4: redirect after the final screen. */
export const REFUND_REDIRECT_MS = 20_000;
/** SPEC §5: claim receipts, case-insensitive. */
export const ALLOWED_FILE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'pdf'] as const;
export const ALLOWED_CONTENT_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export type AllowedContentType = (typeof ALLOWED_CONTENT_TYPES)[number];

/** Paths of the public refund calls: relative to the API base ('/api') or the image service ('/images'). */
export const refundApiPaths = {
  /** GET login (?voucher_id&document) and POST submission (multipart). */
  refundData: '/refund_data/',
  authorizationLetter: '/refund_data/authorization-letter/',
  /** POST 'Salir': revokes the traveller's refund access tokens (issue 28 §6); 204. */
  logout: '/refund_data/logout/',
  /** Relative to the image service base address (config `imageServiceUrl`, default '/images'). */
  uploadImage: '/upload-image',
} as const;

/** Whether a file name has an allowed extension (SPEC §5; the server checks content, not names). */
export function hasAllowedExtension(fileName: string): boolean {
  const dot = fileName.lastIndexOf('.');
  if (dot < 0) return false;
  const extension = fileName.slice(dot + 1).toLowerCase();
  return (ALLOWED_FILE_EXTENSIONS as readonly string[]).includes(extension);
}

// ---------------------------------------------------------------------------------------------
// Amounts: exact decimal strings
// ---------------------------------------------------------------------------------------------

/** Canonical amount: up to 7 integer digits, optional 1–2 decimals, '.' as decimal point. */
export const AMOUNT_PATTERN = /^\d{1,7}(\.\d{1,2})?$/;

/** '007.5' -> '7.50'. Expects a string matching AMOUNT_PATTERN. */
export function normalizeAmount(value: string): string {
  const [integer, decimals = ''] = value.split('.');
  return `${integer.replace(/^0+(?=\d)/, '')}.${decimals.padEnd(2, '0')}`;
}

/** Whether a canonical amount is greater than zero (string test: no float involved). */
export function isPositiveAmount(value: string): boolean {
  return /[1-9]/.test(value);
}

/**
 * Reads the masked input of SPEC §5 ('.' thousands, ',' decimals): '1.234.567,89' -> '1234567.89'.
 * Also accepts unseparated digits ('1234,5'). Returns null for anything else (negatives, letters,
 * more than 7 integer digits or 2 decimals, misplaced thousands dots).
 */
export function parseAmountInput(masked: string): string | null {
  const value = masked.trim();
  const match = /^(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}))?$/.exec(value);
  if (!match) return null;
  const integer = match[1].replace(/\./g, '');
  const canonical = match[2] === undefined ? integer : `${integer}.${match[2]}`;
  return AMOUNT_PATTERN.test(canonical) ? normalizeAmount(canonical) : null;
}

/** Canonical '1234567.89' -> masked '1.234.567,89' (always two decimals). */
export function formatAmount(canonical: string): string {
  if (!AMOUNT_PATTERN.test(canonical)) return canonical;
  const [integer, decimals] = normalizeAmount(canonical).split('.');
  return `${integer.replace(/\B(?=(\d{3})+$)/g, '.')},${decimals}`;
}

/** A requested amount: canonical decimal string, greater than 0, normalized to two decimals. */
export const amountSchema = z
  .string(text.amountRequired)
  .trim()
  .min(1, text.amountRequired)
  .regex(AMOUNT_PATTERN, text.amountInvalid)
  .transform(normalizeAmount)
  .refine(isPositiveAmount, text.amountNotPositive);

// ---------------------------------------------------------------------------------------------
// Dates
// ---------------------------------------------------------------------------------------------

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** Oldest event date accepted ('Fecha fuera de rango' before it). */
export const MIN_SINISTER_DATE = '2000-01-01';

function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** 'DD/MM/AAAA' -> 'YYYY-MM-DD', or null when it is not a real calendar date in that format. */
export function parseDateInput(value: string): string | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value.trim());
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return isRealDate(year, month, day) ? `${match[3]}-${match[2]}-${match[1]}` : null;
}

/** 'YYYY-MM-DD' -> 'DD/MM/YYYY'. */
export function formatIsoDate(iso: string): string {
  const match = ISO_DATE.exec(iso);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : iso;
}

/** Today in the local time zone of whoever runs it, as 'YYYY-MM-DD'. */
export function localTodayIso(now: Date = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * The latest calendar date that is "today" somewhere on Earth (UTC+14). The server cannot know the
 * traveller's time zone, so a payload date is refused only when it is after this.
 */
export function latestTodayIso(now: Date = new Date()): string {
  const ahead = new Date(now.getTime() + 14 * 3_600_000);
  return `${ahead.getUTCFullYear()}-${pad(ahead.getUTCMonth() + 1)}-${pad(ahead.getUTCDate())}`;
}

function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  return match !== null && isRealDate(Number(match[1]), Number(match[2]), Number(match[3]));
}

/** The event date as sent: ISO, a real date, not before 2000-01-01 and not after today. */
export const sinisterDateSchema = z
  .string(text.sinisterDateRequired)
  .trim()
  .min(1, text.sinisterDateRequired)
  .refine(isIsoDate, text.dateInvalid)
  .refine((iso) => iso >= MIN_SINISTER_DATE && iso <= latestTodayIso(), text.dateOutOfRange);

/**
 * The event date as typed in the dialog ('DD/MM/AAAA'), strictly not after the browser's today;
 * outputs ISO. Use in the browser; the payload uses `sinisterDateSchema`.
 */
export const sinisterDateInputSchema = z
  .string(text.sinisterDateRequired)
  .trim()
  .min(1, text.sinisterDateRequired)
  .transform((value, context) => {
    const iso = parseDateInput(value);
    if (iso === null) {
      context.addIssue({ code: 'custom', message: text.dateInvalid });
      return z.NEVER;
    }
    if (iso < MIN_SINISTER_DATE || iso > localTodayIso()) {
      context.addIssue({ code: 'custom', message: text.dateOutOfRange });
      return z.NEVER;
    }
    return iso;
  });

// ---------------------------------------------------------------------------------------------
// Login (GET /refund_data/?voucher_id&document)
// ---------------------------------------------------------------------------------------------

export const refundLoginQuerySchema = z.object({
  voucher_id: z.string(text.voucherIdRequired).trim().min(1, text.voucherIdRequired).max(30),
  document: z.string(text.documentRequired).trim().min(1, text.documentRequired).max(30),
});
export type RefundLoginQuery = z.infer<typeof refundLoginQuerySchema>;

export const refundLoginDataSchema = z.object({
  doc_number: z.string(),
  /** The voucher number (its id), as text. */
  voucher: z.string(),
  /** ISO-3 country of residence of the passenger ('ARG'); decides the payment fields. */
  country_residence: z.string(),
  name: z.string(),
  surname: z.string(),
  email: z.string(),
  phone: z.string(),
  /** Names (long_name_es) of the voucher's coverages: the choices of 'Servicio a reintegrar'. */
  coverages: z.array(z.string()),
  /** Coverage name -> names of the receipts its claim needs. */
  required_items: z.record(z.string(), z.array(z.string())),
  /** The subset of `coverages` that is the multi-cause cancellation (penalty-letter section). */
  multi_cause_coverages: z.array(z.string()),
  /** Where to go 20 s after the final screen; empty means the default public site. */
  url_country_b2c: z.string(),
  /**
   * Issue 17: the voucher's validity (ISO dates, the trip's first and last day). An event date
   * outside it is refused in the claim dialog and by the server.
   */
  date_in: z.string().optional(),
  date_out: z.string().optional(),
});
export type RefundLoginData = z.infer<typeof refundLoginDataSchema>;

/**
 * Issue 17: a refund this traveller already submitted for the voucher, with its status and what
 * is asked of them now (each open request with the link page that answers it).
 */
export const submittedRefundSchema = z.object({
  id: z.number().int(),
  status: z.string(),
  created_at: z.string(),
  requests: z.array(
    z.object({
      kind: z.enum(['documents', 'bank_data']),
      items: z.array(z.string()),
      observations: z.string(),
      /** '/upload_data?refund_id=..&hash=..' or '/update_payment_data?...'. */
      link: z.string(),
    }),
  ),
});
export type SubmittedRefund = z.infer<typeof submittedRefundSchema>;

export const refundLoginResponseSchema = z.object({
  refunds: refundLoginDataSchema,
  /** Refund access token (Bearer) for the upload and submission calls; short-lived. */
  access: z.string().min(1),
  /** Refunds already submitted for this voucher and document, newest first (issue 17). */
  submitted_refunds: z.array(submittedRefundSchema).optional(),
});
export type RefundLoginResponse = z.infer<typeof refundLoginResponseSchema>;

/** Payload of the refund access token. */
export const refundAccessPayloadSchema = z.object({
  token_type: z.literal('refund'),
  voucher_id: z.number().int().positive(),
  doc_number: z.string(),
  /** The login subject's version when issued (issue 28 §6): a later login, submission or 'Salir' revokes it. */
  ver: z.number().int().nonnegative(),
  exp: z.number(),
});
export type RefundAccessPayload = z.infer<typeof refundAccessPayloadSchema>;

// ---------------------------------------------------------------------------------------------
// Files (POST /images/upload-image)
// ---------------------------------------------------------------------------------------------

export const storedFileSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  content_type: z.enum(ALLOWED_CONTENT_TYPES),
  size: z.number().int().nonnegative(),
});
export type StoredFile = z.infer<typeof storedFileSchema>;

export const uploadImageResponseSchema = z.object({ files: z.array(storedFileSchema) });
export type UploadImageResponse = z.infer<typeof uploadImageResponseSchema>;

/** A reference to an uploaded file inside a submission (extra keys of a StoredFile are dropped). */
export const fileRefSchema = z.object({
  id: z.uuid(text.fileUnknown),
  name: z.string().max(255).default(''),
});
export type FileRef = z.infer<typeof fileRefSchema>;

const uniqueIds = (files: readonly { id: string }[]) =>
  new Set(files.map((file) => file.id)).size === files.length;

// ---------------------------------------------------------------------------------------------
// Step 0: applicant (SPEC §2, §5: all six required; email 'Introduce un email válido')
// ---------------------------------------------------------------------------------------------

const requiredText = (message: string, max: number) =>
  z.string(message).trim().min(1, message).max(max, text.tooLong(max));

/**
 * The applicant's phone (issue 17): digits only as before, or an international number written
 * as people do ('+54 9 11 3012-3456', '+1 (212) 555-0123'), checked with libphonenumber-js and
 * stored as E.164 ('+5491130123456').
 */
export function internationalPhone(
  value: string,
): { ok: true; value: string } | { ok: false; message: string } {
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return { ok: true, value: trimmed };
  if (!trimmed.startsWith('+')) return { ok: false, message: text.phoneNumeric };
  const parsed = parsePhoneNumberFromString(trimmed);
  return parsed?.isValid()
    ? { ok: true, value: parsed.number }
    : { ok: false, message: messages.refundLinks.phoneInternationalInvalid };
}

export const refundApplicantSchema = z.object({
  name: requiredText(text.nameRequired, 150),
  surname: requiredText(text.surnameRequired, 150),
  doc_number: requiredText(text.docNumberRequired, 30),
  voucher: requiredText(text.voucherRequired, 30),
  email: z.string(text.emailInvalid).trim().max(254, text.tooLong(254)).pipe(z.email(text.emailInvalid)),
  phone_contact: requiredText(text.phoneRequired, 30).transform((value, context) => {
    const phone = internationalPhone(value);
    if (phone.ok) return phone.value;
    context.addIssue({ code: 'custom', message: phone.message });
    return z.NEVER;
  }),
});
export type RefundApplicant = z.infer<typeof refundApplicantSchema>;

// ---------------------------------------------------------------------------------------------
// Step 1: claims (refund_coverage), multi-cause cancellation services
// ---------------------------------------------------------------------------------------------

export const serviceAmountsSchema = z.object({
  selected: z.boolean().default(false),
  /** Canonical decimal strings ('' when not selected). */
  montoPagado: z.string().trim().default(''),
  montoRecuperado: z.string().trim().default(''),
});
export type ServiceAmounts = z.infer<typeof serviceAmountsSchema>;

export const TRANSPORT_SERVICES = ['vuelos', 'trenes', 'bus', 'crucero', 'transfer'] as const;
export type TransportService = (typeof TRANSPORT_SERVICES)[number];
export const MULTI_CAUSE_SERVICES = ['alojamientos', 'transporte', 'excursiones', 'otro'] as const;
export type MultiCauseService = (typeof MULTI_CAUSE_SERVICES)[number];

const multiCauseShape = z.object({
  alojamientos: serviceAmountsSchema,
  transporte: z.object({
    selected: z.boolean().default(false),
    vuelos: serviceAmountsSchema,
    trenes: serviceAmountsSchema,
    bus: serviceAmountsSchema,
    crucero: serviceAmountsSchema,
    transfer: serviceAmountsSchema,
  }),
  excursiones: serviceAmountsSchema,
  otro: serviceAmountsSchema.extend({ nombreServicio: z.string().trim().max(150).default('') }),
});
export type MultiCause = z.infer<typeof multiCauseShape>;

/** An empty penalty-letter section (nothing selected, no amounts). */
export function emptyMultiCause(): MultiCause {
  const service = (): ServiceAmounts => ({ selected: false, montoPagado: '', montoRecuperado: '' });
  return {
    alojamientos: service(),
    transporte: {
      selected: false,
      vuelos: service(),
      trenes: service(),
      bus: service(),
      crucero: service(),
      transfer: service(),
    },
    excursiones: service(),
    otro: { ...service(), nombreServicio: '' },
  };
}

export interface PathProblem {
  path: (string | number)[];
  message: string;
}

/** An AMOUNT_PATTERN amount in cents, exactly ('12.5' -> 1250n). */
function amountCents(amount: string): bigint {
  const [units, cents] = normalizeAmount(amount).split('.');
  return BigInt(units) * 100n + BigInt(cents);
}

function serviceAmountProblems(service: ServiceAmounts, path: string[]): PathProblem[] {
  if (!service.selected) return [];
  const problems: PathProblem[] = [];
  if (service.montoPagado === '') {
    problems.push({ path: [...path, 'montoPagado'], message: text.montoPagadoRequired });
  } else if (!AMOUNT_PATTERN.test(service.montoPagado)) {
    problems.push({ path: [...path, 'montoPagado'], message: text.amountInvalid });
  } else if (!isPositiveAmount(service.montoPagado)) {
    problems.push({ path: [...path, 'montoPagado'], message: text.amountNotPositive });
  }
  if (service.montoRecuperado === '') {
    problems.push({ path: [...path, 'montoRecuperado'], message: text.montoRecuperadoRequired });
  } else if (!AMOUNT_PATTERN.test(service.montoRecuperado)) {
    problems.push({ path: [...path, 'montoRecuperado'], message: text.amountInvalid });
  } else if (
    AMOUNT_PATTERN.test(service.montoPagado) &&
    amountCents(service.montoRecuperado) > amountCents(service.montoPagado)
  ) {
    // Issue 17: nothing more can be recovered than was paid.
    problems.push({ path: [...path, 'montoRecuperado'], message: messages.refundLinks.recoveredOverPaid });
  }
  return problems;
}

/**
 * SPEC §5 multi-cause rules: at least one service ('Debe seleccionar al menos un servicio');
 * transporte needs a sub-service; every selected (sub-)service needs montoPagado (> 0) and
 * montoRecuperado (>= 0); otro needs nombreServicio. Paths are relative to the multi_cause object;
 * the "at least one" problems sit on [] and ['transporte'].
 */
export function multiCauseProblems(value: MultiCause): PathProblem[] {
  const problems: PathProblem[] = [];
  const anySelected =
    value.alojamientos.selected ||
    value.transporte.selected ||
    value.excursiones.selected ||
    value.otro.selected;
  if (!anySelected) problems.push({ path: [], message: text.serviceRequired });
  problems.push(...serviceAmountProblems(value.alojamientos, ['alojamientos']));
  if (value.transporte.selected) {
    if (!TRANSPORT_SERVICES.some((name) => value.transporte[name].selected)) {
      problems.push({ path: ['transporte'], message: text.transportServiceRequired });
    }
    for (const name of TRANSPORT_SERVICES) {
      problems.push(...serviceAmountProblems(value.transporte[name], ['transporte', name]));
    }
  }
  problems.push(...serviceAmountProblems(value.excursiones, ['excursiones']));
  problems.push(...serviceAmountProblems(value.otro, ['otro']));
  if (value.otro.selected && value.otro.nombreServicio === '') {
    problems.push({ path: ['otro', 'nombreServicio'], message: text.nombreServicioRequired });
  }
  return problems;
}

/** Clears what is not selected (unchecked services lose their amounts) and normalizes amounts. */
export function cleanMultiCause(value: MultiCause): MultiCause {
  const clean = (service: ServiceAmounts, selected = service.selected): ServiceAmounts =>
    selected
      ? {
          selected: true,
          montoPagado: AMOUNT_PATTERN.test(service.montoPagado)
            ? normalizeAmount(service.montoPagado)
            : service.montoPagado,
          montoRecuperado: AMOUNT_PATTERN.test(service.montoRecuperado)
            ? normalizeAmount(service.montoRecuperado)
            : service.montoRecuperado,
        }
      : { selected: false, montoPagado: '', montoRecuperado: '' };
  const transportSelected = value.transporte.selected;
  return {
    alojamientos: clean(value.alojamientos),
    transporte: {
      selected: transportSelected,
      vuelos: clean(value.transporte.vuelos, transportSelected && value.transporte.vuelos.selected),
      trenes: clean(value.transporte.trenes, transportSelected && value.transporte.trenes.selected),
      bus: clean(value.transporte.bus, transportSelected && value.transporte.bus.selected),
      crucero: clean(value.transporte.crucero, transportSelected && value.transporte.crucero.selected),
      transfer: clean(value.transporte.transfer, transportSelected && value.transporte.transfer.selected),
    },
    excursiones: clean(value.excursiones),
    otro: { ...clean(value.otro), nombreServicio: value.otro.selected ? value.otro.nombreServicio : '' },
  };
}

export const multiCauseSchema = multiCauseShape.transform(cleanMultiCause).superRefine((value, context) => {
  for (const problem of multiCauseProblems(value)) {
    context.addIssue({ code: 'custom', path: problem.path, message: problem.message });
  }
});

/** The (selected service, amounts) rows of a multi-cause claim, e.g. for storage or display. */
export function multiCauseRows(value: MultiCause): {
  service: MultiCauseService | `transporte.${TransportService}`;
  serviceName: string;
  amountPaid: string;
  amountRecovered: string;
}[] {
  const rows: ReturnType<typeof multiCauseRows> = [];
  const push = (service: (typeof rows)[number]['service'], amounts: ServiceAmounts, serviceName = '') => {
    if (amounts.selected)
      rows.push({
        service,
        serviceName,
        amountPaid: amounts.montoPagado,
        amountRecovered: amounts.montoRecuperado,
      });
  };
  push('alojamientos', value.alojamientos);
  if (value.transporte.selected) {
    for (const name of TRANSPORT_SERVICES) push(`transporte.${name}`, value.transporte[name]);
  }
  push('excursiones', value.excursiones);
  push('otro', value.otro, value.otro.nombreServicio);
  return rows;
}

export const claimFilesSchema = z
  .array(fileRefSchema, text.filesRequired)
  .min(1, text.filesRequired)
  .max(MAX_CLAIM_FILES, text.filesTooMany(MAX_CLAIM_FILES))
  .refine(uniqueIds, text.duplicateFile);

/** One claim of the 'Carga de reintegro' dialog, as sent. */
export const claimSchema = z.object({
  /** Coverage name, one of the login answer's `coverages`. */
  coverage: requiredText(text.coverageRequired, 255),
  /** ISO-3 country code. */
  sinister_country: z
    .string(text.sinisterCountryRequired)
    .trim()
    .min(1, text.sinisterCountryRequired)
    .transform((value) => value.toUpperCase())
    .refine((value) => findCountryByIso3(value) !== undefined, text.sinisterCountryRequired),
  sinister_date: sinisterDateSchema,
  /** ISO 4217 code. */
  currency: z
    .string(text.currencyRequired)
    .trim()
    .min(1, text.currencyRequired)
    .transform((value) => value.toUpperCase())
    .refine((value) => findCurrency(value) !== undefined, text.currencyRequired),
  amount: amountSchema,
  coverage_files: claimFilesSchema,
  /** Present (and required) only for a multi-cause coverage; null otherwise. */
  multi_cause: multiCauseSchema.nullable().default(null),
});
export type ClaimInput = z.input<typeof claimSchema>;
export type Claim = z.infer<typeof claimSchema>;

/** What of the login answer the claim rules depend on. */
export type RefundCoverageRules = Pick<
  RefundLoginData,
  'coverages' | 'multi_cause_coverages' | 'date_in' | 'date_out'
>;

/**
 * Issue 17: the event date (ISO) must fall within the voucher's validity when the login gave it;
 * the refusal names the validity. Null when the date is within it (or not a date: other rules say so).
 */
export function sinisterDateProblem(
  iso: string,
  rules: Pick<RefundLoginData, 'date_in' | 'date_out'>,
): string | null {
  if (!isIsoDate(iso)) return null;
  const from = rules.date_in && isIsoDate(rules.date_in) ? rules.date_in : null;
  const to = rules.date_out && isIsoDate(rules.date_out) ? rules.date_out : null;
  if ((from && iso < from) || (to && iso > to))
    return text.dateOutsideValidity(from ? formatIsoDate(from) : '—', to ? formatIsoDate(to) : '—');
  return null;
}

/**
 * Problems of one claim that depend on the voucher: the coverage must be one of the voucher's,
 * and a multi-cause coverage needs its penalty-letter section. Paths relative to the claim.
 */
export function claimCoverageProblems(
  claim: Pick<Claim, 'coverage' | 'multi_cause'>,
  rules: RefundCoverageRules,
) {
  const problems: PathProblem[] = [];
  if (!rules.coverages.includes(claim.coverage)) {
    problems.push({ path: ['coverage'], message: text.coverageUnknown });
  } else if (rules.multi_cause_coverages.includes(claim.coverage) && claim.multi_cause === null) {
    problems.push({ path: ['multi_cause'], message: text.serviceRequired });
  }
  return problems;
}

/** The claim dialog's schema for one voucher (coverage of the voucher, multi-cause when needed). */
export function claimSchemaFor(rules: RefundCoverageRules) {
  return claimSchema
    .transform((claim) =>
      rules.multi_cause_coverages.includes(claim.coverage) ? claim : { ...claim, multi_cause: null },
    )
    .superRefine((claim, context) => {
      for (const problem of claimCoverageProblems(claim, rules))
        context.addIssue({ code: 'custom', ...problem });
      const date = sinisterDateProblem(claim.sinister_date, rules);
      if (date) context.addIssue({ code: 'custom', path: ['sinister_date'], message: date });
    });
}

/** Step 1 as sent: the claims and the optional comment. */
export function refundCoverageSchemaFor(rules: RefundCoverageRules) {
  return z
    .object({
      claims: z.array(claimSchemaFor(rules), text.claimsRequired).min(1, text.claimsRequired),
      comment: z.string().trim().max(MAX_COMMENT_LENGTH, text.commentTooLong).default(''),
    })
    .superRefine((value, context) => {
      const seen = new Set<string>();
      value.claims.forEach((claim, index) => {
        if (seen.has(claim.coverage)) {
          context.addIssue({
            code: 'custom',
            path: ['claims', index, 'coverage'],
            message: text.coverageRepeated,
          });
        }
        seen.add(claim.coverage);
      });
    });
}
export type RefundCoverage = z.infer<ReturnType<typeof refundCoverageSchemaFor>>;
export type RefundCoverageInput = z.input<ReturnType<typeof refundCoverageSchemaFor>>;

// ---------------------------------------------------------------------------------------------
// Step 2: payment data, per country (SPEC §5 and the issue's check-digit rules)
// ---------------------------------------------------------------------------------------------

export const PAYMENT_METHODS = ['Transferencia'] as const;
export const REFUND_METHODS = ['Cuenta propia', 'Autorizar a tercero'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];
export const THIRD_PARTY: RefundMethod = 'Autorizar a tercero';
export const PESO_ACCOUNT_TYPES = ['Cuenta corriente en pesos', 'Caja de ahorro en pesos'] as const;
export const GENERAL_ACCOUNT_TYPES = ['Cuenta corriente', 'Caja de ahorro'] as const;

export const paymentTextFields = [
  'payment_method',
  'refund_method',
  'owner',
  'bank',
  'account_type',
  'account_number',
  'cbu',
  'alias',
  'cuit_cuil',
  'rut',
  'cedula',
  'adress',
  'phone',
  'swift',
  'doc_number',
  'bank_adress',
  'cable',
  'ba_wire',
  'iban',
] as const;
export type PaymentTextField = (typeof paymentTextFields)[number];
export const paymentFileFields = ['authorization_letter', 'authorized_document'] as const;
export type PaymentFileField = (typeof paymentFileFields)[number];
export type PaymentField = PaymentTextField | PaymentFileField;

const BASE_PAYMENT_FIELDS = [
  'refund_method',
  'payment_method',
  'owner',
  'bank',
  'account_type',
  'account_number',
] as const satisfies readonly PaymentTextField[];

/** Maximum lengths of the text fields (database columns match). */
export const paymentFieldMaxLength: Record<PaymentTextField, number> = {
  payment_method: 30,
  refund_method: 30,
  owner: 150,
  bank: 150,
  account_type: 50,
  account_number: 40,
  cbu: 30,
  alias: 30,
  cuit_cuil: 20,
  rut: 20,
  cedula: 20,
  adress: 255,
  phone: 30,
  swift: 20,
  doc_number: 30,
  bank_adress: 255,
  cable: 30,
  ba_wire: 20,
  iban: 50,
};

export const refundPaymentInputSchema = z.object({
  ...(Object.fromEntries(paymentTextFields.map((field) => [field, z.string().default('')])) as Record<
    PaymentTextField,
    z.ZodDefault<z.ZodString>
  >),
  authorization_letter: z.array(fileRefSchema).default([]),
  authorized_document: z.array(fileRefSchema).default([]),
});
export type RefundPaymentInput = z.input<typeof refundPaymentInputSchema>;
export type RefundPayment = z.infer<typeof refundPaymentInputSchema>;

/** An empty payment form. */
export function emptyRefundPayment(): RefundPayment {
  return {
    ...(Object.fromEntries(paymentTextFields.map((field) => [field, ''])) as Record<
      PaymentTextField,
      string
    >),
    payment_method: PAYMENT_METHODS[0],
    refund_method: REFUND_METHODS[0],
    authorization_letter: [],
    authorized_document: [],
  };
}

/** Payment-rule family of a country of residence. */
export type PaymentFamily = 'ARG' | 'CHL' | 'COL' | 'OTHER';

export function paymentFamilyOf(countryIso3: string): PaymentFamily {
  const iso3 = countryIso3.trim().toUpperCase();
  return iso3 === 'ARG' || iso3 === 'CHL' || iso3 === 'COL' ? iso3 : 'OTHER';
}

function isEuropeanCountry(countryIso3: string): boolean {
  const country = findCountryByIso3(countryIso3);
  return country !== undefined && isEuropeanIbanCountry(country.iso2);
}

/**
 * The payment fields a country shows, in form order. The authorization uploads are included only
 * for 'Autorizar a tercero'. ARG: CBU or alias and CUIT/CUIL; CHL: RUT; COL: cédula, address and
 * phone; other countries: SWIFT, document and bank address (the CCI for PER), plus CLABE (MEX),
 * ABA (USA) or IBAN (European IBAN countries).
 */
export function paymentFieldsFor(countryIso3: string, refundMethod?: string): PaymentField[] {
  const iso3 = countryIso3.trim().toUpperCase();
  const fields: PaymentField[] = [...BASE_PAYMENT_FIELDS];
  switch (paymentFamilyOf(iso3)) {
    case 'ARG':
      fields.push('cbu', 'alias', 'cuit_cuil');
      break;
    case 'CHL':
      fields.push('rut');
      break;
    case 'COL':
      fields.push('cedula', 'adress', 'phone');
      break;
    case 'OTHER':
      fields.push('swift', 'doc_number', 'bank_adress');
      if (iso3 === 'MEX') fields.push('cable');
      if (iso3 === 'USA') fields.push('ba_wire');
      if (isEuropeanCountry(iso3)) fields.push('iban');
      break;
  }
  if (refundMethod === THIRD_PARTY) fields.push('authorization_letter', 'authorized_document');
  return fields;
}

/** The bank dropdown of ARG and CHL (value = code), or null where the bank is free text. */
export function bankOptionsFor(countryIso3: string): readonly Bank[] | null {
  const family = paymentFamilyOf(countryIso3);
  if (family === 'ARG') return argentineBanks;
  if (family === 'CHL') return chileanBanks;
  return null;
}

/** The bank's display name: the list name for ARG/CHL codes, the free text otherwise. */
export function bankNameFor(countryIso3: string, bank: string): string {
  const family = paymentFamilyOf(countryIso3);
  if (family === 'ARG') return findArgentineBank(bank)?.name ?? bank;
  if (family === 'CHL') return findChileanBank(bank)?.name ?? bank;
  return bank;
}

export function accountTypesFor(countryIso3: string): readonly string[] {
  return paymentFamilyOf(countryIso3) === 'OTHER' ? GENERAL_ACCOUNT_TYPES : PESO_ACCOUNT_TYPES;
}

/** The Spanish label of a payment field for a country (bank_adress is 'CCI' for PER). */
export function paymentFieldLabel(field: PaymentField, countryIso3: string): string {
  if (field === 'bank_adress' && countryIso3.trim().toUpperCase() === 'PER') return text.cciLabel;
  const labels: Record<PaymentField, string> = {
    payment_method: text.paymentMethodLabel,
    refund_method: text.refundMethodLabel,
    owner: text.ownerLabel,
    bank: text.bankLabel,
    account_type: text.accountTypeLabel,
    account_number: text.accountNumberLabel,
    cbu: text.cbuLabel,
    alias: text.aliasLabel,
    cuit_cuil: text.cuitCuilLabel,
    rut: text.rutLabel,
    cedula: text.cedulaLabel,
    adress: text.adressLabel,
    phone: text.phonePaymentLabel,
    swift: text.swiftLabel,
    doc_number: text.paymentDocNumberLabel,
    bank_adress: text.bankAdressLabel,
    cable: text.cableLabel,
    ba_wire: text.baWireLabel,
    iban: text.ibanLabel,
    authorization_letter: text.authorizationLetterLabel,
    authorized_document: text.authorizedDocumentLabel,
  };
  return labels[field];
}

export type PaymentFieldErrors = Partial<Record<PaymentField, string>>;

/**
 * Every refusal of the payment step for a country of residence, one message per field (the first
 * problem found). Fields the country does not show are ignored. Empty object = valid.
 */
export function paymentProblems(payment: RefundPaymentInput, countryIso3: string): PaymentFieldErrors {
  const iso3 = countryIso3.trim().toUpperCase();
  const value = (field: PaymentTextField) => (payment[field] ?? '').trim();
  const problems: PaymentFieldErrors = {};
  const shown = paymentFieldsFor(iso3, value('refund_method'));
  const set = (field: PaymentField, message: string) => {
    if (problems[field] === undefined) problems[field] = message;
  };

  for (const field of shown) {
    if ((paymentFileFields as readonly string[]).includes(field)) continue;
    const textField = field as PaymentTextField;
    const max = paymentFieldMaxLength[textField];
    if (value(textField).length > max) set(field, text.tooLong(max));
  }
  for (const field of BASE_PAYMENT_FIELDS) {
    if (value(field) === '') set(field, text.fieldRequired);
  }
  if (
    value('payment_method') !== '' &&
    !(PAYMENT_METHODS as readonly string[]).includes(value('payment_method'))
  ) {
    set('payment_method', text.paymentMethodInvalid);
  }
  if (
    value('refund_method') !== '' &&
    !(REFUND_METHODS as readonly string[]).includes(value('refund_method'))
  ) {
    set('refund_method', text.refundMethodInvalid);
  }
  if (value('account_type') !== '' && !accountTypesFor(iso3).includes(value('account_type'))) {
    set('account_type', text.accountTypeInvalid);
  }
  if (value('account_number') !== '' && !/^[A-Za-z0-9-]+$/.test(value('account_number'))) {
    set('account_number', text.accountNumberInvalid);
  }
  const bankOptions = bankOptionsFor(iso3);
  const bankOk =
    bankOptions === null || bankOptions.some((bank) => bank.code === value('bank').padStart(3, '0'));
  if (value('bank') !== '' && !bankOk) set('bank', text.bankInvalid);

  const family = paymentFamilyOf(iso3);
  if (family === 'ARG') {
    const cbu = value('cbu');
    const alias = value('alias');
    if (cbu === '' && alias === '') {
      set('cbu', banking.cbuOrAliasRequired);
    }
    if (cbu !== '') {
      const result = checkCbu(cbu, bankOk && value('bank') !== '' ? value('bank') : undefined);
      if (!result.ok) set('cbu', banking[result.reason]);
    }
    if (alias !== '') {
      const result = checkAlias(alias);
      if (!result.ok) set('alias', banking[result.reason]);
    }
    const cuit = checkCuit(value('cuit_cuil'));
    if (!cuit.ok) set('cuit_cuil', banking[cuit.reason]);
  } else if (family === 'CHL') {
    const rut = checkRut(value('rut'));
    if (!rut.ok) set('rut', banking[rut.reason]);
  } else if (family === 'COL') {
    if (value('cedula') === '') set('cedula', text.fieldRequired);
    else if (!/^\d{5,12}$/.test(value('cedula'))) set('cedula', text.cedulaInvalid);
    if (value('adress') === '') set('adress', text.fieldRequired);
    if (value('phone') === '') set('phone', text.fieldRequired);
    else if (!/^\d+$/.test(value('phone'))) set('phone', text.phoneInvalid);
  } else {
    const swift = checkSwift(value('swift'));
    if (!swift.ok) set('swift', banking[swift.reason]);
    if (value('doc_number') === '') set('doc_number', text.fieldRequired);
    else if (!/^[A-Za-z0-9]+$/.test(value('doc_number'))) set('doc_number', text.docNumberInvalid);
    if (iso3 === 'PER') {
      const cci = checkCci(value('bank_adress'));
      if (!cci.ok) set('bank_adress', banking[cci.reason]);
    } else if (value('bank_adress') === '') {
      set('bank_adress', text.fieldRequired);
    }
    if (iso3 === 'MEX') {
      const clabe = checkClabe(value('cable'));
      if (!clabe.ok) set('cable', banking[clabe.reason]);
    }
    if (iso3 === 'USA') {
      const aba = checkAba(value('ba_wire'));
      if (!aba.ok) set('ba_wire', banking[aba.reason]);
    }
    if (isEuropeanCountry(iso3)) {
      const iban = checkIban(value('iban'));
      if (!iban.ok) set('iban', banking[iban.reason]);
    }
  }

  if (value('refund_method') === THIRD_PARTY) {
    for (const field of paymentFileFields) {
      const files = payment[field] ?? [];
      if (files.length === 0) set(field, text.authorizationFilesRequired);
      else if (files.length > MAX_AUTHORIZATION_FILES) set(field, text.authorizationFilesTooMany);
      else if (!uniqueIds(files)) set(field, text.duplicateFile);
    }
  }
  return problems;
}

/**
 * Non-blocking remarks (shown, never refused): today only Peru's CCI check digits, which have no
 * official published rule.
 */
export function paymentWarnings(payment: RefundPaymentInput, countryIso3: string): PaymentFieldErrors {
  if (countryIso3.trim().toUpperCase() !== 'PER') return {};
  const cci = checkCci((payment.bank_adress ?? '').trim());
  return cci.ok && cci.warning ? { bank_adress: banking[cci.warning] } : {};
}

/**
 * The payment as stored: fields the country does not show are emptied, account numbers are
 * normalized (CBU, CLABE, ABA and CCI digits only; IBAN and SWIFT uppercase without spaces; RUT
 * '12345678-K'; bank codes padded to three digits), authorization files kept only for a third party.
 */
export function cleanPaymentFor(payment: RefundPayment, countryIso3: string): RefundPayment {
  const iso3 = countryIso3.trim().toUpperCase();
  const shown = new Set<PaymentField>(paymentFieldsFor(iso3, payment.refund_method.trim()));
  const cleaned = emptyRefundPayment();
  for (const field of paymentTextFields) cleaned[field] = shown.has(field) ? payment[field].trim() : '';
  if (bankOptionsFor(iso3) !== null && cleaned.bank !== '') cleaned.bank = cleaned.bank.padStart(3, '0');
  if (cleaned.cbu) cleaned.cbu = normalizeCbu(cleaned.cbu);
  if (cleaned.alias) cleaned.alias = normalizeAlias(cleaned.alias);
  if (cleaned.rut) cleaned.rut = normalizeRut(cleaned.rut);
  if (cleaned.swift) cleaned.swift = normalizeSwift(cleaned.swift);
  if (cleaned.cable) cleaned.cable = normalizeClabe(cleaned.cable);
  if (cleaned.ba_wire) cleaned.ba_wire = normalizeAba(cleaned.ba_wire);
  if (cleaned.iban) cleaned.iban = normalizeIban(cleaned.iban);
  if (iso3 === 'PER' && cleaned.bank_adress) cleaned.bank_adress = normalizeCci(cleaned.bank_adress);
  cleaned.authorization_letter = shown.has('authorization_letter') ? payment.authorization_letter : [];
  cleaned.authorized_document = shown.has('authorized_document') ? payment.authorized_document : [];
  return cleaned;
}

/** Step 2 as sent, for the voucher's country of residence: checked by `paymentProblems`, then cleaned. */
export function refundPaymentSchemaFor(countryIso3: string) {
  return refundPaymentInputSchema
    .superRefine((payment, context) => {
      for (const [field, message] of Object.entries(paymentProblems(payment, countryIso3))) {
        context.addIssue({ code: 'custom', path: [field], message });
      }
    })
    .transform((payment) => cleanPaymentFor(payment, countryIso3));
}

// ---------------------------------------------------------------------------------------------
// Submission (POST /refund_data/, multipart `data` + `files`)
// ---------------------------------------------------------------------------------------------

export const refundSubmissionRefundSchema = refundApplicantSchema.extend({
  client_comment: z.string().trim().max(MAX_COMMENT_LENGTH, text.commentTooLong).default(''),
});

/** What the submission schema depends on: the login answer (or the server's view of the voucher). */
export type RefundSubmissionRules = Pick<
  RefundLoginData,
  'country_residence' | 'coverages' | 'multi_cause_coverages'
>;

export function refundSubmissionSchemaFor(rules: RefundSubmissionRules) {
  return z.object({
    /** Client-generated (crypto.randomUUID()) once per wizard; a retry reuses it. */
    idempotency_key: z.uuid(text.idempotencyKeyInvalid),
    refund: refundSubmissionRefundSchema,
    refund_coverage: refundCoverageSchemaFor(rules),
    refund_payment: refundPaymentSchemaFor(rules.country_residence),
  });
}
export type RefundSubmission = z.infer<ReturnType<typeof refundSubmissionSchemaFor>>;
export type RefundSubmissionInput = z.input<ReturnType<typeof refundSubmissionSchemaFor>>;

/**
 * Builds the `data` part of the submission from the wizard's three steps: the step-1 comment
 * travels as refund.client_comment too (SPEC §3), so both places agree.
 */
export function buildRefundSubmission(input: {
  idempotencyKey: string;
  applicant: z.input<typeof refundApplicantSchema>;
  coverage: RefundCoverageInput;
  payment: RefundPaymentInput;
}): RefundSubmissionInput {
  return {
    idempotency_key: input.idempotencyKey,
    refund: { ...input.applicant, client_comment: input.coverage.comment ?? '' },
    refund_coverage: input.coverage,
    refund_payment: input.payment,
  };
}

/** Every uploaded file a submission references (claims and authorization uploads). */
export function submissionFileIds(submission: {
  refund_coverage: { claims: { coverage_files: FileRef[] }[] };
  refund_payment: { authorization_letter: FileRef[]; authorized_document: FileRef[] };
}): string[] {
  const ids = new Set<string>();
  for (const claim of submission.refund_coverage.claims)
    for (const file of claim.coverage_files) ids.add(file.id);
  for (const file of submission.refund_payment.authorization_letter) ids.add(file.id);
  for (const file of submission.refund_payment.authorized_document) ids.add(file.id);
  return [...ids];
}

/** The status of a submitted refund: the first of the review lifecycle (src/contracts/refundLifecycle.ts). */
export const REFUND_STATUS_RECEIVED = 'RECIBIDO';

/** SPEC §4: refund_payment.status true together with create marks the flow final. */
export const refundSubmissionResponseSchema = z.object({
  refund: z.object({ id: z.number().int().positive(), status: z.string() }),
  refund_payment: z.object({ status: z.literal(true) }),
  create: z.literal(true),
});
export type RefundSubmissionResponse = z.infer<typeof refundSubmissionResponseSchema>;
