/** Proveedores on the resource engine (/supplier/). */
import { supplierContract } from '../../contracts/resources';
import { suppliers } from '../db/schema';
import { defineResource } from './engine';

export const supplierResource = defineResource({
  contract: supplierContract,
  table: suppliers,
  ownership: 'global',
  serialize: (row) => ({
    id: row.id,
    short_name: row.shortName,
    long_name: row.longName,
    phone_contact: row.phoneContact,
    email_contact: row.emailContact,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }),
  values: (input) => ({
    shortName: input.short_name,
    longName: input.long_name,
    phoneContact: input.phone_contact,
    emailContact: input.email_contact,
  }),
  filters: {
    id: { kind: 'exact', on: suppliers.id, type: 'integer' },
    short_name: { kind: 'contains', on: [suppliers.shortName] },
    long_name: { kind: 'contains', on: [suppliers.longName] },
  },
  ordering: {
    id: suppliers.id,
    short_name: suppliers.shortName,
    long_name: suppliers.longName,
    created_at: suppliers.createdAt,
    updated_at: suppliers.updatedAt,
    phone_contact: suppliers.phoneContact,
    email_contact: suppliers.emailContact,
  },
  unique: [{ column: suppliers.shortName, field: 'short_name' }],
});
