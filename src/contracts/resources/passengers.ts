/**
 * Pasajeros (spec section 3 'Passenger'; filters name, doc_type, doc_number; lookup
 * `GET /pax/?doc_number={n}&limit=1`; create guarded by voucher/add, section 2).
 */
import { z } from 'zod';
import { messages } from '../messages';
import {
  CONTAINS,
  defineContract,
  EXACT,
  optionalDigits,
  requiredDate,
  requiredDigits,
  requiredEmail,
  requiredReference,
  requiredText,
} from './fields';

const text = messages.resources;

export const DEFAULT_DOC_TYPE = 'DNI';
/** Document types offered by the form; the server accepts any short text. */
export const DOC_TYPES = ['DNI', 'PASAPORTE', 'CI', 'LE', 'LC', 'CUIT', 'RUT', 'CPF', 'OTRO'] as const;

export const paxSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  surname: z.string(),
  phone: z.string(),
  doc_type: z.string(),
  doc_number: z.string(),
  /** YYYY-MM-DD */
  birth_date: z.string().nullable(),
  country: z.number().int().nullable(),
  email: z.string(),
  nationality: z.number().int().nullable(),
});
export type Pax = z.infer<typeof paxSchema>;

export const paxWriteSchema = z.strictObject({
  name: requiredText(text.nameRequired, 150),
  surname: requiredText(text.paxSurnameRequired, 150),
  phone: optionalDigits(30),
  doc_type: requiredText(text.docTypeRequired, 20).optional().default(DEFAULT_DOC_TYPE),
  doc_number: requiredDigits(text.documentRequired, 30),
  birth_date: requiredDate(text.birthDateRequired, { notAfterToday: true }),
  country: requiredReference(text.countryRequired),
  email: requiredEmail(text.paxEmailRequired, 254),
  nationality: requiredReference(text.nationalityRequired),
});
export type PaxWrite = z.input<typeof paxWriteSchema>;

export const paxContract = defineContract({
  path: '/pax/',
  resource: 'pax',
  entity: paxSchema,
  write: paxWriteSchema,
  filters: {
    id: EXACT,
    /** Contains on name or surname. */
    name: CONTAINS,
    surname: CONTAINS,
    email: CONTAINS,
    doc_type: EXACT,
    doc_number: EXACT,
  },
  ordering: ['id', 'name', 'surname', 'email', 'birth_date', 'doc_type', 'doc_number'],
  defaultOrdering: '-id',
});
