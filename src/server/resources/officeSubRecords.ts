/**
 * The office's sub-record endpoints on the resource engine (SPEC §7 'Offices'): /office_payments/,
 * /office_sperta/, /office_karing/ (GET, POST, PUT {id}; one record per office) and
 * /aditional_office/ (GET, POST, PUT {id}, DELETE). Reads need office/view, writes office/add;
 * every write is validated, transactional and audited like the office itself. GET /office_name_id/
 * answers id and name only (selectors, limit up to 10000).
 */
import { sql } from 'drizzle-orm';
import { messages } from '../../contracts/messages';
import {
  aditionalOfficeContract,
  officeKaringContract,
  officeNameIdContract,
  officePaymentsContract,
  officeSpertaContract,
} from '../../contracts/offices';
import {
  aditionalOffices,
  municipalities,
  officeKaring,
  officePayments,
  officeSperta,
  offices,
} from '../db/schema';
import { defineResource } from './engine';
import {
  mayListOffices,
  serializeAditional,
  serializeKaring,
  serializePayments,
  serializeSperta,
} from './offices';

const text = messages.offices;
const ofOffice = { office: 'office' } as const;

export const officePaymentsResource = defineResource({
  contract: officePaymentsContract,
  table: officePayments,
  operations: ['list', 'detail', 'create', 'update'],
  serialize: serializePayments,
  values: (input) => ({
    officeId: input.office,
    payWithGds: input.pay_with_gds,
    payByCard: input.pay_by_card,
    instalments: input.instalments,
    cardProvider: input.card_provider,
    walletProvider: input.wallet_provider,
    webPaymentProvider: input.web_payment_provider,
  }),
  filters: { office: { kind: 'exact', on: officePayments.officeId, type: 'integer' } },
  ordering: { id: officePayments.id },
  unique: [{ column: officePayments.officeId, field: 'office', message: text.subRecordExists }],
  fieldOfColumn: { office_id: ofOffice.office },
});

export const officeSpertaResource = defineResource({
  contract: officeSpertaContract,
  table: officeSperta,
  operations: ['list', 'detail', 'create', 'update'],
  serialize: serializeSperta,
  values: (input) => ({
    officeId: input.office,
    voucherType: input.voucher_type,
    street: input.street,
    number: input.number,
    locality: input.locality,
    province: input.province,
    postalCode: input.postal_code,
    taxCondition: input.tax_condition,
  }),
  filters: { office: { kind: 'exact', on: officeSperta.officeId, type: 'integer' } },
  ordering: { id: officeSperta.id },
  unique: [{ column: officeSperta.officeId, field: 'office', message: text.subRecordExists }],
});

export const officeKaringResource = defineResource({
  contract: officeKaringContract,
  table: officeKaring,
  operations: ['list', 'detail', 'create', 'update'],
  extra: {
    municipalityName: sql<
      string | null
    >`(select ${municipalities.name} || ' (' || ${municipalities.province} || ')' from ${municipalities} where ${municipalities.id} = ${officeKaring.municipalityId})`,
  },
  serialize: serializeKaring,
  values: (input) => ({
    officeId: input.office,
    municipalityId: input.municipality,
    karingCode: input.karing_code,
    address: input.address,
    isEnabled: input.is_enabled,
  }),
  filters: { office: { kind: 'exact', on: officeKaring.officeId, type: 'integer' } },
  ordering: { id: officeKaring.id },
  unique: [{ column: officeKaring.officeId, field: 'office', message: text.subRecordExists }],
});

export const aditionalOfficeResource = defineResource({
  contract: aditionalOfficeContract,
  table: aditionalOffices,
  serialize: serializeAditional,
  values: (input) => ({
    officeId: input.office,
    name: input.name,
    email: input.email,
    phone: input.phone,
    address: input.address,
  }),
  filters: { office: { kind: 'exact', on: aditionalOffices.officeId, type: 'integer' } },
  ordering: { id: aditionalOffices.id },
});

export const officeNameIdResource = defineResource({
  contract: officeNameIdContract,
  table: offices,
  operations: ['list'],
  serialize: (row) => ({ id: row.id, long_name: row.longName }),
  filters: { long_name: { kind: 'contains', on: [offices.longName] } },
  ordering: { long_name: offices.longName },
  permissions: { list: mayListOffices },
});
