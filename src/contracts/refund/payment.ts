/**
 * Step 2 of the wizard, the payment (bank) data per country of residence (SPEC §5 and the
 * check-digit rules of src/contracts/banking): which fields a country shows, their problems,
 * and the payment as stored.
 */
import { z } from 'zod';
import {
  checkAba,
  checkAlias,
  checkCbu,
  checkCci,
  checkClabe,
  checkCuit,
  checkIban,
  checkRut,
  checkSwift,
  isEuropeanIbanCountry,
  normalizeAba,
  normalizeAlias,
  normalizeCbu,
  normalizeCci,
  normalizeClabe,
  normalizeIban,
  normalizeRut,
  normalizeSwift,
} from '../banking';
import {
  argentineBanks,
  type Bank,
  chileanBanks,
  findArgentineBank,
  findChileanBank,
  findCountryByIso3,
} from '../static';
import { travellerPhone } from './applicant';
import { fileRefSchema } from './files';
import { MAX_AUTHORIZATION_FILES } from './limits';
import { banking, text, uniqueIds } from './shared';

export const PAYMENT_METHODS = ['Transferencia'] as const;
export const REFUND_METHODS = ['Cuenta propia', 'Autorizar a tercero'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];
export const THIRD_PARTY: RefundMethod = 'Autorizar a tercero';
export const PESO_ACCOUNT_TYPES = ['Cuenta corriente en pesos', 'Caja de ahorro en pesos'] as const;
export const GENERAL_ACCOUNT_TYPES = ['Cuenta corriente', 'Caja de ahorro'] as const;

export const paymentTextFields = [
  'payment_method',
  'refund_method',
  'owner',
  'bank',
  'account_type',
  'account_number',
  'cbu',
  'alias',
  'cuit_cuil',
  'rut',
  'cedula',
  'adress',
  'phone',
  'swift',
  'doc_number',
  'bank_adress',
  'cable',
  'ba_wire',
  'iban',
] as const;
export type PaymentTextField = (typeof paymentTextFields)[number];
export const paymentFileFields = ['authorization_letter', 'authorized_document'] as const;
export type PaymentFileField = (typeof paymentFileFields)[number];
export type PaymentField = PaymentTextField | PaymentFileField;

const BASE_PAYMENT_FIELDS = [
  'refund_method',
  'payment_method',
  'owner',
  'bank',
  'account_type',
  'account_number',
] as const satisfies readonly PaymentTextField[];

/** Maximum lengths of the text fields (database columns match). */
export const paymentFieldMaxLength: Record<PaymentTextField, number> = {
  payment_method: 30,
  refund_method: 30,
  owner: 150,
  bank: 150,
  account_type: 50,
  account_number: 40,
  cbu: 30,
  alias: 30,
  cuit_cuil: 20,
  rut: 20,
  cedula: 20,
  adress: 255,
  phone: 30,
  swift: 20,
  doc_number: 30,
  bank_adress: 255,
  cable: 30,
  ba_wire: 20,
  iban: 50,
};

export const refundPaymentInputSchema = z.object({
  ...(Object.fromEntries(paymentTextFields.map((field) => [field, z.string().default('')])) as Record<
    PaymentTextField,
    z.ZodDefault<z.ZodString>
  >),
  authorization_letter: z.array(fileRefSchema).default([]),
  authorized_document: z.array(fileRefSchema).default([]),
  /**
   * Issue 40: the traveller confirmed a Peruvian CCI whose check digits do not follow the
   * published rule (no authoritative algorithm: confirmed and flagged to staff, never refused
   * nor stored silently). Only meaningful for PER; not stored (staff's flag is derived).
   */
  cci_confirmed: z.boolean().default(false),
});
export type RefundPaymentInput = z.input<typeof refundPaymentInputSchema>;
export type RefundPayment = z.infer<typeof refundPaymentInputSchema>;

/** An empty payment form. */
export function emptyRefundPayment(): RefundPayment {
  return {
    ...(Object.fromEntries(paymentTextFields.map((field) => [field, ''])) as Record<
      PaymentTextField,
      string
    >),
    payment_method: PAYMENT_METHODS[0],
    refund_method: REFUND_METHODS[0],
    authorization_letter: [],
    authorized_document: [],
    cci_confirmed: false,
  };
}

