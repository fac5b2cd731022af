/**
 * The role matrix of spec section 6, on the server: every role against every resource for view
 * and add, and every role against every voucher and reservation field for edit. Each cell's
 * expectation is derived from the rules data (src/contracts/roles.ts, roleRules.ts) and that data
 * is first checked against tests/server/fixtures/roleMatrix.json, written by hand from the spec,
 * so a wrong rules table fails here.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editableFields, mayEditField, mayViewField, visibleCards } from '../../src/contracts/access';
import { messages } from '../../src/contracts/messages';
import { MODULE_CONTRACTS } from '../../src/contracts/moduleContracts';
import { MODULE_KEYS, MODULE_TABLE } from '../../src/contracts/moduleTable';
import { ACTIONS, can, RESOURCES, type Resource } from '../../src/contracts/permissions';
import {
  ENTITY_FIELDS,
  FIELD_ENTITIES,
  type FieldVisibilityRule,
  ROLE_FIELD_RULES,
} from '../../src/contracts/roleRules';
import { ROLES } from '../../src/contracts/roles';
import { assertEditableFields, touchedFields } from '../../src/server/auth/fieldRules';
import type { Principal } from '../../src/server/auth/principal';
import { HttpError } from '../../src/server/http/errors';
import { registeredResourcesOf } from '../../src/server/resources/engine';
import { as, createTestApp, type TestApp } from './support';

interface Fixture {
  fields: Record<string, { role: string; voucher: string[]; reservation: string[] }>;
  resources: Record<string, { view: string[]; add: string[] }>;
}
const fixture = JSON.parse(
  readFileSync(path.join(import.meta.dirname, 'fixtures/roleMatrix.json'), 'utf8'),
) as Fixture;

const SECTION_6_GROUP_IDS = [13, 14, 15, 16, 17, 18, 19, 20, 21, 33, 34, 35];
const sorted = (values: readonly string[]) => [...values].sort();

/** The resources section 6 names (the fixture's; Super Administrador holds every one). */
const SPEC_RESOURCES = new Set(fixture.resources['21'].view);
/**
 * Whether a group holds a resource: the fixture says so for the resources of section 6; a
 * resource it does not name (a module added since) is seeded to Super Administrador only.
 */
function expectedHolds(groupId: number, resource: string, action: 'view' | 'add'): boolean {
  if (SPEC_RESOURCES.has(resource)) return fixture.resources[String(groupId)][action].includes(resource);
  return groupId === 21;
}

/**
 * Every module's list route, from the module table: GET is probed for every row, and an empty POST
 * (`add`) when the module's declaration has a create route (read from the app).
 */
const LIST_ROUTES = MODULE_KEYS.map((key) => ({
  key,
  resource: MODULE_TABLE[key].resource.key as Resource,
  url: `/api${MODULE_CONTRACTS[key].path}`,
}));
/** Creating a passenger needs voucher/add (section 2), so POST /pax/ is not a pax/add probe. */
const ADD_PROBE_EXCLUDED: Resource[] = ['pax'];
/** Listed also for whoever may write offices: the office form's selects (issue 12). */
const LISTED_FOR_OFFICE_WRITERS: Resource[] = ['tags', 'bussines_unit', 'country'];

