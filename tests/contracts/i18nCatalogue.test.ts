/**
 * Issue 42: the traveller's catalogues. Every key is in every language, with the same ICU
 * arguments (names and kinds), every message parses, the Spanish is exactly the legacy Spanish of
 * SPEC §2, §5, §8, and the formats follow each locale.
 */
import { describe, expect, it } from 'vitest';
import {
  catalogues,
  chooseLanguage,
  coverageNameIn,
  formatAmountIn,
  formatDateIn,
  formatMoneyIn,
  LANGUAGES,
  languageOfAcceptLanguage,
  languageOfCountry,
  negotiateLanguage,
  translatorOf,
} from '../../src/contracts/i18n';
import { es, type MessageKey } from '../../src/contracts/i18n/es';
import { messages } from '../../src/contracts/messages';
import { icuArguments } from './icuArguments';

const keys = Object.keys(es) as MessageKey[];

/** The comparison the test makes, exposed so that a missing key or argument is shown failing. */
function catalogueProblems(candidates: Record<string, Record<string, string>>): string[] {
  const problems: string[] = [];
  for (const [language, catalogue] of Object.entries(candidates)) {
    for (const key of keys) {
      const value = catalogue[key];
      if (typeof value !== 'string' || value.trim() === '') {
        problems.push(`${language}: ${key} missing`);
        continue;
      }
      const expected = icuArguments(es[key], { kinds: true });
      let actual: string[];
      try {
        actual = icuArguments(value, { kinds: true });
      } catch (error) {
        problems.push(`${language}: ${key} does not parse (${String(error)})`);
        continue;
      }
      if (expected.join() !== actual.join())
        problems.push(`${language}: ${key} has {${actual.join(', ')}}, Spanish {${expected.join(', ')}}`);
    }
    for (const key of Object.keys(catalogue))
      if (!(key in es)) problems.push(`${language}: ${key} is not a Spanish key`);
  }
  return problems;
}

describe('the traveller catalogues (issue 42)', () => {
  it('have every key in every language, with the same ICU arguments', () => {
    expect(catalogueProblems(catalogues)).toEqual([]);
    expect(keys.length).toBeGreaterThan(350);
    for (const language of LANGUAGES) expect(Object.keys(catalogues[language])).toHaveLength(keys.length);
  });

  it('count the same keys in every language (printed for the closing note)', () => {
    const counts = Object.fromEntries(
      LANGUAGES.map((language) => [language, Object.keys(catalogues[language]).length]),
    );
    console.info(`issue 42: traveller catalogue keys per language ${JSON.stringify(counts)}`);
    expect(Object.values(counts)).toEqual(LANGUAGES.map(() => keys.length));
  });

  it('fail when a key lacks a language or a placeholder differs', () => {
    const { 'refund.loginTitle': _dropped, ...withoutKey } = catalogues.pt;
    expect(catalogueProblems({ pt: withoutKey })).toEqual(['pt: refund.loginTitle missing']);
    const renamed = { ...catalogues.en, 'mail.greeting': 'Hello {firstName},' };
    expect(catalogueProblems({ en: renamed })).toEqual([
      'en: mail.greeting has {firstName:argument}, Spanish {name:argument}',
    ]);
    const pluralLost = { ...catalogues.en, 'refund.cardFiles': '{count} files' };
    expect(catalogueProblems({ en: pluralLost })).toEqual([
      'en: refund.cardFiles has {count:argument}, Spanish {count:plural}',
    ]);
  });

  it('keep the Spanish texts of the SPEC exactly (the legacy catalogue)', () => {
    const t = translatorOf('es').t;
    for (const [key, value] of Object.entries(messages.refund))
      if (typeof value === 'string' && key in es && !value.includes('{'))
        expect(t(`refund.${key}` as MessageKey), key).toBe(value);
    expect(t('refund.failureBody', { email: 'a@b.c' })).toBe(
      messages.refund.failureBody.replace('{email}', 'a@b.c'),
    );
    expect(t('refund.cardFiles', { count: 1 })).toBe(messages.refund.cardFiles(1));
    expect(t('refund.cardFiles', { count: 3 })).toBe(messages.refund.cardFiles(3));
    expect(t('checklist.fileWithPages', { name: 'a.pdf', pages: 1 })).toBe('a.pdf');
    expect(t('checklist.fileWithPages', { name: 'a.pdf', pages: 4 })).toBe(
      messages.refundChecklist.fileWithPages('a.pdf', 4),
    );
    expect(t('amounts.tooManyDecimals', { decimals: 0, currency: 'CLP' })).toBe(
      messages.amounts.tooManyDecimals(0, 'CLP'),
    );
    expect(t('amounts.tooManyDecimals', { decimals: 2, currency: 'none' })).toBe(
      messages.amounts.tooManyDecimals(2, null),
    );
    expect(t('links.submittedItem', { id: '1234', date: '12/11/2026' })).toBe(
      messages.refundLinks.submittedItem(1234, '12/11/2026'),
    );
    for (const [event, text] of Object.entries(messages.refundDecisions.timeline))
      expect(t(`timeline.${event}` as MessageKey)).toBe(text);
    for (const [status, text] of Object.entries(messages.refundReview.statuses))
      expect(t(`status.${status}` as MessageKey)).toBe(text);
    for (const [code, text] of Object.entries(messages.banking))
      expect(t(`banking.${code}` as MessageKey)).toBe(text);
  });

  it('speak Portuguese and English with plurals and selects', () => {
    expect(translatorOf('pt').t('refund.cardFiles', { count: 1 })).toBe('1 arquivo');
    expect(translatorOf('en').t('refund.cardFiles', { count: 2 })).toBe('2 files');
    expect(translatorOf('en').t('amounts.tooManyDecimals', { decimals: 0, currency: 'JPY' })).toBe(
      'Amounts in JPY take no decimals.',
    );
    expect(translatorOf('pt').t('reading.suggestion', { amount: '10,00 BRL', date: 'none' })).toBe(
      'Lemos no comprovante: 10,00 BRL — usar estes dados?',
    );
  });

  it('translate a Spanish text a machine holds, and leave an unknown one as it is', () => {
    expect(translatorOf('pt').fromSpanish(messages.refund.documentRequired)).toBe('Informe seu documento');
    expect(translatorOf('en').fromSpanish(messages.refund.claimsRequired)).toBe(
      'You must add at least one coverage to continue.',
    );
    expect(translatorOf('en').fromSpanish('Un texto que no está')).toBe('Un texto que no está');
    expect(translatorOf('es').fromSpanish(messages.refund.documentRequired)).toBe(
      messages.refund.documentRequired,
    );
  });
});