/** Payment-rule family of a country of residence. */
export type PaymentFamily = 'ARG' | 'CHL' | 'COL' | 'OTHER';

export function paymentFamilyOf(countryIso3: string): PaymentFamily {
  const iso3 = countryIso3.trim().toUpperCase();
  return iso3 === 'ARG' || iso3 === 'CHL' || iso3 === 'COL' ? iso3 : 'OTHER';
}

function isEuropeanCountry(countryIso3: string): boolean {
  const country = findCountryByIso3(countryIso3);
  return country !== undefined && isEuropeanIbanCountry(country.iso2);
}

/**
 * The payment fields a country shows, in form order. The authorization uploads are included only
 * for 'Autorizar a tercero'. ARG: CBU or alias and CUIT/CUIL; CHL: RUT; COL: cédula, address and
 * phone; other countries: SWIFT, document and bank address (the CCI for PER), plus CLABE (MEX),
 * ABA (USA) or IBAN (European IBAN countries).
 */
export function paymentFieldsFor(countryIso3: string, refundMethod?: string): PaymentField[] {
  const iso3 = countryIso3.trim().toUpperCase();
  const fields: PaymentField[] = [...BASE_PAYMENT_FIELDS];
  switch (paymentFamilyOf(iso3)) {
    case 'ARG':
      fields.push('cbu', 'alias', 'cuit_cuil');
      break;
    case 'CHL':
      fields.push('rut');
      break;
    case 'COL':
      fields.push('cedula', 'adress', 'phone');
      break;
    case 'OTHER':
      fields.push('swift', 'doc_number', 'bank_adress');
      if (iso3 === 'MEX') fields.push('cable');
      if (iso3 === 'USA') fields.push('ba_wire');
      if (isEuropeanCountry(iso3)) fields.push('iban');
      break;
  }
  if (refundMethod === THIRD_PARTY) fields.push('authorization_letter', 'authorized_document');
  return fields;
}

/** The bank dropdown of ARG and CHL (value = code), or null where the bank is free text. */
export function bankOptionsFor(countryIso3: string): readonly Bank[] | null {
  const family = paymentFamilyOf(countryIso3);
  if (family === 'ARG') return argentineBanks;
  if (family === 'CHL') return chileanBanks;
  return null;
}

/** The bank's display name: the list name for ARG/CHL codes, the free text otherwise. */
export function bankNameFor(countryIso3: string, bank: string): string {
  const family = paymentFamilyOf(countryIso3);
  if (family === 'ARG') return findArgentineBank(bank)?.name ?? bank;
  if (family === 'CHL') return findChileanBank(bank)?.name ?? bank;
  return bank;
}

export function accountTypesFor(countryIso3: string): readonly string[] {
  return paymentFamilyOf(countryIso3) === 'OTHER' ? GENERAL_ACCOUNT_TYPES : PESO_ACCOUNT_TYPES;
}

/** The Spanish label of a payment field for a country (bank_adress is 'CCI' for PER). */
export function paymentFieldLabel(field: PaymentField, countryIso3: string): string {
  if (field === 'bank_adress' && countryIso3.trim().toUpperCase() === 'PER') return text.cciLabel;
  const labels: Record<PaymentField, string> = {
    payment_method: text.paymentMethodLabel,
    refund_method: text.refundMethodLabel,
    owner: text.ownerLabel,
    bank: text.bankLabel,
    account_type: text.accountTypeLabel,
    account_number: text.accountNumberLabel,
    cbu: text.cbuLabel,
    alias: text.aliasLabel,
    cuit_cuil: text.cuitCuilLabel,
    rut: text.rutLabel,
    cedula: text.cedulaLabel,
    adress: text.adressLabel,
    phone: text.phonePaymentLabel,
    swift: text.swiftLabel,
    doc_number: text.paymentDocNumberLabel,
    bank_adress: text.bankAdressLabel,
    cable: text.cableLabel,
    ba_wire: text.baWireLabel,
    iban: text.ibanLabel,
    authorization_letter: text.authorizationLetterLabel,
    authorized_document: text.authorizedDocumentLabel,
  };
  return labels[field];
}

export type PaymentFieldErrors = Partial<Record<PaymentField, string>>;

