/**
 * Issue 42: the traveller's language with every catalogue registered (es, pt, en): the server's
 * mails and PDFs and the tests import this. The browser imports ./core and loads pt.ts and en.ts as
 * lazy chunks when chosen or detected (src/client/refund/language.ts), so /refund carries only the
 * Spanish catalogue.
 */
import { type Language, registerCatalogue } from './core';
import { en } from './en';
import { es, type MessageKey } from './es';
import { pt } from './pt';

export * from './coded';
export * from './core';

/** Every language's catalogue (this entry has them all; the core's registry is partial). */
export const catalogues: Record<Language, Record<MessageKey, string>> = { es, pt, en };

registerCatalogue('pt', pt);
registerCatalogue('en', en);
