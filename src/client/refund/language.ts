/**
 * Issue 42: the traveller's language in the browser. At the portal's login it is the one chosen
 * before in this browser (the selector, localStorage), else the first of navigator.languages the
 * portal speaks, else Spanish; after the login a traveller whose browser said nothing gets the
 * language of the passenger's country (Brasil pt, Estados Unidos en). The portal's calls carry it
 * as Accept-Language, so the server stores it with the draft and the refund and writes the mails in
 * it. The machines never see it: only the views' texts change.
 */
import { useEffect, useSyncExternalStore } from 'react';
import {
  chooseLanguage,
  hasCatalogue,
  isLanguage,
  type Language,
  negotiateLanguage,
  registerCatalogue,
  type Translator,
  translatorOf,
} from '../../contracts/i18n/core';

export const REFUND_LANGUAGE_KEY = 'refundLanguage';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The language the traveller picked with the selector in this browser, if any. */
export function chosenLanguage(): Language | null {
  const stored = storage()?.getItem(REFUND_LANGUAGE_KEY);
  return isLanguage(stored) ? stored : null;
}

/** The first of the browser's languages the portal speaks (null: the browser says nothing useful). */
export function browserLanguage(): Language | null {
  if (typeof navigator === 'undefined') return null;
  const list = navigator.languages?.length ? navigator.languages : [navigator.language ?? ''];
  return negotiateLanguage(list);
}

/**
 * Only the Spanish catalogue is in /refund's first load: Portuguese and English are lazy chunks,
 * loaded when chosen or detected. Until the wanted one is there the page keeps showing the loading
 * state (`useLanguageReady`), never a flash of the wrong language.
 */
const catalogueLoaders: Record<Exclude<Language, 'es'>, () => Promise<void>> = {
  pt: () => import('../../contracts/i18n/pt').then((module) => registerCatalogue('pt', module.pt)),
  en: () => import('../../contracts/i18n/en').then((module) => registerCatalogue('en', module.en)),
};

let current: Language = 'es';
/** The language being loaded (the page waits for it), or null. */
let pending: Language | null = null;
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

function show(language: Language) {
  current = language;
  pending = null;
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  notify();
}

function apply(language: Language) {
  if (language === 'es' || hasCatalogue(language)) {
    show(language);
    return;
  }
  pending = language;
  notify();
  catalogueLoaders[language]().then(
    () => {
      if (pending === language) show(language);
    },
    () => {
      // The chunk did not load (offline, a deploy replaced it): stay in the language shown.
      if (pending === language) {
        pending = null;
        notify();
      }
    },
  );
}
apply(chooseLanguage({ chosen: chosenLanguage(), browser: browserLanguage() }));

export function currentLanguage(): Language {
  return current;
}

/** The selector: remembered in this browser, sent with every later call (draft, submission). */
export function selectLanguage(language: Language): void {
  storage()?.setItem(REFUND_LANGUAGE_KEY, language);
  apply(language);
}

/**
 * After the login: a traveller who never chose and whose browser says nothing gets the country's
 * language, or the one stored with the draft (`stored`, when the draft was saved elsewhere).
 */
export function adoptLoginLanguage(country: string, stored?: string | null): void {
  if (chosenLanguage()) return;
  if (isLanguage(stored)) {
    apply(stored);
    return;
  }
  if (browserLanguage()) return;
  apply(chooseLanguage({ browser: null, country }));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The current language's translator; re-renders when the traveller switches. */
export function useTranslator(): Translator {
  const language = useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
  return translatorOf(language);
}

/** Whether the language to show is there (false while its catalogue chunk loads). */
export const isLanguageReady = () => pending === null;
const isReady = isLanguageReady;

/** False while the chosen or detected language's catalogue is loading (the page shows its loading state). */
export function useLanguageReady(): boolean {
  return useSyncExternalStore(subscribe, isReady, isReady);
}

/** A link page: the refund's stored language, unless the traveller chose one in this browser. */
export function useStoredLanguage(stored: string | null | undefined): void {
  useEffect(() => {
    if (!chosenLanguage() && isLanguage(stored)) apply(stored);
  }, [stored]);
}
