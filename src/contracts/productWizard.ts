/**
 * The product wizard's contract (issue 13; SPEC §3 'Product wizard', §4 'Product save status',
 * §7 Products, §9 'product wizard steps numbered 0, 1, 2'), read by the client (each step's
 * check before Siguiente) and by the server (POST /step/, /productCreate/, /productEdit/).
 *
 * Step 0: the category block {short_name, long_name, url_image, is_enabled, product_type_id,
 * supplier_id}, zones (ids, at least one) and offices (ids, at least one). Step 1:
 * product_coverage, each coverage with its amount or limit and currency (at least one). Step 2:
 * the rate: a general rate file (its hash from POST /csv_upload/) and particular rate files for
 * some of the chosen offices.
 */
import { z } from 'zod';
import { messages } from './messages';
import { MAX_DB_INTEGER, requiredDecimal, requiredReference, requiredText } from './resources/fields';
import { isStorableText } from './text';

const text = messages.products;
const resources = messages.resources;

export const PRODUCT_WIZARD_STEPS = [0, 1, 2] as const;
export type ProductWizardStep = (typeof PRODUCT_WIZARD_STEPS)[number];
export const PRODUCT_WIZARD_MODES = ['create', 'clone', 'edit'] as const;
export type ProductWizardMode = (typeof PRODUCT_WIZARD_MODES)[number];
/** SPEC §4 'Product save status: empty, SUCCESS, ERROR'. */
export type ProductSaveStatus = '' | 'SUCCESS' | 'ERROR';

/** A hash the server answered (a draft or a rate file): 64 hex characters. */
export const hashSchema = z.string({ error: text.draftExpired }).regex(/^[0-9a-f]{64}$/, text.draftExpired);
/** An uploaded product image's id (POST /upload_image/). */
export const imageIdSchema = z.uuid({ error: text.imageRefused });

const idList = (message: string) =>
  z
    .array(requiredReference(message), { error: message })
    .min(1, message)
    .max(5000, message)
    .transform((ids) => [...new Set(ids)]);

export const productStep0Schema = z.strictObject({
  short_name: requiredText(resources.shortNameRequired, 50),
  long_name: requiredText(resources.longNameRequired, 255),
  url_image: z
    .union([imageIdSchema, z.literal('')], { error: text.imageRefused })
    .nullish()
    .transform((value) => value ?? ''),
  is_enabled: z.boolean({ error: resources.mustBeBoolean }).optional().default(true),
  product_type_id: requiredReference(resources.categoryRequired),
  supplier_id: requiredReference(resources.supplierRequired),
  zones: idList(text.zonesRequired),
  offices: idList(text.officesRequired),
});
export type ProductStep0 = z.output<typeof productStep0Schema>;

export const productCoverageSchema = z.strictObject({
  coverage_id: requiredReference(text.coverageRequired),
  limit_amount: requiredDecimal(text.coverageLimitRequired, { integers: 12, decimals: 2 }),
  currency_id: requiredReference(resources.currencyRequired),
});

export const productStep1Schema = z
  .strictObject({
    product_coverage: z
      .array(productCoverageSchema, { error: text.coveragesRequired })
      .min(1, text.coveragesRequired)
      .max(500, text.coveragesRequired),
  })
  .superRefine((value, context) => {
    const seen = new Set<number>();
    value.product_coverage.forEach((row, index) => {
      if (seen.has(row.coverage_id))
        context.addIssue({
          code: 'custom',
          message: text.coverageDuplicate,
          path: ['product_coverage', index, 'coverage_id'],
        });
      seen.add(row.coverage_id);
    });
  });
export type ProductStep1 = z.output<typeof productStep1Schema>;

export const particularRateSchema = z.strictObject({
  office_id: requiredReference(text.particularOfficeRequired),
  hash: hashSchema,
});

/**
 * Step 2. `general_rate` null: in create mode refused at the final call; in edit mode the
 * product's current rates are kept; in clone mode the source product's rates are copied.
 */
export const productStep2Schema = z
  .strictObject({
    general_rate: hashSchema.nullish().transform((value) => value ?? null),
    particular_rates: z
      .array(particularRateSchema, { error: resources.mustBeList })
      .max(5000, resources.mustBeList)
      .optional()
      .default([]),
  })
  .superRefine((value, context) => {
    const seen = new Set<number>();
    value.particular_rates.forEach((row, index) => {
      if (seen.has(row.office_id))
        context.addIssue({
          code: 'custom',
          message: text.particularDuplicate,
          path: ['particular_rates', index, 'office_id'],
        });
      seen.add(row.office_id);
    });
  });
export type ProductStep2 = z.output<typeof productStep2Schema>;

export const productStepSchemas = [productStep0Schema, productStep1Schema, productStep2Schema] as const;

