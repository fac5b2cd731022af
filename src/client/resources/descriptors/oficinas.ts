/**
 * Oficinas (issue 12; SPEC §2 'Oficinas': columns long_name, is_enabled, childrens, country, the
 * four search modes and the enabled switch; §3 'Office': the form's fields, grouped as a person
 * reads them, with the sub-records edited in the same form; §7 'Offices').
 *
 * Data only. Money and percentages use the amount mask; tags, business unit, country and parent
 * office are selects fed by their modules' lists; the Karing municipality is a searchable select
 * over GET /karing/get_municipios/. 'Duplicar' (the engine's row action 'duplicate', offered when
 * the row's allowed_actions hold it) opens the new office in edit mode.
 */
import type { FormOption } from '../../../../machines/resourceForm';
import { messages } from '../../../contracts/messages';
import {
  INVOICE_ISSUE_FORMS,
  officeContract,
  TAX_CONDITIONS,
  VOUCHER_TYPES,
} from '../../../contracts/offices';
import { cellText, defineDescriptor, type OptionSource } from '../descriptor';
import { countryOptions, officeOptions } from './options';

const text = messages.offices;
const label = text.fields;
const section = text.sections;

const tagOptions: OptionSource = {
  path: '/tags/',
  label: (row) => `${String(row.long_name ?? '')} (${String(row.short_name ?? '')})`,
};
const businessUnitOptions: OptionSource = {
  path: '/bussines_unit/',
  label: (row) => String(row.long_name ?? ''),
  parent: (row) => String(row.country ?? ''),
};
const municipalityOptions: OptionSource = {
  path: '/karing/get_municipios/',
  label: (row) => `${String(row.name ?? '')} (${String(row.province ?? '')})`,
};

const choices = <K extends string>(keys: readonly K[], labels: Record<K, string>): FormOption[] =>
  keys.map((key) => ({ value: key, label: labels[key] }));

const CHILDREN_SHOWN = 3;

/** The children's names, the first few and how many more. */
function childrenText(value: unknown): string {
  const children = Array.isArray(value) ? (value as { long_name?: unknown }[]) : [];
  const names = children.slice(0, CHILDREN_SHOWN).map((child) => String(child.long_name ?? ''));
  const more = children.length - names.length;
  return more > 0 ? `${names.join(', ')} ${text.moreChildren(more)}` : names.join(', ');
}

