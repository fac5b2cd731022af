/**
 * Oficinas on the resource engine (issue 12; SPEC §2 'Oficinas', §3 'Office', §7 'Offices').
 *
 * GET /office/ (office/view, or user/add for the Usuarios form's office select) with the four
 * search modes of §2 as filters (name, bussines_unit_name, tag_name, country_name; the export of
 * the filtered list reuses them); GET /office/{id}/ (office/view, or one's own office for 'Ir a mi
 * sitio') nests the sub-records; POST and PUT write the office, its tags and its sub-records
 * (payments, Sperta, Karing, additional offices) in one transaction: a failing sub-record undoes
 * everything and answers {detail: 'Hubo un error'} with the field errors that caused it (§7).
 * The row action 'duplicate' copies an office and its sub-records. History: the engine's audit.
 */

import { and, asc, eq, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { optionReaders } from '../../contracts/formOptions';
import { messages } from '../../contracts/messages';
import {
  type AditionalOffice,
  type Office,
  type OfficeKaring,
  type OfficePayments,
  type OfficeSperta,
  type OfficeWriteInput,
  officeContract,
} from '../../contracts/offices';
import { can } from '../../contracts/permissions';
import { officeInScope, ownedByOffice } from '../auth/officeScope';
import type { Principal } from '../auth/principal';
import type { Transaction } from '../db/client';
import {
  aditionalOffices,
  businessUnits,
  countries,
  municipalities,
  officeKaring,
  officePayments,
  officeSperta,
  offices,
  officeTags,
  reservations,
  spanishSortKey,
  tags,
  users,
} from '../db/schema';
import { databaseErrorAnswer, FieldValidationError, forbidden, HttpError } from '../http/errors';
import { contains } from '../http/filters';
import { auditedWrite, defineResource, groupRows, loader, type Reader, type ResourceRow } from './engine';
import { officesOfEveryProduct, officesOfPromotion } from './promotionRules';

const text = messages.offices;

const nameOf = (table: typeof countries | typeof businessUnits, idColumn: AnyPgColumn) =>
  sql<string | null>`(select ${table.longName} from ${table} where ${table.id} = ${idColumn})`;

export const officeExtra = {
  countryName: nameOf(countries, offices.countryId),
  bussinesUnitName: nameOf(businessUnits, offices.bussinesUnitId),
  parentName: sql<string | null>`(select p.long_name from offices p where p.id = "offices"."parent_id")`,
};

export const officeRelations = {
  tagList: loader(async (reader, ids) =>
    groupRows(
      await reader
        .select({ key: officeTags.officeId, value: { id: tags.id, name: tags.longName } })
        .from(officeTags)
        .innerJoin(tags, eq(tags.id, officeTags.tagId))
        .where(inArray(officeTags.officeId, [...ids]))
        .orderBy(asc(tags.longName)),
    ),
  ),
  childList: loader(async (reader, ids) => {
    const children = await reader
      .select({ key: offices.parentId, value: { id: offices.id, long_name: offices.longName } })
      .from(offices)
      .where(inArray(offices.parentId, [...ids]))
      .orderBy(asc(offices.longName), asc(offices.id));
    return groupRows(children.map((child) => ({ key: child.key ?? 0, value: child.value })));
  }),
};

type OfficeRow = ResourceRow<typeof offices, typeof officeExtra, typeof officeRelations>;

function serializeOffice(row: OfficeRow): Office {
  return {
    id: row.id,
    short_name: row.shortName,
    long_name: row.longName,
    is_enabled: row.isEnabled,
    country: row.countryId,
    country_name: row.countryName,
    parent: row.parentId,
    parent_name: row.parentName,
    bussines_unit: row.bussinesUnitId,
    bussines_unit_name: row.bussinesUnitName,
    tags: (row.tagList ?? []).map((tag) => tag.id),
    tag_names: (row.tagList ?? []).map((tag) => tag.name),
    childrens: row.childList ?? [],
    site: row.site,
    executive: row.executive,
    legal_name: row.legalName,
    responsible: row.responsible,
    responsible_position: row.responsiblePosition,
    email: row.email,
    phone: row.phone,
    cuit: row.cuit,
    schedule: row.schedule,
    key: row.officeKey,
    enable_issuing: row.enableIssuing,
    commission_percentage: row.commissionPercentage,
    budget: row.budget,
    usd_credit: row.usdCredit,
    balance: row.balance,
    payment_term: row.paymentTerm,
    pay_on_credit: row.payOnCredit,
    no_credit_limit: row.noCreditLimit,
    notify_expiry_by_mail: row.notifyExpiryByMail,
    invoice_issue_form: row.invoiceIssueForm,
    b2c_charging: row.b2cCharging,
    show_usd_quote: row.showUsdQuote,
    quote_only: row.quoteOnly,
  };
}

// ---------------------------------------------------------------------------------------------
// Sub-records as the API answers them

export const serializePayments = (row: typeof officePayments.$inferSelect): OfficePayments => ({
  id: row.id,
  office: row.officeId,
  pay_with_gds: row.payWithGds,
  pay_by_card: row.payByCard,
  instalments: row.instalments,
  card_provider: row.cardProvider,
  wallet_provider: row.walletProvider,
  web_payment_provider: row.webPaymentProvider,
});
export const serializeSperta = (row: typeof officeSperta.$inferSelect): OfficeSperta => ({
  id: row.id,
  office: row.officeId,
  voucher_type: row.voucherType,
  street: row.street,
  number: row.number,
  locality: row.locality,
  province: row.province,
  postal_code: row.postalCode,
  tax_condition: row.taxCondition,
});
export const serializeKaring = (
  row: typeof officeKaring.$inferSelect & { municipalityName: string | null },
): OfficeKaring => ({
  id: row.id,
  office: row.officeId,
  municipality: row.municipalityId,
  municipality_name: row.municipalityName,
  karing_code: row.karingCode,
  address: row.address,
  is_enabled: row.isEnabled,
});
export const serializeAditional = (row: typeof aditionalOffices.$inferSelect): AditionalOffice => ({
  id: row.id,
  office: row.officeId,
  name: row.name,
  email: row.email,
  phone: row.phone,
  address: row.address,
});

export const municipalityNameOf = sql<
  string | null
>`(select ${municipalities.name} || ' (' || ${municipalities.province} || ')' from ${municipalities} where ${municipalities.id} = ${officeKaring.municipalityId})`;

/** The sub-records of one office, as the detail answer nests them. */
async function subRecordsOf(reader: Reader, officeId: number) {
  const [payments] = await reader.select().from(officePayments).where(eq(officePayments.officeId, officeId));
  const [sperta] = await reader.select().from(officeSperta).where(eq(officeSperta.officeId, officeId));
  const [karing] = await reader
    .select({ row: officeKaring, municipalityName: municipalityNameOf })
    .from(officeKaring)
    .where(eq(officeKaring.officeId, officeId));
  const aditional = await reader
    .select()
    .from(aditionalOffices)
    .where(eq(aditionalOffices.officeId, officeId))
    .orderBy(asc(aditionalOffices.id));
  return {
    payments: payments ? serializePayments(payments) : null,
    sperta: sperta ? serializeSperta(sperta) : null,
    karing: karing ? serializeKaring({ ...karing.row, municipalityName: karing.municipalityName }) : null,
    aditional_offices: aditional.map(serializeAditional),
  };
}

// ---------------------------------------------------------------------------------------------
// Writes

function officeValues(input: OfficeWriteInput) {
  return {
    shortName: input.short_name,
    longName: input.long_name,
    isEnabled: input.is_enabled,
    countryId: input.country,
    bussinesUnitId: input.bussines_unit,
    parentId: input.parent,
    site: input.site,
    executive: input.executive,
    legalName: input.legal_name,
    responsible: input.responsible,
    responsiblePosition: input.responsible_position,
    email: input.email,
    phone: input.phone,
    cuit: input.cuit,
    schedule: input.schedule,
    officeKey: input.key,
    enableIssuing: input.enable_issuing,
    commissionPercentage: input.commission_percentage,
    budget: input.budget,
    usdCredit: input.usd_credit,
    balance: input.balance,
    paymentTerm: input.payment_term,
    payOnCredit: input.pay_on_credit,
    noCreditLimit: input.no_credit_limit,
    notifyExpiryByMail: input.notify_expiry_by_mail,
    invoiceIssueForm: input.invoice_issue_form,
    b2cCharging: input.b2c_charging,
    showUsdQuote: input.show_usd_quote,
    quoteOnly: input.quote_only,
  };
}

/** Refuses a parent that is the office itself or one of its descendants (a cycle). */
async function assertNoCycle(tx: Transaction, id: number, parent: number | null) {
  if (parent === null) return;
  if (parent === id) throw new FieldValidationError({ parent: [text.parentCycle] });
  const rows = await tx.execute<{ id: number }>(sql`
    with recursive descendants(id) as (
      select id from offices where parent_id = ${id}
      union
      select o.id from offices o join descendants d on o.parent_id = d.id
    )
    select id from descendants where id = ${parent} limit 1`);
  const found = Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows;
  if (found.length) throw new FieldValidationError({ parent: [text.parentCycle] });
}

/**
 * Issue 32: an office's business unit belongs to the office's country (a unit without a country
 * fits any). Values left out of the write keep the stored ones.
 */
async function assertUnitOfCountry(
  tx: Transaction,
  id: number | null,
  input: Pick<OfficeWriteInput, 'country' | 'bussines_unit'>,
) {
  const [stored] =
    id === null || (input.country !== undefined && input.bussines_unit !== undefined)
      ? []
      : await tx
          .select({ country: offices.countryId, unit: offices.bussinesUnitId })
          .from(offices)
          .where(eq(offices.id, id));
  const country = input.country !== undefined ? input.country : (stored?.country ?? null);
  const unit = input.bussines_unit !== undefined ? input.bussines_unit : (stored?.unit ?? null);
  if (country === null || unit === null) return;
  const [row] = await tx
    .select({ country: businessUnits.countryId })
    .from(businessUnits)
    .where(eq(businessUnits.id, unit));
  if (row && row.country !== null && row.country !== country)
    throw new FieldValidationError({ bussines_unit: [text.unitOfOtherCountry] });
}

type SubRecordInput = Pick<OfficeWriteInput, 'tags' | 'payments' | 'sperta' | 'karing' | 'aditional_offices'>;

/** Runs one sub-record's writes; what the database refuses becomes that sub-record's field errors. */
async function step(prefix: string, work: () => Promise<void>) {
  try {
    await work();
  } catch (error) {
    if (error instanceof FieldValidationError) {
      const fields = Object.fromEntries(
        Object.entries(error.fields).map(([field, list]) => [prefix ? `${prefix}.${field}` : field, list]),
      );
      throw new FieldValidationError(fields, error.statusCode, text.subRecordFailed);
    }
    const answer = databaseErrorAnswer(error, {
      fieldOfColumn: (column) => {
        const field = column === 'tag_id' ? 'tags' : column.replace(/_id$/, '');
        return prefix && prefix !== field ? `${prefix}.${field}` : field;
      },
    });
    if (answer instanceof FieldValidationError)
      throw new FieldValidationError(answer.fields, answer.statusCode, text.subRecordFailed);
    if (answer instanceof HttpError)
      throw new FieldValidationError(
        { [prefix || 'non_field_errors']: [answer.detail] },
        400,
        text.subRecordFailed,
      );
    throw error;
  }
}

/** The tags and sub-records of an office, in the office's transaction. */
export async function saveSubRecords(
  tx: Transaction,
  officeId: number,
  input: SubRecordInput,
  operation: 'create' | 'update',
) {
  await step('tags', async () => {
    await tx.delete(officeTags).where(eq(officeTags.officeId, officeId));
    const tagIds = [...new Set(input.tags)];
    if (tagIds.length) await tx.insert(officeTags).values(tagIds.map((tagId) => ({ officeId, tagId })));
  });

  const payments = input.payments ?? (operation === 'create' ? {} : undefined);
  if (payments !== undefined)
    await step('payments', async () => {
      const values = {
        payWithGds: input.payments?.pay_with_gds ?? false,
        payByCard: input.payments?.pay_by_card ?? false,
        instalments: input.payments?.instalments ?? 1,
        cardProvider: input.payments?.card_provider ?? false,
        walletProvider: input.payments?.wallet_provider ?? false,
        webPaymentProvider: input.payments?.web_payment_provider ?? false,
      };
      await tx
        .insert(officePayments)
        .values({ officeId, ...values })
        .onConflictDoUpdate({ target: officePayments.officeId, set: { ...values, updatedAt: new Date() } });
    });

  const sperta = input.sperta;
  if (sperta !== undefined)
    await step('sperta', async () => {
      if (sperta === null) {
        await tx.delete(officeSperta).where(eq(officeSperta.officeId, officeId));
        return;
      }
      const values = {
        voucherType: sperta.voucher_type,
        street: sperta.street,
        number: sperta.number,
        locality: sperta.locality,
        province: sperta.province,
        postalCode: sperta.postal_code,
        taxCondition: sperta.tax_condition,
      };
      await tx
        .insert(officeSperta)
        .values({ officeId, ...values })
        .onConflictDoUpdate({ target: officeSperta.officeId, set: { ...values, updatedAt: new Date() } });
    });

  const karing = input.karing;
  if (karing !== undefined)
    await step('karing', async () => {
      if (karing === null) {
        await tx.delete(officeKaring).where(eq(officeKaring.officeId, officeId));
        return;
      }
      const values = {
        municipalityId: karing.municipality,
        karingCode: karing.karing_code,
        address: karing.address,
        isEnabled: karing.is_enabled,
      };
      await tx
        .insert(officeKaring)
        .values({ officeId, ...values })
        .onConflictDoUpdate({ target: officeKaring.officeId, set: { ...values, updatedAt: new Date() } });
    });

  const aditional = input.aditional_offices;
  if (aditional !== undefined)
    await step('aditional_offices', async () => {
      const kept = aditional.flatMap((item) => (item.id === undefined ? [] : [item.id]));
      if (kept.length) {
        const owned = await tx
          .select({ id: aditionalOffices.id })
          .from(aditionalOffices)
          .where(and(eq(aditionalOffices.officeId, officeId), inArray(aditionalOffices.id, kept)));
        const ownedIds = new Set(owned.map((row) => row.id));
        const index = aditional.findIndex((item) => item.id !== undefined && !ownedIds.has(item.id));
        if (index >= 0) throw new FieldValidationError({ [`${index}.id`]: [text.aditionalNotOfOffice] });
      }
      await tx
        .delete(aditionalOffices)
        .where(
          kept.length
            ? and(eq(aditionalOffices.officeId, officeId), notInArray(aditionalOffices.id, kept))
            : eq(aditionalOffices.officeId, officeId),
        );
      for (const item of aditional) {
        const values = { name: item.name, email: item.email, phone: item.phone, address: item.address };
        if (item.id === undefined) await tx.insert(aditionalOffices).values({ officeId, ...values });
        else
          await tx
            .update(aditionalOffices)
            .set({ ...values, updatedAt: new Date() })
            .where(eq(aditionalOffices.id, item.id));
      }
    });
}

// ---------------------------------------------------------------------------------------------
// Duplicate (GET and POST /duplicate_office/, the row action 'duplicate')

/** A short name not yet taken, from the template's: 'CASA' -> 'CASA-2', 'CASA-3'... */
async function freeShortName(reader: Reader, base: string): Promise<string> {
  const stem = base.replace(/-\d+$/, '').slice(0, 44);
  const taken = await reader
    .select({ shortName: offices.shortName })
    .from(offices)
    .where(sql`lower(${offices.shortName}) like lower(${`${stem.replace(/[\\%_]/g, '\\$&')}%`})`);
  const names = new Set(taken.map((row) => row.shortName.toLowerCase()));
  for (let n = 2; ; n++) {
    const candidate = `${stem}-${n}`;
    if (!names.has(candidate.toLowerCase())) return candidate;
  }
}

/** The write body of a new office copied from a template (its sub-records included). */
export async function duplicateBody(reader: Reader, templateId: number): Promise<OfficeWriteInput | null> {
  const row = await readOfficeRow(reader, templateId);
  if (!row) return null;
  const office = serializeOffice(row);
  const subRecords = await subRecordsOf(reader, templateId);
  const longName = text.duplicateName(office.long_name).slice(0, 255);
  return {
    short_name: await freeShortName(reader, office.short_name),
    long_name: longName,
    is_enabled: office.is_enabled,
    country: office.country,
    bussines_unit: office.bussines_unit,
    parent: office.parent,
    tags: office.tags,
    site: office.site,
    executive: office.executive,
    legal_name: office.legal_name,
    responsible: office.responsible,
    responsible_position: office.responsible_position,
    email: office.email,
    phone: office.phone,
    cuit: office.cuit,
    schedule: office.schedule,
    key: office.key,
    enable_issuing: office.enable_issuing,
    commission_percentage: office.commission_percentage,
    budget: office.budget,
    usd_credit: office.usd_credit,
    balance: office.balance,
    payment_term: office.payment_term,
    pay_on_credit: office.pay_on_credit,
    no_credit_limit: office.no_credit_limit,
    notify_expiry_by_mail: office.notify_expiry_by_mail,
    invoice_issue_form: office.invoice_issue_form as OfficeWriteInput['invoice_issue_form'],
    b2c_charging: office.b2c_charging,
    show_usd_quote: office.show_usd_quote,
    quote_only: office.quote_only,
    payments: subRecords.payments
      ? {
          pay_with_gds: subRecords.payments.pay_with_gds,
          pay_by_card: subRecords.payments.pay_by_card,
          instalments: subRecords.payments.instalments,
          card_provider: subRecords.payments.card_provider,
          wallet_provider: subRecords.payments.wallet_provider,
          web_payment_provider: subRecords.payments.web_payment_provider,
        }
      : undefined,
    sperta: subRecords.sperta
      ? {
          voucher_type: subRecords.sperta.voucher_type as 'A' | 'B' | 'C',
          street: subRecords.sperta.street,
          number: subRecords.sperta.number,
          locality: subRecords.sperta.locality,
          province: subRecords.sperta.province,
          postal_code: subRecords.sperta.postal_code,
          tax_condition: subRecords.sperta.tax_condition as NonNullable<
            OfficeWriteInput['sperta']
          >['tax_condition'],
        }
      : null,
    karing: subRecords.karing
      ? {
          municipality: subRecords.karing.municipality,
          karing_code: subRecords.karing.karing_code,
          address: subRecords.karing.address,
          is_enabled: subRecords.karing.is_enabled,
        }
      : null,
    aditional_offices: subRecords.aditional_offices.map(({ name, email, phone, address }) => ({
      name,
      email,
      phone,
      address,
    })),
  };
}

/**
 * Creates a copy of the template with its sub-records; audited as the new office's creation
 * through `auditedWrite` (a savepoint of the caller's transaction, the entry written in it).
 */
export async function duplicateOffice(
  tx: Transaction,
  templateId: number,
  principal: Principal,
  names: { short_name?: string; long_name?: string } = {},
): Promise<number | null> {
  return auditedWrite(tx, principal, async (inner) => {
    // The template is read in the principal's office scope (another office's answers 404).
    if (!(await officeInScope(inner, principal, templateId))) return { result: null, audit: [] };
    const body = await duplicateBody(inner, templateId);
    if (!body) return { result: null, audit: [] };
    // An absent name keeps the proposal's (the free short name, '(copia)'): never `undefined`
    // spread over it (issue 39: the clash query's lower() of undefined answered 500).
    const input = {
      ...body,
      short_name: names.short_name ?? body.short_name,
      long_name: names.long_name ?? body.long_name,
    };
    const [clash] = await inner
      .select({ id: offices.id })
      .from(offices)
      .where(sql`lower(${offices.shortName}) = lower(${input.short_name})`)
      .limit(1);
    if (clash) throw new FieldValidationError({ short_name: [text.shortNameTaken] });
    const [created] = await inner.insert(offices).values(officeValues(input)).returning({ id: offices.id });
    await saveSubRecords(inner, created.id, input, 'create');
    // The copy hangs where the template does: never outside the principal's scope.
    if (!(await officeInScope(inner, principal, created.id)))
      throw forbidden(messages.permissions.outsideOfficeScope);
    const row = (await readOfficeRow(inner, created.id))!;
    const after = {
      ...serializeOffice(row),
      ...(await subRecordsOf(inner, created.id)),
      duplicated_from: templateId,
    };
    return {
      result: created.id,
      audit: { entity: 'office', recordId: created.id, action: 'create', before: null, after },
    };
  });
}

/** One office as GET /office/{id}/ answers it (with its sub-records); null when absent. */
export async function officeDetail(reader: Reader, id: number): Promise<Office | null> {
  const row = await readOfficeRow(reader, id);
  return row ? { ...serializeOffice(row), ...(await subRecordsOf(reader, id)) } : null;
}

/** One office as the engine reads it (columns, names, tags, children). */
export async function readOfficeRow(reader: Reader, id: number): Promise<OfficeRow | undefined> {
  const [row] = await reader
    .select({ ...officeColumns, ...officeExtra })
    .from(offices)
    .where(eq(offices.id, id));
  if (!row) return undefined;
  const tagList = (await officeRelations.tagList(reader, [id])).get(id);
  const childList = (await officeRelations.childList(reader, [id])).get(id);
  return { ...row, tagList, childList } as OfficeRow;
}

const officeColumns = {
  id: offices.id,
  shortName: offices.shortName,
  longName: offices.longName,
  isEnabled: offices.isEnabled,
  countryId: offices.countryId,
  parentId: offices.parentId,
  bussinesUnitId: offices.bussinesUnitId,
  site: offices.site,
  executive: offices.executive,
  legalName: offices.legalName,
  responsible: offices.responsible,
  responsiblePosition: offices.responsiblePosition,
  email: offices.email,
  phone: offices.phone,
  cuit: offices.cuit,
  schedule: offices.schedule,
  officeKey: offices.officeKey,
  enableIssuing: offices.enableIssuing,
  commissionPercentage: offices.commissionPercentage,
  budget: offices.budget,
  usdCredit: offices.usdCredit,
  balance: offices.balance,
  paymentTerm: offices.paymentTerm,
  payOnCredit: offices.payOnCredit,
  noCreditLimit: offices.noCreditLimit,
  notifyExpiryByMail: offices.notifyExpiryByMail,
  invoiceIssueForm: offices.invoiceIssueForm,
  b2cCharging: offices.b2cCharging,
  showUsdQuote: offices.showUsdQuote,
  quoteOnly: offices.quoteOnly,
  createdAt: offices.createdAt,
  updatedAt: offices.updatedAt,
};

/** office/view reads offices; the Usuarios form (user/add) reads the list for its office select. */
export const mayListOffices = (principal: Principal) =>
  can(principal, 'office', 'view') || can(principal, 'office', 'add') || can(principal, 'user', 'add');

/**
 * The office picker's light list (GET /office_name_id/): whoever may use a form with an office
 * picker (src/contracts/formOptions.ts), the reservation form included.
 */
export const mayPickOffices = (principal: Principal) =>
  optionReaders('/office_name_id/').some((grant) => can(principal, grant.resource, grant.action));

const containsIn =
  (...columns: SQL[]) =>
  (value: string) =>
    sql.join(
      columns.map((column) => contains(column, value)),
      sql` or `,
    );

export const officeResource = defineResource({
  contract: officeContract,
  table: offices,
  // An office belongs to itself: an office-scoped user reads its office and those below it.
  ownership: ownedByOffice(offices.id),
  extra: officeExtra,
  relations: officeRelations,
  serialize: serializeOffice,
  async detail(reader, row) {
    return { ...serializeOffice(row), ...(await subRecordsOf(reader, row.id)) };
  },
  values: officeValues,
  filters: {
    id: { kind: 'exact', on: offices.id, type: 'integer' },
    long_name: { kind: 'contains', on: [offices.longName] },
    name: { kind: 'contains', on: [offices.longName, offices.shortName] },
    bussines_unit_name: {
      kind: 'custom',
      build: (value) =>
        inArray(
          offices.bussinesUnitId,
          sql`(select ${businessUnits.id} from ${businessUnits} where ${containsIn(sql`${businessUnits.longName}`, sql`${businessUnits.shortName}`)(value)})`,
        ),
    },
    tag_name: {
      kind: 'custom',
      build: (value) =>
        inArray(
          offices.id,
          sql`(select ${officeTags.officeId} from ${officeTags} where ${officeTags.tagId} in (select ${tags.id} from ${tags} where ${containsIn(sql`${tags.longName}`, sql`${tags.shortName}`)(value)}))`,
        ),
    },
    country_name: {
      kind: 'custom',
      build: (value) =>
        inArray(
          offices.countryId,
          sql`(select ${countries.id} from ${countries} where ${containsIn(sql`${countries.longName}`, sql`${countries.shortName}`)(value)})`,
        ),
    },
    bussines_unit: { kind: 'exact', on: offices.bussinesUnitId, type: 'integer' },
    country: { kind: 'exact', on: offices.countryId, type: 'integer' },
    parent: { kind: 'exact', on: offices.parentId, type: 'integer' },
    products: { kind: 'custom', build: (value) => officesOfEveryProduct(offices.id, value) },
    promotion: { kind: 'custom', build: (value) => officesOfPromotion(offices.id, value) },
    is_enabled: { kind: 'switch', on: offices.isEnabled },
  },
  ordering: {
    id: offices.id,
    short_name: offices.shortName,
    long_name: offices.longName,
    is_enabled: offices.isEnabled,
    country: spanishSortKey(officeExtra.countryName),
  },
  unique: [{ column: offices.shortName, field: 'short_name', message: text.shortNameTaken }],
  fieldOfColumn: { bussines_unit_id: 'bussines_unit', tag_id: 'tags', short_name: 'short_name' },
  permissions: {
    list: mayListOffices,
    // One's own office is readable without office/view ('Ir a mi sitio').
    detail: (principal, office) => can(principal, 'office', 'view') || office?.id === principal.officeId,
  },
  // Without office/view (one's own office for 'Ir a mi sitio', the Usuarios select through user/add)
  // only the office core is shown, never its commercial conditions or sub-records.
  redact: (principal, office) =>
    can(principal, 'office', 'view')
      ? office
      : ({
          id: office.id,
          short_name: office.short_name,
          long_name: office.long_name,
          is_enabled: office.is_enabled,
          country: office.country,
        } as Office),
  async beforeWrite(tx, input, id) {
    if (id !== null) await assertNoCycle(tx, id, input.parent);
    await assertUnitOfCountry(tx, id, input);
    return undefined;
  },
  async afterWrite(tx, id, input, _principal, operation) {
    await saveSubRecords(tx, id, input, operation);
  },
  // An office that still has child offices, users or reservations is not deleted (their foreign
  // keys would silently lose it); its own sub-records and tags go with it (cascade).
  async beforeRemove(tx, id) {
    const [children] = await tx
      .select({ id: offices.id })
      .from(offices)
      .where(eq(offices.parentId, id))
      .limit(1);
    if (children) throw new HttpError(409, text.hasChildren);
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.officeId, id)).limit(1);
    const [reservation] = await tx
      .select({ id: reservations.id })
      .from(reservations)
      .where(eq(reservations.officeId, id))
      .limit(1);
    if (user || reservation) throw new HttpError(409, messages.resources.inUse);
  },
  actions: {
    duplicate: {
      input: z.strictObject({}),
      async run(tx, { id, principal }) {
        const created = await duplicateOffice(tx, id, principal);
        return created === null ? undefined : { id: created };
      },
    },
  },
});
