/**
 * Issue 18: the options a form needs are readable by whoever may use the form. For each of the
 * twelve roles and every module whose create or edit form it may open, every option call that
 * form makes (another module's list, limit=10000) answers 200. Before this, 'Crear pasajero' and
 * row 'Editar' failed for agencia, administracion, soporte and ejecutivo_supervisor: GET
 * /api/country/ answered 403; they now read GET /api/country_name_id/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flatFields, optionSourceOf, type ResourceDescriptor } from '../../src/client/resources/descriptor';
import { DESCRIPTORS } from '../../src/client/resources/descriptors';
import { can } from '../../src/contracts/permissions';
import { ROLES } from '../../src/contracts/roles';
import { as, createTestApp, type TestApp } from './support';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
}, 60_000);
afterAll(async () => testApp.close());

const optionPaths = (descriptor: ResourceDescriptor) => [
  ...new Set(flatFields(descriptor.fields).flatMap((field) => optionSourceOf(field)?.path ?? [])),
];

describe('form options as each role', () => {
  for (const role of ROLES) {
    const grants = { isSuperuser: false, permissions: role.permissions };
    const forms = DESCRIPTORS.filter((descriptor) => {
      const create = descriptor.section.createPermission;
      const edit = descriptor.editPermission;
      return (
        optionPaths(descriptor).length > 0 &&
        (can(grants, create.resource, create.action) || can(grants, edit.resource, edit.action))
      );
    });
    it(`${role.key}: every option call of its forms answers 200 (${forms.map((form) => form.routing).join(', ') || 'none'})`, async () => {
      const call = as(testApp, await testApp.login(role.key));
      const answered: Record<string, number> = {};
      for (const form of forms)
        for (const path of optionPaths(form)) {
          const response = await call({ method: 'GET', url: `/api${path}?limit=10000&offset=0` });
          answered[`${form.routing} ${path}`] = response.statusCode;
        }
      const expected = Object.fromEntries(Object.keys(answered).map((key) => [key, 200]));
      expect(answered).toEqual(expected);
    });
  }

  it('covers the forms of the four roles the issue names', () => {
    const routingsOf = (key: string) => {
      const role = ROLES.find((candidate) => candidate.key === key);
      const grants = { isSuperuser: false, permissions: role?.permissions ?? [] };
      return DESCRIPTORS.filter((descriptor) => {
        const create = descriptor.section.createPermission;
        return (
          can(grants, create.resource, create.action) && optionPaths(descriptor).includes('/country_name_id/')
        );
      }).map((descriptor) => descriptor.routing);
    };
    for (const key of ['agencia', 'administracion', 'soporte', 'ejecutivo_supervisor'])
      expect(routingsOf(key).length, key).toBeGreaterThan(0);
  });
});
