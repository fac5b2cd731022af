/**
 * Oficinas (issue 12; SPEC §2 'Oficinas' list columns long_name, is_enabled, childrens, country and
 * the four 'Office search modes'; §3 'Office'; §6 the office entry's payment and sperta flags; §7
 * 'Offices'). Read by the server (validation) and the client (the form validates with the same
 * schema before sending).
 *
 * The office write carries its sub-records: `payments` (medios de pago), `sperta` (the invoice
 * address block), `karing` (with its municipality) and `aditional_offices` (any number). The server
 * writes them in the office's transaction; each also has its own endpoint (§7).
 *
 * `officeCoreSchema` is what other modules read (the Usuarios office select, 'Ir a mi sitio').
 */
import parsePhoneNumber from 'libphonenumber-js';
import { z } from 'zod';
import { amountField } from './amountInput';
import { checkCuit } from './banking/cuit';
import { messages } from './messages';
import {
  CONTAINS,
  defineContract,
  EXACT,
  MAX_DB_INTEGER,
  optionalBoolean,
  optionalEmail,
  optionalReference,
  optionalText,
  requiredReference,
  requiredText,
} from './resources/fields';

const text = messages.offices;
const common = messages.resources;

export const officeCoreSchema = z.object({
  id: z.number().int(),
  short_name: z.string(),
  long_name: z.string(),
  is_enabled: z.boolean(),
  country: z.number().int().nullable(),
});
export type OfficeCore = z.infer<typeof officeCoreSchema>;

// ---------------------------------------------------------------------------------------------
// Field builders

/** A non-negative amount: up to 7 integer digits and 2 decimals, typed either way (issue 40); '' is 0. */
export const moneyField = () =>
  amountField({ maxIntegerDigits: 7, emptyIsZero: true })
    .optional()
    .transform((value) => value ?? '0.00');

/** A percentage from 0 to 100 with up to 2 decimals (read by the same parser). */
export const percentageField = () =>
  amountField({ maxIntegerDigits: 3, emptyIsZero: true })
    .optional()
    .transform((value) => value ?? '0.00')
    .refine((value) => Number(value) <= 100, text.percentageRange);

function integerField(min: number, max: number, message: string, fallback: number) {
  return z
    .union([z.number(), z.string()], { error: message })
    .optional()
    .transform((value, context) => {
      const raw = value === undefined || value === '' ? String(fallback) : String(value).trim();
      if (!/^\d{1,4}$/.test(raw) || Number(raw) < min || Number(raw) > max) {
        context.issues.push({ code: 'custom', message, input: value });
        return z.NEVER;
      }
      return Number(raw);
    });
}

/** A phone with its area code; stored in international form (E.164). Argentina when no '+'. */
export function normalizePhone(value: string): string | null {
  const phone = parsePhoneNumber(value, 'AR');
  return phone?.isValid() ? phone.number : null;
}

export const optionalPhone = () =>
  optionalText(30).transform((value, context) => {
    if (value === '') return '';
    const normalized = normalizePhone(value);
    if (!normalized) {
      context.issues.push({ code: 'custom', message: text.phoneInvalid, input: value });
      return z.NEVER;
    }
    return normalized;
  });

/** Argentine CUIT: 11 digits with its check digit (SPEC §5, §9); optional. */
export const optionalCuit = () =>
  optionalText(13).transform((value, context) => {
    if (value === '') return '';
    const result = checkCuit(value);
    if (!result.ok) {
      context.issues.push({ code: 'custom', message: messages.banking[result.reason], input: value });
      return z.NEVER;
    }
    return value;
  });

const choice = <T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) =>
  z.enum(values, { error: common.invalidChoice }).optional().default(fallback);

export const INVOICE_ISSUE_FORMS = ['automatica', 'manual'] as const;
export const VOUCHER_TYPES = ['A', 'B', 'C'] as const;
export const TAX_CONDITIONS = ['responsable_inscripto', 'monotributo', 'exento', 'consumidor_final'] as const;

