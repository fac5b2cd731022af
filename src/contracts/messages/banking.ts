import type { BankingMessageCode } from '../banking/result';

/**
 * Spanish explanations for the bank-account checks of the refund payment step (SPEC §5, §9).
 * One entry per reason or warning code returned by `src/contracts/banking`: what is wrong and
 * what to do about it.
 */
export const bankingMessages = {
  cbuRequired: 'Ingrese el CBU.',
  cbuLength: 'El CBU debe tener 22 dígitos, sin letras ni otros signos.',
  cbuCheckDigits: 'El CBU no es válido: revise los dígitos verificadores.',
  cbuBankMismatch: 'El CBU no corresponde al banco elegido. Revise el CBU o el banco seleccionado.',

  aliasRequired: 'Ingrese el alias.',
  aliasLength: 'El alias debe tener entre 6 y 20 caracteres.',
  aliasCharacters: 'El alias solo puede contener letras, números, puntos (.) y guiones (-).',

  cbuOrAliasRequired: 'Ingrese el CBU o el alias de la cuenta.',

  cuitRequired: 'Ingrese el CUIT/CUIL.',
  cuitSeparators: 'Escriba el CUIT/CUIL sin guiones ni puntos: solo los 11 dígitos.',
  cuitLength: 'El CUIT/CUIL debe tener 11 dígitos.',
  cuitPrefix:
    'El CUIT/CUIL no es válido: los dos primeros dígitos deben ser 20, 23, 24, 27, 30, 33, 34, 50, 51 o 55.',
  cuitCheckDigit: 'El CUIT/CUIL no es válido: revise el dígito verificador (el último).',

  rutRequired: 'Ingrese el RUT.',
  rutFormat:
    'El RUT debe escribirse con guion antes del dígito verificador, por ejemplo 12345678-5 o 12.345.678-5.',
  rutCheckDigit: 'El RUT no es válido: revise el número y el dígito verificador.',

  clabeRequired: 'Ingrese la CLABE.',
  clabeLength: 'La CLABE debe tener 18 dígitos.',
  clabeCheckDigit: 'La CLABE no es válida: revise el dígito verificador (el último).',

  abaRequired: 'Ingrese el número de ruta ABA.',
  abaLength: 'El número de ruta ABA debe tener 9 dígitos.',
  abaCheckDigit: 'El número de ruta ABA no es válido: revise los dígitos.',

  ibanRequired: 'Ingrese el IBAN.',
  ibanFormat:
    'El IBAN debe comenzar con el código de país (dos letras) y dos dígitos, seguidos solo de letras y números.',
  ibanCountry:
    'El código de país del IBAN no corresponde a un país que use IBAN. Revise las dos primeras letras.',
  ibanLength: 'El IBAN no tiene la cantidad de caracteres que corresponde a su país.',
  ibanCheckDigits: 'El IBAN no es válido: revise los dígitos de control y el número de cuenta.',

  swiftRequired: 'Ingrese el código SWIFT/BIC.',
  swiftLength: 'El código SWIFT/BIC debe tener 8 u 11 caracteres.',
  swiftFormat:
    'El código SWIFT/BIC no es válido: debe tener 4 letras del banco, 2 del país, 2 caracteres de la ciudad y, opcionalmente, 3 de la sucursal.',
  swiftCountry: 'El código SWIFT/BIC no es válido: los caracteres 5 y 6 deben ser un código de país.',

  cciRequired: 'Ingrese el CCI.',
  cciLength: 'El CCI debe tener 20 dígitos.',
  cciCheckDigits: 'Los dígitos de control del CCI no coinciden. Verifique el número antes de continuar.',
} as const satisfies Record<BankingMessageCode, string>;
