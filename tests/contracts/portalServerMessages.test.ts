/**
 * Issue 42 (second part): every message the refund portal's routes can answer (and the texts the
 * refund machines hold from them) reaches a Portuguese or English traveller in their language.
 * The server answers the SPEC's Spanish; the views read it back (`Translator.fromSpanish`), the
 * texts with variable parts against their Spanish template (`SPANISH_TEMPLATE_KEYS`).
 */
import { describe, expect, it } from 'vitest';
import { errorFromAnswer } from '../../src/client/api/errors';
import {
  codedMessageOf,
  forgetCodedMessages,
  formatDateIn,
  LANGUAGES,
  LOCALES,
  type MessageKey,
  type MessageValues,
  readSpanishWithValues,
  SPANISH_TEMPLATE_KEYS,
  translate,
  translatorOf,
} from '../../src/contracts/i18n';
import { messages } from '../../src/contracts/messages';
import { authorizationLetterLines } from '../../src/server/services/authorizationLetter';

/** The portal's messages with variable parts: the Spanish the server builds, and the key and values it reads back as. */
const withValues: [spanish: string, key: MessageKey, values: MessageValues][] = [
  [messages.refund.tooLong(30), 'refund.tooLong', { max: '30' }],
  [messages.common.tooLong(120), 'refund.tooLong', { max: '120' }],
  [messages.refund.filesTooMany(10), 'refund.filesTooMany', { max: '10' }],
  [
    messages.refund.dateOutsideValidity('01/11/2026', '30/11/2026'),
    'refund.dateOutsideValidity',
    { from: '01/11/2026', to: '30/11/2026' },
  ],
  [messages.refund.draftTooLarge(256), 'refund.draftTooLarge', { kilobytes: '256' }],
  [messages.refund.uploadImageTooBig(40), 'refund.uploadImageTooBig', { megapixels: '40' }],
  [messages.refund.uploadBusy(2), 'refund.uploadBusy', { minutes: '2' }],
  [messages.refund.uploadQuotaExceeded(200), 'refund.uploadQuotaExceeded', { megabytes: '200' }],
  [messages.refund.fileContentMismatch('ticket.pdf'), 'refund.fileContentMismatch', { name: 'ticket.pdf' }],
  [messages.refundChecklist.reasonTooLong(300), 'checklist.reasonTooLong', { max: '300' }],
  [
    messages.refundChecklist.checklistIncomplete(['Factura', 'Receta']),
    'checklist.checklistIncomplete',
    { items: 'Factura, Receta' },
  ],
  [
    messages.refundChecklist.pickOverLimit(10, 8, 4),
    'checklist.pickOverLimit',
    { max: '10', current: '8', picked: '4' },
  ],
  [messages.refundChecklist.pdfUnreadable('a.pdf'), 'checklist.pdfUnreadable', { name: 'a.pdf' }],
  [messages.refundChecklist.itemUnknown('Factura'), 'server.itemUnknown', { item: 'Factura' }],
  [messages.refundChecklist.itemRepeated('Factura'), 'server.itemRepeated', { item: 'Factura' }],
  [
    messages.refundChecklist.itemMissingWithFiles('Factura'),
    'server.itemMissingWithFiles',
    { item: 'Factura' },
  ],
  [messages.refundLinks.filesTooMany(5), 'links.filesTooMany', { max: '5' }],
  [messages.refundLinks.linkExpired('reintegros@x.com'), 'links.linkExpired', { email: 'reintegros@x.com' }],
  [
    messages.refundLinks.failureMailbox('reintegros@x.com'),
    'links.failureMailbox',
    { email: 'reintegros@x.com' },
  ],
  [messages.refundDecisions.linkDecided('Aprobado'), 'decisions.linkDecided', { outcome: 'Aprobado' }],
  [messages.amounts.tooLarge(12), 'amounts.tooLarge', { digits: '12' }],
  [messages.amounts.otherCurrency('USD', 'EUR'), 'amounts.otherCurrency', { typed: 'USD', chosen: 'EUR' }],
  [messages.common.bodyTooDeep(20), 'server.bodyTooDeep', { max: '20' }],
  // A grouped Spanish count goes back in as a number, so English groups it its own way.
  [messages.common.bodyTooManyElements(100000), 'server.bodyTooManyElements', { max: 100000 }],
];

