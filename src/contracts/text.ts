/**
 * Text the database can store (issue 10): PostgreSQL refuses the NUL character in any text, and a
 * lone UTF-16 surrogate is not Unicode at all (it would be silently replaced). Every text builder
 * of the contracts refuses both with `messages.common.invalidCharacters`.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/** A value met by the walk below and how it was reached: its key and its parent's node. */
interface WalkNode {
  value: unknown;
  key: string | number | null;
  parent: WalkNode | null;
}

/** The path of a node, root first (built only for the few nodes reported). */
function pathOf(node: WalkNode | null): (string | number)[] {
  const path: (string | number)[] = [];
  for (let at = node; at && at.key !== null; at = at.parent) path.push(at.key);
  return path.reverse();
}

/**
 * The paths of the strings (values or object keys) in `input` that are not storable, in order.
 * Iterative, so no nesting depth overflows it, and linear in the size of the input (issue 28 §1):
 * each value is visited once and keeps only a link to its parent; a path is built only for the
 * (at most 50) values reported. Copying the path at every level made a deep body quadratic.
 */
export function findUnstorableText(input: unknown): (string | number)[][] {
  const found: (string | number)[][] = [];
  const stack: WalkNode[] = [{ value: input, key: null, parent: null }];
  for (let visited = 0; stack.length && visited < 200_000 && found.length < 50; visited++) {
    const node = stack.pop() as WalkNode;
    const { value } = node;
    if (typeof value === 'string') {
      if (!isStorableText(value)) found.push(pathOf(node));
    } else if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index--)
        stack.push({ value: value[index], key: index, parent: node });
    } else if (value && typeof value === 'object') {
      const keys = Object.keys(value);
      for (let index = keys.length - 1; index >= 0; index--) {
        const key = keys[index];
        if (!isStorableText(key)) found.push(pathOf(node));
        else stack.push({ value: (value as Record<string, unknown>)[key], key, parent: node });
      }
    }
  }
  return found;
}
