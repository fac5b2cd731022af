/**
 * Issue 42 (field codes): a portal route's field errors carry, beside the SPEC's unchanged
 * `{field: [messages]}`, each message's catalogue code and values (`codes`, src/server/http/fieldCodes.ts);
 * the client takes `codes` off the answer and shows each message by its code in the traveller's
 * language (src/contracts/i18n/coded.ts). Every code the server can send is a key of es.ts with
 * the same arguments in pt.ts and en.ts.
 */
import { describe, expect, it } from 'vitest';
import { errorFromAnswer } from '../../src/client/api/errors';
import {
  catalogues,
  codedMessageOf,
  codeOfSpanish,
  forgetCodedMessages,
  type MessageKey,
  SPANISH_TEMPLATE_KEYS,
  translate,
  translatorOf,
} from '../../src/contracts/i18n';
import { es } from '../../src/contracts/i18n/es';
import { messages } from '../../src/contracts/messages';
import { paymentUpdateProblems } from '../../src/contracts/refund/links';
import { fieldCodesOf, fieldErrorsBody, isPortalRoute } from '../../src/server/http/fieldCodes';
import { icuArguments } from './icuArguments';

/**
 * Every code `codeOfSpanish` can give: the keys whose Spanish has no argument (an exact text) and
 * the template keys (a text with values).
 */
const serverCodes: MessageKey[] = [
  ...(Object.keys(es) as MessageKey[]).filter((key) => !es[key].includes('{')),
  ...SPANISH_TEMPLATE_KEYS,
];

/** Field messages of the portal: the bank fields of every country, the claim's, with values. */
const fieldMessages: string[] = [
  ...(Object.values(messages.banking) as string[]),
  ...Object.values(
    paymentUpdateProblems({ cbu: '123', cuit_cuil: '' }, ['cbu', 'cuit_cuil'], 'ARG') as Record<
      string,
      string
    >,
  ),
  messages.refund.fieldRequired,
  messages.refund.sinisterDateRequired,
  messages.refund.tooLong(30),
  messages.refund.dateOutsideValidity('01/11/2026', '30/11/2026'),
  messages.refundChecklist.checklistIncomplete(['Factura', 'Receta']),
  messages.refundChecklist.itemUnknown('Factura'),
  messages.amounts.tooLarge(12),
  messages.amounts.otherCurrency('USD', 'EUR'),
];

/** A request as the portal's client makes it (asking for codes). */
const portalRequest = (url: string) => ({ url, headers: { 'x-message-codes': '1' } });

describe('field codes (issue 42)', () => {
  it('every code the server can send is in es, pt and en with the same arguments', () => {
    expect(serverCodes.length).toBeGreaterThan(300);
    const problems: string[] = [];
    for (const code of serverCodes) {
      const expected = icuArguments(es[code]);
      for (const language of ['pt', 'en'] as const) {
        const text = catalogues[language][code];
        if (typeof text !== 'string' || text.trim() === '') problems.push(`${language} ${code}: missing`);
        else if (icuArguments(text).join() !== expected.join())
          problems.push(`${language} ${code}: arguments differ`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('gives each portal field message its code and values: exactly the Spanish, another text in pt and en', () => {
    for (const spanish of fieldMessages) {
      const coded = codeOfSpanish(spanish);
      expect(coded, spanish).not.toBeNull();
      const { code, values } = coded!;
      expect(serverCodes).toContain(code);
      const asText = Object.fromEntries(Object.entries(values).map(([name, value]) => [name, String(value)]));
      expect(translate('es', code, asText)).toBe(spanish);
      expect(icuArguments(es[code])).toEqual(Object.keys(values).sort());
      expect(translate('en', code, asText)).not.toBe(spanish);
    }
    // Data staff wrote is no code.
    expect(codeOfSpanish('Legibles, por favor')).toBeNull();
  });

  it('answers codes beside the messages on a portal route only, in their order, null for an uncoded one', () => {
    const fields = {
      cbu: [messages.banking.cbuLength],
      comment: ['Texto escrito por alguien', messages.refund.tooLong(255)],
    };
    const portal = fieldErrorsBody(fields, undefined, portalRequest('/api/refund_data/update-fields/'));
    expect(portal).toEqual({
      ...fields,
      codes: {
        cbu: [{ code: codeOfSpanish(messages.banking.cbuLength)!.code, values: {} }],
        comment: [null, { code: 'refund.tooLong', values: { max: '255' } }],
      },
    });
    // Staff routes keep the SPEC's shape exactly.
    expect(fieldErrorsBody(fields, undefined, portalRequest('/api/refund/7/actions/reject/'))).toEqual(
      fields,
    );
    expect(fieldErrorsBody(fields, 'Hubo un error', portalRequest('/api/offices/'))).toEqual({
      detail: 'Hubo un error',
      ...fields,
    });
    // A caller that did not ask (a script, the SPEC's clients) gets the SPEC's shape.
    expect(
      fieldErrorsBody(fields, undefined, { url: '/api/refund_data/update-fields/', headers: {} }),
    ).toEqual(fields);
    // Nothing coded: no codes.
    expect(fieldCodesOf({ name: ['Texto escrito por alguien'] })).toBeNull();
    expect(isPortalRoute('/api/authentication_pending_doc/?refund_id=1')).toBe(true);
    expect(isPortalRoute('/api/refund/1/')).toBe(false);
  });

  it('the client takes the codes off the answer and shows each message by its code', () => {
    forgetCodedMessages();
    const spanish = messages.refund.tooLong(1000);
    const body = fieldErrorsBody({ comment: [spanish] }, undefined, portalRequest('/api/refund_data/'));
    const error = errorFromAnswer(400, body);
    expect(error.fields).toEqual({ comment: [spanish] });
    expect(error.message).toBe(spanish);
    expect(codedMessageOf(spanish)).toEqual({ code: 'refund.tooLong', values: { max: '1000' } });
    expect(translatorOf('en').fromSpanish(spanish)).toBe(translate('en', 'refund.tooLong', { max: '1000' }));
    expect(translatorOf('es').fromSpanish(spanish)).toBe(spanish);
    // A code that does not give the Spanish is ignored (the template reading stays the fallback).
    forgetCodedMessages();
    errorFromAnswer(400, {
      comment: [spanish],
      codes: { comment: [{ code: 'refund.tooLong', values: { max: 5 } }] },
    });
    expect(translatorOf('pt').fromSpanish(spanish)).toBe(translate('pt', 'refund.tooLong', { max: '1000' }));
    // A staff form's field named 'codes' (a list of messages) stays a field.
    expect(errorFromAnswer(400, { codes: ['Requerido'] }).fields).toEqual({ codes: ['Requerido'] });
    // Malformed codes are dropped without touching the messages.
    expect(errorFromAnswer(400, { cbu: ['x'], codes: { cbu: 'nope' } }).fields).toEqual({ cbu: ['x'] });
  });
});