/** The portal's fixed messages: the error handler's, the rate limits', the contracts' and the checks'. */
const fixed: readonly string[] = [
  messages.common.genericError,
  messages.common.genericRetry,
  messages.common.malformedRequest,
  messages.common.notFound,
  messages.common.required,
  messages.common.tooManyRequests,
  messages.common.unknownField,
  messages.common.invalidValue,
  messages.common.invalidCharacters,
  messages.common.conflict,
  messages.common.mustBeNumeric,
  messages.common.dateInvalid,
  messages.refund.idempotencyKeyInvalid,
  ...(Object.values(messages.banking) as string[]),
  ...(Object.values(messages.refund) as unknown[]).filter(
    (value): value is string => typeof value === 'string' && /[.:]$/.test(value) && value.includes(' '),
  ),
];

/** Spanish texts that read the same in Portuguese (a check below proves they are in the catalogue). */
const sameInPortuguese = new Set<string>(['Valor inválido.', 'Formato inválido']);
/** The staff side's texts among messages.refund (never answered on a portal route). */
const staffOnly = new Set<string>([messages.refund.cciUnverified]);

describe('the portal’s server messages in pt and en', () => {
  it('reads every message with variable parts back to its key and values', () => {
    for (const [spanish, key, values] of withValues) {
      expect(readSpanishWithValues(spanish), spanish).toEqual({ key, values });
      for (const language of ['pt', 'en'] as const) {
        const shown = translatorOf(language).fromSpanish(spanish);
        // Counts grouped, dates in the language's order, a status label in the language (issue 42).
        const grouped = Object.fromEntries(
          Object.entries(values).map(([name, value]) => [
            name,
            typeof value === 'number'
              ? value.toLocaleString(language === 'en' ? 'en-US' : 'pt-BR')
              : /^\d{2}\/\d{2}\/\d{4}$/.test(value)
                ? formatDateIn(language, value.split('/').reverse().join('-'))
                : value === 'Aprobado'
                  ? translate(language, 'status.APROBADO')
                  : value,
          ]),
        );
        expect(shown, `${language}: ${spanish}`).toBe(translate(language, key, grouped));
        expect(shown, `${language}: ${spanish}`).not.toBe(spanish);
        expect(shown).not.toMatch(/[{}]/);
      }
      expect(translatorOf('es').fromSpanish(spanish)).toBe(spanish);
      // The Spanish template gives back exactly the SPEC's Spanish the server sent.
      if (Object.values(values).every((value) => typeof value === 'string'))
        expect(translate('es', key, values)).toBe(spanish);
    }
  });

  it('covers every template key, and only those keys read values back', () => {
    expect(new Set(withValues.map(([, key]) => key))).toEqual(new Set(SPANISH_TEMPLATE_KEYS));
    // A free text that merely starts like a catalogue line is not taken for one.
    expect(readSpanishWithValues('Observaciones: falta la factura')).toBeNull();
    expect(translatorOf('pt').fromSpanish('Máximo treinta caracteres')).toBe('Máximo treinta caracteres');
  });

  it('has every fixed message in pt and en', () => {
    const missing: string[] = [];
    for (const spanish of fixed) {
      if (staffOnly.has(spanish)) continue;
      for (const language of ['pt', 'en'] as const) {
        const shown = translatorOf(language).fromSpanish(spanish);
        const same = shown === spanish && !(language === 'pt' && sameInPortuguese.has(spanish));
        if (same) missing.push(`${language}: ${spanish}`);
      }
    }
    expect(missing).toEqual([]);
    for (const spanish of sameInPortuguese) expect(translatorOf('en').fromSpanish(spanish)).not.toBe(spanish);
    expect(LANGUAGES).toEqual(['es', 'pt', 'en']);
  });

  it('keeps the authorization letter’s Spanish exactly, and writes it whole in pt and en', () => {
    const legacy = messages.refund.authorizationLetterDocument;
    const blank = '______________________________';
    const short = '________________';
    expect(authorizationLetterLines('Marca', 'es').map((line) => line.text)).toEqual([
      legacy.title,
      legacy.place(blank),
      legacy.addressee('Marca'),
      legacy.present,
      ...legacy.paragraphs('Marca', blank, short),
      legacy.holderSignature(blank),
      legacy.printedName(blank),
      legacy.authorizedSignature(blank),
      legacy.printedName(blank),
      legacy.instructions,
    ]);
    for (const language of ['pt', 'en'] as const) {
      const lines = authorizationLetterLines('Marca', language).map((line) => line.text);
      const spanish = authorizationLetterLines('Marca', 'es').map((line) => line.text);
      lines.forEach((line, index) => {
        expect(line).not.toBe(spanish[index]);
        expect(line).not.toMatch(/[{}]/);
      });
    }
  });
});

