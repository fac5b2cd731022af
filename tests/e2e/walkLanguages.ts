/**
 * Issue 42: the portal's machine walks (tests/e2e/*Paths.spec.ts) in Spanish, Portuguese and
 * English. Each walk is declared once per language inside `forEachLanguage`, whose describe block
 * gives the browser that language's locale (`test.use({ locale })`: navigator.languages and
 * Accept-Language, as a traveller's browser says it; nothing is chosen in the selector), so the
 * portal detects the language itself. The screen checks take their texts from the walk's
 * catalogue (`t`, the keys the views render) and show what a machine holds as the views do
 * (`fromSpanish`, strict here: a Spanish text the catalogue does not know fails instead of being
 * expected as it is). `axeOnce` runs axe on a screen once per state and language.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import {
  LANGUAGES,
  type Language,
  LOCALES,
  type MessageKey,
  type MessageValues,
  readSpanishWithValues,
  type Translator,
  translatorOf,
} from '../../src/contracts/i18n';
import { es } from '../../src/contracts/i18n/es';

/**
 * The languages the walks run in: all three, or the ones WALK_LANGUAGES names ('es,pt'; a
 * developer's quicker run).
 */
export const WALK_LANGUAGES: readonly Language[] = (() => {
  const named = (process.env.WALK_LANGUAGES ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part): part is Language => (LANGUAGES as readonly string[]).includes(part));
  return named.length ? named : LANGUAGES;
})();

const spanishTexts = new Set<string>(Object.values(es));

export interface WalkLanguage {
  language: Language;
  tr: Translator;
  /** A catalogue text in the walk's language (exactly the SPEC's Spanish in es). */
  t: (key: MessageKey, values?: MessageValues) => string;
  /**
   * A Spanish text a machine holds (an error, a server's refusal), as the views show it in the
   * walk's language; a text the catalogue does not have fails the check (data staff wrote is
   * compared as it is, without this).
   */
  say: (spanish: string) => string;
  /**
   * Axe (WCAG 2.x A and AA) on the page: no violation, once per state key and language. On a page
   * whose clock is paused (`page.clock.pauseAt`), `pausedClock` moves it on a millisecond at a time
   * while axe runs (axe waits on timers), far less than any of the walks' delays.
   */
  axeOnce: (page: Page, state: string, options?: { pausedClock?: boolean }) => Promise<void>;
}

const axeDone = new Set<string>();

export function walkLanguage(language: Language): WalkLanguage {
  const tr = translatorOf(language);
  return {
    language,
    tr,
    t: tr.t,
    say: (spanish) => {
      if (spanish === '') return '';
      const shown = tr.fromSpanish(spanish);
      if (
        language !== 'es' &&
        shown === spanish &&
        !spanishTexts.has(spanish) &&
        readSpanishWithValues(spanish) === null
      )
        throw new Error(`the ${language} catalogue has no text for "${spanish}"`);
      return shown;
    },
    axeOnce: async (page, state, options = {}) => {
      const key = `${test.info().titlePath.slice(0, -1).join(' › ')} › ${state}`;
      if (axeDone.has(key)) return;
      axeDone.add(key);
      const running = new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
        .analyze();
      if (options.pausedClock) {
        let finished = false;
        running.then(
          () => {
            finished = true;
          },
          () => {
            finished = true;
          },
        );
        // The clock is the context's: axe finishes its run in a blank page of the context, which it
        // closes when done, so a tick may land on a page that is gone (ignored).
        for (let tick = 0; !finished && tick < 400; tick++) await page.clock.runFor(1).catch(() => undefined);
      }
      const analysis = await running;
      expect(
        analysis.violations.map((violation) => `${state} (${language}) ${violation.id}: ${violation.help}`),
      ).toEqual([]);
    },
  };
}

/**
 * Declares a spec's walk once per language, each in a describe block named by the language with
 * the browser in its locale; `<html lang>` must say the language on the first screen check.
 */
export function forEachLanguage(declare: (walk: WalkLanguage) => void): void {
  for (const language of WALK_LANGUAGES) {
    test.describe(language, () => {
      test.use({ locale: LOCALES[language] });
      declare(walkLanguage(language));
    });
  }
}

/** The page speaks the walk's language (`<html lang>`). */
export async function speaks(page: Page, walk: WalkLanguage): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', walk.language);
}
