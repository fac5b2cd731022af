/**
 * Issue 18: no list cell of the generic lists shows a bare foreign-key id. For every descriptor,
 * every column over a reference (a field fed by another module's rows, or a known reference key)
 * is rendered with a row whose references hold a recognisable id: the cell must not show it.
 */
import { isValidElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { optionSourceOf } from '../../src/client/resources/descriptor';
import { DESCRIPTORS } from '../../src/client/resources/descriptors';

const ID = 987654;
/** Reference keys the modules use besides their option-fed fields. */
const KNOWN_REFERENCES = ['country', 'currency', 'office', 'offices', 'groups', 'zone', 'zones', 'parent'];

function textOf(node: ReactNode): string {
  if (node === null || node === undefined || typeof node === 'boolean') return '';
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join(' ');
  if (isValidElement(node)) return renderToStaticMarkup(node);
  return String(node);
}

describe('list cells over references', () => {
  for (const descriptor of DESCRIPTORS) {
    const references = new Map<string, boolean>();
    for (const field of descriptor.fields) {
      const source = optionSourceOf(field);
      // Sources with a value of their own (permission codenames) hold keys, not ids.
      if (source && !source.value) references.set(field.source ?? field.name, field.type === 'multiselect');
    }
    for (const key of KNOWN_REFERENCES) if (!references.has(key)) references.set(key, key.endsWith('s'));
    const columns = descriptor.columns.filter((column) => references.has(column.key));

    it(`${descriptor.routing}: no column shows a referenced record's bare id`, () => {
      const row: Record<string, unknown> & { id: number } = { id: 1 };
      for (const [key, many] of references) row[key] = many ? [ID, ID + 1] : ID;
      for (const column of columns) expect(textOf(column.render(row)), column.key).not.toContain(String(ID));
    });
  }

  it('checks the reference columns of Usuarios (groups and office)', () => {
    const usuarios = DESCRIPTORS.find((descriptor) => descriptor.routing === 'usuarios');
    const row = { id: 1, groups: [ID], office: ID, group_names: ['Ventas'], office_name: 'Casa Central' };
    const cell = (key: string) => textOf(usuarios?.columns.find((column) => column.key === key)?.render(row));
    expect(cell('groups')).toBe('Ventas');
    expect(cell('office')).toBe('Casa Central');
  });
});

describe('permission cells', () => {
  it('Usuarios and Grupos show permissions by their Spanish resource and action names, not codenames', () => {
    const row = {
      id: 1,
      user_permissions: ['zone/add', 'zone/view', 'pax/view'],
      all_permissions: ['refund/change'],
    };
    const cell = (routing: string, key: string) => {
      const descriptor = DESCRIPTORS.find((candidate) => candidate.routing === routing);
      const column = descriptor?.columns.find((candidate) => candidate.key === key);
      if (!column) throw new Error(`${routing} has no ${key} column`);
      return textOf(column.render(row));
    };
    expect(cell('usuarios', 'user_permissions')).toBe('Zonas: Ver, Crear · Pasajeros: Ver');
    expect(cell('grupos', 'all_permissions')).toBe('Reintegros: Cambiar estado');
  });
});
