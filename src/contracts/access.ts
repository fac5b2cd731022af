/**
 * The one place that answers access questions (spec section 6), for the client (to hide and
 * disable) and the server (to refuse): may this user do an action on a resource; may it see or
 * edit a field of a voucher or reservation in a view; which fields may it edit; which modules
 * does it see. Pure: no I/O. Superusers pass every check.
 */
import { dashboardCards, filterMenu, MENU, type MenuItem, type Section } from './modules';
import { type Action, can, type Resource } from './permissions';
import {
  ENTITY_FIELDS,
  FIELD_VISIBILITY_RULES,
  type FieldEntity,
  type FieldView,
  type FieldVisibilityRule,
  fieldRulesOf,
} from './roleRules';

/** What access depends on: the user's id, flags, groups, effective permissions and modules. */
export interface AccessSubject {
  id?: number;
  isSuperuser: boolean;
  groups: readonly number[];
  permissions: readonly string[];
  modules?: readonly string[];
}

/** The profile answered by GET /profile/?queryType=LOGIN, as an access subject. */
export function subjectOfProfile(profile: {
  id: number;
  is_superuser: boolean;
  groups: readonly number[];
  permissions: readonly string[];
  modules: readonly string[];
}): AccessSubject {
  return {
    id: profile.id,
    isSuperuser: profile.is_superuser,
    groups: profile.groups,
    permissions: profile.permissions,
    modules: profile.modules,
  };
}

/** May the user do `action` on `resource` (`{resource}/{action}`)? */
export function mayDo(subject: AccessSubject, resource: Resource, action: Action): boolean {
  return can(subject, resource, action);
}

function isKnownField(entity: FieldEntity, field: string): boolean {
  return (ENTITY_FIELDS[entity] as readonly string[]).includes(field);
}

/** The rule that decides a field for this user in this view, if any: a user rule wins. */
function visibilityRule(
  subject: AccessSubject,
  entity: FieldEntity,
  view: FieldView,
  field: string,
  table: readonly FieldVisibilityRule[],
): FieldVisibilityRule | undefined {
  const matching = table.filter(
    (rule) => rule.entity === entity && rule.view === view && rule.field === field,
  );
  const byUser = matching.find((rule) => 'userId' in rule.subject && rule.subject.userId === subject.id);
  if (byUser) return byUser;
  const byGroup = matching.filter(
    (rule) => 'groupId' in rule.subject && subject.groups.includes(rule.subject.groupId),
  );
  // Several groups: a field one of them shows is shown.
  return byGroup.find((rule) => rule.visible) ?? byGroup[0];
}

/** May the user see field `field` of `entity` in `view`? ('create' always passes.) */
export function mayViewField(
  subject: AccessSubject,
  entity: FieldEntity,
  view: FieldView,
  field: string,
  table: readonly FieldVisibilityRule[] = FIELD_VISIBILITY_RULES,
): boolean {
  if (view === 'create' || subject.isSuperuser) return true;
  return visibilityRule(subject, entity, view, field, table)?.visible ?? true;
}

/**
 * May the user edit field `field` of `entity` in `view`? 'create' always passes (section 6); in
 * 'list' and 'show' nothing is edited; in 'edit' the field must be one of the role's editable
 * fields (the union over the user's groups) and not hidden by a visibility rule.
 */
export function mayEditField(
  subject: AccessSubject,
  entity: FieldEntity,
  view: FieldView,
  field: string,
  table: readonly FieldVisibilityRule[] = FIELD_VISIBILITY_RULES,
): boolean {
  if (view === 'create' || subject.isSuperuser) return true;
  if (view !== 'edit' || !isKnownField(entity, field)) return false;
  if (!mayViewField(subject, entity, view, field, table)) return false;
  return subject.groups.some((groupId) =>
    (fieldRulesOf(groupId)?.[entity] as readonly string[] | undefined)?.includes(field),
  );
}

/** The fields of `entity` the user may edit in `view`, in the entity's field order. */
export function editableFields(
  subject: AccessSubject,
  entity: FieldEntity,
  view: FieldView,
  table: readonly FieldVisibilityRule[] = FIELD_VISIBILITY_RULES,
): string[] {
  return ENTITY_FIELDS[entity].filter((field) => mayEditField(subject, entity, view, field, table));
}

/** Dashboard cards; a user with no group and no permission gets none (an empty dashboard). */
export function visibleCards(subject: AccessSubject): Section[] {
  return dashboardCards({
    isSuperuser: subject.isSuperuser,
    permissions: subject.permissions,
    modules: subject.modules ?? [],
  });
}

/** The sidebar menu, filtered by the rule of section 6. */
export function visibleMenu(subject: AccessSubject): MenuItem[] {
  return filterMenu(MENU, subject);
}

/** What a user may do with one field of a loaded form (the client engine's per-field access). */
export type FieldAccessLevel = 'edit' | 'read' | 'hidden';

/**
 * The access of each field of `entity` in `view`, from the same rules the server enforces:
 * hidden when a visibility rule hides it, editable when the role may edit it, read-only otherwise.
 * An 'agencia' user editing a voucher: status editable, prices read-only.
 */
export function fieldAccessOf(
  subject: AccessSubject,
  entity: FieldEntity,
  view: FieldView,
  fields: readonly string[],
  table: readonly FieldVisibilityRule[] = FIELD_VISIBILITY_RULES,
): Record<string, FieldAccessLevel> {
  return Object.fromEntries(
    fields.map((field): [string, FieldAccessLevel] => {
      if (!mayViewField(subject, entity, view, field, table)) return [field, 'hidden'];
      return [field, mayEditField(subject, entity, view, field, table) ? 'edit' : 'read'];
    }),
  );
}
