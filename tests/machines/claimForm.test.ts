import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import {
  acceptFiles,
  availableCoverages,
  canAddFiles,
  claimFormMachine,
  claimProblems,
  toggleService,
} from '../../machines/claimForm';
import {
  claimFormModel,
  MEDICAL,
  MULTI_CAUSE,
  receiptBad,
  receiptPdf,
  receiptPng,
  sampleRefundLogin,
  sampleUploaded,
  twentyReceipts,
} from '../../machines/models/refund';
import { messages } from '../../src/contracts/messages';
import { emptyMultiCause, MAX_CLAIM_FILES } from '../../src/contracts/refund';
import { testMachineModel } from './harness';

const text = messages.refund;
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
]);

testMachineModel('claimForm', claimFormModel, {
  editing: (snapshot, event) => {
    const context = snapshot.context;
    for (const message of Object.values(context.errors)) expect(knownMessages).toContain(message);
    // Issue 17: every shown error is the field's current problem; a valid field shows none.
    const now = claimProblems(context);
    for (const [key, message] of Object.entries(context.errors))
      expect(now[key as keyof typeof now]).toBe(message);
    if (event.type === 'SUBMIT') expect(context.errors).toEqual(now);
    if (context.fileNotice)
      expect([text.badExtension, text.duplicateFileName, text.filesTooMany(MAX_CLAIM_FILES)]).toContain(
        context.fileNotice,
      );
    expect(context.files.length).toBeLessThanOrEqual(MAX_CLAIM_FILES);
    // The required-documents warning and the multi-cause section follow the coverage.
    expect(context.requiredItems).toEqual(sampleRefundLogin.refunds.required_items[context.coverage] ?? []);
    expect(context.isMultiCause).toBe(context.coverage === MULTI_CAUSE);
    if (!context.isMultiCause) expect(context.multiCause).toEqual(emptyMultiCause());
    // Unchecked services carry no amounts; transporte unchecked has no sub-service.
    const mc = context.multiCause;
    for (const service of [mc.alojamientos, mc.excursiones, mc.otro]) {
      if (!service.selected) expect([service.montoPagado, service.montoRecuperado]).toEqual(['', '']);
    }
    if (!mc.transporte.selected) expect(mc.transporte.vuelos.selected).toBe(false);
    if (context.uploadError) expect(context.progress).toBe(0);
  },
  preparing: (snapshot) => {
    expect(snapshot.context.errors).toEqual({});
    expect(snapshot.context.files.length).toBeGreaterThan(0);
    expect(snapshot.context.coverage).not.toBe('');
  },
  loaded: (snapshot) => {
    expect(snapshot.status).toBe('done');
    const claim = snapshot.output!;
    expect(claim.amount).toBe('1234.50');
    expect(claim.sinister_date).toBe('2024-01-10');
    expect(claim.coverage_files).toEqual(sampleUploaded.map(({ id, name }) => ({ id, name })));
    expect(claim.receiptCount).toBe(snapshot.context.files.length);
    if (claim.coverage === MULTI_CAUSE) expect(claim.multi_cause).not.toBeNull();
    else expect(claim.multi_cause).toBeNull();
  },
});

describe('claimForm rules', () => {
  it('refuses bad extensions, duplicate names and files beyond 20, then accepts again after a removal', () => {
    expect(acceptFiles([], [receiptBad]).notice).toBe(text.badExtension);
    expect(acceptFiles([receiptPdf], [{ ...receiptPdf, id: 'x', name: 'FACTURA.PDF' }]).notice).toBe(
      text.duplicateFileName,
    );
    const full = acceptFiles([], twentyReceipts);
    expect(full.files).toHaveLength(MAX_CLAIM_FILES);
    expect(full.notice).toBe(text.filesTooMany(MAX_CLAIM_FILES));
    expect(canAddFiles(full)).toBe(false);

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
    actor.send({ type: 'FILES_CHOSEN', files: [receiptPdf] });
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
    actor.send({ type: 'FILES_CHOSEN', files: [receiptPdf] });
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