// ---------------------------------------------------------------------------------------------
// Sub-records

export const officePaymentsFields = {
  pay_with_gds: optionalBoolean(false),
  pay_by_card: optionalBoolean(false),
  instalments: integerField(1, 24, text.instalmentsInvalid, 1),
  card_provider: optionalBoolean(false),
  wallet_provider: optionalBoolean(false),
  web_payment_provider: optionalBoolean(false),
};
export const officePaymentsWriteSchema = z.strictObject(officePaymentsFields);

export const officeSpertaFields = {
  voucher_type: choice(VOUCHER_TYPES, 'B'),
  street: optionalText(150),
  number: optionalText(20),
  locality: optionalText(150),
  province: optionalText(100),
  postal_code: optionalText(10),
  tax_condition: z
    .union([z.enum(TAX_CONDITIONS, { error: common.invalidChoice }), z.literal('')], {
      error: common.invalidChoice,
    })
    .optional()
    .default(''),
};
export const officeSpertaWriteSchema = z.strictObject(officeSpertaFields);

export const officeKaringFields = {
  municipality: optionalReference(),
  karing_code: optionalText(50),
  address: optionalText(255),
  is_enabled: optionalBoolean(true),
};
export const officeKaringWriteSchema = z.strictObject(officeKaringFields);

export const aditionalOfficeFields = {
  name: requiredText(common.nameRequired, 150),
  email: optionalEmail(),
  phone: optionalPhone(),
  address: optionalText(255),
};
export const aditionalOfficeItemSchema = z.strictObject({
  /** An existing additional office of this office (absent: a new one). */
  id: z.number().int().positive().max(MAX_DB_INTEGER).optional(),
  ...aditionalOfficeFields,
});

/** The sub-record endpoints take the office they belong to. */
const ofOffice = { office: requiredReference(text.officeRequired) };
export const officePaymentsRecordWrite = z.strictObject({ ...ofOffice, ...officePaymentsFields });
export const officeSpertaRecordWrite = z.strictObject({ ...ofOffice, ...officeSpertaFields });
export const officeKaringRecordWrite = z.strictObject({ ...ofOffice, ...officeKaringFields });
export const aditionalOfficeRecordWrite = z.strictObject({ ...ofOffice, ...aditionalOfficeFields });

const paymentsEntity = z.object({
  id: z.number().int(),
  office: z.number().int(),
  pay_with_gds: z.boolean(),
  pay_by_card: z.boolean(),
  instalments: z.number().int(),
  card_provider: z.boolean(),
  wallet_provider: z.boolean(),
  web_payment_provider: z.boolean(),
});
const spertaEntity = z.object({
  id: z.number().int(),
  office: z.number().int(),
  voucher_type: z.string(),
  street: z.string(),
  number: z.string(),
  locality: z.string(),
  province: z.string(),
  postal_code: z.string(),
  tax_condition: z.string(),
});
const karingEntity = z.object({
  id: z.number().int(),
  office: z.number().int(),
  municipality: z.number().int().nullable(),
  municipality_name: z.string().nullable(),
  karing_code: z.string(),
  address: z.string(),
  is_enabled: z.boolean(),
});
const aditionalEntity = z.object({
  id: z.number().int(),
  office: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
});
export type OfficePayments = z.infer<typeof paymentsEntity>;
export type OfficeSperta = z.infer<typeof spertaEntity>;
export type OfficeKaring = z.infer<typeof karingEntity>;
export type AditionalOffice = z.infer<typeof aditionalEntity>;

// ---------------------------------------------------------------------------------------------
// The office

const named = z.object({ id: z.number().int(), long_name: z.string() });

