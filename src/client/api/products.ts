/**
 * The product module's calls (issue 13; SPEC §7 Products) and the productWizard's actors:
 * options (categories, suppliers, zones, coverages, currencies with limit 10000, SPEC §9), the
 * product to edit or clone (GET /product/{id}/), each step checked with the shared contract and
 * kept with POST /step/, the final POST /productCreate/ or /productEdit/, the uploads
 * (POST /csv_upload/, POST /upload_image/), GET /office/ for the office search, GET
 * /product_name_id/ for the product select and GET /rateDetail/{id}/.
 */
import { fromPromise } from 'xstate';
import { z } from 'zod';
import type {
  LoadedProductWizard,
  SaveStepRequest,
  UploadRequest,
  UploadResult,
} from '../../../machines/productWizard';
import type {
  FormGroup,
  FormOption,
  FormOptions,
  FormValue,
  FormValues,
} from '../../../machines/resourceForm';
import { FieldErrorsError } from '../../../machines/support/errors';
import type { StepValidationRequest } from '../../../machines/support/wizardSteps';
import { canonicalAmount } from '../../contracts/amountInput';
import { formatAmount } from '../../contracts/format';
import { paginatedSchema, SELECTOR_LIMIT } from '../../contracts/http';
import { messages } from '../../contracts/messages';
import { officeCoreSchema } from '../../contracts/offices';
import {
  type ProductDetail,
  type ProductWizardMode,
  productDetailSchema,
  productFinalAnswerSchema,
  productStepAnswerSchema,
  productStepSchemas,
  rateDetailSchema,
  rateUploadAnswerSchema,
} from '../../contracts/productWizard';
import { API_BASE, request } from './http';
import { readSession } from './storage';

const text = messages.products;
const rowSchema = z.looseObject({ id: z.number().int() });

async function optionsOf(
  path: string,
  label: (row: Record<string, unknown>) => string,
): Promise<FormOption[]> {
  const page = await request(paginatedSchema(rowSchema), path, {
    query: { limit: SELECTOR_LIMIT, offset: 0 },
  });
  return page.results.map((row) => ({ value: String(row.id), label: label(row) }));
}

const str = (value: unknown) => (typeof value === 'string' ? value : '');

export async function loadWizardOptions(): Promise<FormOptions> {
  const [productTypes, suppliers, zones, coverages, currencies] = await Promise.all([
    optionsOf('/product_type/', (row) => str(row.long_name)),
    optionsOf('/supplier/', (row) => str(row.long_name)),
    optionsOf('/zone/', (row) => str(row.long_name)),
    optionsOf('/coverage/', (row) => str(row.long_name_es)),
    optionsOf('/currency/', (row) => `${str(row.short_name)} · ${str(row.long_name)}`),
  ]);
  return {
    product_type_id: productTypes,
    supplier_id: suppliers,
    zones,
    coverage_id: coverages,
    currency_id: currencies,
  };
}

export function getProduct(id: number): Promise<ProductDetail> {
  return request(productDetailSchema, `/product/${id}/`);
}

/** The product as wizard values; a clone keeps everything but its names (to be typed anew). */
export function productToValues(product: ProductDetail, mode: ProductWizardMode): FormValues {
  return {
    short_name: mode === 'clone' ? '' : product.short_name,
    long_name: mode === 'clone' ? '' : product.long_name,
    url_image: product.url_image,
    is_enabled: product.is_enabled,
    product_type_id: product.product_type === null ? '' : String(product.product_type),
    supplier_id: product.supplier === null ? '' : String(product.supplier),
    zones: product.zones.map((zone) => String(zone.id)),
    offices: product.offices.map((office) => ({ id: String(office.id), name: office.name })),
    product_coverage: product.product_coverage.map((row) => ({
      coverage_id: String(row.coverage_id),
      // Shown as every amount is (issue 32: '30.000,00'); stepBody reads it back.
      limit_amount: formatAmount(row.limit_amount, row.currency),
      currency_id: row.currency_id === null ? '' : String(row.currency_id),
    })),
    general_rate: '',
    particular_rates: [],
    // Not part of any step: what the product has now, shown in step 2 (rows per rate).
    current_rates: {
      general: String(product.rate_counts.general),
      ...Object.fromEntries(
        Object.entries(product.rate_counts.particular).map(([office, rows]) => [office, String(rows)]),
      ),
    },
  };
}

