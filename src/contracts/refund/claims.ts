/**
 * Step 1 of the wizard, the claims (refund_coverage, SPEC §5): one claim per coverage of the
 * voucher, the multi-cause cancellation services and the rules that depend on the login answer.
 */
import { z } from 'zod';
import { formatDate } from '../format';
import { messages } from '../messages';
import { amountErrorMessage } from '../money';
import { findCountryByIso3, findCurrency } from '../static';
import { amountSchema, readRefundAmount } from './amounts';
import { sinisterDateSchema } from './dates';
import { claimFileRefSchema } from './files';
import {
  MAX_CHECKLIST_ITEM_LENGTH,
  MAX_CLAIM_FILES,
  MAX_COMMENT_LENGTH,
  MAX_MISSING_REASON_LENGTH,
} from './limits';
import type { RefundLoginData } from './login';
import { isIsoDate, requiredText, text, uniqueIds } from './shared';

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

function serviceAmountProblems(
  service: ServiceAmounts,
  path: string[],
  currency?: string | null,
): PathProblem[] {
  if (!service.selected) return [];
  const problems: PathProblem[] = [];
  const paid = readRefundAmount(service.montoPagado, currency, { positive: true });
  const recovered = readRefundAmount(service.montoRecuperado, currency);
  if (service.montoPagado.trim() === '') {
    problems.push({ path: [...path, 'montoPagado'], message: text.montoPagadoRequired });
  } else if (!paid.ok) {
    problems.push({ path: [...path, 'montoPagado'], message: amountErrorMessage(paid) });
  }
  if (service.montoRecuperado.trim() === '') {
    problems.push({ path: [...path, 'montoRecuperado'], message: text.montoRecuperadoRequired });
  } else if (!recovered.ok) {
    problems.push({ path: [...path, 'montoRecuperado'], message: amountErrorMessage(recovered) });
  } else if (paid.ok && recovered.minor > paid.minor) {
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
export function multiCauseProblems(value: MultiCause, currency?: string | null): PathProblem[] {
  const problems: PathProblem[] = [];
  const anySelected =
    value.alojamientos.selected ||
    value.transporte.selected ||
    value.excursiones.selected ||
    value.otro.selected;
  if (!anySelected) problems.push({ path: [], message: text.serviceRequired });
  problems.push(...serviceAmountProblems(value.alojamientos, ['alojamientos'], currency));
  if (value.transporte.selected) {
    if (!TRANSPORT_SERVICES.some((name) => value.transporte[name].selected)) {
      problems.push({ path: ['transporte'], message: text.transportServiceRequired });
    }
    for (const name of TRANSPORT_SERVICES) {
      problems.push(...serviceAmountProblems(value.transporte[name], ['transporte', name], currency));
    }
  }
  problems.push(...serviceAmountProblems(value.excursiones, ['excursiones'], currency));
  problems.push(...serviceAmountProblems(value.otro, ['otro'], currency));
  if (value.otro.selected && value.otro.nombreServicio === '') {
    problems.push({ path: ['otro', 'nombreServicio'], message: text.nombreServicioRequired });
  }
  return problems;
}

/** A typed or sent amount as '1234.50' (two decimals; the claim's currency is checked apart); unchanged when unreadable, to be refused. */
function canonicalAmount(typed: string): string {
  const reading = readRefundAmount(typed);
  return reading.ok ? reading.decimal : typed;
}

/** Clears what is not selected (unchecked services lose their amounts) and normalizes amounts. */
export function cleanMultiCause(value: MultiCause): MultiCause {
  const clean = (service: ServiceAmounts, selected = service.selected): ServiceAmounts =>
    selected
      ? {
          selected: true,
          montoPagado: canonicalAmount(service.montoPagado),
          montoRecuperado: canonicalAmount(service.montoRecuperado),
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
  .array(claimFileRefSchema, text.filesRequired)
  .min(1, text.filesRequired)
  .max(MAX_CLAIM_FILES, text.filesTooMany(MAX_CLAIM_FILES))
  .refine(uniqueIds, text.duplicateFile);

const checklistText = messages.refundChecklist;

/** A checklist item the traveller does not have ('No lo tengo'), with the reason (issue 30 §3). */
export const missingItemSchema = z.object({
  item: requiredText(checklistText.itemUnknown(''), MAX_CHECKLIST_ITEM_LENGTH),
  reason: z
    .string(checklistText.reasonRequired)
    .trim()
    .min(1, checklistText.reasonRequired)
    .max(MAX_MISSING_REASON_LENGTH, checklistText.reasonTooLong(MAX_MISSING_REASON_LENGTH)),
});
export type MissingItem = z.infer<typeof missingItemSchema>;

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
  /** The coverage's documents marked 'No lo tengo', each with its reason (issue 30 §3). */
  missing_items: z.array(missingItemSchema).max(50).default([]),
  /** Present (and required) only for a multi-cause coverage; null otherwise. */
  multi_cause: multiCauseSchema.nullable().default(null),
});
export type ClaimInput = z.input<typeof claimSchema>;
export type Claim = z.infer<typeof claimSchema>;

/** What of the login answer the claim rules depend on. */
export type RefundCoverageRules = Pick<
  RefundLoginData,
  'coverages' | 'multi_cause_coverages' | 'date_in' | 'date_out'
> &
  Partial<Pick<RefundLoginData, 'required_items'>>;

/** The checklist of a coverage: its required documents (issue 30 §3; one source, the coverage's list). */
export function checklistItemsOf(
  rules: Partial<Pick<RefundLoginData, 'required_items'>>,
  coverage: string,
): string[] {
  return rules.required_items?.[coverage] ?? [];
}

/**
 * Issue 30 §3: files and 'No lo tengo' may only name the coverage's documents; an item is not
 * both missing and provided, nor missing twice. Paths relative to the claim.
 */
export function checklistProblems(
  claim: {
    coverage: string;
    coverage_files: readonly { item?: string | null }[];
    missing_items: readonly { item: string }[];
  },
  rules: Partial<Pick<RefundLoginData, 'required_items'>>,
): PathProblem[] {
  const items = checklistItemsOf(rules, claim.coverage);
  const problems: PathProblem[] = [];
  const provided = new Set<string>();
  claim.coverage_files.forEach((file, index) => {
    if (file.item == null) return;
    if (!items.includes(file.item))
      problems.push({
        path: ['coverage_files', index, 'item'],
        message: checklistText.itemUnknown(file.item),
      });
    provided.add(file.item);
  });
  const missing = new Set<string>();
  claim.missing_items.forEach((entry, index) => {
    const path = ['missing_items', index, 'item'];
    if (!items.includes(entry.item)) problems.push({ path, message: checklistText.itemUnknown(entry.item) });
    else if (missing.has(entry.item))
      problems.push({ path, message: checklistText.itemRepeated(entry.item) });
    else if (provided.has(entry.item))
      problems.push({ path, message: checklistText.itemMissingWithFiles(entry.item) });
    missing.add(entry.item);
  });
  return problems;
}

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
    return text.dateOutsideValidity(from ? formatDate(from) : '—', to ? formatDate(to) : '—');
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

/**
 * Issue 40: the amounts of a claim in its currency's ISO 4217 minor units (a CLP claim has no
 * decimals). Paths relative to the claim.
 */
export function claimCurrencyProblems(
  claim: Pick<Claim, 'amount' | 'currency' | 'multi_cause'>,
): PathProblem[] {
  const problems: PathProblem[] = [];
  const amount = readRefundAmount(claim.amount, claim.currency);
  if (!amount.ok) problems.push({ path: ['amount'], message: amountErrorMessage(amount) });
  if (claim.multi_cause) {
    for (const problem of multiCauseProblems(claim.multi_cause, claim.currency)) {
      if (problem.path.at(-1) === 'montoPagado' || problem.path.at(-1) === 'montoRecuperado')
        problems.push({ ...problem, path: ['multi_cause', ...problem.path] });
    }
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
      for (const problem of checklistProblems(claim, rules)) context.addIssue({ code: 'custom', ...problem });
      const date = sinisterDateProblem(claim.sinister_date, rules);
      if (date) context.addIssue({ code: 'custom', path: ['sinister_date'], message: date });
      for (const problem of claimCurrencyProblems(claim)) context.addIssue({ code: 'custom', ...problem });
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
