/** Proveedores (spec section 3 'Supplier'; filtered by long_name). */
import { z } from 'zod';
import { messages } from '../messages';
import {
  CONTAINS,
  defineContract,
  EXACT,
  requiredDigits,
  requiredEmail,
  requiredText,
  timestampSchema,
} from './fields';

const text = messages.resources;

export const supplierSchema = z.object({
  id: z.number().int(),
  short_name: z.string(),
  long_name: z.string(),
  phone_contact: z.string(),
  email_contact: z.string(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type Supplier = z.infer<typeof supplierSchema>;

export const supplierWriteSchema = z.strictObject({
  short_name: requiredText(text.shortNameRequired, 50),
  long_name: requiredText(text.longNameRequired, 255),
  phone_contact: requiredDigits(text.phoneRequired, 50),
  email_contact: requiredEmail(text.emailRequired, 254),
});
export type SupplierWrite = z.input<typeof supplierWriteSchema>;

export const supplierContract = defineContract({
  path: '/supplier/',
  resource: 'supplier',
  entity: supplierSchema,
  write: supplierWriteSchema,
  filters: { id: EXACT, short_name: CONTAINS, long_name: CONTAINS },
  ordering: ['id', 'short_name', 'long_name', 'created_at', 'updated_at', 'phone_contact', 'email_contact'],
  defaultOrdering: 'long_name',
});
