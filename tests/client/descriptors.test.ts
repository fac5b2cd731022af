/**
 * Issue 9: one module table and descriptors as data. Each section the table serves with the
 * generic screens has a descriptor (and each descriptor a section); descriptors import no view,
 * session or HTTP client; a module's create rule is written once; values travel as lists.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defineDescriptor } from '../../src/client/resources/descriptor';
import { DESCRIPTORS, descriptorOf, MODULE_DESCRIPTORS } from '../../src/client/resources/descriptors';
import { RESERVATION_WRITE_FIELDS, VOUCHER_WRITE_FIELDS } from '../../src/contracts/bookings';
import { MODULE_CONTRACTS } from '../../src/contracts/moduleContracts';
import { createPermissionOf, MENU, type MenuItem, SECTIONS } from '../../src/contracts/modules';
import { zoneContract } from '../../src/contracts/resources';

const root = path.resolve(import.meta.dirname, '../..');
const descriptorsDir = path.join(root, 'src/client/resources/descriptors');

function leaves(items: readonly MenuItem[]): MenuItem[] {
  return items.flatMap((item) => (item.children ? leaves(item.children) : [item]));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(path.join(dir, entry.name))
      : /\.tsx?$/.test(entry.name)
        ? [path.join(dir, entry.name)]
        : [],
  );
}

describe('the module table and the descriptors', () => {
  it('serves every resource section with a descriptor, and every descriptor from a section', () => {
    const served = SECTIONS.filter((section) => section.screen === 'resource').map(
      (section) => section.routing,
    );
    expect(DESCRIPTORS.map((descriptor) => descriptor.routing).sort()).toEqual([...served].sort());
    for (const routing of served) expect(descriptorOf(routing)?.section.routing).toBe(routing);
  });

  it("keys each descriptor by its module, over the module's contract", () => {
    for (const [key, descriptor] of Object.entries(MODULE_DESCRIPTORS)) {
      expect(descriptor.routing).toBe(key);
      const contract = MODULE_CONTRACTS[key as keyof typeof MODULE_DESCRIPTORS];
      expect(descriptor.path).toBe(contract.path);
      expect(descriptor.entity).toBe(contract.entity);
    }
  });

  it('keeps descriptors data: no React, session, views or HTTP client inside', () => {
    for (const file of readdirSync(descriptorsDir)) {
      const source = readFileSync(path.join(descriptorsDir, file), 'utf8');
      expect(source, file).not.toMatch(/from 'react'|\/app\/|\/views\/|\/api\/|\/ui\//);
    }
  });

  it("writes 'Pasajeros create needs voucher/add' once, and the sidebar and the server read it", () => {
    const copies = [
      ...sourceFiles(path.join(root, 'src/client')),
      ...sourceFiles(path.join(root, 'src/contracts')),
    ]
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n')
      .match(/resource: 'voucher', action: 'add'/g);
    expect(copies).toHaveLength(1);
    expect(createPermissionOf('pax')).toEqual({ resource: 'voucher', action: 'add' });
    const createPassenger = leaves(MENU).find((item) => item.path === '/dashboard/pasajeros/create');
    expect(createPassenger?.permission).toEqual({ resource: 'voucher', action: 'add' });
  });

  it('sends multi-selects as arrays of ids or codenames, never comma-joined text', () => {
    const users = descriptorOf('usuarios')!;
    const body = users.toBody(
      { ...users.defaults(), groups: ['13', '16'], user_permissions: ['zone/view'], modules: ['zones'] },
      'create',
    );
    expect(body).toMatchObject({ groups: [13, 16], user_permissions: ['zone/view'], modules: ['zones'] });
    const loaded = users.toValues(
      { id: 1, groups: [13], user_permissions: ['zone/add'], modules: [] },
      'edit',
    );
    expect([loaded.groups, loaded.user_permissions]).toEqual([['13'], ['zone/add']]);
  });

  it('sends Grupos is_active with the group on create only (the server writes the status record)', () => {
    const groups = descriptorOf('grupos')!;
    const values = { ...groups.defaults(), name: 'Auditores', all_permissions: ['zone/view'] };
    expect(groups.toBody(values, 'create')).toEqual({
      name: 'Auditores',
      is_active: true,
      all_permissions: ['zone/view'],
    });
    expect(groups.toBody(values, 'edit')).toEqual({ name: 'Auditores', all_permissions: ['zone/view'] });
    expect(groups.write.safeParse(groups.toBody(values, 'create')).success).toBe(true);
  });
});

describe('sorting (issue 32)', () => {
  it('Usuarios and Grupos sort by every column of one value (issue 40: the switches and the office too)', () => {
    const sortable = (routing: string) =>
      descriptorOf(routing)
        ?.columns.filter((column) => column.sortField !== null)
        .map((column) => column.key);
    expect(sortable('usuarios')).toEqual([
      'email',
      'username',
      'first_name',
      'last_name',
      'is_active',
      'is_superuser',
      'is_staff',
      'office',
    ]);
    expect(sortable('grupos')).toEqual(['name']);
  });
});

describe('sortability is declared once (issue 40)', () => {
  const zonas = (columns: Parameters<typeof defineDescriptor>[0]['columns']) =>
    defineDescriptor({ routing: 'zonas', contract: zoneContract, columns, filters: [], fields: [] });

  it('refuses a column the contract cannot order by', () => {
    expect(() => zonas(['short_name', 'created_at'])).toThrow(/zonas: column created_at cannot be sorted/);
    expect(() => zonas([{ key: 'long_name', sortField: 'nope' }])).toThrow(/cannot be sorted/);
  });

  it('lets only a column of several values be unsortable, and never one that sorts', () => {
    expect(zonas([{ key: 'items', unsortable: 'several values' }]).columns[0].sortField).toBeNull();
    expect(() => zonas([{ key: 'long_name', unsortable: 'several values' }])).toThrow(/sorts/);
    expect(zonas(['long_name']).columns[0].sortField).toBe('long_name');
  });
});

describe('fields the server never changes (issue 32)', () => {
  it('are read-only in Reservas and Vouchers, and every sent field stays editable', () => {
    for (const [routing, sent] of [
      ['reservas', RESERVATION_WRITE_FIELDS],
      ['vouchers', VOUCHER_WRITE_FIELDS],
    ] as const) {
      const descriptor = descriptorOf(routing)!;
      for (const field of descriptor.fields)
        expect([field.name, field.readOnly ?? false]).toEqual([
          field.name,
          !(sent as readonly string[]).includes(field.name),
        ]);
    }
    const reservas = descriptorOf('reservas')!;
    const readOnly = reservas.fields.filter((field) => field.readOnly).map((field) => field.name);
    expect(readOnly).toEqual(expect.arrayContaining(['id', 'total_price']));
  });
});
