/**
 * Who may read the lists that feed a form's selects (issue 18: 'options a form needs are readable
 * by whoever may use the form'). Keyed by the option source's API path; each entry lists the
 * permissions that open the list: the module's own view plus the create/edit permission of every
 * form whose selects read it. The server declares these as the list permission
 * (src/server/resources); tests/client/formOptions.test.ts checks every descriptor's option sources
 * against this table, and tests/server/formOptions.test.ts calls them as each role.
 */
import type { Action, Resource } from './permissions';

type Grant = { resource: Resource; action: Action };
const grant = (codename: `${Resource}/${Action}`): Grant => {
  const [resource, action] = codename.split('/') as [Resource, Action];
  return { resource, action };
};

export const FORM_OPTION_READERS = {
  '/country_name_id/': [
    'country/view',
    'office/add',
    'pax/add',
    'voucher/add',
    'currency/add',
    'bussines_unit/add',
    'product_sperta/add',
  ].map((codename) => grant(codename as `${Resource}/${Action}`)),
  '/currency/': [grant('currency/view'), grant('country/add')],
  '/product/': [grant('product/view'), grant('product_sperta/add')],
  '/tags/': [grant('tags/view'), grant('office/add')],
  '/bussines_unit/': [grant('bussines_unit/view'), grant('office/add')],
  // reservation/add: the reservation form's office picker (issue 32: a picker, never an id box).
  '/office_name_id/': [
    grant('office/view'),
    grant('office/add'),
    grant('user/add'),
    grant('reservation/add'),
  ],
  '/karing/get_municipios/': [grant('office/view'), grant('office/add')],
  '/groups/': [grant('group/view'), grant('user/add')],
  '/permission/': [grant('permission/view'), grant('user/add'), grant('group/add')],
} as const satisfies Record<string, readonly Grant[]>;

export type OptionPath = keyof typeof FORM_OPTION_READERS;

export function optionReaders(path: OptionPath): readonly Grant[] {
  return FORM_OPTION_READERS[path];
}
