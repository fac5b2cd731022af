/**
 * Text the database can store (issue 10): PostgreSQL refuses the NUL character in any text, and a
 * lone UTF-16 surrogate is not Unicode at all (it would be silently replaced). Every text builder
 * of the contracts refuses both with `messages.common.invalidCharacters`.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/**
 * The paths of the strings (values or object keys) in `input` that are not storable, in order.
 * Iterative, so no nesting depth overflows it.
 */
export function findUnstorableText(input: unknown): (string | number)[][] {
  const found: (string | number)[][] = [];
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value: input, path: [] }];
  for (let visited = 0; stack.length && visited < 200_000 && found.length < 50; visited++) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (!isStorableText(value)) found.push(path);
    } else if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index--)
        stack.push({ value: value[index], path: [...path, index] });
    } else if (value && typeof value === 'object') {
      const entries = Object.entries(value);
      for (let index = entries.length - 1; index >= 0; index--) {
        const [key, child] = entries[index];
        if (!isStorableText(key)) found.push(path);
        else stack.push({ value: child, path: [...path, key] });
      }
    }
  }
  return found;
}