/**
 * Every refusal of the payment step for a country of residence, one message per field (the first
 * problem found). Fields the country does not show are ignored. Empty object = valid.
 */
export function paymentProblems(payment: RefundPaymentInput, countryIso3: string): PaymentFieldErrors {
  const iso3 = countryIso3.trim().toUpperCase();
  const value = (field: PaymentTextField) => (payment[field] ?? '').trim();
  const problems: PaymentFieldErrors = {};
  const shown = paymentFieldsFor(iso3, value('refund_method'));
  const set = (field: PaymentField, message: string) => {
    if (problems[field] === undefined) problems[field] = message;
  };

  for (const field of shown) {
    if ((paymentFileFields as readonly string[]).includes(field)) continue;
    const textField = field as PaymentTextField;
    const max = paymentFieldMaxLength[textField];
    if (value(textField).length > max) set(field, text.tooLong(max));
  }
  for (const field of BASE_PAYMENT_FIELDS) {
    if (value(field) === '') set(field, text.fieldRequired);
  }
  if (
    value('payment_method') !== '' &&
    !(PAYMENT_METHODS as readonly string[]).includes(value('payment_method'))
  ) {
    set('payment_method', text.paymentMethodInvalid);
  }
  if (
    value('refund_method') !== '' &&
    !(REFUND_METHODS as readonly string[]).includes(value('refund_method'))
  ) {
    set('refund_method', text.refundMethodInvalid);
  }
  if (value('account_type') !== '' && !accountTypesFor(iso3).includes(value('account_type'))) {
    set('account_type', text.accountTypeInvalid);
  }
  if (value('account_number') !== '' && !/^[A-Za-z0-9-]+$/.test(value('account_number'))) {
    set('account_number', text.accountNumberInvalid);
  }
  const bankOptions = bankOptionsFor(iso3);
  const bankOk =
    bankOptions === null || bankOptions.some((bank) => bank.code === value('bank').padStart(3, '0'));
  if (value('bank') !== '' && !bankOk) set('bank', text.bankInvalid);

  const family = paymentFamilyOf(iso3);
  if (family === 'ARG') {
    const cbu = value('cbu');
    const alias = value('alias');
    if (cbu === '' && alias === '') {
      set('cbu', banking.cbuOrAliasRequired);
    }
    if (cbu !== '') {
      const result = checkCbu(cbu, bankOk && value('bank') !== '' ? value('bank') : undefined);
      if (!result.ok) set('cbu', banking[result.reason]);
    }
    if (alias !== '') {
      const result = checkAlias(alias);
      if (!result.ok) set('alias', banking[result.reason]);
    }
    const cuit = checkCuit(value('cuit_cuil'));
    if (!cuit.ok) set('cuit_cuil', banking[cuit.reason]);
  } else if (family === 'CHL') {
    const rut = checkRut(value('rut'));
    if (!rut.ok) set('rut', banking[rut.reason]);
  } else if (family === 'COL') {
    if (value('cedula') === '') set('cedula', text.fieldRequired);
    else if (!/^\d{5,12}$/.test(value('cedula'))) set('cedula', text.cedulaInvalid);
    if (value('adress') === '') set('adress', text.fieldRequired);
    const phone = travellerPhone(value('phone'));
    if (value('phone') === '') set('phone', text.fieldRequired);
    else if (!phone.ok) set('phone', phone.message);
  } else {
    const swift = checkSwift(value('swift'));
    if (!swift.ok) set('swift', banking[swift.reason]);
    if (value('doc_number') === '') set('doc_number', text.fieldRequired);
    else if (!/^[A-Za-z0-9]+$/.test(value('doc_number'))) set('doc_number', text.docNumberInvalid);
    if (iso3 === 'PER') {
      const cci = checkCci(value('bank_adress'));
      if (!cci.ok) set('bank_adress', banking[cci.reason]);
      else if (cci.warning && payment.cci_confirmed !== true) set('bank_adress', text.cciConfirmRequired);
    } else if (value('bank_adress') === '') {
      set('bank_adress', text.fieldRequired);
    }
    if (iso3 === 'MEX') {
      const clabe = checkClabe(value('cable'));
      if (!clabe.ok) set('cable', banking[clabe.reason]);
    }
    if (iso3 === 'USA') {
      const aba = checkAba(value('ba_wire'));
      if (!aba.ok) set('ba_wire', banking[aba.reason]);
    }
    if (isEuropeanCountry(iso3)) {
      const iban = checkIban(value('iban'));
      if (!iban.ok) set('iban', banking[iban.reason]);
    }
  }

  if (value('refund_method') === THIRD_PARTY) {
    for (const field of paymentFileFields) {
      const files = payment[field] ?? [];
      if (files.length === 0) set(field, text.authorizationFilesRequired);
      else if (files.length > MAX_AUTHORIZATION_FILES) set(field, text.authorizationFilesTooMany);
      else if (!uniqueIds(files)) set(field, text.duplicateFile);
    }
  }
  return problems;
}

