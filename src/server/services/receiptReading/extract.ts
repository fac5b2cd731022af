/**
 * From a receipt's OCR text to its figures (issue 31): a pure module, tested on text.
 * - total: the amount on a line labelled TOTAL / IMPORTE / A PAGAR / AMOUNT DUE (not SUBTOTAL,
 *   not a tax line), the largest such; else the largest plausible amount. Spanish '12.345,50' and
 *   English '12,345.50' both read 12345.50.
 * - date: dd/mm/yyyy and its variants (-, ., two-digit years), yyyy-mm-dd, '12 de noviembre de
 *   2026', '12 nov 2026', 'Nov 12, 2026'; a date on a 'Fecha'/'Date' line first.
 * - currency: ISO codes, unambiguous symbols (€, R$, US$), '$' resolved by the tax id's country or
 *   the event country.
 * - merchant tax id: CUIT and RUT (check digit verified), RFC, NIF/CIF, CNPJ.
 * Each field has a confidence in 0..1 (scaled by the OCR's own mean confidence).
 */
import type { ReadFields, TaxIdKind } from '../../../contracts/refund/reading';

const MONTHS: Record<string, number> = {
  ene: 1,
  enero: 1,
  jan: 1,
  january: 1,
  feb: 2,
  febrero: 2,
  february: 2,
  mar: 3,
  marzo: 3,
  march: 3,
  abr: 4,
  abril: 4,
  apr: 4,
  april: 4,
  may: 5,
  mayo: 5,
  jun: 6,
  junio: 6,
  june: 6,
  jul: 7,
  julio: 7,
  july: 7,
  ago: 8,
  agosto: 8,
  aug: 8,
  august: 8,
  sep: 9,
  sept: 9,
  set: 9,
  septiembre: 9,
  setiembre: 9,
  september: 9,
  oct: 10,
  octubre: 10,
  october: 10,
  nov: 11,
  noviembre: 11,
  november: 11,
  dic: 12,
  diciembre: 12,
  dec: 12,
  december: 12,
  // Portuguese (issue 42: Brazilian receipts), where the first three letters differ.
  fev: 2,
  fevereiro: 2,
  março: 3,
  marco: 3,
  mai: 5,
  maio: 5,
  junho: 6,
  julho: 7,
  setembro: 9,
  out: 10,
  outubro: 10,
  novembro: 11,
  dez: 12,
  dezembro: 12,
};

/** ISO-3 event country -> the currency its '$' means. */
const DOLLAR_BY_COUNTRY: Record<string, string> = {
  ARG: 'ARS',
  CHL: 'CLP',
  MEX: 'MXN',
  USA: 'USD',
  BRA: 'BRL',
  URY: 'UYU',
  COL: 'COP',
  ECU: 'USD',
  PAN: 'USD',
  SLV: 'USD',
  PRI: 'USD',
  CAN: 'CAD',
  AUS: 'AUD',
};
/** Countries of the euro (the event country as a hint when no symbol was read). */
const EURO_COUNTRIES = new Set([
  'ESP',
  'FRA',
  'ITA',
  'DEU',
  'PRT',
  'NLD',
  'BEL',
  'AUT',
  'IRL',
  'GRC',
  'FIN',
  'LUX',
  'SVK',
  'SVN',
  'EST',
  'LVA',
  'LTU',
  'MLT',
  'CYP',
  'HRV',
]);
const CURRENCY_BY_TAX_ID: Record<TaxIdKind, string> = {
  CUIT: 'ARS',
  RUT: 'CLP',
  RFC: 'MXN',
  NIF: 'EUR',
  CNPJ: 'BRL',
};
const ISO_CODES = ['ARS', 'CLP', 'MXN', 'EUR', 'USD', 'BRL', 'UYU', 'PEN', 'COP', 'GBP', 'CAD'];

export interface ExtractOptions {
  /** ISO-3 country where the event happened (the claim's), a hint for '$'. */
  country?: string | null;
  /** The OCR's mean confidence, 0..100 (tesseract's scale); 100 when unknown. */
  ocrConfidence?: number;
}

const round2 = (value: number) => Math.round(value * 100) / 100;
const clamp = (value: number) => Math.max(0, Math.min(1, round2(value)));

/** OCR confusions inside numbers: 'O' for 0, 'l'/'I' for 1, ' , ' spacing. */
function normaliseDigits(line: string): string {
  return line
    .replace(/(?<=\d)[Oo](?=[\d.,])|(?<=[\d.,])[Oo](?=\d)/g, '0')
    .replace(/(?<=\d)[lI|](?=[\d.,])|(?<=[\d.,])[lI|](?=\d)/g, '1')
    .replace(/(?<=\d) ?([.,]) ?(?=\d)/g, '$1');
}

