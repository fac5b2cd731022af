/**
 * The Oficinas descriptor and the generic pieces issue 12 added to descriptors and forms: nested
 * groups (with presence) and lists of records, the amount mask, search-mode filters, and a
 * `{detail, field}` answer keeping both for the form.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  type FormValues,
  type LoadedForm,
  type LoadFormRequest,
  resourceFormMachine,
  type SaveRequest,
} from '../../machines/resourceForm';
import type { ResourceRecord } from '../../machines/resourceList';
import { errorFromAnswer } from '../../src/client/api/errors';
import { listParams, validateValues } from '../../src/client/api/resources';
import {
  filterParamsOf,
  flatFields,
  formValueOf,
  ITEM_ID_KEY,
  PRESENT_KEY,
} from '../../src/client/resources/descriptor';
import { oficinasDescriptor } from '../../src/client/resources/descriptors/oficinas';
import { messages } from '../../src/contracts/messages';
import { type Office, officeWriteSchema } from '../../src/contracts/offices';

const office: Office = {
  id: 7,
  short_name: 'CASA',
  long_name: 'Casa Central Buenos Aires',
  is_enabled: true,
  country: 5,
  country_name: 'Argentina',
  parent: null,
  parent_name: null,
  bussines_unit: 1,
  bussines_unit_name: 'Unidad de Negocio Argentina',
  tags: [2, 3],
  tag_names: ['Agencias', 'Premium'],
  childrens: [{ id: 8, long_name: 'Sucursal Córdoba' }],
  site: '',
  executive: 'Lucía Fernández',
  legal_name: 'Casa Central S.A.',
  responsible: '',
  responsible_position: '',
  email: 'casa@example.com',
  phone: '+541143215678',
  cuit: '30712345671',
  schedule: '',
  key: '',
  enable_issuing: true,
  commission_percentage: '12.50',
  budget: '1234567.89',
  usd_credit: '0.00',
  balance: '500.00',
  payment_term: 30,
  pay_on_credit: true,
  no_credit_limit: false,
  notify_expiry_by_mail: false,
  invoice_issue_form: 'manual',
  b2c_charging: false,
  show_usd_quote: true,
  quote_only: false,
  payments: {
    id: 1,
    office: 7,
    pay_with_gds: true,
    pay_by_card: false,
    instalments: 6,
    card_provider: false,
    wallet_provider: true,
    web_payment_provider: false,
  },
  sperta: null,
  karing: {
    id: 4,
    office: 7,
    municipality: 12,
    municipality_name: 'Tandil (Buenos Aires)',
    karing_code: 'KR-1',
    address: '',
    is_enabled: true,
  },
  aditional_offices: [{ id: 30, office: 7, name: 'Centro', email: '', phone: '', address: '' }],
};

describe('the Oficinas form', () => {
  it('loads a record into nested values and sends them back as the contract expects', () => {
    const values = oficinasDescriptor.toValues({ ...office }, 'edit');
    expect(values.budget).toBe('1.234.567,89');
    expect(values.commission_percentage).toBe('12,50');
    expect(values.tags).toEqual(['2', '3']);
    expect(values.payments).toMatchObject({ pay_with_gds: true, instalments: '6' });
    expect(values.sperta).toMatchObject({ [PRESENT_KEY]: false, voucher_type: 'B' });
    expect(values.karing).toMatchObject({ [PRESENT_KEY]: true, municipality: '12' });
    expect(values.aditional_offices).toEqual([
      { [ITEM_ID_KEY]: '30', name: 'Centro', email: '', phone: '', address: '' },
    ]);

    const body = validateValues(oficinasDescriptor, values, 'edit');
    expect(body).toMatchObject({
      budget: '1.234.567,89',
      tags: [2, 3],
      sperta: null,
      karing: { municipality: 12, karing_code: 'KR-1', is_enabled: true },
      payments: { instalments: 6, wallet_provider: true },
      aditional_offices: [{ id: 30, name: 'Centro' }],
    });
    const parsed = officeWriteSchema.parse(body);
    expect(parsed.budget).toBe('1234567.89');
    expect(parsed.commission_percentage).toBe('12.50');
  });

  it('reports nested field errors under their full name', () => {
    const values = oficinasDescriptor.toValues({ ...office }, 'edit');
    const broken = {
      ...values,
      commission_percentage: '120',
      aditional_offices: [{ name: '' }],
      karing: { ...(values.karing as object), municipality: '' },
    };
    expect(() => validateValues(oficinasDescriptor, broken, 'edit')).toThrow();
    try {
      validateValues(oficinasDescriptor, broken, 'edit');
    } catch (error) {
      expect((error as { fields: Record<string, string[]> }).fields).toEqual({
        commission_percentage: [messages.offices.percentageRange],
        'aditional_offices.0.name': [messages.resources.nameRequired],
      });
    }
  });

  it('names nested selects by their full name, so their options load', () => {
    const names = flatFields(oficinasDescriptor.fields).map((field) => field.name);
    expect(names).toContain('karing.municipality');
    expect(names).toContain('sperta.tax_condition');
    expect(names).toContain('aditional_offices.name');
  });

  it('shows amounts with the mask', () => {
    const budget = flatFields(oficinasDescriptor.fields).find((field) => field.name === 'budget');
    if (!budget) throw new Error('the office form has no budget field');
    expect(formValueOf(budget, '1234567.8')).toBe('1.234.567,80');
    expect(formValueOf(budget, '0')).toBe('0,00');
    expect(formValueOf(budget, null)).toBe('');
  });
});

describe('the search modes', () => {
  it('sends only the chosen mode and keeps the enabled switch', () => {
    const [search] = oficinasDescriptor.filters;
    expect(filterParamsOf(search)).toEqual(['name', 'bussines_unit_name', 'tag_name', 'country_name']);
    const params = listParams(oficinasDescriptor, {
      filters: { tag_name: 'premium', is_enabled: 'true', unknown: 'x' },
      offset: 0,
      limit: 10,
      ordering: null,
      tab: null,
    });
    expect(params).toEqual({ offset: 0, limit: 10, tag_name: 'premium', is_enabled: 'true' });
  });
});

describe('a detail with field errors (SPEC §7 Hubo un error)', () => {
  it('keeps both, and the form shows the detail above the fields', async () => {
    const error = errorFromAnswer(400, {
      detail: 'Hubo un error',
      'karing.municipality': ['El registro referenciado no existe.'],
    });
    expect(error.fields).toEqual({ 'karing.municipality': ['El registro referenciado no existe.'] });
    expect(error.detail).toBe('Hubo un error');
    expect(errorFromAnswer(404, { detail: 'No encontrado.' }).detail).toBeNull();

    const actor = createActor(
      resourceFormMachine.provide({
        actors: {
          loadForm: fromPromise<LoadedForm, LoadFormRequest>(async () => ({
            values: { long_name: 'X' },
            options: {},
          })),
          validateValues: fromPromise<unknown, FormValues>(async ({ input }) => input),
          saveRecord: fromPromise<ResourceRecord, SaveRequest>(async () => {
            throw error;
          }),
        },
      }),
      { input: { mode: 'create', id: null, defaults: {} } },
    );
    actor.start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    actor.send({ type: 'SUBMITTED' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    await new Promise((resolve) => setTimeout(resolve, 0));
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('saveFailed');
    expect(snapshot.context.error).toBe('Hubo un error');
    expect(snapshot.context.fieldErrors).toEqual(error.fields);
    expect(snapshot.context.values).toEqual({ long_name: 'X' });
  });
});