const groups = (value: FormValue | undefined): readonly FormGroup[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'object')
    ? (value as readonly FormGroup[])
    : [];
const textOf = (value: FormValue | undefined) => (typeof value === 'string' ? value : '');
const idOrNull = (value: FormValue | undefined) => {
  const raw = textOf(value);
  return /^\d+$/.test(raw) ? Number(raw) : null;
};

/**
 * An amount as typed or shown ('30.000,00', '30000,5', '30,000.50') as the API's decimal (issue 40); left as
 * typed when it is empty or not an amount, so the step's validation says why.
 */
const amountBody = (typed: string) => (typed.trim() === '' ? typed : (canonicalAmount(typed) ?? typed));

/** The body of one step from the wizard's values (what POST /step/ receives as `data`). */
export function stepBody(step: number, values: FormValues): Record<string, unknown> {
  switch (step) {
    case 0:
      return {
        short_name: textOf(values.short_name),
        long_name: textOf(values.long_name),
        url_image: textOf(values.url_image),
        is_enabled: values.is_enabled === true,
        product_type_id: idOrNull(values.product_type_id),
        supplier_id: idOrNull(values.supplier_id),
        zones: (Array.isArray(values.zones) ? values.zones : []).map(Number),
        offices: groups(values.offices).map((office) => Number(office.id)),
      };
    case 1:
      return {
        product_coverage: groups(values.product_coverage).map((row) => ({
          coverage_id: idOrNull(row.coverage_id),
          limit_amount: amountBody(textOf(row.limit_amount)),
          currency_id: idOrNull(row.currency_id),
        })),
      };
    default: {
      const general = values.general_rate;
      const chosen = new Set(groups(values.offices).map((office) => textOf(office.id)));
      return {
        general_rate:
          general && typeof general === 'object' && !Array.isArray(general)
            ? textOf((general as FormGroup).hash)
            : null,
        particular_rates: groups(values.particular_rates)
          .filter((row) => chosen.has(textOf(row.office_id)))
          .map((row) => ({ office_id: Number(row.office_id), hash: textOf(row.hash) })),
      };
    }
  }
}

/** Checks a step with the shared contract; the errors keyed like the server's (`a.0.b`). */
export function checkStep(
  mode: ProductWizardMode,
  { step, values }: StepValidationRequest,
): Record<string, unknown> {
  const body = stepBody(step, values);
  const result = productStepSchemas[step as 0 | 1 | 2].safeParse(body);
  const fields: Record<string, string[]> = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const key = issue.path.length ? issue.path.map(String).join('.') : 'non_field_errors';
      fields[key] = [...(fields[key] ?? []), issue.message];
    }
  }
  if (step === 2 && mode === 'create' && body.general_rate === null)
    fields.general_rate = [text.rateRequired];
  if (Object.keys(fields).length) throw new FieldErrorsError(fields);
  return body;
}

/** Uploads a file with the stored token (multipart: the browser sets the boundary). */
async function upload<T extends z.ZodType>(schema: T, path: string, form: FormData): Promise<z.output<T>> {
  return request(schema, path, { method: 'POST', body: form });
}

export async function uploadRate(kind: 'general' | 'particular', file: File) {
  const form = new FormData();
  form.append('tipoTarifa', kind);
  form.append('file', file, file.name);
  return upload(rateUploadAnswerSchema, '/csv_upload/', form);
}

