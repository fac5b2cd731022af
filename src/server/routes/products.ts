/**
 * Gestión de Productos and the product wizard (issue 13; SPEC §7 Products, §4 'Product save
 * status', §9 steps 0, 1, 2):
 * - GET /product/, GET /product/{id}/, DELETE /product/{id}/ (204; 409 while in use) and the
 *   'disable' action on the resource engine (../resources/products.ts); GET /product_name_id/.
 * - POST /step/ {hash?, mode, product_id?, step, data}: checks the step with the shared contract
 *   and keeps it server-side in a draft owned by the user (24 h), answering the draft's hash.
 * - POST /productCreate/ and /productEdit/ {hash}: turn the draft into the product in ONE
 *   transaction (product, zones, offices, coverages, rates), answering {status: 'OK', id}. The
 *   draft remembers the product it made, so a retry answers the same product, never a second.
 * - POST /csv_upload/ (multipart: tipoTarifa general|particular, file): a rate CSV checked row by
 *   row (../services/rateCsv.ts); a file with errors answers every bad row and column and keeps
 *   nothing; a good one is kept under a hash for the draft.
 * - GET /rateDetail/{id}/: the product's rate rows; POST /updateOfficeRate/: one office's
 *   particular rate replaced by a checked file.
 * - POST /upload_image/ (multipart file): a PNG, JPEG or WebP decoded and re-encoded with sharp,
 *   at most 5 MB, answering its id; GET /product_image/{id}/ serves it.
 * Reads need product/view, every write product/add.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Metadata } from 'sharp';
import { z } from 'zod';
import type { FieldErrors } from '../../contracts/http';
import { messages } from '../../contracts/messages';
import {
  MAX_PRODUCT_IMAGE_BYTES,
  MAX_RATE_FILE_BYTES,
  type ProductStep0,
  type ProductStep1,
  type ProductStep2,
  productFinalRequestSchema,
  productStepRequestSchema,
  productStepSchemas,
  RATE_KINDS,
  type RateKind,
  type RateRow,
  updateOfficeRateSchema,
} from '../../contracts/productWizard';
import { principalOf, requirePermission } from '../auth/guard';
import type { Principal } from '../auth/principal';
import type { AppContext } from '../context';
import type { Transaction } from '../db/client';
import {
  coverages,
  currencies,
  offices,
  productCoverages,
  productDrafts,
  productImages,
  productOffices,
  productRates,
  products,
  productTypes,
  productZones,
  rateUploads,
  suppliers,
  zones,
} from '../db/schema';
import { FieldValidationError, notFound } from '../http/errors';
import { idFromParams, parseWith } from '../http/validate';
import type { AuditEntry } from '../resources/audit';
import { auditedWrite, registerResource } from '../resources/engine';
import { productDetailOf, productResource } from '../resources/products';
import { parseRateCsv } from '../services/rateCsv';
import { storageOf } from '../services/storage';

const text = messages.products;
/** @fastify/multipart reads `throwFileSizeLimit` on parts() too; its types leave it out there. */
type MultipartOptions = NonNullable<Parameters<FastifyRequest['parts']>[0]>;
const DRAFT_HOURS = 24;
const MAX_IMAGE_SIDE = 8000;
const MAX_IMAGE_PIXELS = 40_000_000;

const newHash = () => createHash('sha256').update(randomBytes(32)).digest('hex');
/**
 * A draft's or an upload's record id in the history: its hash's first 16 characters (the history's
 * record ids hold 60; the whole hash goes in the entry's `after`).
 */
const hashRecordId = (hash: string) => hash.slice(0, 16);
const expiry = () => new Date(Date.now() + DRAFT_HOURS * 3600 * 1000);
const fields = (errors: FieldErrors, status = 400) => new FieldValidationError(errors, status);
const draftGone = () => fields({ hash: [text.draftExpired] }, 404);

type StoredSteps = { '0'?: unknown; '1'?: unknown; '2'?: unknown };

/** Reads a stream up to `max` bytes; past it, drains the rest and answers null. */
async function readCapped(stream: Readable, max: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size <= max) chunks.push(chunk as Buffer);
  }
  if (size > max || (stream as Readable & { truncated?: boolean }).truncated) return null;
  return Buffer.concat(chunks);
}

