/**
 * Lista Negra (spec section 3 'Blacklist entry'): the form sends docnumber, first_name,
 * last_name, desde, hasta; the API answers doc_number, name, surname, date_from, date_to.
 * `hasta` may be left empty (open-ended). A document already listed for an overlapping period
 * is refused with a field error on `docnumber`.
 */
import { z } from 'zod';
import { messages } from '../messages';
import {
  CONTAINS,
  defineContract,
  EXACT,
  optionalDate,
  requiredDate,
  requiredDigits,
  requiredText,
} from './fields';

const text = messages.resources;

export const blacklistEntrySchema = z.object({
  id: z.number().int(),
  doc_number: z.string(),
  name: z.string(),
  surname: z.string(),
  /** YYYY-MM-DD */
  date_from: z.string(),
  date_to: z.string().nullable(),
});
export type BlacklistEntry = z.infer<typeof blacklistEntrySchema>;

/** The form's fields (section 3). */
export const blacklistFormSchema = z
  .strictObject({
    docnumber: requiredDigits(text.docNumberRequired, 30),
    first_name: requiredText(text.nameRequired, 150),
    last_name: requiredText(text.surnameRequired, 150),
    desde: requiredDate(text.dateRequired),
    hasta: optionalDate(),
  })
  .superRefine((form, context) => {
    if (form.hasta && form.hasta < form.desde)
      context.addIssue({ code: 'custom', path: ['hasta'], message: text.dateToBeforeFrom });
  });
export type BlacklistForm = z.input<typeof blacklistFormSchema>;

/** The write body: the form's fields, mapped to the entity's. */
export const blacklistWriteSchema = blacklistFormSchema.transform((form) => ({
  doc_number: form.docnumber,
  name: form.first_name,
  surname: form.last_name,
  date_from: form.desde,
  date_to: form.hasta,
}));
export type BlacklistWrite = z.input<typeof blacklistWriteSchema>;

/** Where each entity field is edited in the form (field errors are keyed by form field). */
export const blacklistFormFieldOf = {
  doc_number: 'docnumber',
  name: 'first_name',
  surname: 'last_name',
  date_from: 'desde',
  date_to: 'hasta',
} as const;

export const blacklistContract = defineContract({
  path: '/pax_black_list/',
  resource: 'pax_black_list',
  entity: blacklistEntrySchema,
  write: blacklistWriteSchema,
  filters: { id: EXACT, doc_number: EXACT, name: CONTAINS, surname: CONTAINS },
  ordering: ['id', 'doc_number', 'name', 'surname', 'date_from', 'date_to'],
  defaultOrdering: '-id',
});
