/**
 * Issue 42: the traveller's language (es, pt, en). One ICU catalogue per language (es.ts, pt.ts,
 * en.ts, formatted with FormatJS `@formatjs/intl`), how the language is chosen, and the formats
 * of dates and amounts by locale through `Intl`. Used by the refund portal's views, its link and
 * terms pages, and the server's mails to travellers. Staff screens stay Spanish (../messages).
 * docs/languages.md says how languages are chosen and how to add a key.
 *
 * This core holds only the Spanish catalogue: the browser loads pt.ts and en.ts as lazy chunks
 * (src/client/refund/language.ts) and registers them; index.ts registers both at once (the server,
 * the tests). A language whose catalogue is not registered formats in Spanish.
 */
import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import { formatAmountInLocale } from '../format';
import { type AmountOptions, type AmountReading, parseAmount } from '../money';
import { type DateOrder, dateOrderOf, typedDateOf } from '../refund/dates';
import { codedMessageOf } from './coded';
import { es, type MessageKey } from './es';

export type { MessageKey } from './es';

export const LANGUAGES = ['es', 'pt', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'es';

/** Each language's name written in that language (the selector shows these, with `lang`). */
export const LANGUAGE_NAMES: Record<Language, string> = { es: 'Español', pt: 'Português', en: 'English' };

/** The locale of each language's formats: es-AR and pt-BR '1.234,56' dd/mm/yyyy, en-US '1,234.56'. */
export const LOCALES: Record<Language, string> = { es: 'es-AR', pt: 'pt-BR', en: 'en-US' };

export const catalogues: Partial<Record<Language, Record<MessageKey, string>>> = { es };

/** Adds a language's catalogue (pt.ts, en.ts): the browser after loading its chunk, index.ts at once. */
export function registerCatalogue(language: Language, messages: Record<MessageKey, string>): void {
  if (catalogues[language] === messages) return;
  catalogues[language] = messages;
  intls.delete(language);
}

/** Whether the language's catalogue is there (Spanish always is). */
export function hasCatalogue(language: Language): boolean {
  return catalogues[language] !== undefined;
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The language of a BCP 47 tag ('pt-BR' -> 'pt', 'en' -> 'en', 'fr-FR' -> null). */
export function languageOfTag(tag: string): Language | null {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return isLanguage(primary) ? primary : null;
}

/** The first of the browser's languages (navigator.languages, in order) the portal speaks; null if none. */
export function negotiateLanguage(tags: readonly string[]): Language | null {
  for (const tag of tags) {
    const language = languageOfTag(tag);
    if (language) return language;
  }
  return null;
}

/** An Accept-Language header read by its q-values ('pt-BR,pt;q=0.9,en;q=0.8' -> 'pt'); null if none spoken. */
export function languageOfAcceptLanguage(header: string | null | undefined): Language | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      const weight = q === undefined ? 1 : Number(q);
      return { tag, weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return negotiateLanguage(ranked.map((entry) => entry.tag));
}

/** The language of a traveller whose browser says nothing: Brasil pt, Estados Unidos en, else es. */
export function languageOfCountry(iso3: string | null | undefined): Language {
  const code = (iso3 ?? '').trim().toUpperCase();
  if (code === 'BRA') return 'pt';
  if (code === 'USA') return 'en';
  return DEFAULT_LANGUAGE;
}

/**
 * The traveller's language: the one chosen (the selector, or stored with the draft or refund),
 * else the browser's, else the country's.
 */
export function chooseLanguage(input: {
  chosen?: string | null;
  browser?: Language | null;
  country?: string | null;
}): Language {
  if (isLanguage(input.chosen)) return input.chosen;
  return input.browser ?? languageOfCountry(input.country);
}

export type MessageValues = Record<string, string | number>;

const cache = createIntlCache();
const intls = new Map<Language, IntlShape<string>>();
function intlOf(language: Language): IntlShape<string> {
  let intl = intls.get(language);
  if (!intl) {
    intl = createIntl(
      {
        locale: LOCALES[language],
        defaultLocale: LOCALES.es,
        messages: catalogues[language] ?? es,
        // A missing key cannot happen (tsc); a broken value falls back to its key, never throws.
        onError: () => undefined,
      },
      cache,
    );
    intls.set(language, intl);
  }
  return intl;
}

/** Formats one message of the language's catalogue. */
export function translate(language: Language, key: MessageKey, values?: MessageValues): string {
  return intlOf(language).formatMessage({ id: key, defaultMessage: es[key] }, values) as string;
}

export interface Translator {
  language: Language;
  locale: string;
  t: (key: MessageKey, values?: MessageValues) => string;
  /** A calendar date 'YYYY-MM-DD' as the locale writes it (12/11/2026, 11/12/2026 in en). */
  date: (iso: string | null | undefined) => string;
  /** An instant (ISO timestamp or Date) as a local calendar date in the locale. */
  instant: (value: unknown) => string;
  /** An exact decimal in the locale with the currency's minor units: '1.234,56' / '1,234.56'. */
  amount: (value: unknown, currency?: string | null) => string;
  /** 'USD 1.234,56' / 'USD 1,234.56'. */
  money: (value: unknown, currency: unknown) => string;
  /** A country (ISO 3166 alpha-2) or currency (ISO 4217) name by Intl.DisplayNames, when the catalogue has none. */
  countryName: (alpha2: string) => string | null;
  currencyName: (code: string) => string | null;
  /**
   * A Spanish text held by a machine or sent by the server (an error, a notice), in this language
   * when the catalogue has it verbatim; unchanged otherwise (the machines stay as they are).
   */
  fromSpanish: (text: string | null | undefined) => string;
}

const translators = new Map<Language, Translator>();
let spanishIndex: Map<string, MessageKey> | null = null;
function keyOfSpanish(text: string): MessageKey | undefined {
  if (!spanishIndex) {
    spanishIndex = new Map();
    for (const [key, value] of Object.entries(es) as [MessageKey, string][])
      if (!value.includes('{') && !spanishIndex.has(value)) spanishIndex.set(value, key);
  }
  return spanishIndex.get(text);
}

/**
 * Issue 42 (second part): the server's answers on the portal's routes (and the machines' texts)
 * whose Spanish has variable parts ('Máximo 30 caracteres.', a file or size limit, a Retry-After
 * wait, a checklist item). The server keeps answering the SPEC's Spanish; the views read these
 * texts back against their Spanish template (only these keys, so a free text staff wrote is
 * never taken for one) and show them in the page's language with the same values.
 * tests/contracts/portalServerMessages.test.ts lists every message the portal's routes answer.
 */
export const SPANISH_TEMPLATE_KEYS = [
  'refund.tooLong',
  'refund.filesTooMany',
  'refund.dateOutsideValidity',
  'refund.draftTooLarge',
  'refund.uploadImageTooBig',
  'refund.uploadBusy',
  'refund.uploadQuotaExceeded',
  'refund.fileContentMismatch',
  'checklist.reasonTooLong',
  'checklist.checklistIncomplete',
  'checklist.pickOverLimit',
  'checklist.pdfUnreadable',
  'links.filesTooMany',
  'links.linkExpired',
  'links.failureMailbox',
  'decisions.linkDecided',
  'amounts.tooLarge',
  'amounts.otherCurrency',
  'server.bodyTooDeep',
  'server.bodyTooManyElements',
  'server.itemUnknown',
  'server.itemRepeated',
  'server.itemMissingWithFiles',
] as const satisfies readonly MessageKey[];

const SIMPLE_ARGUMENT = /\{([a-zA-Z]+)\}/g;
let spanishTemplates: { key: MessageKey; pattern: RegExp; names: string[] }[] | null = null;
/** A Spanish integer grouped with dots ('10.000') goes back in as a number, formatted in the language. */
const GROUPED_INTEGER = /^\d{1,3}(?:\.\d{3})+$/;

/** A Spanish text read back against the templates: its key and values, or null. */
export function readSpanishWithValues(text: string): { key: MessageKey; values: MessageValues } | null {
  if (!spanishTemplates) {
    spanishTemplates = SPANISH_TEMPLATE_KEYS.map((key) => {
      const template: string = es[key];
      const names: string[] = [];
      let source = '';
      let last = 0;
      for (const match of template.matchAll(SIMPLE_ARGUMENT)) {
        source += `${escapeRegExp(template.slice(last, match.index))}(.+?)`;
        names.push(match[1] ?? '');
        last = (match.index ?? 0) + match[0].length;
      }
      source += escapeRegExp(template.slice(last));
      return { key, pattern: new RegExp(`^${source}$`, 's'), names };
    });
  }
  for (const { key, pattern, names } of spanishTemplates) {
    const match = pattern.exec(text);
    if (!match) continue;
    const values: MessageValues = {};
    names.forEach((name, index) => {
      const value = match[index + 1] ?? '';
      values[name] = GROUPED_INTEGER.test(value) ? Number(value.replaceAll('.', '')) : value;
    });
    return { key, values };
  }
  return null;
}

/**
 * Issue 42 (field codes): the catalogue key and values of a Spanish text the server answers (a
 * field error): the key whose Spanish is exactly the text, else the template it reads back against
 * (`readSpanishWithValues`); null for a text the catalogue does not have (a name staff wrote).
 */
export function codeOfSpanish(text: string): { code: MessageKey; values: MessageValues } | null {
  const key = keyOfSpanish(text);
  if (key) return { code: key, values: {} };
  const read = readSpanishWithValues(text);
  return read ? { code: read.key, values: read.values } : null;
}

/** A count grouped as the language writes it ('10.000' in es and pt, '10,000' in en). */
function groupedIn(language: Language, value: number): string {
  return new Intl.NumberFormat(LOCALES[language], { useGrouping: 'always' }).format(value);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** An exact decimal in the language's locale (format.ts `formatAmountInLocale`). */
export function formatAmountIn(language: Language, value: unknown, currency?: string | null): string {
  return formatAmountInLocale(LOCALES[language], value, currency);
}

/** 'USD 1.234,56' (es, pt) / 'USD 1,234.56' (en): the ISO code first, as the portal always wrote it. */
export function formatMoneyIn(language: Language, value: unknown, currency: unknown): string {
  const code = currency === null || currency === undefined ? '' : String(currency).trim();
  const amount = formatAmountIn(language, value, code || null);
  if (amount === '') return '';
  return code ? `${code} ${amount}` : amount;
}

const pad = (part: number) => String(part).padStart(2, '0');

/** A calendar date 'YYYY-MM-DD': dd/mm/yyyy in es and pt, mm/dd/yyyy in en; '' when empty, else unchanged. */
export function formatDateIn(language: Language, iso: string | null | undefined): string {
  if (!iso) return '';
  return ISO_DATE.test(iso) ? typedDateOf(iso, dateOrderOf(language)) : iso;
}

/** Issue 42: the order in which the language types and shows dates ('dmy' es and pt, 'mdy' en). */
export function dateOrderIn(language: Language): DateOrder {
  return dateOrderOf(language);
}

/**
 * A value inside a Spanish text (a template's), in the language: a date written 'DD/MM/AAAA' in the
 * language's order; a refund's status label ('Aprobado', the outcome of `decisions.linkDecided`)
 * by its `status.*` key; anything else (a name, an address) as written.
 */
const SPANISH_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;
function dateValueIn(language: Language, value: string): string {
  const match = SPANISH_DATE.exec(value);
  if (match) return formatDateIn(language, `${match[3]}-${match[2]}-${match[1]}`);
  const status = (Object.keys(es) as MessageKey[]).find(
    (key) => key.startsWith('status.') && es[key] === value,
  );
  return status ? translate(language, status) : value;
}

function instantIn(language: Language, value: unknown): string {
  const date = value instanceof Date ? value : typeof value === 'string' && value ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime())) return typeof value === 'string' ? value : '';
  return formatDateIn(language, `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`);
}

function displayName(language: Language, type: 'region' | 'currency', code: string): string | null {
  try {
    const name = new Intl.DisplayNames([LOCALES[language]], { type, fallback: 'none' }).of(code);
    return name ?? null;
  } catch {
    return null;
  }
}

/**
 * Issue 42 (third part): a server answer's text by the code and values it came with (./coded.ts),
 * in the language; null when it came without one, or when the code's Spanish is not exactly the
 * text (a code never changes what the Spanish said).
 */
function codedTranslation(language: Language, text: string): string | null {
  const coded = codedMessageOf(text);
  if (!coded || !Object.hasOwn(es, coded.code)) return null;
  const key = coded.code as MessageKey;
  const valuesIn = (target: Language, grouped: boolean): MessageValues => {
    const values: MessageValues = {};
    for (const [name, value] of Object.entries(coded.values))
      values[name] =
        typeof value === 'number'
          ? grouped
            ? groupedIn(target, value)
            : String(value)
          : dateValueIn(target, value);
    return values;
  };
  // The Spanish wrote a count as it is ('1024') or grouped ('10.000'): either is the same text.
  const spanish = [false, true].map((grouped) => translate('es', key, valuesIn('es', grouped)));
  if (!spanish.includes(text)) return null;
  return translate(language, key, valuesIn(language, true));
}

export function translatorOf(language: Language): Translator {
  let translator = translators.get(language);
  if (!translator) {
    translator = {
      language,
      locale: LOCALES[language],
      t: (key, values) => translate(language, key, values),
      date: (iso) => formatDateIn(language, iso),
      instant: (value) => instantIn(language, value),
      amount: (value, currency) => formatAmountIn(language, value, currency),
      money: (value, currency) => formatMoneyIn(language, value, currency),
      countryName: (alpha2) => displayName(language, 'region', alpha2),
      currencyName: (code) => displayName(language, 'currency', code),
      fromSpanish: (text) => {
        if (!text) return '';
        if (language === 'es') return text;
        const coded = codedTranslation(language, text);
        if (coded !== null) return coded;
        const key = keyOfSpanish(text);
        if (key) return translate(language, key);
        const withValues = readSpanishWithValues(text);
        if (!withValues) return text;
        const values: MessageValues = {};
        for (const [name, value] of Object.entries(withValues.values))
          values[name] =
            typeof value === 'number' ? groupedIn(language, value) : dateValueIn(language, value);
        return translate(language, withValues.key, values);
      },
    };
    translators.set(language, translator);
  }
  return translator;
}

/** A coverage's name in the language: long_name_po / long_name_en, falling back to Spanish when empty. */
export function coverageNameIn(
  language: Language,
  names: { es: string; pt?: string | null; en?: string | null },
): string {
  const named = language === 'pt' ? names.pt : language === 'en' ? names.en : names.es;
  return named?.trim() ? named : names.es;
}

/** Issue 42: a typed amount's refusal (money.ts `parseAmount`) in the traveller's language. */
export function amountErrorIn(language: Language, reading: Extract<AmountReading, { ok: false }>): string {
  switch (reading.error) {
    case 'tooManyDecimals':
      return translate(language, 'amounts.tooManyDecimals', {
        decimals: reading.decimals,
        currency: reading.currency ?? 'none',
      });
    case 'tooLarge':
      return translate(language, 'amounts.tooLarge', { digits: reading.maxIntegerDigits });
    case 'otherCurrency':
      return translate(language, 'amounts.otherCurrency', {
        typed: reading.typedCurrency ?? '',
        chosen: reading.currency ?? '',
      });
    default:
      return translate(language, `amounts.${reading.error}`);
  }
}

/**
 * What a money field says under a typed amount, in the traveller's language and format (as
 * amountInput.ts `amountFeedback` does in Spanish): how it was understood ('Will be entered as:
 * USD 1,234.56') when that differs from what was typed, or why it cannot be read. The same one
 * parser reads '1.234,56' and '1,234.56' in every language.
 */
export function amountFeedbackIn(
  language: Language,
  typed: string,
  options: AmountOptions,
): { understood: string | null; problem: string | null } {
  if (typed.trim() === '') return { understood: null, problem: null };
  const reading = parseAmount(typed, options);
  if (!reading.ok) return { understood: null, problem: amountErrorIn(language, reading) };
  const shown = options.currency
    ? formatMoneyIn(language, reading.decimal, options.currency)
    : formatAmountIn(language, reading.decimal);
  const asTyped = formatAmountIn(language, reading.decimal, options.currency ?? null);
  return {
    understood:
      reading.ambiguous || typed.trim() !== asTyped
        ? translate(language, 'amounts.willLoad', { shown })
        : null,
    problem: null,
  };
}
