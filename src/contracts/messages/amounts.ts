/**
 * Issue 40 (money): what every money field says about a typed amount (src/contracts/money.ts),
 * the same in the browser and in the server's refusals.
 */
export const amountsMessages = {
  required: 'Ingrese un monto.',
  negative: 'El monto no puede ser negativo.',
  unreadable: 'No pudimos leer el monto: escriba solo números, con punto o coma (por ejemplo 1.234,56).',
  misplacedSeparator:
    'No pudimos leer el monto: revise los puntos y las comas (por ejemplo 1.234,56 o 1,234.56).',
  /** A currency without minor units (CLP, JPY, PYG) or more decimals than the currency has. */
  tooManyDecimals: (decimals: number, currency: string | null) =>
    decimals === 0
      ? `Los montos${currency ? ` en ${currency}` : ''} no llevan decimales.`
      : `Los montos${currency ? ` en ${currency}` : ''} admiten hasta ${decimals} decimales.`,
  tooLarge: (digits: number) => `El monto admite hasta ${digits} dígitos enteros.`,
  otherCurrency: (typed: string, chosen: string) =>
    `El monto escrito está en ${typed}, pero la moneda elegida es ${chosen}.`,
  notPositive: 'El monto debe ser mayor a 0.',
  /** How a typed amount was understood, under the field: 'Se cargará: USD 1.000,50'. */
  willLoad: (shown: string) => `Se cargará: ${shown}`,
  /** The approve form: 'Se aprobará: USD 8.000,50'. */
  willApprove: (shown: string) => `Se aprobará: ${shown}`,
  /** Staff forms: 'Se guardará: 1.234,56'. */
  willSave: (shown: string) => `Se guardará: ${shown}`,
} as const;
