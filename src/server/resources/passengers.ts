/**
 * Pasajeros on the resource engine (/pax/). Reads need pax/view; creating needs what the module
 * table declares (voucher/add, SPEC §2); editing and deleting need pax/add.
 *
 * Owner (issue 28 §2, docs/security-office-scope.md): a passenger belongs to the offices of the
 * vouchers that carry it; while no voucher carries it, to the office of the staff user who
 * created it (`created_office_id`, set here on create). An office-scoped user reads and writes
 * only the passengers of its office tree; another office's passenger answers 404.
 */

import { inArray, or, type SQL, sql } from 'drizzle-orm';
import { createPermissionOf } from '../../contracts/modules';
import { type Pax, paxContract } from '../../contracts/resources';
import type { Ownership } from '../auth/officeScope';
import { passengers } from '../db/schema';
import { escapeLike } from '../http/filters';
import { defineResource } from './engine';

/** A passenger as the API answers it (SPEC §3 'Passenger'): /pax/ and a voucher's `pax` alike. */
export const serializePax = (row: typeof passengers.$inferSelect): Pax => ({
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
});

type PaxFields = Omit<Pax, 'id'>;
type PaxColumns = {
  name: string;
  surname: string;
  phone: string;
  docType: string;
  docNumber: string;
  birthDate: string | null;
  countryId: number | null;
  email: string;
  nationalityId: number | null;
};

/** A passenger's API fields as table columns (/pax/ writes and a voucher's passenger edits: the given fields only). */
export function paxColumns<T extends Partial<PaxFields>>(
  input: T,
): { [K in keyof PaxColumns]: PaxColumns[K] | undefined } {
  return {
    name: input.name,
    surname: input.surname,
    phone: input.phone,
    docType: input.doc_type,
    docNumber: input.doc_number,
    birthDate: input.birth_date,
    countryId: input.country,
    email: input.email,
    nationalityId: input.nationality,
  };
}

/** Correlated subqueries name the outer column in full (drizzle renders a bare column unqualified). */
const PAX_ID = sql.raw('"pax"."id"');

export const paxOwnership: Ownership = {
  rows: (inOffices) =>
    or(
      // Carried by a voucher of the offices (through the link's voucher index, then the office's).
      inArray(
        passengers.id,
        sql`(select vp.pax_id from voucher_passengers vp join vouchers v on v.id = vp.voucher_id where ${inOffices(sql`v.office_id`)})`,
      ),
      // On no voucher: its creator's office.
      sql`(${inOffices(passengers.createdOfficeId)} and not exists (select 1 from voucher_passengers vp where vp.pax_id = ${PAX_ID}))`,
    ) as SQL,
};

export const paxResource = defineResource({
  contract: paxContract,
  table: passengers,
  ownership: paxOwnership,
  // The module table says who may create (SPEC §2: Pasajeros create is guarded by voucher/add).
  permissions: { create: createPermissionOf('pax') },
  serialize: serializePax,
  values: paxColumns,
  // The creator's office owns the passenger until a voucher carries it (null: a central user's).
  async beforeWrite(_tx, _input, id, principal) {
    return id === null ? { createdOfficeId: principal.officeId } : undefined;
  },
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