/** The ids of `ids` that `table` does not hold. */
async function missing(
  tx: Transaction,
  table:
    | typeof zones
    | typeof offices
    | typeof coverages
    | typeof currencies
    | typeof productTypes
    | typeof suppliers,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const found = await tx
    .select({ id: table.id })
    .from(table)
    .where(inArray(table.id, [...ids]));
  const present = new Set(found.map((row) => row.id));
  return new Set(ids.filter((id) => !present.has(id)));
}

/** A checked rate file of this user, not expired, of this kind; null otherwise. */
type RateUploadCheck = { ok: false; problem: string } | { ok: true; rows: RateRow[] };

async function rateUploadOf(
  tx: Transaction,
  principal: Principal,
  hash: string,
  kind: RateKind,
): Promise<RateUploadCheck> {
  const [upload] = await tx
    .select()
    .from(rateUploads)
    .where(
      and(
        eq(rateUploads.hash, hash),
        eq(rateUploads.userId, principal.id),
        gt(rateUploads.expiresAt, new Date()),
      ),
    );
  if (!upload) return { ok: false, problem: text.rateHashUnknown };
  if (upload.kind !== kind) return { ok: false, problem: text.rateKindMismatch };
  return { ok: true, rows: upload.rows as RateRow[] };
}

async function currencyIds(tx: Transaction): Promise<Map<string, number>> {
  const rows = await tx.select({ id: currencies.id, code: currencies.shortName }).from(currencies);
  return new Map(rows.map((row) => [row.code.toUpperCase(), row.id]));
}

async function insertRates(
  tx: Transaction,
  productId: number,
  officeId: number | null,
  rows: readonly RateRow[],
  codes: Map<string, number>,
): Promise<void> {
  const values = rows.map((row) => {
    const currencyId = codes.get(row.currency);
    if (currencyId === undefined) throw fields({ general_rate: [text.csvCurrencyUnknown(row.currency)] });
    return {
      productId,
      officeId,
      daysFrom: row.days_from,
      daysTo: row.days_to,
      ageFrom: row.age_from,
      ageTo: row.age_to,
      price: row.price,
      currencyId,
    };
  });
  // At most 5,000 rows a file, 8 parameters each: one statement stays under the 65,535 limit.
  if (values.length > 0) await tx.insert(productRates).values(values);
}

/** Copies rate rows of another product in one statement (clone). */
async function copyRates(
  tx: Transaction,
  from: number,
  to: number,
  officeIds: number[] | null,
): Promise<void> {
  const officeFilter =
    officeIds === null
      ? sql`office_id is null`
      : officeIds.length === 0
        ? sql`false`
        : sql`office_id in (${sql.join(
            officeIds.map((id) => sql`${id}`),
            sql`, `,
          )})`;
  await tx.execute(sql`
    insert into product_rates (product_id, office_id, days_from, days_to, age_from, age_to, price, currency_id)
    select ${to}, office_id, days_from, days_to, age_from, age_to, price, currency_id
    from product_rates where product_id = ${from} and ${officeFilter}
  `);
}

interface CheckedDraft {
  step0: ProductStep0;
  step1: ProductStep1;
  step2: ProductStep2;
}