export const officeSchema = officeCoreSchema.extend({
  country_name: z.string().nullable(),
  parent: z.number().int().nullable(),
  parent_name: z.string().nullable(),
  bussines_unit: z.number().int().nullable(),
  bussines_unit_name: z.string().nullable(),
  tags: z.array(z.number().int()),
  tag_names: z.array(z.string()),
  childrens: z.array(named),
  site: z.string(),
  executive: z.string(),
  legal_name: z.string(),
  responsible: z.string(),
  responsible_position: z.string(),
  email: z.string(),
  phone: z.string(),
  cuit: z.string(),
  schedule: z.string(),
  key: z.string(),
  enable_issuing: z.boolean(),
  commission_percentage: z.string(),
  budget: z.string(),
  usd_credit: z.string(),
  balance: z.string(),
  payment_term: z.number().int(),
  pay_on_credit: z.boolean(),
  no_credit_limit: z.boolean(),
  notify_expiry_by_mail: z.boolean(),
  invoice_issue_form: z.string(),
  b2c_charging: z.boolean(),
  show_usd_quote: z.boolean(),
  quote_only: z.boolean(),
  /** The sub-records: in the detail answer only. */
  payments: paymentsEntity.nullable().optional(),
  sperta: spertaEntity.nullable().optional(),
  karing: karingEntity.nullable().optional(),
  aditional_offices: z.array(aditionalEntity).optional(),
  allowed_actions: z.array(z.string()).optional(),
});
export type Office = z.infer<typeof officeSchema>;

export const officeWriteSchema = z.strictObject({
  // Datos generales
  short_name: requiredText(common.shortNameRequired, 50),
  long_name: requiredText(common.longNameRequired, 255),
  is_enabled: optionalBoolean(true),
  country: optionalReference(),
  bussines_unit: optionalReference(),
  parent: optionalReference(),
  tags: z
    .array(z.number({ error: common.invalidChoice }).int().positive().max(MAX_DB_INTEGER), {
      error: common.invalidChoice,
    })
    .max(100)
    .optional()
    .default([]),
  site: optionalText(255),
  executive: optionalText(150),
  legal_name: optionalText(255),
  responsible: optionalText(150),
  responsible_position: optionalText(150),
  email: optionalEmail(),
  phone: optionalPhone(),
  cuit: optionalCuit(),
  schedule: optionalText(255),
  key: optionalText(100),
  enable_issuing: optionalBoolean(true),
  // Comercial
  commission_percentage: percentageField(),
  budget: moneyField(),
  usd_credit: moneyField(),
  balance: moneyField(),
  payment_term: integerField(0, 365, text.paymentTermInvalid, 0),
  pay_on_credit: optionalBoolean(false),
  no_credit_limit: optionalBoolean(false),
  notify_expiry_by_mail: optionalBoolean(false),
  // Facturación
  invoice_issue_form: choice(INVOICE_ISSUE_FORMS, 'automatica'),
  b2c_charging: optionalBoolean(false),
  show_usd_quote: optionalBoolean(false),
  quote_only: optionalBoolean(false),
  // Sub-records, written in the office's transaction. Absent: left as they are (on create: the
  // default payments row, no Sperta or Karing record, no additional offices); null: removed.
  payments: officePaymentsWriteSchema.optional(),
  sperta: officeSpertaWriteSchema.nullable().optional(),
  karing: officeKaringWriteSchema.nullable().optional(),
  aditional_offices: z.array(aditionalOfficeItemSchema).max(20, text.tooManyAditional).optional(),
});
export type OfficeWrite = z.input<typeof officeWriteSchema>;
export type OfficeWriteInput = z.output<typeof officeWriteSchema>;

/** SPEC §2 'Office search modes': by name, business unit, tags, country. */
export const OFFICE_SEARCH_MODES = ['name', 'bussines_unit_name', 'tag_name', 'country_name'] as const;

