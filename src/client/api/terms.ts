/**
 * The calls of the traveller's terms page (issue 28 §4): no token, the link's `{data}` is the
 * credential. Plain fetch through the portal's `call` (no staff code).
 */
import {
  type TermsAccepted,
  type TermsView,
  termsAcceptedSchema,
  termsPaths,
  termsViewSchema,
} from '../../contracts/terms';
import { call } from './refund';

export function loadTerms(data: string): Promise<TermsView> {
  return call(termsViewSchema, termsPaths.view(data));
}

/** The acceptance: a POST without a body (the link names the voucher). */
export function acceptTerms(data: string): Promise<TermsAccepted> {
  return call(termsAcceptedSchema, termsPaths.accept(data), { method: 'POST' });
}
