/**
 * Pasajeros on the resource engine (/pax/). Reads need pax/view; creating needs what the module
 * table declares (voucher/add, SPEC §2); editing and deleting need pax/add.
 */

import { sql } from 'drizzle-orm';
import { createPermissionOf } from '../../contracts/modules';
import { paxContract } from '../../contracts/resources';
import { passengers } from '../db/schema';
import { escapeLike } from '../http/filters';
import { defineResource } from './engine';

export const paxResource = defineResource({
  contract: paxContract,
  table: passengers,
  // The module table says who may create (SPEC §2: Pasajeros create is guarded by voucher/add).
  permissions: { create: createPermissionOf('pax') },
  serialize: (row) => ({
    id: row.id,
    name: row.name,
    surname: row.surname,
    phone: row.phone,
    doc_type: row.docType,
    doc_number: row.docNumber,
    birth_date: row.birthDate,
    country: row.countryId,
    email: row.email,
    nationality: row.nationalityId,
  }),
  values: (input) => ({
    name: input.name,
    surname: input.surname,
    phone: input.phone,
    docType: input.doc_type,
    docNumber: input.doc_number,
    birthDate: input.birth_date,
    countryId: input.country,
    email: input.email,
    nationalityId: input.nationality,
  }),
  filters: {
    id: { kind: 'exact', on: passengers.id, type: 'integer' },
    // Contains on 'name surname' (a lower-cased generated column with its trigram index).
    name: {
      kind: 'custom',
      build: (value) => sql`${passengers.searchName} like lower(${`%${escapeLike(value)}%`})`,
    },
    surname: { kind: 'contains', on: [passengers.surname] },
    email: { kind: 'contains', on: [passengers.email] },
    doc_type: { kind: 'exact', on: passengers.docType, type: 'text' },
    doc_number: { kind: 'exact', on: passengers.docNumber, type: 'text' },
  },
  ordering: {
    id: passengers.id,
    name: passengers.name,
    surname: passengers.surname,
    email: passengers.email,
    birth_date: passengers.birthDate,
    doc_type: passengers.docType,
    doc_number: passengers.docNumber,
  },
});