export const officeContract = defineContract({
  path: '/office/',
  resource: 'office',
  entity: officeSchema,
  write: officeWriteSchema,
  filters: {
    id: EXACT,
    /** Kept for the callers of the office core (contains on long_name). */
    long_name: CONTAINS,
    /** Search mode 'name': contains on long_name or short_name. */
    name: CONTAINS,
    /** Search mode 'business unit': contains on the unit's short or long name. */
    bussines_unit_name: CONTAINS,
    /** Search mode 'tags': contains on any of the office's tags' short or long name. */
    tag_name: CONTAINS,
    /** Search mode 'country': contains on the country's long or short name. */
    country_name: CONTAINS,
    bussines_unit: EXACT,
    country: EXACT,
    parent: EXACT,
    /**
     * Issue 14 (provider promotions): offices assigned to every product listed ('1,2'), read
     * from product_offices.
     */
    products: EXACT,
    /** Issue 14: the offices assigned to this promotion (its id; the promotion's office export). */
    promotion: EXACT,
    is_enabled: { kind: 'switch', default: 'all' },
  },
  ordering: ['id', 'short_name', 'long_name', 'is_enabled', 'country'] as const,
  defaultOrdering: 'long_name',
});

/**
 * GET /office_name_id/: id and name for selectors (limit up to 10000), plus what the office picker
 * searches as the four office search modes do (issue 32): short name, unit, country, tags.
 */
export const officeNameIdSchema = z.object({
  id: z.number().int(),
  long_name: z.string(),
  short_name: z.string(),
  country_name: z.string().nullable(),
  bussines_unit_name: z.string().nullable(),
  tag_names: z.array(z.string()),
});

/** GET /karing/get_municipios/. */
export const municipalitySchema = z.object({ id: z.number().int(), name: z.string(), province: z.string() });
export type Municipality = z.infer<typeof municipalitySchema>;
export const municipalityQuerySchema = z.object({
  query: z.string().trim().max(100).optional(),
  offset: z.coerce.number().int().min(0).max(MAX_DB_INTEGER).default(0),
  limit: z.coerce.number().int().min(1).max(10_000).default(50),
});

/** POST /review/: a payment-history entry for an office's payment conditions. */
export const paymentReviewWriteSchema = z.strictObject({
  office_payment: requiredReference(text.officeRequired),
  observation: optionalText(500),
});
export const paymentReviewSchema = z.object({
  id: z.number().int(),
  office_payment: z.number().int(),
  user: z.string().nullable(),
  observation: z.string(),
  snapshot: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});

/** POST /duplicate_office/: the template and, optionally, the new office's names. */
export const duplicateOfficeSchema = z.strictObject({
  office_template: requiredReference(text.templateRequired),
  short_name: requiredText(common.shortNameRequired, 50).optional(),
  long_name: requiredText(common.longNameRequired, 255).optional(),
});

export const officeSubRecordEntities = {
  payments: paymentsEntity,
  sperta: spertaEntity,
  karing: karingEntity,
  aditional: aditionalEntity,
};

// ---------------------------------------------------------------------------------------------
// The sub-record endpoints (§7): /office_payments/, /office_sperta/, /office_karing/ (GET, POST,
// PUT {id}) and /aditional_office/ (GET, POST, PUT {id}, DELETE), filtered by office.

const subRecordContract = <E extends z.ZodType, W extends z.ZodType>(path: string, entity: E, write: W) =>
  defineContract({
    path,
    resource: 'office',
    entity,
    write,
    filters: { office: EXACT },
    ordering: ['id'] as const,
    defaultOrdering: 'id',
  });

export const officePaymentsContract = subRecordContract(
  '/office_payments/',
  paymentsEntity,
  officePaymentsRecordWrite,
);
export const officeSpertaContract = subRecordContract(
  '/office_sperta/',
  spertaEntity,
  officeSpertaRecordWrite,
);
export const officeKaringContract = subRecordContract(
  '/office_karing/',
  karingEntity,
  officeKaringRecordWrite,
);
export const aditionalOfficeContract = subRecordContract(
  '/aditional_office/',
  aditionalEntity,
  aditionalOfficeRecordWrite,
);

export const officeNameIdContract = defineContract({
  path: '/office_name_id/',
  resource: 'office',
  entity: officeNameIdSchema,
  write: z.never(),
  filters: { long_name: CONTAINS },
  ordering: ['long_name'] as const,
  defaultOrdering: 'long_name',
});