describe('the rules data matches the hand-written fixture of section 6', () => {
  it('covers exactly the twelve roles of section 6', () => {
    expect(ROLES.map((role) => role.groupId).sort((a, b) => a - b)).toEqual(SECTION_6_GROUP_IDS);
    expect(ROLE_FIELD_RULES.map((rule) => rule.groupId).sort((a, b) => a - b)).toEqual(SECTION_6_GROUP_IDS);
    expect(
      Object.keys(fixture.fields)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual(SECTION_6_GROUP_IDS);
  });

  it.each(ROLES.map((role) => [role.groupId, role.name] as const))(
    'group %i (%s): editable voucher and reservation fields',
    (groupId, name) => {
      const expected = fixture.fields[String(groupId)];
      expect(expected.role).toBe(name);
      const subject = { isSuperuser: false, groups: [groupId], permissions: [] };
      for (const entity of FIELD_ENTITIES) {
        expect(sorted(editableFields(subject, entity, 'edit'))).toEqual(sorted(expected[entity]));
        for (const field of expected[entity]) expect(ENTITY_FIELDS[entity]).toContain(field);
      }
    },
  );

  it.each(ROLES.map((role) => [role.groupId, role.name] as const))(
    'group %i (%s): resources for view and add',
    (groupId) => {
      const role = ROLES.find((candidate) => candidate.groupId === groupId)!;
      const grants = { isSuperuser: false, permissions: role.permissions };
      for (const action of ACTIONS) {
        const held = RESOURCES.filter((resource) => can(grants, resource, action));
        const expected = RESOURCES.filter((resource) => expectedHolds(groupId, resource, action));
        expect(sorted(held)).toEqual(sorted(expected));
        expect(
          fixture.resources[String(groupId)][action].every((resource) =>
            RESOURCES.includes(resource as Resource),
          ),
        ).toBe(true);
      }
    },
  );
});

describe('the matrix on the server', () => {
  let testApp: TestApp;
  const authorizations = new Map<number, string>();

  beforeAll(async () => {
    testApp = await createTestApp();
    for (const role of ROLES) authorizations.set(role.groupId, await testApp.login(role.key));
    authorizations.set(0, await testApp.login('admin'));
  }, 120_000);
  afterAll(async () => testApp.close());

  const call = (groupId: number) => as(testApp, authorizations.get(groupId)!);

  describe.each(ROLES.map((role) => [role.groupId, role.name] as const))('group %i (%s)', (groupId) => {
    const holds = (resource: string, action: 'view' | 'add') => expectedHolds(groupId, resource, action);

    it('every resource × action through GET /permission/check/', async () => {
      const cells: string[] = [];
      for (const resource of RESOURCES) {
        for (const action of ACTIONS) {
          const response = await call(groupId)({
            method: 'GET',
            url: `/api/permission/check/?resource=${resource}&action=${action}`,
          });
          expect(response.statusCode).toBe(200);
          const expected = holds(resource, action);
          if (response.json<{ allowed: boolean }>().allowed !== expected) cells.push(`${resource}/${action}`);
        }
      }
      expect(cells, 'cells that differ from the fixture').toEqual([]);
    });

    it('every module list route: GET answers 200 or 403, an empty POST 400 or 403', async () => {
      const registered = registeredResourcesOf(testApp.context);
      const cells: string[] = [];
      for (const { key, resource, url } of LIST_ROUTES) {
        const declaration = registered.find((candidate) => `/api${candidate.path}` === url);
        expect(declaration, `${key}: ${url} is registered`).toBeDefined();
        const view = await call(groupId)({ method: 'GET', url });
        const mayView =
          holds(resource, 'view') || (LISTED_FOR_OFFICE_WRITERS.includes(resource) && holds('office', 'add'));
        if (view.statusCode !== (mayView ? 200 : 403)) cells.push(`GET ${url} ${view.statusCode}`);
        if (!mayView) expect(view.json()).toEqual({ detail: messages.common.forbidden });
        if (ADD_PROBE_EXCLUDED.includes(resource) || !declaration?.operations.includes('create')) continue;
        const add = await call(groupId)({ method: 'POST', url, payload: {} });
        const mayAdd = holds(resource, 'add');
        if (add.statusCode !== (mayAdd ? 400 : 403)) cells.push(`POST ${url} ${add.statusCode}`);
      }
      expect(cells, 'routes that differ from the fixture').toEqual([]);
    });

    it('GET /permission/ (the pickers) follows permission/view, user/add or group/add', async () => {
      const expected = holds('permission', 'view') || holds('user', 'add') || holds('group', 'add');
      const response = await call(groupId)({ method: 'GET', url: '/api/permission/?offset=0&limit=5' });
      expect(response.statusCode).toBe(expected ? 200 : 403);
    });

    it('every voucher and reservation field for edit through POST /permission/check/', async () => {
      const expectedFields = fixture.fields[String(groupId)];
      const cells: string[] = [];
      for (const entity of FIELD_ENTITIES) {
        for (const field of ENTITY_FIELDS[entity]) {
          const body = field.startsWith('pax.') ? { pax: [{ [field.slice(4)]: 'x' }] } : { [field]: 'x' };
          const derived = mayEditField(
            { isSuperuser: false, groups: [groupId], permissions: [] },
            entity,
            'edit',
            field,
          );
          const handWritten = (expectedFields[entity] as string[]).includes(field);
          expect(derived, `${entity}.${field} rules vs fixture`).toBe(handWritten);
          const response = await call(groupId)({
            method: 'POST',
            url: '/api/permission/check/',
            payload: { entity, view: 'edit', body },
          });
          if (response.statusCode !== (handWritten ? 204 : 403))
            cells.push(`${entity}.${field} ${response.statusCode}`);
          if (!handWritten) {
            const label = messages.permissions.fieldLabels[field];
            expect(response.json<{ detail: string }>().detail).toBe(
              messages.permissions.fieldNotEditable(label, messages.permissions.entityLabels[entity]),
            );
          }
          // Section 6: for the 'create' view the check always passes.
          const create = await call(groupId)({
            method: 'POST',
            url: '/api/permission/check/',
            payload: { entity, view: 'create', body },
          });
          if (create.statusCode !== 204) cells.push(`create ${entity}.${field} ${create.statusCode}`);
        }
      }
      expect(cells, 'field cells that differ from the fixture').toEqual([]);
    });
  });

  it('a superuser passes every cell', async () => {
    for (const resource of RESOURCES)
      for (const action of ACTIONS) {
        const response = await call(0)({
          method: 'GET',
          url: `/api/permission/check/?resource=${resource}&action=${action}`,
        });
        expect(response.json()).toEqual({ allowed: true });
      }
    for (const entity of FIELD_ENTITIES)
      for (const field of ENTITY_FIELDS[entity]) {
        const body = field.startsWith('pax.') ? { pax: [{ [field.slice(4)]: 1 }] } : { [field]: 1 };
        const response = await call(0)({
          method: 'POST',
          url: '/api/permission/check/',
          payload: { entity, view: 'edit', body },
        });
        expect(response.statusCode, `${entity}.${field}`).toBe(204);
      }
  });

  it('a user with no group sees an empty dashboard, not an error', async () => {
    expect(visibleCards({ isSuperuser: false, groups: [], permissions: [], modules: [] })).toEqual([]);
    const response = await call(0)({
      method: 'POST',
      url: '/api/profile/',
      payload: { email: 'sin.grupo@example.com', username: 'sin_grupo', password: 'Clave-Segura-99' },
    });
    expect(response.statusCode).toBe(201);
    const authorization = await testApp.login('sin_grupo', 'Clave-Segura-99');
    const profile = await as(testApp, authorization)({ method: 'GET', url: '/api/profile/?queryType=LOGIN' });
    expect(profile.statusCode).toBe(200);
    const body = profile.json<{ groups: number[]; permissions: string[]; modules: string[] }>();
    expect(body).toMatchObject({ groups: [], permissions: [], modules: [] });
    expect(
      visibleCards({
        isSuperuser: false,
        groups: body.groups,
        permissions: body.permissions,
        modules: body.modules,
      }),
    ).toEqual([]);
    const fields = await as(
      testApp,
      authorization,
    )({
      method: 'POST',
      url: '/api/permission/check/',
      payload: { entity: 'voucher', view: 'edit', body: { status: 2 } },
    });
    expect(fields.statusCode).toBe(403);
  });
});

describe('assertEditableFields and the field rules, directly', () => {
  const principal = (groupIds: number[], overrides: Partial<Principal> = {}): Principal => ({
    id: 500,
    email: 'p@example.com',
    username: 'p',
    firstName: '',
    lastName: '',
    isActive: true,
    isSuperuser: false,
    isStaff: true,
    officeId: null,
    address: '',
    groupIds,
    userPermissions: [],
    permissions: [],
    modules: [],
    ...overrides,
  });
  const refusal = (run: () => void) => {
    try {
      run();
    } catch (error) {
      return error as HttpError;
    }
    return null;
  };

  it('refuses with 403 and a Spanish detail naming the field', () => {
    const error = refusal(() =>
      assertEditableFields(principal([33]), 'voucher', 'edit', { commission: '5.00' }),
    );
    expect(error).toBeInstanceOf(HttpError);
    expect(error?.statusCode).toBe(403);
    expect(error?.detail).toBe('No tiene permiso para modificar el campo comisión del voucher.');
  });

  it('passes the id, unchanged values, and the create view', () => {
    const current = { id: 1, status: 3, commission: '10.00', pax: [{ id: 7, name: 'Ana' }] };
    const body = { id: 1, status: 2, commission: '10.00', pax: [{ id: 7, name: 'Ana' }] };
    expect(refusal(() => assertEditableFields(principal([33]), 'voucher', 'edit', body, current))).toBeNull();
    expect(
      refusal(() =>
        assertEditableFields(principal([33]), 'voucher', 'edit', { ...body, commission: '11' }, current),
      ),
    ).not.toBeNull();
    expect(refusal(() => assertEditableFields(principal([14]), 'voucher', 'create', { pvp: 1 }))).toBeNull();
  });

  it('reads passenger fields inside a voucher body as pax.<field>', () => {
    expect(touchedFields('voucher', { pax: [{ id: 1, name: 'A' }, { email: 'b@x.com' }] })).toEqual([
      'pax.name',
      'pax.email',
    ]);
    expect(
      refusal(() => assertEditableFields(principal([13]), 'voucher', 'edit', { pax: [{ name: 'A' }] })),
    ).toBeNull();
    expect(
      refusal(() => assertEditableFields(principal([17]), 'voucher', 'edit', { pax: [{ name: 'A' }] })),
    ).not.toBeNull();
  });

  it('unions the fields of several groups; unknown fields and other views refuse', () => {
    const both = principal([33, 17]);
    expect(
      refusal(() => assertEditableFields(both, 'voucher', 'edit', { net_price: 1, observations: 'x' })),
    ).toBeNull();
    expect(refusal(() => assertEditableFields(both, 'voucher', 'edit', { unknown_field: 1 }))).not.toBeNull();
    expect(refusal(() => assertEditableFields(both, 'voucher', 'show', { status: 1 }))).not.toBeNull();
    expect(
      refusal(() =>
        assertEditableFields(principal([], { isSuperuser: true }), 'voucher', 'edit', { anything: 1 }),
      ),
    ).toBeNull();
  });

  it('applies visibility rules by group or user id, a user rule winning', () => {
    const table: FieldVisibilityRule[] = [
      { subject: { groupId: 13 }, entity: 'voucher', view: 'edit', field: 'observations', visible: false },
      { subject: { groupId: 13 }, entity: 'voucher', view: 'show', field: 'commission', visible: false },
      { subject: { userId: 42 }, entity: 'voucher', view: 'show', field: 'commission', visible: true },
    ];
    const ejecutivo = { isSuperuser: false, groups: [13], permissions: [] };
    expect(mayEditField(ejecutivo, 'voucher', 'edit', 'observations', table)).toBe(false);
    expect(mayEditField(ejecutivo, 'voucher', 'edit', 'status', table)).toBe(true);
    expect(mayViewField(ejecutivo, 'voucher', 'show', 'commission', table)).toBe(false);
    expect(mayViewField({ ...ejecutivo, id: 42 }, 'voucher', 'show', 'commission', table)).toBe(true);
    expect(mayViewField(ejecutivo, 'voucher', 'create', 'commission', table)).toBe(true);
    expect(mayViewField(ejecutivo, 'voucher', 'list', 'commission', table)).toBe(true);
  });
});