describe('structured server messages: {detail, code, values} (issue 42, third part)', () => {
  /** Every code the portal's server answers beside a detail, with the Spanish the SPEC fixes. */
  const coded: [code: MessageKey, values: Record<string, string | number>, spanish: string][] = [
    ['refund.uploadBusy', { minutes: 2 }, messages.refund.uploadBusy(2)],
    ['refund.filesTooMany', { max: 10 }, messages.refund.filesTooMany(10)],
    ['refund.uploadQuotaExceeded', { megabytes: 1024 }, messages.refund.uploadQuotaExceeded(1024)],
    ['links.filesTooMany', { max: 5 }, messages.refundLinks.filesTooMany(5)],
    [
      'links.linkExpired',
      { email: 'reintegros@x.com' },
      messages.refundLinks.linkExpired('reintegros@x.com'),
    ],
    ['decisions.linkDecided', { outcome: 'Rechazado' }, messages.refundDecisions.linkDecided('Rechazado')],
  ];

  it('each code with its values is exactly the Spanish detail, and is shown in pt and en by its code', () => {
    forgetCodedMessages();
    for (const [code, values, spanish] of coded) {
      const asText = Object.fromEntries(Object.entries(values).map(([name, value]) => [name, String(value)]));
      expect(translate('es', code, asText), code).toBe(spanish);
      // The client keeps what the answer carried (api/errors.ts), as a machine holds the detail.
      const error = errorFromAnswer(403, { detail: spanish, code, values });
      expect(error.message).toBe(spanish);
      expect(error.fields).toEqual({});
      expect(codedMessageOf(spanish)).toEqual({ code, values });
      for (const language of ['pt', 'en'] as const) {
        // Counts grouped the language's way; a status label in the language.
        const grouped = Object.fromEntries(
          Object.entries(values).map(([name, value]) => [
            name,
            typeof value === 'number'
              ? new Intl.NumberFormat(LOCALES[language], { useGrouping: 'always' }).format(value)
              : value === 'Rechazado'
                ? translate(language, 'status.RECHAZADO')
                : value,
          ]),
        );
        expect(translatorOf(language).fromSpanish(spanish)).toBe(translate(language, code, grouped));
      }
      expect(translatorOf('es').fromSpanish(spanish)).toBe(spanish);
    }
    // A count the English groups its own way ('1,024 MB'), which the template reading would not do.
    expect(translatorOf('en').fromSpanish(messages.refund.uploadQuotaExceeded(1024))).toContain('1,024 MB');
  });

  it('ignores a code whose Spanish is not the detail, and malformed ones (the template reading stays)', () => {
    forgetCodedMessages();
    const spanish = messages.refundLinks.filesTooMany(5);
    errorFromAnswer(413, { detail: spanish, code: 'links.filesTooMany', values: { max: 6 } });
    expect(translatorOf('en').fromSpanish(spanish)).toBe(translate('en', 'links.filesTooMany', { max: '5' }));
    for (const [code, values] of [
      ['links.nope', { max: 5 }],
      ['not a key', { max: 5 }],
      ['links.filesTooMany', { max: { nested: 1 } }],
      ['links.filesTooMany', [5]],
    ] as const) {
      forgetCodedMessages();
      errorFromAnswer(413, { detail: spanish, code, values });
      expect(translatorOf('pt').fromSpanish(spanish)).toBe(
        translate('pt', 'links.filesTooMany', { max: '5' }),
      );
    }
    expect(codedMessageOf('Otra cosa')).toBeUndefined();
    // A staff answer whose field is named 'code' keeps it as a field error.
    const staff = errorFromAnswer(400, { detail: 'Hubo un error', code: ['Requerido'] });
    expect(staff.fields).toEqual({ code: ['Requerido'] });
  });
});