/**
 * Remarks shown beside a field: today only Peru's CCI check digits, which have no authoritative
 * published rule (issue 40): shown, and the payment needs `cci_confirmed` to pass.
 */
export function paymentWarnings(payment: RefundPaymentInput, countryIso3: string): PaymentFieldErrors {
  if (countryIso3.trim().toUpperCase() !== 'PER') return {};
  const cci = checkCci((payment.bank_adress ?? '').trim());
  return cci.ok && cci.warning ? { bank_adress: banking[cci.warning] } : {};
}

/** Issue 40: a well-formed Peruvian CCI whose check digits do not follow the published rule (staff's flag). */
export function cciUnverified(cci: string): boolean {
  const result = checkCci(cci);
  return result.ok && result.warning === 'cciCheckDigits';
}

/**
 * The payment as stored: fields the country does not show are emptied, account numbers are
 * normalized (CBU, CLABE, ABA and CCI digits only; IBAN and SWIFT uppercase without spaces; RUT
 * '12345678-K'; bank codes padded to three digits), authorization files kept only for a third party.
 */
export function cleanPaymentFor(payment: RefundPayment, countryIso3: string): RefundPayment {
  const iso3 = countryIso3.trim().toUpperCase();
  const shown = new Set<PaymentField>(paymentFieldsFor(iso3, payment.refund_method.trim()));
  const cleaned = emptyRefundPayment();
  for (const field of paymentTextFields) cleaned[field] = shown.has(field) ? payment[field].trim() : '';
  if (bankOptionsFor(iso3) !== null && cleaned.bank !== '') cleaned.bank = cleaned.bank.padStart(3, '0');
  if (cleaned.cbu) cleaned.cbu = normalizeCbu(cleaned.cbu);
  if (cleaned.alias) cleaned.alias = normalizeAlias(cleaned.alias);
  if (cleaned.rut) cleaned.rut = normalizeRut(cleaned.rut);
  if (cleaned.swift) cleaned.swift = normalizeSwift(cleaned.swift);
  if (cleaned.cable) cleaned.cable = normalizeClabe(cleaned.cable);
  if (cleaned.ba_wire) cleaned.ba_wire = normalizeAba(cleaned.ba_wire);
  if (cleaned.iban) cleaned.iban = normalizeIban(cleaned.iban);
  if (iso3 === 'PER' && cleaned.bank_adress) cleaned.bank_adress = normalizeCci(cleaned.bank_adress);
  if (cleaned.phone) {
    const phone = travellerPhone(cleaned.phone);
    if (phone.ok) cleaned.phone = phone.value;
  }
  cleaned.authorization_letter = shown.has('authorization_letter') ? payment.authorization_letter : [];
  cleaned.authorized_document = shown.has('authorized_document') ? payment.authorized_document : [];
  cleaned.cci_confirmed =
    iso3 === 'PER' && payment.cci_confirmed === true && cciUnverified(cleaned.bank_adress);
  return cleaned;
}

/** Step 2 as sent, for the voucher's country of residence: checked by `paymentProblems`, then cleaned. */
export function refundPaymentSchemaFor(countryIso3: string) {
  return refundPaymentInputSchema
    .superRefine((payment, context) => {
      for (const [field, message] of Object.entries(paymentProblems(payment, countryIso3))) {
        context.addIssue({ code: 'custom', path: [field], message });
      }
    })
    .transform((payment) => cleanPaymentFor(payment, countryIso3));
}
