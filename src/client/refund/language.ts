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
  isLanguage,
  type Language,
  negotiateLanguage,
  type Translator,
  translatorOf,
} from '../../contracts/i18n';

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

let current: Language = chooseLanguage({ chosen: chosenLanguage(), browser: browserLanguage() });
const listeners = new Set<() => void>();

function apply(language: Language) {
  current = language;
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  for (const listener of listeners) listener();
}
apply(current);

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

/** A link page: the refund's stored language, unless the traveller chose one in this browser. */
export function useStoredLanguage(stored: string | null | undefined): void {
  useEffect(() => {
    if (!chosenLanguage() && isLanguage(stored)) apply(stored);
  }, [stored]);
}
