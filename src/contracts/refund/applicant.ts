/** Step 0 of the wizard, the applicant (SPEC §2, §5: all six required; email 'Introduce un email válido'). */
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { z } from 'zod';
import { messages } from '../messages';
import { requiredText, text } from './shared';

/**
 * The traveller's phone, one rule everywhere (issue 17, issue 30 §4): step 1's contact phone,
 * step 3's bank phone (Colombia), the bank-data link and the server all call this. Digits only
 * as before (a national number, kept as typed), or an international number written as people do
 * ('+57 601 3456789', '+54 9 11 3012-3456', '+1 (212) 555-0123'), checked with libphonenumber-js
 * and stored as E.164 ('+576013456789').
 */
export function travellerPhone(value: string): { ok: true; value: string } | { ok: false; message: string } {
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return { ok: true, value: trimmed };
  if (!trimmed.startsWith('+')) return { ok: false, message: text.phoneNumeric };
  const parsed = parsePhoneNumberFromString(trimmed);
  return parsed?.isValid()
    ? { ok: true, value: parsed.number }
    : { ok: false, message: messages.refundLinks.phoneInternationalInvalid };
}

export const refundApplicantSchema = z.object({
  name: requiredText(text.nameRequired, 150),
  surname: requiredText(text.surnameRequired, 150),
  doc_number: requiredText(text.docNumberRequired, 30),
  voucher: requiredText(text.voucherRequired, 30),
  email: z.string(text.emailInvalid).trim().max(254, text.tooLong(254)).pipe(z.email(text.emailInvalid)),
  phone_contact: requiredText(text.phoneRequired, 30).transform((value, context) => {
    const phone = travellerPhone(value);
    if (phone.ok) return phone.value;
    context.addIssue({ code: 'custom', message: phone.message });
    return z.NEVER;
  }),
});
export type RefundApplicant = z.infer<typeof refundApplicantSchema>;