describe('the traveller language choice (issue 42)', () => {
  it('reads the browser languages in order', () => {
    expect(negotiateLanguage(['pt-BR', 'en-US'])).toBe('pt');
    expect(negotiateLanguage(['fr-FR', 'en-GB'])).toBe('en');
    expect(negotiateLanguage(['fr-FR', 'de'])).toBeNull();
    expect(negotiateLanguage([])).toBeNull();
  });
  it('reads Accept-Language by its q-values and survives garbage', () => {
    expect(languageOfAcceptLanguage('fr;q=0.9,en-US;q=0.5,pt-BR')).toBe('pt');
    expect(languageOfAcceptLanguage('de,fr;q=0.8')).toBeNull();
    expect(languageOfAcceptLanguage('en;q=0,es;q=0.1')).toBe('es');
    expect(languageOfAcceptLanguage(';;;,q=abc,,')).toBeNull();
    expect(languageOfAcceptLanguage(undefined)).toBeNull();
  });
  it('gives Brasil pt and Estados Unidos en when the browser says nothing, else es', () => {
    expect(languageOfCountry('BRA')).toBe('pt');
    expect(languageOfCountry('usa')).toBe('en');
    expect(languageOfCountry('ARG')).toBe('es');
    expect(languageOfCountry('')).toBe('es');
    expect(chooseLanguage({ browser: null, country: 'BRA' })).toBe('pt');
    expect(chooseLanguage({ browser: 'es', country: 'BRA' })).toBe('es');
    expect(chooseLanguage({ chosen: 'en', browser: 'pt', country: 'BRA' })).toBe('en');
    expect(chooseLanguage({ chosen: 'xx', browser: null, country: 'CHL' })).toBe('es');
  });
});

describe('the formats by locale (issue 42)', () => {
  it('write amounts with the locale separators and the currency minor units', () => {
    expect(formatAmountIn('es', '1234.56', 'USD')).toBe('1.234,56');
    expect(formatAmountIn('pt', '1234.56', 'BRL')).toBe('1.234,56');
    expect(formatAmountIn('en', '1234.56', 'USD')).toBe('1,234.56');
    expect(formatAmountIn('en', '84900', 'CLP')).toBe('84,900');
    expect(formatMoneyIn('en', '1234.5', 'USD')).toBe('USD 1,234.50');
    expect(formatMoneyIn('pt', '1234567.5', 'BRL')).toBe('BRL 1.234.567,50');
    expect(formatAmountIn('en', 'not a number')).toBe('not a number');
  });
  it('write dates dd/mm/yyyy in es and pt, mm/dd/yyyy in en', () => {
    expect(formatDateIn('es', '2026-11-02')).toBe('02/11/2026');
    expect(formatDateIn('pt', '2026-11-02')).toBe('02/11/2026');
    expect(formatDateIn('en', '2026-11-02')).toBe('11/02/2026');
    expect(formatDateIn('en', '')).toBe('');
  });
  it('name countries and currencies by Intl.DisplayNames, and coverages with the Spanish fallback', () => {
    expect(translatorOf('pt').countryName('US')).toBe('Estados Unidos');
    expect(translatorOf('en').countryName('BR')).toBe('Brazil');
    expect(translatorOf('en').currencyName('BRL')).toBe('Brazilian Real');
    expect(coverageNameIn('pt', { es: 'Asistencia médica', pt: 'Assistência médica', en: '' })).toBe(
      'Assistência médica',
    );
    expect(coverageNameIn('en', { es: 'Asistencia médica', pt: 'Assistência médica', en: '' })).toBe(
      'Asistencia médica',
    );
  });
});
