/**
 * A history entry's changes as people read them (issue 32 'History people can read'): the audit
 * log records whole API snapshots' differences (./../resources/audit.ts), where a reference is an
 * id beside its name (`country: 9` and `country_name: 'Argentina'`, `user` and `user_detail`), a sub-record is one nested
 * object (`karing: {id, karing_code, ...}`) and a list of sub-records one array. Read time turns
 * them into one change per thing a person changed, for every module and for entries written
 * before this reading existed:
 *
 * - a reference shows its name under the reference's own key, once (`country` carries
 *   'Argentina'; `country_name` is not repeated); lists of ids their names (`tags` ← `tag_names`);
 * - a sub-record's fields are their own changes under `parent.field` (`karing.karing_code`),
 *   without its id or its link back to the record;
 * - a list of sub-records: by its names when its items are only an id and a name (`childrens`),
 *   else item by item under `parent.N.field` (N counts from 1, items matched by id).
 *
 * The client labels the keys (the module's labels, `parent · field`) and the values.
 */

export type Change = { before: unknown; after: unknown };
export type Changes = Record<string, Change>;

type Plain = Record<string, unknown>;

const isPlain = (value: unknown): value is Plain =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Keys that name an item of a list of references. */
const NAME_KEYS = ['long_name', 'name', 'short_name'] as const;

/** The keys that may carry the name of the reference `key` (`country_name`, `tag_names`...). */
function companionsOf(key: string): string[] {
  const singular = key.endsWith('s') ? key.slice(0, -1) : key;
  return [`${key}_name`, `${key}_long_name`, `${key}_detail`, `${singular}_names`, `${key}_names`];
}

/** An item's name when the item is only an id and a name ({id, long_name}); undefined otherwise. */
function nameOnly(item: unknown): string | undefined {
  if (!isPlain(item)) return undefined;
  const keys = Object.keys(item).filter((key) => key !== 'id');
  if (keys.length !== 1 || !(NAME_KEYS as readonly string[]).includes(keys[0])) return undefined;
  const name = item[keys[0]];
  return typeof name === 'string' ? name : undefined;
}

/** A list of {id, name} items as its names; undefined when it is not one. */
function namesOf(value: unknown): string[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const names = value.map(nameOnly);
  return names.every((name) => name !== undefined) ? (names as string[]) : undefined;
}

const isObjectList = (value: unknown) => Array.isArray(value) && value.some(isPlain);

/** Adds the changes between two values under `key`, flattening sub-records. */
function addChange(out: Changes, key: string, before: unknown, after: unknown, owner: string) {
  // A secret is recorded as changed with the same mask before and after: kept as recorded.
  if (same(before, after) && (isPlain(before) || Array.isArray(before))) return;
  if ((isPlain(before) || isPlain(after)) && !Array.isArray(before) && !Array.isArray(after)) {
    const inner = normalize(
      changesOf(isPlain(before) ? before : null, isPlain(after) ? after : null),
      owner,
      true,
    );
    for (const [field, change] of Object.entries(inner)) out[`${key}.${field}`] = change;
    return;
  }
  if (isObjectList(before) || isObjectList(after)) {
    const beforeNames = namesOf(before ?? []);
    const afterNames = namesOf(after ?? []);
    if (beforeNames && afterNames) {
      out[key] = { before: beforeNames, after: afterNames };
      return;
    }
    addItems(out, key, Array.isArray(before) ? before : [], Array.isArray(after) ? after : [], owner);
    return;
  }
  out[key] = { before, after };
}

/** Items of a list of sub-records, matched by id (else by position), each field its own change. */
function addItems(out: Changes, key: string, before: unknown[], after: unknown[], owner: string) {
  const idOf = (item: unknown) => (isPlain(item) && item.id !== undefined ? item.id : undefined);
  const matched = new Set<number>();
  const pairs: [unknown, unknown][] = after.map((item, index) => {
    const id = idOf(item);
    let found = id === undefined ? -1 : before.findIndex((old) => idOf(old) === id);
    if (found === -1 && id === undefined && index < before.length && idOf(before[index]) === undefined)
      found = index;
    if (found !== -1) matched.add(found);
    return [found === -1 ? null : before[found], item];
  });
  before.forEach((item, index) => {
    if (!matched.has(index)) pairs.push([item, null]);
  });
  pairs.forEach(([old, value], index) => {
    addChange(out, `${key}.${index + 1}`, old, value, owner);
  });
}

/** The raw differences of two objects, key by key. */
function changesOf(before: Plain | null, after: Plain | null): Changes {
  const changes: Changes = {};
  for (const key of new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])) {
    const old = before ? (before[key] ?? null) : null;
    const value = after ? (after[key] ?? null) : null;
    if (!same(old, value)) changes[key] = { before: old, after: value };
  }
  return changes;
}

/**
 * One level of changes made readable: references by their names (once), sub-records field by
 * field. `nested`: a sub-record's fields, where its id and its link to the record (`office`
 * inside an office's sub-record) say nothing to a person; nor does the record's own id.
 */
function normalize(changes: Changes, owner: string, nested: boolean): Changes {
  const out: Changes = {};
  const companions = new Set<string>();
  for (const key of Object.keys(changes))
    for (const companion of companionsOf(key)) if (companion in changes) companions.add(companion);
  for (const [key, change] of Object.entries(changes)) {
    if (companions.has(key) || key === 'id' || (nested && key === owner)) continue;
    const companion = companionsOf(key).find((name) => name in changes);
    if (companion) {
      out[key] = { before: changes[companion].before, after: changes[companion].after };
      continue;
    }
    addChange(out, key, change.before, change.after, owner);
  }
  return out;
}

/**
 * A recorded entry's changes as people read them (see the module comment). `entity` is the
 * history's entity (`office`): a sub-record's link back to it is left out.
 */
export function readableChanges(changes: unknown, entity: string): Changes {
  if (!isPlain(changes)) return {};
  const recorded: Changes = {};
  for (const [key, change] of Object.entries(changes))
    if (isPlain(change)) recorded[key] = { before: change.before ?? null, after: change.after ?? null };
  for (const [derived, source] of Object.entries(DERIVED))
    if (derived in recorded && source in recorded) delete recorded[derived];
  return normalize(recorded, entity, false);
}

/**
 * Keys whose value follows another's (issue 40: an invoicing change was written twice, as
 * 'Facturado' and 'Estado de facturación'): left out when the key they follow changed too.
 */
const DERIVED: Record<string, string> = { billed: 'invoicing_status' };
