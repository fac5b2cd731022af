import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { type AnyEventObject, createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import {
  acceptFiles,
  availableCoverages,
  CLAIM_READING_ID,
  canAddFiles,
  claimAmountFeedback,
  claimFormMachine,
  claimProblems,
  claimReceiptReadingMachine,
  emptyItems,
  pagesOf,
  toggleService,
} from '../../machines/claimForm';
import { readingsRead } from '../../machines/models/receiptReading';
import {
  claimFormModel,
  itemReceipt,
  MEDICAL,
  MEDICAL_ITEMS,
  MULTI_CAUSE,
  receiptBad,
  receiptPdf,
  receiptPng,
  receiptRenamed,
  receiptThreePages,
  sampleRefundLogin,
  sampleUploaded,
  secondItemReceipt,
  twentyReceipts,
} from '../../machines/models/refund';
import type { ReadingQuery } from '../../machines/receiptReading';
import { messages } from '../../src/contracts/messages';
import { emptyMultiCause, MAX_CLAIM_FILES } from '../../src/contracts/refund';
import { testMachineModel } from './harness';

const text = messages.refund;
const checklistText = messages.refundChecklist;
/** Every refusal of a pick over the limit (pages already there, pages picked). */
const overLimitNotices = new Set<string>();
for (let have = 0; have <= MAX_CLAIM_FILES; have++)
  for (let picked = 1; picked <= MAX_CLAIM_FILES + 3; picked++)
    if (have + picked > MAX_CLAIM_FILES)
      overLimitNotices.add(checklistText.pickOverLimit(MAX_CLAIM_FILES, have, picked));
const knownMessages = new Set<string>([
  text.coverageRequired,
  text.coverageRepeated,
  text.sinisterCountryRequired,
  text.sinisterDateRequired,
  text.dateInvalid,
  text.dateOutOfRange,
  text.dateOutsideValidity('05/01/2024', '20/01/2024'),
  text.currencyRequired,
  text.amountRequired,
  text.amountInvalid,
  text.amountNotPositive,
  text.filesRequired,
  text.serviceRequired,
  text.transportServiceRequired,
  text.montoPagadoRequired,
  text.montoRecuperadoRequired,
  text.nombreServicioRequired,
  checklistText.reasonRequired,
  // Issue 40: the one amount parser's refusals (src/contracts/money.ts).
  ...Object.values(messages.amounts).filter((message) => typeof message === 'string'),
  messages.amounts.tooLarge(7),
]);

/** The coverage the path chose last ('' before any). */
function chosenCoverage(trail: readonly AnyEventObject[]): string {
  return trail.findLast((event) => event.type === 'COVERAGE_CHOSEN')?.coverage ?? '';
}

testMachineModel('claimForm', claimFormModel, {
  editing: (snapshot, event, trail) => {
    const context = snapshot.context;
    for (const [key, message] of Object.entries(context.errors))
      if (key === 'checklist') expect(message).toBe(checklistText.checklistIncomplete(emptyItems(context)));
      else expect(knownMessages).toContain(message);
    // Issue 17: every shown error is the field's current problem; a valid field shows none; a
    // submit shows every problem.
    const now = claimProblems(context);
    const shown = event.type === 'SUBMIT' ? Object.keys(now) : Object.keys(context.errors);
    expect(context.errors).toEqual(
      Object.fromEntries(shown.map((key) => [key, now[key as keyof typeof now]])),
    );
    // Issue 40 (traveller reach): a file whose bytes are not what its name says is refused at the
    // pick, named.
    for (const file of context.files) expect(file.contentMismatch).not.toBe(true);
    expect(
      (
        [null, text.badExtension, text.duplicateFileName, text.fileContentMismatch(receiptRenamed.name)] as (
          | string
          | null
        )[]
      ).includes(context.fileNotice) || overLimitNotices.has(context.fileNotice ?? ''),
    ).toBe(true);
    // Issue 30 §4: the limit counts pages and is never passed (a pick over it is refused whole).
    expect(pagesOf(context.files)).toBeLessThanOrEqual(MAX_CLAIM_FILES);
    if (event.type === 'FILES_CHOSEN' && overLimitNotices.has(context.fileNotice ?? ''))
      expect(pagesOf(context.files) + pagesOf(event.files)).toBeGreaterThan(MAX_CLAIM_FILES);
    // Issue 30 §3: files sit under the coverage's items or 'Otros documentos'; an item with files
    // is not 'No lo tengo'; only the coverage's items are marked.
    for (const file of context.files)
      expect(file.item === null || context.requiredItems.includes(file.item)).toBe(true);
    for (const item of Object.keys(context.missing)) {
      expect(context.requiredItems).toContain(item);
      expect(context.files.some((file) => file.item === item)).toBe(false);
    }
    // The required-documents warning and the multi-cause section follow the coverage the path chose.
    expect(context.coverage).toBe(chosenCoverage(trail));
    expect(context.requiredItems).toEqual(sampleRefundLogin.refunds.required_items[context.coverage] ?? []);
    expect(context.isMultiCause).toBe(context.coverage === MULTI_CAUSE);
    // Outside the multi-cause coverage the section is empty.
    expect([context.isMultiCause, isDeepStrictEqual(context.multiCause, emptyMultiCause())]).not.toEqual([
      false,
      false,
    ]);
    // Unchecked services carry no amounts; transporte unchecked has no sub-service.
    const mc = context.multiCause;
    const unchecked = [mc.alojamientos, mc.excursiones, mc.otro].filter((service) => !service.selected);
    expect(unchecked.map((service) => [service.montoPagado, service.montoRecuperado])).toEqual(
      unchecked.map(() => ['', '']),
    );
    expect([mc.transporte.selected, mc.transporte.vuelos.selected]).not.toEqual([false, true]);
    // A failed upload leaves no progress behind; the failure is the path's own message.
    expect([Boolean(context.uploadError), context.progress > 0]).not.toEqual([true, true]);
    // It stays until dismissed (a failure is the only way back from preparing).
    const upload = trail.findLast((step) => ['PREPARE_FAILED', 'NOTICE_DISMISSED'].includes(step.type));
    expect(context.uploadError).toBe(upload?.type === 'PREPARE_FAILED' ? upload.message : null);
    // Issue 31: an accepted reading fills amount, currency and date as the fields show them.
    if (event.type === 'READING_ACCEPTED')
      expect(context.values).toMatchObject({
        amount: '1.234,50',
        currency: 'USD',
        sinister_date: '10/01/2024',
      });
  },
  preparing: (snapshot) => {
    expect(snapshot.context.errors).toEqual({});
    // Issue 30 §3: every item of the checklist has files or 'No lo tengo' with a reason.
    expect(emptyItems(snapshot.context)).toEqual([]);
    for (const reason of Object.values(snapshot.context.missing)) expect(reason.trim()).not.toBe('');
    expect(snapshot.context.files.length).toBeGreaterThan(0);
    expect(snapshot.context.coverage).not.toBe('');
  },
  loaded: (snapshot, _event, trail) => {
    expect(snapshot.status).toBe('done');
    const claim = snapshot.output!;
    expect(claim.amount).toBe('1234.50');
    expect(claim.sinister_date).toBe('2024-01-10');
    const { files, sources, missing } = snapshot.context;
    expect(claim.coverage_files).toEqual(
      sampleUploaded.map(({ id, name }, index) => ({ id, name, item: files[sources[index]].item })),
    );
    expect(claim.missing_items).toEqual(
      Object.entries(missing).map(([item, reason]) => ({ item, reason: reason.trim() })),
    );
    expect(claim.receiptCount).toBe(pagesOf(files));
    // The multi-cause detail goes with the multi-cause coverage only.
    expect(claim.coverage).toBe(chosenCoverage(trail));
    expect(claim.multi_cause === null).toBe(claim.coverage !== MULTI_CAUSE);
  },
});

describe('claimForm rules', () => {
  it('refuses bad extensions, duplicate names and a pick beyond 20 pages, then accepts again after a removal', () => {
    expect(acceptFiles([], [receiptBad]).notice).toBe(text.badExtension);
    expect(acceptFiles([], [receiptRenamed])).toEqual({
      files: [],
      notice: text.fileContentMismatch('notas.jpg'),
    });
    expect(acceptFiles([receiptPdf], [{ ...receiptPdf, id: 'x', name: 'FACTURA.PDF' }]).notice).toBe(
      text.duplicateFileName,
    );
    const full = acceptFiles([], twentyReceipts);
    expect(full.files).toHaveLength(MAX_CLAIM_FILES);
    expect(full.notice).toBeNull();
    expect(canAddFiles(full)).toBe(false);
    // Issue 30 §4: a pick that would pass the limit is refused whole, at the pick; PDF pages count.
    const over = acceptFiles(twentyReceipts.slice(0, 18), [receiptThreePages]);
    expect(over.files).toHaveLength(18);
    expect(over.notice).toBe(checklistText.pickOverLimit(MAX_CLAIM_FILES, 18, 3));
    const fits = acceptFiles(twentyReceipts.slice(0, 17), [receiptThreePages]);
    expect(pagesOf(fits.files)).toBe(MAX_CLAIM_FILES);
    expect(fits.notice).toBeNull();
    expect(canAddFiles(fits)).toBe(false);

    const actor = createActor(claimFormMachine, {
      input: { rules: sampleRefundLogin.refunds, loadedCoverages: [] },
    }).start();
    actor.send({ type: 'FILES_CHOSEN', files: twentyReceipts });
    expect(canAddFiles(actor.getSnapshot().context)).toBe(false);
    actor.send({ type: 'FILE_REMOVED', id: twentyReceipts[0].id });
    expect(canAddFiles(actor.getSnapshot().context)).toBe(true);
    actor.send({ type: 'FILES_CHOSEN', files: [receiptPng] });
    expect(actor.getSnapshot().context.files).toHaveLength(MAX_CLAIM_FILES);
    actor.stop();
  });

  it("reads amounts typed either way, in the currency's minor units, never rewriting them (issue 40)", () => {
    const idle = claimFormMachine.provide({ actors: { prepareFiles: fromCallback(() => {}) } });
    const actor = createActor(idle, {
      input: { rules: sampleRefundLogin.refunds, loadedCoverages: [] },
    }).start();
    const fields = { sinister_country: 'ARG', sinister_date: '10/01/2024', currency: 'USD' };
    const errorFor = (amount: string, currency = 'USD') => {
      actor.send({ type: 'FIELDS_CHANGED', values: { ...fields, currency, amount } });
      expect(actor.getSnapshot().context.values.amount).toBe(amount);
      return claimProblems(actor.getSnapshot().context).amount;
    };
    for (const typed of ['1,000.50', '1000.50', '1.000,50', 'US$ 1.000,50', '1000,5']) {
      expect(errorFor(typed)).toBeUndefined();
      expect(claimAmountFeedback(typed, 'USD').understood ?? 'Se cargará: USD 1.000,50').toBe(
        'Se cargará: USD 1.000,50',
      );
    }
    expect(claimAmountFeedback('1.000', 'USD').understood).toBe('Se cargará: USD 1.000,00');
    expect(errorFor('12345678')).toBe(messages.amounts.tooLarge(7));
    expect(errorFor('-5')).toBe(messages.amounts.negative);
    expect(errorFor('84.900', 'CLP')).toBeUndefined();
    expect(errorFor('84.900,50', 'CLP')).toBe(messages.amounts.tooManyDecimals(0, 'CLP'));
  });

  it('an amount it cannot read is an error only once the machine holds it, after SUBMIT (issue 40)', () => {
    const idle = claimFormMachine.provide({ actors: { prepareFiles: fromCallback(() => {}) } });
    const actor = createActor(idle, {
      input: { rules: sampleRefundLogin.refunds, loadedCoverages: [] },
    }).start();
    const errors = () => actor.getSnapshot().context.errors;
    actor.send({
      type: 'FIELDS_CHANGED',
      values: { sinister_country: 'ARG', sinister_date: '10/01/2024', currency: 'USD', amount: '12345678' },
    });
    actor.send({ type: 'COVERAGE_CHOSEN', coverage: MULTI_CAUSE });
    actor.send({ type: 'FILES_CHOSEN', files: [receiptPdf], item: 'Carta de penalidad del prestador' });
    actor.send({ type: 'SERVICE_TOGGLED', service: 'otro', selected: true });
    actor.send({ type: 'SERVICE_NAME_CHANGED', value: 'Entradas' });
    actor.send({ type: 'SERVICE_AMOUNT_CHANGED', service: 'otro', amount: 'montoPagado', value: '1,2345' });
    actor.send({ type: 'SERVICE_AMOUNT_CHANGED', service: 'otro', amount: 'montoRecuperado', value: '0' });
    // While typing: the dialog only hints how it reads them (claimAmountFeedback); no error held.
    expect(errors()).toEqual({});
    expect(claimAmountFeedback('12345678', 'USD').problem).toBe(messages.amounts.tooLarge(7));
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(errors()).toEqual({
      amount: messages.amounts.tooLarge(7),
      'multi_cause.otro.montoPagado': messages.amounts.tooManyDecimals(2, 'USD'),
    });
    // Typed again and still unreadable: the held error follows what is typed now.
    actor.send({ type: 'FIELDS_CHANGED', values: { amount: '-5' } });
    expect(errors().amount).toBe(messages.amounts.negative);
    // Readable (the English way): the error goes; the service's stays until it is fixed.
    actor.send({ type: 'FIELDS_CHANGED', values: { amount: '1,000.50' } });
    expect(errors()).toEqual({ 'multi_cause.otro.montoPagado': messages.amounts.tooManyDecimals(2, 'USD') });
    actor.send({ type: 'SERVICE_AMOUNT_CHANGED', service: 'otro', amount: 'montoPagado', value: '1.234,50' });
    expect(errors()).toEqual({});
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('preparing');
    actor.stop();
  });

  it('holds files per checklist item, names the empty items, and takes "No lo tengo" only with a reason (issue 30 §3)', () => {
    const idle = claimFormMachine.provide({ actors: { prepareFiles: fromCallback(() => {}) } });
    const actor = createActor(idle, {
      input: { rules: sampleRefundLogin.refunds, loadedCoverages: [] },
    }).start();
    const [first, second] = MEDICAL_ITEMS;
    actor.send({
      type: 'FIELDS_CHANGED',
      values: { sinister_country: 'ARG', sinister_date: '10/01/2024', currency: 'USD', amount: '100' },
    });
    actor.send({ type: 'COVERAGE_CHOSEN', coverage: MEDICAL });
    actor.send({ type: 'FILES_CHOSEN', files: [receiptPng] });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.errors).toEqual({
      checklist: checklistText.checklistIncomplete([first, second]),
    });
    actor.send({ type: 'FILES_CHOSEN', files: [itemReceipt], item: first });
    expect(actor.getSnapshot().context.errors).toEqual({
      checklist: checklistText.checklistIncomplete([second]),
    });
    // An item not in the checklist puts the file under 'Otros documentos'.
    actor.send({ type: 'FILES_CHOSEN', files: [receiptPdf], item: 'Pasaporte' });
    expect(actor.getSnapshot().context.files.at(-1)?.item).toBeNull();
    // 'No lo tengo' cannot be marked on an item that has files.
    actor.send({ type: 'ITEM_MISSING_TOGGLED', item: first, missing: true });
    expect(actor.getSnapshot().context.missing).toEqual({});
    actor.send({ type: 'ITEM_MISSING_TOGGLED', item: second, missing: true });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.errors).toEqual({
      [`missing.${second}`]: checklistText.reasonRequired,
    });
    actor.send({ type: 'MISSING_REASON_CHANGED', item: second, reason: 'x'.repeat(201) });
    expect(actor.getSnapshot().context.errors).toEqual({
      [`missing.${second}`]: checklistText.reasonTooLong(200),
    });
    // A file under the item answers it: 'No lo tengo' goes away.
    actor.send({ type: 'FILES_CHOSEN', files: [secondItemReceipt], item: second });
    expect(actor.getSnapshot().context.missing).toEqual({});
    expect(actor.getSnapshot().context.errors).toEqual({});
    actor.send({ type: 'FILE_REMOVED', id: secondItemReceipt.id });
    actor.send({ type: 'ITEM_MISSING_TOGGLED', item: second, missing: true });
    actor.send({ type: 'MISSING_REASON_CHANGED', item: second, reason: '  El médico no lo entregó ' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('preparing');
    actor.send({ type: 'PREPARE_DONE', files: sampleUploaded, sources: [1, 2] });
    expect(actor.getSnapshot().output).toMatchObject({
      coverage_files: [
        { id: sampleUploaded[0].id, name: sampleUploaded[0].name, item: first },
        { id: sampleUploaded[1].id, name: sampleUploaded[1].name, item: null },
      ],
      missing_items: [{ item: second, reason: 'El médico no lo entregó' }],
      receiptCount: 3,
    });
    actor.stop();
  });

  it('moves files under items the new coverage does not list to "Otros documentos" and drops its "No lo tengo"', () => {
    const actor = createActor(claimFormMachine, {
      input: { rules: sampleRefundLogin.refunds, loadedCoverages: [] },
    }).start();
    actor.send({ type: 'COVERAGE_CHOSEN', coverage: MEDICAL });
    actor.send({ type: 'FILES_CHOSEN', files: [itemReceipt], item: MEDICAL_ITEMS[0] });
    actor.send({ type: 'ITEM_MISSING_TOGGLED', item: MEDICAL_ITEMS[1], missing: true });
    actor.send({ type: 'COVERAGE_CHOSEN', coverage: MULTI_CAUSE });
    expect(actor.getSnapshot().context.files.map((file) => file.item)).toEqual([null]);
    expect(actor.getSnapshot().context.missing).toEqual({});
    expect(actor.getSnapshot().context.requiredItems).toEqual(['Carta de penalidad del prestador']);
    actor.stop();
  });

  it('does not offer coverages already loaded', () => {
    expect(
      availableCoverages({ rules: sampleRefundLogin.refunds, loadedCoverages: ['Gastos de farmacia'] }),
    ).toEqual([MEDICAL, MULTI_CAUSE]);
  });

  it('unchecking a service clears its amounts; unchecking transporte clears its sub-services', () => {
    let value = toggleService(emptyMultiCause(), 'alojamientos', true);
    value = { ...value, alojamientos: { selected: true, montoPagado: '10,00', montoRecuperado: '1' } };
    value = toggleService(value, 'alojamientos', false);
    expect(value.alojamientos).toEqual({ selected: false, montoPagado: '', montoRecuperado: '' });
    value = toggleService(value, 'transporte', true);
    value = toggleService(value, 'transporte.bus', true);
    expect(value.transporte.bus.selected).toBe(true);
    value = toggleService(value, 'transporte', false);
    expect(value.transporte).toEqual(emptyMultiCause().transporte);
    // A sub-service cannot be chosen while transporte is unchecked.
    expect(toggleService(value, 'transporte.bus', true)).toEqual(value);
  });

  it('refuses an event date outside the voucher validity, and clears it once inside (issue 17)', () => {
    const idle = claimFormMachine.provide({ actors: { prepareFiles: fromCallback(() => {}) } });
    const actor = createActor(idle, {
      input: { rules: sampleRefundLogin.refunds, loadedCoverages: [] },
    }).start();
    actor.send({
      type: 'FIELDS_CHANGED',
      values: { sinister_country: 'ARG', sinister_date: '21/01/2024', currency: 'USD', amount: '100' },
    });
    actor.send({ type: 'COVERAGE_CHOSEN', coverage: MEDICAL });
    actor.send({ type: 'FILES_CHOSEN', files: [receiptPdf], item: MEDICAL_ITEMS[0] });
    actor.send({ type: 'FILES_CHOSEN', files: [receiptPng], item: MEDICAL_ITEMS[1] });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.errors).toEqual({
      sinister_date: text.dateOutsideValidity('05/01/2024', '20/01/2024'),
    });
    actor.send({ type: 'FIELDS_CHANGED', values: { sinister_date: '20/01/2024' } });
    expect(actor.getSnapshot().context.errors).toEqual({});
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('preparing');
    actor.stop();
  });

  it('blocks a multi-cause claim until its services are complete', () => {
    const idle = claimFormMachine.provide({ actors: { prepareFiles: fromCallback(() => {}) } });
    const actor = createActor(idle, {
      input: { rules: sampleRefundLogin.refunds, loadedCoverages: [] },
    }).start();
    actor.send({
      type: 'FIELDS_CHANGED',
      values: { sinister_country: 'ARG', sinister_date: '10/01/2024', currency: 'USD', amount: '100' },
    });
    actor.send({ type: 'COVERAGE_CHOSEN', coverage: MULTI_CAUSE });
    actor.send({ type: 'FILES_CHOSEN', files: [receiptPdf], item: 'Carta de penalidad del prestador' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.errors.multi_cause).toBe(text.serviceRequired);
    actor.send({ type: 'SERVICE_TOGGLED', service: 'transporte', selected: true });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.errors['multi_cause.transporte']).toBe(text.transportServiceRequired);
    actor.send({ type: 'SERVICE_TOGGLED', service: 'transporte.vuelos', selected: true });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.errors['multi_cause.transporte.vuelos.montoPagado']).toBe(
      text.montoPagadoRequired,
    );
    actor.send({
      type: 'SERVICE_AMOUNT_CHANGED',
      service: 'transporte.vuelos',
      amount: 'montoPagado',
      value: '1.500,00',
    });
    actor.send({
      type: 'SERVICE_AMOUNT_CHANGED',
      service: 'transporte.vuelos',
      amount: 'montoRecuperado',
      value: '0',
    });
    actor.send({ type: 'SERVICE_TOGGLED', service: 'otro', selected: true });
    actor.send({ type: 'SERVICE_AMOUNT_CHANGED', service: 'otro', amount: 'montoPagado', value: '10' });
    actor.send({ type: 'SERVICE_AMOUNT_CHANGED', service: 'otro', amount: 'montoRecuperado', value: '0' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.errors['multi_cause.otro.nombreServicio']).toBe(
      text.nombreServicioRequired,
    );
    actor.send({ type: 'SERVICE_NAME_CHANGED', value: 'Entradas' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('preparing');
    actor.stop();
  });
});

describe('claimForm receipt reading (issue 31)', () => {
  it('reads the first chosen receipt and fills the fields only when the suggestion is accepted', async () => {
    const asked: ReadingQuery[] = [];
    const machine = claimFormMachine.provide({
      actors: {
        receiptReading: claimReceiptReadingMachine.provide({
          actors: {
            fetchReadings: fromPromise(async ({ input }: { input: ReadingQuery }) => {
              asked.push(input);
              return readingsRead;
            }),
          },
        }),
      },
    });
    const actor = createActor(machine, {
      input: { rules: sampleRefundLogin.refunds, loadedCoverages: [] },
    }).start();
    actor.send({ type: 'FIELDS_CHANGED', values: { sinister_country: 'ARG', amount: '10' } });
    actor.send({ type: 'FILES_CHOSEN', files: [receiptPng, receiptPdf] });
    const reading = actor.getSnapshot().children[CLAIM_READING_ID] as
      | ReturnType<typeof createActor<typeof claimReceiptReadingMachine>>
      | undefined;
    expect(reading).toBeDefined();
    await waitFor(reading!, (snapshot) => snapshot.matches('suggested'));
    expect(asked).toEqual([{ fileIds: [receiptPng.id], country: 'ARG' }]);
    // Nothing is filled without consent.
    expect(actor.getSnapshot().context.values.amount).toBe('10');
    reading!.send({ type: 'ACCEPT' });
    expect(actor.getSnapshot().context.values).toMatchObject({
      amount: '12.345,50',
      currency: 'ARS',
      sinister_date: '12/11/2026',
    });
    // Removing the receipt being read silences the reading.
    actor.send({ type: 'FILES_CHOSEN', files: [itemReceipt] });
    actor.send({ type: 'FILE_REMOVED', id: itemReceipt.id });
    expect(reading!.getSnapshot().value).toBe('failed');
    actor.stop();
  });
});