/** Every step of the draft re-checked, and every referenced record present. */
async function checkDraft(tx: Transaction, steps: StoredSteps): Promise<CheckedDraft> {
  const parsed = [0, 1, 2].map((step) => {
    const data = steps[String(step) as keyof StoredSteps];
    if (data === undefined) throw fields({ non_field_errors: [text.draftIncomplete(step)] });
    return parseWith(productStepSchemas[step]!, data);
  });
  const step0 = parsed[0] as ProductStep0;
  const step1 = parsed[1] as ProductStep1;
  const step2 = parsed[2] as ProductStep2;
  const errors: FieldErrors = {};
  if ((await missing(tx, productTypes, [step0.product_type_id])).size)
    errors.product_type_id = [messages.resources.referenceMissing];
  if ((await missing(tx, suppliers, [step0.supplier_id])).size)
    errors.supplier_id = [messages.resources.referenceMissing];
  if ((await missing(tx, zones, step0.zones)).size) errors.zones = [messages.resources.referenceMissing];
  if ((await missing(tx, offices, step0.offices)).size)
    errors.offices = [messages.resources.referenceMissing];
  const goneCoverages = await missing(
    tx,
    coverages,
    step1.product_coverage.map((row) => row.coverage_id),
  );
  const goneCurrencies = await missing(
    tx,
    currencies,
    step1.product_coverage.map((row) => row.currency_id),
  );
  step1.product_coverage.forEach((row, index) => {
    if (goneCoverages.has(row.coverage_id))
      errors[`product_coverage.${index}.coverage_id`] = [messages.resources.referenceMissing];
    if (goneCurrencies.has(row.currency_id))
      errors[`product_coverage.${index}.currency_id`] = [messages.resources.referenceMissing];
  });
  step2.particular_rates.forEach((row, index) => {
    if (!step0.offices.includes(row.office_id))
      errors[`particular_rates.${index}.office_id`] = [text.particularOfficeRequired];
  });
  if (Object.keys(errors).length) throw fields(errors);
  return { step0, step1, step2 };
}

/** The product's own columns and its zones, offices and coverages, replaced. */
async function writeProduct(tx: Transaction, id: number | null, draft: CheckedDraft): Promise<number> {
  const { step0, step1 } = draft;
  const values = {
    shortName: step0.short_name,
    longName: step0.long_name,
    isEnabled: step0.is_enabled,
    urlImage: step0.url_image,
    productTypeId: step0.product_type_id,
    supplierId: step0.supplier_id,
  };
  let productId: number;
  if (id === null) {
    const [row] = await tx.insert(products).values(values).returning({ id: products.id });
    productId = row!.id;
  } else {
    await tx
      .update(products)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(products.id, id));
    productId = id;
    await tx.delete(productZones).where(eq(productZones.productId, id));
    await tx.delete(productOffices).where(eq(productOffices.productId, id));
    await tx.delete(productCoverages).where(eq(productCoverages.productId, id));
  }
  await tx.insert(productZones).values(step0.zones.map((zoneId) => ({ productId, zoneId })));
  await tx.insert(productOffices).values(step0.offices.map((officeId) => ({ productId, officeId })));
  await tx.insert(productCoverages).values(
    step1.product_coverage.map((row) => ({
      productId,
      coverageId: row.coverage_id,
      limitAmount: row.limit_amount,
      currencyId: row.currency_id,
    })),
  );
  return productId;
}

