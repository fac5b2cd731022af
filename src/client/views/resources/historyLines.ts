/**
 * How a history entry reads (issue 32 'History people can read'): one line per change, its key
 * in Spanish and its values as a person reads them. The server answers references by name and
 * sub-records field by field (`karing.karing_code`, `aditional_offices.2.email`,
 * src/server/services/historyChanges.ts); here each key gets its label from the module (the form's
 * fields, nested ones under their group, the list's columns and filters) or the catalogue, a
 * sub-record's field reads 'Karing · Código' (an item of a list 'Oficinas adicionales 2 · Email'),
 * a coded value its option's label ('Estado de facturación: PENDIENTE → FACTURADO'), and a change
 * that reads the same before and after (null and '') is left out.
 */
import type { FormOption } from '../../../../machines/resourceForm';
import { type HistoryEntry, SECRET_CHANGED } from '../../../contracts/engine';
import { formatAmount } from '../../../contracts/format';
import { messages } from '../../../contracts/messages';
import { cellText, type FieldDescriptor, type ResourceDescriptor } from '../../resources/descriptor';

const text = messages.history;
const catalogueLabels = messages.resourceScreens.fields as Record<string, string>;
const historyLabels = text.fields as Record<string, string>;

export interface HistoryLine {
  key: string;
  label: string;
  before: string;
  after: string;
}

/** What a module says about its keys: labels and the labels of coded values, by key path. */
export interface HistoryReading {
  /** Labels by key ('country') or by sub-record path without item numbers ('karing.karing_code'). */
  labels?: Record<string, string>;
  /** A module's own reading of a value (a status label); undefined: the generic one. */
  formatValue?: (field: string, value: unknown) => string | undefined;
}

/** A recorded value as text: empty values say so, lists are joined. */
export function historyValue(value: unknown): string {
  const shown = cellText(value);
  return shown === '' ? text.emptyValue : shown;
}

/** A key path without its item numbers: 'aditional_offices.2.email' -> 'aditional_offices.email'. */
const pathOf = (key: string) =>
  key
    .split('.')
    .filter((part) => !/^\d+$/.test(part))
    .join('.');

function labelOfPart(path: string, part: string, labels: Record<string, string>): string {
  return labels[path] ?? labels[part] ?? historyLabels[part] ?? catalogueLabels[part] ?? part;
}

/** 'karing.karing_code' -> 'Karing · Código'; 'aditional_offices.2.email' -> 'Oficinas adicionales 2 · Email'. */
export function historyLabel(key: string, labels: Record<string, string> = {}): string {
  const parts = key.split('.');
  const shown: string[] = [];
  const path: string[] = [];
  for (const part of parts) {
    if (/^\d+$/.test(part) && shown.length) {
      shown[shown.length - 1] = `${shown[shown.length - 1]} ${part}`;
      continue;
    }
    path.push(part);
    shown.push(labelOfPart(path.join('.'), part, labels));
  }
  return shown.join(' · ');
}

/** The lines of an entry's changes, in the order recorded; a change that reads the same is left out. */
export function historyLines(changes: HistoryEntry['changes'], reading: HistoryReading = {}): HistoryLine[] {
  const labels = reading.labels ?? {};
  const shownValue = (key: string, value: unknown) =>
    value === null || value === undefined || value === ''
      ? text.emptyValue
      : (reading.formatValue?.(pathOf(key), value) ?? historyValue(value));
  return (
    Object.entries(changes)
      .map(([key, change]) => ({
        key,
        label: historyLabel(key, labels),
        before: shownValue(key, change.before),
        after: shownValue(key, change.after),
      }))
      // A secret reads the same mask before and after: that it changed is the line.
      .filter(
        (line, index) => line.before !== line.after || Object.values(changes)[index].after === SECRET_CHANGED,
      )
  );
}

function staticOptions(options: FieldDescriptor['options']): readonly FormOption[] | undefined {
  return Array.isArray(options) ? (options as readonly FormOption[]) : undefined;
}

/**
 * A module's reading of its history from its descriptor: labels of its fields (nested ones as
 * 'group.field'), columns and filters; coded values by their options (form selects first, then
 * the list's filters; a switch's options say 'Habilitados', not a value, and are left out).
 */
export function historyReadingOf(descriptor: ResourceDescriptor): Required<HistoryReading> {
  const labels: Record<string, string> = {};
  const options = new Map<string, Map<string, string>>();
  // Issue 40: amounts read as the screens write them ('Comisión %: 12,50 → 15,00', 'Presupuesto:
  // 1.234.567,89'), with the money formatter of src/contracts/format.ts.
  const amounts = new Set<string>();
  const addOptions = (key: string, list: readonly FormOption[] | undefined) => {
    if (!list?.length || options.has(key)) return;
    options.set(key, new Map(list.map((option) => [String(option.value), option.label])));
  };
  for (const filter of descriptor.filters) labels[filter.param] = filter.label;
  for (const column of descriptor.columns) labels[column.key] = column.header;
  const addFields = (fields: readonly FieldDescriptor[], prefix: string) => {
    for (const field of fields) {
      const key = `${prefix}${field.source ?? field.name}`;
      labels[key] = field.label;
      if (field.type === 'amount' || field.type === 'decimal') amounts.add(key);
      addOptions(key, staticOptions(field.options));
      if (field.fields) addFields(field.fields, `${key}.`);
    }
  };
  addFields(descriptor.fields, '');
  for (const filter of descriptor.filters)
    if (filter.kind !== 'switch') addOptions(filter.param, filter.options);
  return {
    labels,
    formatValue: (field, value) => {
      if (amounts.has(field) && (typeof value === 'string' || typeof value === 'number'))
        return formatAmount(String(value));
      const byValue = options.get(field);
      if (!byValue) return undefined;
      const shown = (Array.isArray(value) ? value : [value]).map((item) => byValue.get(String(item)));
      return shown.every((item) => item !== undefined) ? shown.join(', ') : undefined;
    },
  };
}
