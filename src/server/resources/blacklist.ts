/**
 * Lista Negra on the resource engine (/pax_black_list/). Writes need pax_black_list/add, which
 * only Super Administrador (and superusers) hold — spec section 2 'create form limited to
 * Admin'. A document already listed for an overlapping period answers a field error.
 */
import { and, eq, gte, isNull, lte, ne, or, type SQL } from 'drizzle-orm';
import { messages } from '../../contracts/messages';
import { blacklistContract, blacklistFormFieldOf } from '../../contracts/resources';
import { paxBlackList } from '../db/schema';
import { FieldValidationError } from '../http/errors';
import { defineResource } from './engine';

export const blacklistResource = defineResource({
  contract: blacklistContract,
  table: paxBlackList,
  ownership: 'global',
  serialize: (row) => ({
    id: row.id,
    doc_number: row.docNumber,
    name: row.name,
    surname: row.surname,
    date_from: row.dateFrom,
    date_to: row.dateTo,
  }),
  values: (input) => ({
    docNumber: input.doc_number,
    name: input.name,
    surname: input.surname,
    dateFrom: input.date_from,
    dateTo: input.date_to,
  }),
  async beforeWrite(tx, input, id) {
    const overlapping: SQL[] = [
      eq(paxBlackList.docNumber, input.doc_number),
      or(isNull(paxBlackList.dateTo), gte(paxBlackList.dateTo, input.date_from))!,
    ];
    if (input.date_to) overlapping.push(lte(paxBlackList.dateFrom, input.date_to));
    if (id !== null) overlapping.push(ne(paxBlackList.id, id));
    const [clash] = await tx
      .select({ id: paxBlackList.id })
      .from(paxBlackList)
      .where(and(...overlapping))
      .limit(1);
    if (clash)
      throw new FieldValidationError({
        [blacklistFormFieldOf.doc_number]: [messages.resources.blacklistOverlap],
      });
    return undefined;
  },
  fieldOfColumn: {
    doc_number: blacklistFormFieldOf.doc_number,
    name: blacklistFormFieldOf.name,
    surname: blacklistFormFieldOf.surname,
    date_from: blacklistFormFieldOf.date_from,
    date_to: blacklistFormFieldOf.date_to,
  },
  filters: {
    id: { kind: 'exact', on: paxBlackList.id, type: 'integer' },
    doc_number: { kind: 'exact', on: paxBlackList.docNumber, type: 'text' },
    name: { kind: 'contains', on: [paxBlackList.name] },
    surname: { kind: 'contains', on: [paxBlackList.surname] },
  },
  ordering: {
    id: paxBlackList.id,
    doc_number: paxBlackList.docNumber,
    name: paxBlackList.name,
    surname: paxBlackList.surname,
    date_from: paxBlackList.dateFrom,
    date_to: paxBlackList.dateTo,
  },
});
