/**
 * The office's sub-record endpoints on the resource engine (SPEC §7 'Offices'): /office_payments/,
 * /office_sperta/, /office_karing/ (GET, POST, PUT {id}; one record per office) and
 * /aditional_office/ (GET, POST, PUT {id}, DELETE). Reads need office/view, writes office/add;
 * every write is validated, transactional and audited like the office itself. GET /office_name_id/
 * answers id and name only (selectors, limit up to 10000).
 */
import type { SQL } from 'drizzle-orm';
import { messages } from '../../contracts/messages';
import {
  aditionalOfficeContract,
  officeKaringContract,
  officeNameIdContract,
  officePaymentsContract,
  officeSpertaContract,
} from '../../contracts/offices';
import { ownedByOffice } from '../auth/officeScope';
import { aditionalOffices, officeKaring, officePayments, officeSperta, offices } from '../db/schema';
import { type ColumnValues, defineResource, type ResourceDefinition, type WriteInputOf } from './engine';
import {
  mayPickOffices,
  municipalityNameOf,
  officeExtra,
  officeRelations,
  serializeAditional,
  serializeKaring,
  serializePayments,
  serializeSperta,
} from './offices';

const text = messages.offices;

type SubRecordContract =
  | typeof officePaymentsContract
  | typeof officeSpertaContract
  | typeof officeKaringContract
  | typeof aditionalOfficeContract;
type SubRecordTable =
  | typeof officePayments
  | typeof officeSperta
  | typeof officeKaring
  | typeof aditionalOffices;

/** What differs between the sub-records; the rest (filter, ordering, office column) is the same. */
interface SubRecord<C extends SubRecordContract, T extends SubRecordTable, E extends Record<string, SQL>> {
  contract: C;
  table: T;
  /** Computed columns (karing: the municipality's name). */
  extra?: E;
  serialize: ResourceDefinition<C, T, E>['serialize'];
  /** The body's own fields as columns; the office they belong to is added here. */
  columns(input: WriteInputOf<C>): ColumnValues<T>;
  /** Payments, sperta and karing: one record per office (no DELETE; a second POST is refused). */
  onePerOffice: boolean;
}

function officeSubRecord<
  C extends SubRecordContract,
  T extends SubRecordTable,
  E extends Record<string, SQL> = Record<never, SQL>,
>({ contract, table, extra, serialize, columns, onePerOffice }: SubRecord<C, T, E>) {
  type Definition = ResourceDefinition<C, T, E>;
  // Every sub-record contract filters by office and orders by id (subRecordContract in
  // contracts/offices.ts); TypeScript does not resolve those mapped types over a generic C.
  const filters = { office: { kind: 'exact', on: table.officeId, type: 'integer' } } as Definition['filters'];
  const ordering = { id: table.id } as Definition['ordering'];
  return defineResource<C, T, E>({
    contract,
    table,
    // A sub-record belongs to its office.
    ownership: ownedByOffice(table.officeId),
    ...(onePerOffice
      ? {
          operations: ['list', 'detail', 'create', 'update'],
          unique: [{ column: table.officeId, field: 'office', message: text.subRecordExists }],
        }
      : {}),
    extra,
    serialize,
    values: (input) => ({ officeId: input.office, ...columns(input) }),
    filters,
    ordering,
  });
}

export const officePaymentsResource = officeSubRecord({
  contract: officePaymentsContract,
  table: officePayments,
  serialize: serializePayments,
  columns: (input) => ({
    payWithGds: input.pay_with_gds,
    payByCard: input.pay_by_card,
    instalments: input.instalments,
    cardProvider: input.card_provider,
    walletProvider: input.wallet_provider,
    webPaymentProvider: input.web_payment_provider,
  }),
  onePerOffice: true,
});

export const officeSpertaResource = officeSubRecord({
  contract: officeSpertaContract,
  table: officeSperta,
  serialize: serializeSperta,
  columns: (input) => ({
    voucherType: input.voucher_type,
    street: input.street,
    number: input.number,
    locality: input.locality,
    province: input.province,
    postalCode: input.postal_code,
    taxCondition: input.tax_condition,
  }),
  onePerOffice: true,
});

export const officeKaringResource = officeSubRecord({
  contract: officeKaringContract,
  table: officeKaring,
  extra: { municipalityName: municipalityNameOf },
  serialize: serializeKaring,
  columns: (input) => ({
    municipalityId: input.municipality,
    karingCode: input.karing_code,
    address: input.address,
    isEnabled: input.is_enabled,
  }),
  onePerOffice: true,
});

export const aditionalOfficeResource = officeSubRecord({
  contract: aditionalOfficeContract,
  table: aditionalOffices,
  serialize: serializeAditional,
  columns: (input) => ({ name: input.name, email: input.email, phone: input.phone, address: input.address }),
  onePerOffice: false,
});

export const officeNameIdResource = defineResource({
  contract: officeNameIdContract,
  table: offices,
  // The office picker offers the offices in the user's scope only (a user form gives no other).
  ownership: ownedByOffice(offices.id),
  operations: ['list'],
  // Issue 32: what the office picker searches besides the name (the four office search modes).
  extra: { countryName: officeExtra.countryName, bussinesUnitName: officeExtra.bussinesUnitName },
  relations: { tagList: officeRelations.tagList },
  serialize: (row) => ({
    id: row.id,
    long_name: row.longName,
    short_name: row.shortName,
    country_name: row.countryName,
    bussines_unit_name: row.bussinesUnitName,
    tag_names: (row.tagList ?? []).map((tag) => tag.name),
  }),
  filters: { long_name: { kind: 'contains', on: [offices.longName] } },
  ordering: { long_name: offices.longName },
  permissions: { list: mayPickOffices },
});
