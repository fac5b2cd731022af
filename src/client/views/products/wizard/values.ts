/** The product wizard's shared reading of form values and its catalogue texts. */
import type { FormGroup, FormValue } from '../../../../../machines/resourceForm';
import { messages } from '../../../../contracts/messages';

export const text = messages.products;

export type Options = Record<string, { value: string; label: string }[]>;

export const groups = (value: FormValue | undefined): FormGroup[] =>
  Array.isArray(value) ? (value as FormGroup[]).filter((item) => typeof item === 'object') : [];
export const textOf = (value: FormValue | undefined) => (typeof value === 'string' ? value : '');
export const listOf = (value: FormValue | undefined): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