/** POST /step/: one step's data; `hash` continues a draft (absent or null: a new one). */
export const productStepRequestSchema = z.strictObject({
  hash: hashSchema.nullish().transform((value) => value ?? null),
  mode: z.enum(PRODUCT_WIZARD_MODES, { error: text.draftWrongMode }),
  /** The product edited or cloned (edit, clone). */
  product_id: z
    .number({ error: resources.productRequired })
    .int(resources.productRequired)
    .positive(resources.productRequired)
    .max(MAX_DB_INTEGER, resources.productRequired)
    .nullish()
    .transform((value) => value ?? null),
  step: z.union([z.literal(0), z.literal(1), z.literal(2)], { error: text.draftIncomplete(0) }),
  data: z.unknown(),
});
export type ProductStepRequest = z.input<typeof productStepRequestSchema>;
export const productStepAnswerSchema = z.object({ hash: z.string(), step: z.number().int() });
export type ProductStepAnswer = z.infer<typeof productStepAnswerSchema>;

/** POST /productCreate/ and /productEdit/: the draft's hash. */
export const productFinalRequestSchema = z.strictObject({ hash: hashSchema });
/** Their answer: SPEC §4 'create status OK gives SUCCESS else ERROR'. */
export const productFinalAnswerSchema = z.object({ status: z.literal('OK'), id: z.number().int() });
export type ProductFinalAnswer = z.infer<typeof productFinalAnswerSchema>;

// ---- Rates -------------------------------------------------------------------------------------

/**
 * The rate CSV (docs/products.md): a header row, then one row per trip-length band and age
 * band with its price and currency. Comma or semicolon separated, UTF-8, decimal point or comma.
 */
export const RATE_CSV_COLUMNS = [
  'dias_desde',
  'dias_hasta',
  'edad_desde',
  'edad_hasta',
  'precio',
  'moneda',
] as const;
export const RATE_CSV_TEMPLATE = `${RATE_CSV_COLUMNS.join(',')}
1,7,0,64,25.00,USD
8,15,0,64,40.00,USD
16,30,0,64,65.00,USD
1,7,65,85,50.00,USD
8,15,65,85,80.00,USD
16,30,65,85,130.00,USD
`;
export const MAX_RATE_FILE_BYTES = 512 * 1024;
export const MAX_RATE_ROWS = 5000;
export const RATE_KINDS = ['general', 'particular'] as const;
export type RateKind = (typeof RATE_KINDS)[number];
export const MAX_PRODUCT_IMAGE_BYTES = 5 * 1024 * 1024;

/** One checked row of a rate file. */
export interface RateRow {
  days_from: number;
  days_to: number;
  age_from: number;
  age_to: number;
  /** Exact decimal, '.' as the mark. */
  price: string;
  currency: string;
}

/** One problem of a rate file: its row (the file's line, header = 1) and column. */
export const rateFileErrorSchema = z.object({
  row: z.number().int(),
  column: z.string(),
  message: z.string(),
});
export type RateFileError = z.infer<typeof rateFileErrorSchema>;

/** POST /csv_upload/ answer. */
export const rateUploadAnswerSchema = z.object({
  hash: z.string(),
  rows: z.number().int(),
  file_name: z.string(),
  kind: z.enum(RATE_KINDS),
});
export type RateUploadAnswer = z.infer<typeof rateUploadAnswerSchema>;

/** GET /rateDetail/{id}/: the product's rate rows, general first, then per office. */
export const rateDetailRowSchema = z.object({
  id: z.number().int(),
  office: z.number().int().nullable(),
  office_name: z.string().nullable(),
  days_from: z.number().int(),
  days_to: z.number().int(),
  age_from: z.number().int(),
  age_to: z.number().int(),
  price: z.string(),
  currency: z.string(),
});
export type RateDetailRow = z.infer<typeof rateDetailRowSchema>;
export const rateDetailSchema = z.object({
  product: z.number().int(),
  long_name: z.string(),
  rates: z.array(rateDetailRowSchema),
});
export type RateDetail = z.infer<typeof rateDetailSchema>;

/** POST /updateOfficeRate/: replaces one office's particular rate with a checked file. */
export const updateOfficeRateSchema = z.strictObject({
  product_id: requiredReference(resources.productRequired),
  office_id: requiredReference(text.particularOfficeRequired),
  hash: hashSchema,
});

/** The product as the wizard loads it for Editar and Clonar (GET /product/{id}/). */
export const productDetailSchema = z.object({
  id: z.number().int(),
  short_name: z.string(),
  long_name: z.string(),
  is_enabled: z.boolean(),
  url_image: z.string(),
  product_type: z.number().int().nullable(),
  product_type_name: z.string().nullable(),
  supplier: z.number().int().nullable(),
  supplier_name: z.string().nullable(),
  /** Records that use the product (vouchers, promotions): while above 0 it cannot be deleted. */
  used_by: z.number().int(),
  zones: z.array(z.object({ id: z.number().int(), name: z.string() })),
  offices: z.array(z.object({ id: z.number().int(), name: z.string() })),
  product_coverage: z.array(
    z.object({
      coverage_id: z.number().int(),
      coverage_name: z.string(),
      limit_amount: z.string().nullable(),
      currency_id: z.number().int().nullable(),
      currency: z.string().nullable(),
    }),
  ),
  rate_counts: z.object({ general: z.number().int(), particular: z.record(z.string(), z.number().int()) }),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

export const storableFileName = (name: string) => (isStorableText(name) ? name : 'archivo.csv');
