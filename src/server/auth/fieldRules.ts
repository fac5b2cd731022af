/**
 * Server side of the per-role editable fields (spec section 6): a write that touches a voucher or
 * reservation field the user's role may not edit is refused with 403 `{detail}` naming the field,
 * even when the client would never send it. The rules themselves live in src/contracts/roleRules.ts
 * and are read through src/contracts/access.ts, the same functions the client hides fields with.
 */
import { type AccessSubject, mayEditField } from '../../contracts/access';
import { messages } from '../../contracts/messages';
import type { FieldEntity, FieldView } from '../../contracts/roleRules';
import { forbidden } from '../http/errors';
import type { Principal } from './principal';

const text = messages.permissions;

export function subjectOf(principal: Principal): AccessSubject {
  return {
    id: principal.id,
    isSuperuser: principal.isSuperuser,
    groups: principal.groupIds,
    permissions: principal.permissions,
    modules: principal.modules,
  };
}

/** Keys that identify the record rather than edit it. */
const IDENTITY_KEYS = new Set(['id']);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || a === undefined || b === undefined) return false;
  if (typeof a === 'object' || typeof b === 'object') return JSON.stringify(a) === JSON.stringify(b);
  // '10.00' and 10 are the same amount; '2024-01-02' and a Date the same day.
  return String(a) === String(b);
}

/**
 * The fields a write body touches, as rule names: top-level keys, and `pax.<field>` for each
 * field of each passenger of a voucher. With `current`, a field sent with its current value is not
 * a change (a form that posts the whole record stays allowed).
 */
export function touchedFields(
  entity: FieldEntity,
  body: unknown,
  current?: Record<string, unknown>,
): string[] {
  if (!isRecord(body)) return [];
  const touched: string[] = [];
  for (const [key, value] of Object.entries(body)) {
    if (IDENTITY_KEYS.has(key)) continue;
    if (entity === 'voucher' && key === 'pax' && Array.isArray(value)) {
      const before = (Array.isArray(current?.pax) ? (current.pax as unknown[]) : []).filter(isRecord);
      value.forEach((passenger) => {
        if (!isRecord(passenger)) return;
        // The passenger as stored, by its id (the body may list them in any order).
        const previous = before.find((stored) => stored.id === passenger.id);
        for (const [field, fieldValue] of Object.entries(passenger)) {
          if (IDENTITY_KEYS.has(field)) continue;
          if (previous && field in previous && sameValue(previous[field], fieldValue)) continue;
          const name = `pax.${field}`;
          if (!touched.includes(name)) touched.push(name);
        }
      });
      continue;
    }
    if (current && key in current && sameValue(current[key], value)) continue;
    touched.push(key);
  }
  return touched;
}

/**
 * Throws 403 `{detail}` (Spanish, naming the first refused field) unless the principal may edit
 * every field the body touches in `view`. The 'create' view always passes (section 6).
 */
export function assertEditableFields(
  principal: Principal,
  entity: FieldEntity,
  view: FieldView,
  body: unknown,
  current?: Record<string, unknown>,
): void {
  const subject = subjectOf(principal);
  for (const field of touchedFields(entity, body, current)) {
    if (!mayEditField(subject, entity, view, field)) {
      const label = text.fieldLabels[field] ?? field;
      throw forbidden(text.fieldNotEditable(label, text.entityLabels[entity]));
    }
  }
}
