/**
 * Issue 42 (second part): the browser's language module keeps only Spanish in the first load and
 * loads the detected language's catalogue as a chunk of its own; until it is there the portal is
 * not ready (RefundArea shows its loading state), so no text is shown in the wrong language.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('the portal language chunks', () => {
  it('waits for the Portuguese catalogue of a pt-BR browser, then shows Portuguese; English is never loaded', async () => {
    vi.stubGlobal('navigator', { languages: ['pt-BR', 'pt'], language: 'pt-BR' });
    const language = await import('../../src/client/refund/language');
    const core = await import('../../src/contracts/i18n/core');
    expect(language.isLanguageReady()).toBe(false);
    expect(language.currentLanguage()).toBe('es');
    expect(core.hasCatalogue('pt')).toBe(false);
    await vi.waitFor(() => expect(language.isLanguageReady()).toBe(true));
    expect(language.currentLanguage()).toBe('pt');
    expect(core.hasCatalogue('pt')).toBe(true);
    expect(core.translatorOf('pt').t('refund.documentRequired')).toBe('Informe seu documento');
    expect(core.hasCatalogue('en')).toBe(false);
    // A switch to English waits for its chunk too, then shows it.
    language.selectLanguage('en');
    expect(language.currentLanguage()).toBe('pt');
    await vi.waitFor(() => expect(language.currentLanguage()).toBe('en'));
    expect(language.isLanguageReady()).toBe(true);
  });

  it('is ready at once in Spanish, with no chunk to load', async () => {
    vi.stubGlobal('navigator', { languages: ['fr-FR'], language: 'fr-FR' });
    const language = await import('../../src/client/refund/language');
    const core = await import('../../src/contracts/i18n/core');
    expect(language.isLanguageReady()).toBe(true);
    expect(language.currentLanguage()).toBe('es');
    expect(core.hasCatalogue('pt')).toBe(false);
    expect(core.hasCatalogue('en')).toBe(false);
  });
});