export const oficinasDescriptor = defineDescriptor({
  routing: 'oficinas',
  contract: officeContract,
  columns: [
    { key: 'long_name', header: label.long_name },
    { key: 'is_enabled', header: label.is_enabled },
    {
      key: 'childrens',
      header: label.childrens,
      unsortable: 'several values',
      render: (row) => childrenText(row.childrens),
    },
    { key: 'country', header: label.country, render: (row) => cellText(row.country_name) },
  ],
  filters: [
    {
      param: 'search',
      label: label.search_text,
      modes: [
        { param: 'name', label: text.searchModes.name },
        { param: 'bussines_unit_name', label: text.searchModes.bussines_unit },
        { param: 'tag_name', label: text.searchModes.tags },
        { param: 'country_name', label: text.searchModes.country },
      ],
    },
    { param: 'is_enabled', label: label.is_enabled },
  ],
  fields: [
    // Datos generales
    { name: 'short_name', label: label.short_name, span: 3, maxLength: 50, section: section.general },
    { name: 'long_name', label: label.long_name, span: 6, maxLength: 255, section: section.general },
    { name: 'key', label: label.key, span: 3, maxLength: 100, section: section.general },
    { name: 'legal_name', label: label.legal_name, span: 6, maxLength: 255, section: section.general },
    { name: 'cuit', label: label.cuit, type: 'digits', span: 3, maxLength: 11, section: section.general },
    { name: 'site', label: label.site, span: 3, maxLength: 255, section: section.general },
    { name: 'executive', label: label.executive, span: 4, maxLength: 150, section: section.general },
    { name: 'responsible', label: label.responsible, span: 4, maxLength: 150, section: section.general },
    {
      name: 'responsible_position',
      label: label.responsible_position,
      span: 4,
      maxLength: 150,
      section: section.general,
    },
    { name: 'email', label: label.email, type: 'email', span: 4, maxLength: 254, section: section.general },
    { name: 'phone', label: label.phone, span: 4, maxLength: 30, section: section.general },
    { name: 'schedule', label: label.schedule, span: 4, maxLength: 255, section: section.general },
    {
      name: 'country',
      label: label.country,
      type: 'select',
      span: 4,
      options: countryOptions,
      section: section.general,
    },
    {
      name: 'bussines_unit',
      label: label.bussines_unit,
      type: 'select',
      span: 4,
      options: businessUnitOptions,
      // Issue 32: only the units of the chosen country.
      optionsFilteredBy: 'country',
      section: section.general,
    },
    {
      name: 'parent',
      label: label.parent,
      type: 'searchselect',
      span: 4,
      options: officeOptions,
      chosenLabel: 'parent_name',
      section: section.general,
    },
    {
      name: 'tags',
      label: label.tags,
      type: 'multiselect',
      span: 6,
      options: tagOptions,
      section: section.general,
    },
    {
      name: 'is_enabled',
      label: label.is_enabled,
      type: 'checkbox',
      span: 3,
      default: true,
      section: section.general,
    },
    {
      name: 'enable_issuing',
      label: label.enable_issuing,
      type: 'checkbox',
      span: 3,
      default: true,
      section: section.general,
    },
    // Comercial
    {
      name: 'commission_percentage',
      label: label.commission_percentage,
      type: 'amount',
      span: 3,
      section: section.commercial,
    },
    { name: 'budget', label: label.budget, type: 'amount', span: 3, section: section.commercial },
    { name: 'usd_credit', label: label.usd_credit, type: 'amount', span: 3, section: section.commercial },
    { name: 'balance', label: label.balance, type: 'amount', span: 3, section: section.commercial },
    {
      name: 'payment_term',
      label: label.payment_term,
      type: 'integer',
      span: 3,
      default: '0',
      section: section.commercial,
    },
    {
      name: 'pay_on_credit',
      label: label.pay_on_credit,
      type: 'checkbox',
      span: 3,
      section: section.commercial,
    },
    {
      name: 'no_credit_limit',
      label: label.no_credit_limit,
      type: 'checkbox',
      span: 3,
      section: section.commercial,
    },
    {
      name: 'notify_expiry_by_mail',
      label: label.notify_expiry_by_mail,
      type: 'checkbox',
      span: 3,
      section: section.commercial,
    },
    // Medios de pago (the payments sub-record)
    {
      name: 'payments',
      label: section.payments,
      type: 'group',
      span: 12,
      section: section.payments,
      fields: [
        { name: 'pay_with_gds', label: label.pay_with_gds, type: 'checkbox', span: 3 },
        { name: 'pay_by_card', label: label.pay_by_card, type: 'checkbox', span: 3 },
        { name: 'instalments', label: label.instalments, type: 'integer', span: 3, default: '1' },
        { name: 'card_provider', label: label.card_provider, type: 'checkbox', span: 3 },
        { name: 'wallet_provider', label: label.wallet_provider, type: 'checkbox', span: 3 },
        { name: 'web_payment_provider', label: label.web_payment_provider, type: 'checkbox', span: 3 },
      ],
    },
    // Facturación
    {
      name: 'invoice_issue_form',
      label: label.invoice_issue_form,
      type: 'select',
      span: 3,
      numeric: false,
      default: 'automatica',
      options: choices(INVOICE_ISSUE_FORMS, text.invoiceIssueForms),
      section: section.billing,
    },
    { name: 'b2c_charging', label: label.b2c_charging, type: 'checkbox', span: 3, section: section.billing },
    {
      name: 'show_usd_quote',
      label: label.show_usd_quote,
      type: 'checkbox',
      span: 3,
      section: section.billing,
    },
    { name: 'quote_only', label: label.quote_only, type: 'checkbox', span: 3, section: section.billing },
    // The Sperta invoice-address block (the sperta sub-record)
    {
      name: 'sperta',
      label: section.sperta,
      type: 'group',
      span: 12,
      presence: label.sperta_present,
      section: section.sperta,
      fields: [
        {
          name: 'voucher_type',
          label: label.voucher_type,
          type: 'select',
          span: 3,
          numeric: false,
          default: 'B',
          options: choices(VOUCHER_TYPES, text.voucherTypes),
        },
        { name: 'street', label: label.street, span: 6, maxLength: 150 },
        { name: 'number', label: label.number, span: 3, maxLength: 20 },
        { name: 'locality', label: label.locality, span: 4, maxLength: 150 },
        { name: 'province', label: label.province, span: 4, maxLength: 100 },
        { name: 'postal_code', label: label.postal_code, span: 4, maxLength: 10 },
        {
          name: 'tax_condition',
          label: label.tax_condition,
          type: 'select',
          span: 6,
          numeric: false,
          options: choices(TAX_CONDITIONS, text.taxConditions),
        },
      ],
    },
    // Karing (with its municipality)
    {
      name: 'karing',
      label: section.karing,
      type: 'group',
      span: 12,
      presence: label.karing_enabled,
      section: section.karing,
      fields: [
        {
          name: 'municipality',
          label: label.municipality,
          type: 'searchselect',
          span: 6,
          options: municipalityOptions,
        },
        { name: 'karing_code', label: label.karing_code, span: 3, maxLength: 50 },
        { name: 'is_enabled', label: label.is_enabled, type: 'checkbox', span: 3, default: true },
        { name: 'address', label: label.address, span: 12, maxLength: 255 },
      ],
    },
    // Additional offices (any number)
    {
      name: 'aditional_offices',
      label: section.aditional,
      type: 'records',
      span: 12,
      section: section.aditional,
      addLabel: text.addAditional,
      itemLabel: text.aditionalItem,
      maxItems: 20,
      fields: [
        { name: 'name', label: label.name, span: 6, maxLength: 150 },
        { name: 'email', label: label.email, type: 'email', span: 6, maxLength: 254 },
        { name: 'phone', label: label.phone, span: 6, maxLength: 30 },
        { name: 'address', label: label.address, span: 6, maxLength: 255 },
      ],
    },
  ],
  rowActions: [{ action: 'duplicate', label: text.duplicate, opens: 'edit' }],
  // Issue 32: Crear oficina offers 'Duplicar desde plantilla' (SPEC §7 GET /duplicate_office/).
  template: { path: '/duplicate_office/', param: 'office_template', options: officeOptions },
  export: { kind: 'offices' },
});