export async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file, file.name);
  const answer = await upload(z.object({ id: z.string() }), '/upload_image/', form);
  return answer.id;
}

/** An uploaded image as an object URL (the image route needs the bearer token). */
/** The product image as a data URL (kept in a machine's context; never needs releasing), or null. */
export async function productImageDataUrl(id: string): Promise<string | null> {
  const blob = await productImageBlob(id);
  if (!blob) return null;
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : null);
    reader.onerror = () => resolve(null);
    reader.readAsDataURL(blob);
  });
}

async function productImageBlob(id: string): Promise<Blob | null> {
  const token = readSession()?.tokens.access;
  try {
    const response = await fetch(`${API_BASE}/product_image/${encodeURIComponent(id)}/`, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
    return response.ok ? await response.blob() : null;
  } catch {
    return null;
  }
}

export async function imageObjectUrl(id: string): Promise<string | null> {
  const blob = await productImageBlob(id);
  return blob ? URL.createObjectURL(blob) : null;
}

export async function searchOffices(name: string): Promise<{ id: string; name: string }[]> {
  const page = await request(paginatedSchema(officeCoreSchema), '/office/', {
    query: { long_name: name, limit: 20, offset: 0 },
  });
  return page.results.map((office) => ({ id: String(office.id), name: office.long_name }));
}

export async function productNames(): Promise<{ id: number; name: string }[]> {
  return request(z.array(z.object({ id: z.number().int(), name: z.string() })), '/product_name_id/');
}

export function rateDetail(id: number) {
  return request(rateDetailSchema, `/rateDetail/${id}/`);
}

export async function replaceOfficeRate(productId: number, officeId: number, file: File): Promise<number> {
  const uploaded = await uploadRate('particular', file);
  const answer = await request(z.object({ rows: z.number().int() }), '/updateOfficeRate/', {
    method: 'POST',
    body: { product_id: productId, office_id: officeId, hash: uploaded.hash },
  });
  return answer.rows;
}

/** The productWizard's actors for one mode. */
export function productWizardActors(mode: ProductWizardMode) {
  return {
    loadWizard: fromPromise(
      async ({
        input,
      }: {
        input: { mode: ProductWizardMode; productId: number | null };
      }): Promise<LoadedProductWizard> => {
        const [options, product] = await Promise.all([
          loadWizardOptions(),
          input.productId === null ? Promise.resolve(null) : getProduct(input.productId),
        ]);
        return { options, values: product ? productToValues(product, mode) : null };
      },
    ),
    validateStep: fromPromise(
      async ({ input }: { input: StepValidationRequest }): Promise<unknown> => checkStep(mode, input),
    ),
    saveStep: fromPromise(async ({ input }: { input: SaveStepRequest }): Promise<string> => {
      const answer = await request(productStepAnswerSchema, '/step/', {
        method: 'POST',
        body: {
          hash: input.hash,
          mode: input.mode,
          product_id: input.productId,
          step: input.step,
          data: input.body,
        },
      });
      return answer.hash;
    }),
    finalize: fromPromise(
      async ({ input }: { input: { mode: ProductWizardMode; hash: string } }): Promise<number> => {
        const path = input.mode === 'edit' ? '/productEdit/' : '/productCreate/';
        const answer = await request(productFinalAnswerSchema, path, {
          method: 'POST',
          body: { hash: input.hash },
        });
        return answer.id;
      },
    ),
    uploadFile: fromPromise(async ({ input }: { input: UploadRequest }): Promise<UploadResult> => {
      if (input.target === 'url_image') return { target: input.target, value: await uploadImage(input.file) };
      const kind = input.target === 'general_rate' ? 'general' : 'particular';
      const answer = await uploadRate(kind, input.file);
      return {
        target: input.target,
        value: { hash: answer.hash, name: answer.file_name, rows: String(answer.rows) },
      };
    }),
  };
}