/** The product's rates as the draft's step 2 says, per mode. */
async function writeRates(
  tx: Transaction,
  principal: Principal,
  productId: number,
  mode: 'create' | 'clone' | 'edit',
  sourceId: number | null,
  draft: CheckedDraft,
): Promise<void> {
  const { step0, step2 } = draft;
  const codes = await currencyIds(tx);
  const errors: FieldErrors = {};
  const general = step2.general_rate
    ? await rateUploadOf(tx, principal, step2.general_rate, 'general')
    : null;
  if (general && !general.ok) errors.general_rate = [general.problem];
  if (!step2.general_rate && mode === 'create') errors.general_rate = [text.rateRequired];
  const particular = [];
  for (const [index, row] of step2.particular_rates.entries()) {
    const upload = await rateUploadOf(tx, principal, row.hash, 'particular');
    if (!upload.ok) errors[`particular_rates.${index}.hash`] = [upload.problem];
    else particular.push({ officeId: row.office_id, rows: upload.rows });
  }
  if (Object.keys(errors).length) throw fields(errors);
  const replacedOffices = particular.map((entry) => entry.officeId);

  if (mode === 'edit') {
    // Offices no longer in the product lose their particular rates; replaced ones are rewritten.
    await tx.delete(productRates).where(
      and(
        eq(productRates.productId, productId),
        isNotNull(productRates.officeId),
        sql`${productRates.officeId} not in (${sql.join(
          step0.offices.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      ),
    );
    if (replacedOffices.length)
      await tx
        .delete(productRates)
        .where(and(eq(productRates.productId, productId), inArray(productRates.officeId, replacedOffices)));
    if (general?.ok) {
      await tx
        .delete(productRates)
        .where(and(eq(productRates.productId, productId), isNull(productRates.officeId)));
    }
  }
  if (general?.ok) await insertRates(tx, productId, null, general.rows, codes);
  else if (mode === 'clone' && sourceId !== null) await copyRates(tx, sourceId, productId, null);
  if (mode === 'clone' && sourceId !== null) {
    const kept = step0.offices.filter((id) => !replacedOffices.includes(id));
    await copyRates(tx, sourceId, productId, kept);
  }
  for (const entry of particular) await insertRates(tx, productId, entry.officeId, entry.rows, codes);
}

const finalModes = { create: ['create', 'clone'], edit: ['edit'] } as const;

/** A product wizard step's history entry (the draft by its hash; the step's data is the draft's). */
function stepAudit(hash: string, mode: string, step: number, productId: number | null): AuditEntry {
  return {
    entity: 'product_draft',
    recordId: hashRecordId(hash),
    action: 'step',
    before: null,
    after: { hash, mode, step, product_id: productId },
  };
}

export function productRoutes(app: FastifyInstance, context: AppContext) {
  const { db } = context;
  const view = requirePermission(context, 'product', 'view');
  const add = requirePermission(context, 'product', 'add');
  const storage = storageOf(context);
  registerResource(app, context, productResource);

  app.get('/product_name_id/', { preHandler: view }, async () =>
    db
      .select({ id: products.id, name: products.longName })
      .from(products)
      .orderBy(asc(products.longName), asc(products.id)),
  );

  // ---- POST /step/ ----------------------------------------------------------------------------
  app.post('/step/', { preHandler: add }, async (request) => {
    const principal = principalOf(request);
    const body = parseWith(productStepRequestSchema, request.body ?? {});
    const data = parseWith(productStepSchemas[body.step], body.data ?? {});
    if (body.mode !== 'create' && body.product_id === null)
      throw fields({ product_id: [messages.resources.productRequired] });
    // A wizard step is what a person did: its entry is written with the draft (issue 29).
    return auditedWrite(db, principal, async (tx) => {
      await tx.delete(productDrafts).where(lt(productDrafts.expiresAt, new Date()));
      await tx.delete(rateUploads).where(lt(rateUploads.expiresAt, new Date()));
      if (body.product_id !== null) {
        const [source] = await tx
          .select({ id: products.id })
          .from(products)
          .where(eq(products.id, body.product_id));
        if (!source) throw fields({ product_id: [messages.common.notFound] }, 404);
      }
      if (body.hash === null) {
        const hash = newHash();
        await tx.insert(productDrafts).values({
          hash,
          userId: principal.id,
          mode: body.mode,
          sourceProductId: body.mode === 'create' ? null : body.product_id,
          steps: { [String(body.step)]: data },
          expiresAt: expiry(),
        });
        return {
          result: { hash, step: body.step },
          audit: stepAudit(hash, body.mode, body.step, body.product_id),
        };
      }
      const [draft] = await tx
        .select()
        .from(productDrafts)
        .where(and(eq(productDrafts.hash, body.hash), eq(productDrafts.userId, principal.id)))
        .for('update');
      if (!draft || draft.expiresAt <= new Date()) throw draftGone();
      if (draft.mode !== body.mode || (body.mode !== 'create' && draft.sourceProductId !== body.product_id))
        throw fields({ hash: [text.draftWrongMode] }, 409);
      if (draft.resultProductId !== null && body.mode !== 'edit') {
        // This draft already made its product: a new wizard run starts a new draft.
        throw draftGone();
      }
      await tx
        .update(productDrafts)
        .set({
          steps: { ...(draft.steps as StoredSteps), [String(body.step)]: data },
          resultProductId: null,
          expiresAt: expiry(),
        })
        .where(eq(productDrafts.hash, body.hash));
      return {
        result: { hash: body.hash, step: body.step },
        audit: stepAudit(body.hash, body.mode, body.step, body.product_id),
      };
    });
  });

  // ---- POST /productCreate/ and /productEdit/ ----------------------------------------------------
  const finalRoute = (kind: 'create' | 'edit') => async (request: FastifyRequest) => {
    const principal = principalOf(request);
    const { hash } = parseWith(productFinalRequestSchema, request.body ?? {});
    return auditedWrite(db, principal, async (tx) => {
      const [draft] = await tx
        .select()
        .from(productDrafts)
        .where(and(eq(productDrafts.hash, hash), eq(productDrafts.userId, principal.id)))
        .for('update');
      if (!draft || draft.expiresAt <= new Date()) throw draftGone();
      const mode = draft.mode as 'create' | 'clone' | 'edit';
      if (!(finalModes[kind] as readonly string[]).includes(mode))
        throw fields({ hash: [text.draftWrongMode] }, 409);
      // Idempotent: the draft already made its product (a retry after a lost answer).
      if (draft.resultProductId !== null)
        return { result: { status: 'OK' as const, id: draft.resultProductId }, audit: [] };
      const checked = await checkDraft(tx, draft.steps as StoredSteps);
      let before: Record<string, unknown> | null = null;
      if (mode !== 'create') {
        const source =
          draft.sourceProductId === null ? null : await productDetailOf(tx, draft.sourceProductId);
        if (!source) throw fields({ product_id: [messages.common.notFound] }, 404);
        if (mode === 'edit') {
          await tx.select({ id: products.id }).from(products).where(eq(products.id, source.id)).for('update');
          before = source;
        } else {
          const sameNames: FieldErrors = {};
          if (checked.step0.short_name.toLowerCase() === source.short_name.toLowerCase())
            sameNames.short_name = [text.cloneNamesMustChange];
          if (checked.step0.long_name.toLowerCase() === source.long_name.toLowerCase())
            sameNames.long_name = [text.cloneNamesMustChange];
          if (Object.keys(sameNames).length) throw fields(sameNames);
        }
      }
      if (checked.step0.url_image) {
        const [image] = await tx
          .select({ id: productImages.id })
          .from(productImages)
          .where(eq(productImages.id, checked.step0.url_image));
        if (!image) throw fields({ url_image: [text.imageRefused] });
      }
      const productId = await writeProduct(tx, mode === 'edit' ? draft.sourceProductId : null, checked);
      await writeRates(tx, principal, productId, mode, draft.sourceProductId, checked);
      await tx.update(productDrafts).set({ resultProductId: productId }).where(eq(productDrafts.hash, hash));
      const after = await productDetailOf(tx, productId);
      return {
        result: { status: 'OK' as const, id: productId },
        audit: {
          entity: 'product',
          recordId: productId,
          action: mode === 'edit' ? 'update' : mode === 'clone' ? 'clone' : 'create',
          before,
          after: after as Record<string, unknown> | null,
        },
      };
    });
  };
  app.post('/productCreate/', { preHandler: add }, finalRoute('create'));
  app.post('/productEdit/', { preHandler: add }, finalRoute('edit'));

  // ---- POST /csv_upload/ ----------------------------------------------------------------------
  app.post('/csv_upload/', { preHandler: add }, async (request, reply) => {
    const principal = principalOf(request);
    if (!request.isMultipart()) throw fields({ file: [text.csvNoFile] });
    let kind: string | null = null;
    let file: { name: string; bytes: Buffer | null } | null = null;
    for await (const part of request.parts({
      limits: { fileSize: MAX_RATE_FILE_BYTES + 1, files: 1 },
      throwFileSizeLimit: false,
    } as MultipartOptions)) {
      if (part.type === 'field') {
        if (part.fieldname === 'tipoTarifa') kind = String(part.value);
      } else if (part.fieldname === 'file' && file === null) {
        file = { name: part.filename, bytes: await readCapped(part.file, MAX_RATE_FILE_BYTES) };
      } else {
        part.file.resume();
      }
    }
    if (!RATE_KINDS.includes(kind as RateKind)) throw fields({ tipoTarifa: [text.csvBadKind] });
    if (!file) throw fields({ file: [text.csvNoFile] });
    if (file.bytes === null) throw fields({ file: [text.csvTooLarge(MAX_RATE_FILE_BYTES / 1024)] }, 413);
    const codes = await db.select({ code: currencies.shortName }).from(currencies);
    const parsed = parseRateCsv(file.bytes, new Set(codes.map((row) => row.code.toUpperCase())));
    if (!parsed.ok) {
      return reply.status(400).send({
        file: [parsed.problem],
        ...(parsed.errors.length ? { rows: parsed.errors.map((error) => error.message) } : {}),
      });
    }
    const hash = newHash();
    const fileName = (file.name.split(/[\\/]/).pop() ?? 'tarifa.csv')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
      .replace(/[\u0000-\u001f\u007f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
      .slice(0, 200);
    await auditedWrite(db, principal, async (tx) => {
      await tx.insert(rateUploads).values({
        hash,
        userId: principal.id,
        kind: kind as RateKind,
        fileName: fileName || 'tarifa.csv',
        rows: parsed.rows,
        expiresAt: expiry(),
      });
      return {
        result: null,
        audit: {
          entity: 'rate_upload',
          recordId: hashRecordId(hash),
          action: 'upload',
          before: null,
          after: { hash, kind, file_name: fileName || 'tarifa.csv', rows: parsed.rows.length },
        },
      };
    });
    return reply
      .status(201)
      .send({ hash, rows: parsed.rows.length, file_name: fileName || 'tarifa.csv', kind: kind as RateKind });
  });

  // ---- GET /rateDetail/{id}/ and POST /updateOfficeRate/ ------------------------------------------
  app.get('/rateDetail/:id/', { preHandler: view }, async (request) => {
    const id = idFromParams(request.params);
    const [product] = await db
      .select({ id: products.id, longName: products.longName })
      .from(products)
      .where(eq(products.id, id));
    if (!product) throw notFound(messages.common.notFound);
    const rows = await db
      .select({
        id: productRates.id,
        office: productRates.officeId,
        office_name: offices.longName,
        days_from: productRates.daysFrom,
        days_to: productRates.daysTo,
        age_from: productRates.ageFrom,
        age_to: productRates.ageTo,
        price: productRates.price,
        currency: currencies.shortName,
      })
      .from(productRates)
      .innerJoin(currencies, eq(currencies.id, productRates.currencyId))
      .leftJoin(offices, eq(offices.id, productRates.officeId))
      .where(eq(productRates.productId, id))
      .orderBy(
        sql`${productRates.officeId} nulls first`,
        asc(offices.longName),
        asc(productRates.ageFrom),
        asc(productRates.daysFrom),
      );
    return { product: product.id, long_name: product.longName, rates: rows };
  });

  app.post('/updateOfficeRate/', { preHandler: add }, async (request) => {
    const principal = principalOf(request);
    const body = parseWith(updateOfficeRateSchema, request.body ?? {});
    return auditedWrite(db, principal, async (tx) => {
      const [product] = await tx
        .select({ id: products.id })
        .from(products)
        .where(eq(products.id, body.product_id))
        .for('update');
      if (!product) throw fields({ product_id: [messages.common.notFound] }, 404);
      const [member] = await tx
        .select({ officeId: productOffices.officeId })
        .from(productOffices)
        .where(
          and(eq(productOffices.productId, body.product_id), eq(productOffices.officeId, body.office_id)),
        );
      if (!member) throw fields({ office_id: [text.officeNotInProduct] });
      const upload = await rateUploadOf(tx, principal, body.hash, 'particular');
      if (!upload.ok) throw fields({ hash: [upload.problem] });
      const before = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(productRates)
        .where(and(eq(productRates.productId, body.product_id), eq(productRates.officeId, body.office_id)));
      await tx
        .delete(productRates)
        .where(and(eq(productRates.productId, body.product_id), eq(productRates.officeId, body.office_id)));
      await insertRates(tx, body.product_id, body.office_id, upload.rows, await currencyIds(tx));
      return {
        result: {
          status: 'OK' as const,
          product: body.product_id,
          office: body.office_id,
          rows: upload.rows.length,
        },
        audit: {
          entity: 'product',
          recordId: body.product_id,
          action: 'update_office_rate',
          before: { office: body.office_id, rate_rows: Number(before[0]?.count ?? 0) },
          after: { office: body.office_id, rate_rows: upload.rows.length },
        },
      };
    });
  });

  // ---- POST /upload_image/ and GET /product_image/{id}/ --------------------------------------------
  app.post('/upload_image/', { preHandler: add }, async (request, reply) => {
    const principal = principalOf(request);
    if (!request.isMultipart()) throw fields({ file: [text.imageNoFile] });
    let bytes: Buffer | null | undefined;
    for await (const part of request.parts({
      limits: { fileSize: MAX_PRODUCT_IMAGE_BYTES + 1, files: 1 },
      throwFileSizeLimit: false,
    } as MultipartOptions)) {
      if (part.type === 'file' && part.fieldname === 'file' && bytes === undefined)
        bytes = await readCapped(part.file, MAX_PRODUCT_IMAGE_BYTES);
      else if (part.type === 'file') part.file.resume();
    }
    if (bytes === undefined) throw fields({ file: [text.imageNoFile] });
    if (bytes === null)
      throw fields({ file: [text.imageTooLarge(MAX_PRODUCT_IMAGE_BYTES / (1024 * 1024))] }, 413);
    const image = await inspectProductImage(bytes);
    if (!image) throw fields({ file: [text.imageRefused] }, 415);
    const id = randomUUID();
    const path = `products/${id.slice(0, 2)}/${id}.${image.extension}`;
    await storage.put(path, image.bytes);
    await auditedWrite(db, principal, async (tx) => {
      await tx.insert(productImages).values({
        id,
        userId: principal.id,
        contentType: image.contentType,
        size: image.bytes.length,
        path,
      });
      return {
        result: null,
        audit: {
          entity: 'product_image',
          recordId: id,
          action: 'upload',
          before: null,
          after: { content_type: image.contentType, size: image.bytes.length },
        },
      };
    });
    return reply.status(201).send({ id });
  });

  app.get('/product_image/:id/', { preHandler: view }, async (request, reply) => {
    const parsed = z.object({ id: z.uuid() }).safeParse(request.params);
    if (!parsed.success) throw notFound(messages.common.notFound);
    const [image] = await db.select().from(productImages).where(eq(productImages.id, parsed.data.id));
    const bytes = image ? await storage.get(image.path) : null;
    if (!image || !bytes) throw notFound(messages.common.notFound);
    return reply
      .type(image.contentType)
      .header('cache-control', 'private, max-age=3600')
      .header('x-content-type-options', 'nosniff')
      .send(bytes);
  });
}

const IMAGE_FORMATS = {
  png: { contentType: 'image/png', extension: 'png' },
  jpeg: { contentType: 'image/jpeg', extension: 'jpg' },
  webp: { contentType: 'image/webp', extension: 'webp' },
} as const;

/**
 * A product image by its content (never its name or declared type): PNG, JPEG or WebP, its size
 * read from the header before decoding, then decoded and re-encoded without metadata.
 */
export async function inspectProductImage(
  bytes: Buffer,
): Promise<{ bytes: Buffer; contentType: string; extension: string } | null> {
  // Loaded with the first image, not at start (issue 33).
  const { default: sharp } = await import('sharp');
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return null;
  }
  const format = metadata.format as keyof typeof IMAGE_FORMATS | undefined;
  if (!format || !(format in IMAGE_FORMATS)) return null;
  const { width = 0, height = 0 } = metadata;
  if (width < 1 || height < 1 || width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE) return null;
  if (width * height > MAX_IMAGE_PIXELS) return null;
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
      .timeout({ seconds: 20 })
      .rotate();
    const encoded =
      format === 'jpeg'
        ? await image.jpeg({ quality: 90 }).toBuffer()
        : format === 'png'
          ? await image.png({ compressionLevel: 6 }).toBuffer()
          : await image.webp({ quality: 90 }).toBuffer();
    return { bytes: encoded, ...IMAGE_FORMATS[format] };
  } catch {
    return null;
  }
}