const AMOUNT = /(?<![\d/.,-])(\d{1,3}(?:[.,' ]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?)(?![\d/]|[.,]\d)/g;

/** '12.345,50' | '12,345.50' | '12345.50' | '1.234' (thousands) -> a number, or null. */
export function parseAmount(raw: string): number | null {
  const text = raw.replace(/[' ]/g, '');
  const lastSep = Math.max(text.lastIndexOf('.'), text.lastIndexOf(','));
  if (lastSep < 0) return Number.parseInt(text, 10);
  const decimals = text.length - lastSep - 1;
  const separator = text[lastSep]!;
  const head = text.slice(0, lastSep);
  let value: number;
  if (decimals === 3) {
    // '1.234' or '1,234,567': thousands only.
    if (!/^\d{1,3}(?:([.,])\d{3})(?:\1\d{3})*$/.test(text)) return null;
    value = Number(text.replace(/[.,]/g, ''));
  } else if (decimals === 1 || decimals === 2) {
    // The thousands separators differ from the decimal one and group by three.
    if (head.includes(separator)) return null;
    if (/[.,]/.test(head) && !/^\d{1,3}(?:[.,]\d{3})+$/.test(head)) return null;
    value = Number(`${head.replace(/[.,]/g, '')}.${text.slice(lastSep + 1)}`);
  } else {
    return null;
  }
  return Number.isFinite(value) ? value : null;
}

interface FoundAmount {
  value: number;
  hasDecimals: boolean;
  line: number;
}

function amountsOf(line: string, lineIndex: number): FoundAmount[] {
  const found: FoundAmount[] = [];
  for (const match of line.matchAll(AMOUNT)) {
    const raw = match[1]!;
    const value = parseAmount(raw);
    if (value === null || value <= 0) continue;
    found.push({ value, hasDecimals: /[.,]\d{1,2}$/.test(raw), line: lineIndex });
  }
  return found;
}

const TOTAL_LABEL = /(?<!SUB ?)\b(TOTAL|IMPORTE|A PAGAR|AMOUNT DUE|BALANCE DUE|MONTO|VALOR TOTAL)\b/i;
const NOT_TOTAL =
  /\b(SUB ?TOTAL|IVA|I\.V\.A|TAX|VAT|IMPUESTO|PROPINA|TIP|DESCUENTO|DISCOUNT|CAMBIO|CHANGE|VUELTO|ITEMS?|ART[IÍ]CULOS|CANT)\b/i;

// Parts of the text that look like amounts but are not: dates, tax ids, times, phone numbers.
const NOT_AMOUNT = [
  /\b\d{1,4}[/.-]\d{1,2}[/.-]\d{2,4}\b/g,
  /\b\d{2}-?\d{8}-?\d\b/g,
  /\b\d{1,2}\.\d{3}\.\d{3}-[\dkK]\b/g,
  /\b\d{2}\.?\d{3}\.?\d{3}\/?\d{4}-?\d{2}\b/g,
  /\b\d{1,2}:\d{2}(:\d{2})?\b/g,
  /\b(?:TEL|TEL[EÉ]FONO|PHONE|CEL|N[º°o]|NRO|FACTURA|INVOICE|TICKET|FOLIO|RECIBO|RECEIPT)\b.*$/gim,
];

function withoutNonAmounts(line: string): string {
  return NOT_AMOUNT.reduce((text, pattern) => text.replace(pattern, ' '), line);
}

export function extractTotal(lines: readonly string[]): { value: number | null; confidence: number } {
  const cleaned = lines.map((line) => withoutNonAmounts(normaliseDigits(line)));
  let best: FoundAmount | null = null;
  cleaned.forEach((line, index) => {
    if (!TOTAL_LABEL.test(line) || NOT_TOTAL.test(line)) return;
    let found = amountsOf(line, index);
    // The label alone on its line: the amount is on the next one.
    if (found.length === 0 && index + 1 < cleaned.length) found = amountsOf(cleaned[index + 1]!, index + 1);
    const last = found.at(-1);
    if (last && (!best || last.value > best.value)) best = last;
  });
  if (best) return { value: (best as FoundAmount).value, confidence: 0.95 };
  const all = cleaned.flatMap((line, index) => amountsOf(line, index)).filter((found) => found.hasDecimals);
  if (all.length === 0) return { value: null, confidence: 0 };
  const largest = all.reduce((max, found) => (found.value > max.value ? found : max));
  return { value: largest.value, confidence: 0.5 };
}

const pad = (value: number) => String(value).padStart(2, '0');

function isoDate(year: number, month: number, day: number): string | null {
  const fullYear = year < 100 ? 2000 + year : year;
  if (fullYear < 2000 || fullYear > 2099 || month < 1 || month > 12 || day < 1) return null;
  const last = new Date(Date.UTC(fullYear, month, 0)).getUTCDate();
  if (day > last) return null;
  return `${fullYear}-${pad(month)}-${pad(day)}`;
}

const monthOf = (name: string) =>
  MONTHS[name.toLowerCase().replace(/\.$/, '')] ?? MONTHS[name.toLowerCase().slice(0, 3)];

function datesOf(line: string): string[] {
  const found: string[] = [];
  const text = normaliseDigits(line);
  for (const m of text.matchAll(/\b(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})\b/g)) {
    const date = isoDate(Number(m[1]), Number(m[2]), Number(m[3]));
    if (date) found.push(date);
  }
  for (const m of text.matchAll(
    /(?<![\d-])(\d{1,2})\s?[-/.]\s?(\d{1,2})\s?[-/.]\s?(\d{4}|\d{2})(?![\d-])/g,
  )) {
    const a = Number(m[1]);
    const b = Number(m[2]);
    // dd/mm unless the first number cannot be a day of that month order (mm/dd with day > 12).
    const date = isoDate(Number(m[3]), b, a) ?? (a <= 12 && b > 12 ? isoDate(Number(m[3]), a, b) : null);
    if (date) found.push(date);
  }
  for (const m of text.matchAll(
    /\b(\d{1,2})(?:\s+de)?\s+([A-Za-zéç]{3,10})\.?(?:\s+de(?:l)?)?\s+(\d{4})\b/gi,
  )) {
    const month = monthOf(m[2]!);
    const date = month ? isoDate(Number(m[3]), month, Number(m[1])) : null;
    if (date) found.push(date);
  }
  for (const m of text.matchAll(/\b([A-Za-z]{3,9})\.?\s+(\d{1,2}),?\s*(\d{4})\b/g)) {
    const month = monthOf(m[1]!);
    const date = month ? isoDate(Number(m[3]), month, Number(m[2])) : null;
    if (date) found.push(date);
  }
  return found;
}

const DATE_LABEL = /\b(FECHA|DATE|DATA|EMISI[OÓ]N|EMISS[AÃ]O|ISSUED|D[IÍ]A)\b/i;

export function extractDate(lines: readonly string[]): { value: string | null; confidence: number } {
  for (const [index, line] of lines.entries()) {
    if (!DATE_LABEL.test(line)) continue;
    const dates = datesOf(line);
    if (dates.length === 0 && index + 1 < lines.length) dates.push(...datesOf(lines[index + 1]!));
    if (dates.length > 0) return { value: dates[0]!, confidence: 0.95 };
  }
  const all = lines.flatMap(datesOf);
  if (all.length === 0) return { value: null, confidence: 0 };
  return { value: all[0]!, confidence: new Set(all).size === 1 ? 0.85 : 0.6 };
}

/** CUIT check digit (AFIP modulo 11). */
function cuitValid(digits: string): boolean {
  const weights = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
  const sum = weights.reduce((total, weight, index) => total + weight * Number(digits[index]), 0);
  const check = 11 - (sum % 11);
  const expected = check === 11 ? 0 : check === 10 ? 9 : check;
  return expected === Number(digits[10]);
}

/** Chilean RUT check digit (modulo 11, 'K' for 10). */
function rutValid(body: string, verifier: string): boolean {
  let sum = 0;
  let factor = 2;
  for (let index = body.length - 1; index >= 0; index -= 1) {
    sum += Number(body[index]) * factor;
    factor = factor === 7 ? 2 : factor + 1;
  }
  const check = 11 - (sum % 11);
  const expected = check === 11 ? '0' : check === 10 ? 'K' : String(check);
  return expected === verifier.toUpperCase();
}

export function extractTaxId(lines: readonly string[]): {
  value: string | null;
  kind: TaxIdKind | null;
  confidence: number;
} {
  const text = lines.map(normaliseDigits).join('\n');
  for (const m of text.matchAll(/\b(\d{2})-?(\d{8})-?(\d)\b/g)) {
    const digits = `${m[1]}${m[2]}${m[3]}`;
    if (['20', '23', '24', '27', '30', '33', '34'].includes(m[1]!)) {
      const valid = cuitValid(digits);
      if (valid || /CUIT/i.test(text)) {
        return { value: `${m[1]}-${m[2]}-${m[3]}`, kind: 'CUIT', confidence: valid ? 0.95 : 0.5 };
      }
    }
  }
  for (const m of text.matchAll(/\b(\d{1,2})\.?(\d{3})\.?(\d{3})-([\dkK])\b/g)) {
    const body = `${m[1]}${m[2]}${m[3]}`;
    const valid = rutValid(body, m[4]!);
    if (valid || /RUT/i.test(text)) {
      return {
        value: `${Number(body).toLocaleString('es-CL')}-${m[4]!.toUpperCase()}`,
        kind: 'RUT',
        confidence: valid ? 0.95 : 0.5,
      };
    }
  }
  const cnpj = text.match(/\b(\d{2})\.?(\d{3})\.?(\d{3})\/?(\d{4})-?(\d{2})\b/);
  if (cnpj)
    return { value: `${cnpj[1]}.${cnpj[2]}.${cnpj[3]}/${cnpj[4]}-${cnpj[5]}`, kind: 'CNPJ', confidence: 0.8 };
  const rfc = text.match(/\b([A-ZÑ&]{3,4})-?(\d{6})-?([A-Z0-9]{3})\b/);
  if (rfc)
    return { value: `${rfc[1]}${rfc[2]}${rfc[3]}`, kind: 'RFC', confidence: /RFC/i.test(text) ? 0.9 : 0.6 };
  const nif = text.match(/\b(?:NIF|CIF|N\.I\.F\.?|C\.I\.F\.?)[:\s]*([A-Z]-?\d{7}-?[A-Z0-9]|\d{8}-?[A-Z])\b/i);
  if (nif) return { value: nif[1]!.replace(/-/g, '').toUpperCase(), kind: 'NIF', confidence: 0.85 };
  return { value: null, kind: null, confidence: 0 };
}

export function extractCurrency(
  lines: readonly string[],
  taxIdKind: TaxIdKind | null,
  country: string | null | undefined,
): { value: string | null; confidence: number } {
  const text = lines.join('\n');
  const counts = new Map<string, number>();
  const add = (code: string, times = 1) => counts.set(code, (counts.get(code) ?? 0) + times);
  for (const code of ISO_CODES) {
    const times = text.match(new RegExp(`\\b${code}\\b`, 'g'))?.length ?? 0;
    if (times > 0) add(code, times * 2);
  }
  if (/\b(US\$|U\$S|U\$D)/.test(text)) add('USD', 2);
  if (/R\$/.test(text)) add('BRL', 2);
  if (/€|\bEUR\b|\bEuros?\b/i.test(text)) add('EUR', 2);
  if (/\bd[oó]lares\b|\bdollars?\b/i.test(text)) add('USD', 1);
  if (/\bpesos\b/i.test(text) && country && DOLLAR_BY_COUNTRY[country]) add(DOLLAR_BY_COUNTRY[country], 1);
  if (counts.size > 0) {
    const [code] = [...counts.entries()].reduce((best, entry) => (entry[1] > best[1] ? entry : best));
    return { value: code, confidence: 0.95 };
  }
  const hasDollar = /(?<![A-Z])\$/.test(text.replace(/(US|R|U)\$/g, ''));
  if (hasDollar) {
    if (taxIdKind && taxIdKind !== 'NIF') return { value: CURRENCY_BY_TAX_ID[taxIdKind], confidence: 0.8 };
    if (country && DOLLAR_BY_COUNTRY[country]) return { value: DOLLAR_BY_COUNTRY[country]!, confidence: 0.6 };
    return { value: null, confidence: 0 };
  }
  if (taxIdKind) return { value: CURRENCY_BY_TAX_ID[taxIdKind], confidence: 0.6 };
  if (country && EURO_COUNTRIES.has(country)) return { value: 'EUR', confidence: 0.4 };
  if (country && DOLLAR_BY_COUNTRY[country]) return { value: DOLLAR_BY_COUNTRY[country]!, confidence: 0.4 };
  return { value: null, confidence: 0 };
}

/** Every field of a receipt's text, each with its confidence. */
export function extractFields(text: string, options: ExtractOptions = {}): ReadFields {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const scale = Math.max(0, Math.min(100, options.ocrConfidence ?? 100)) / 100;
  const total = extractTotal(lines);
  const date = extractDate(lines);
  const taxId = extractTaxId(lines);
  const currency = extractCurrency(lines, taxId.kind, options.country);
  return {
    total: total.value === null ? null : total.value.toFixed(2),
    totalConfidence: clamp(total.confidence * scale),
    date: date.value,
    dateConfidence: clamp(date.confidence * scale),
    currency: currency.value,
    currencyConfidence: clamp(currency.confidence * scale),
    taxId: taxId.value,
    taxIdKind: taxId.kind,
    taxIdConfidence: clamp(taxId.confidence * scale),
  };
}
