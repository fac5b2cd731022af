/** Context and events shown as JSON in the gallery: errors as text, live objects left out, cycles cut. */
export function displayJson(value: unknown): string {
  const seen = new WeakSet<object>();
  return (
    JSON.stringify(
      value,
      (_key, item: unknown) => {
        if (item instanceof Error) return `${item.name}: ${item.message}`;
        if (typeof item === 'function' || typeof item === 'symbol') return undefined;
        if (typeof item === 'bigint') return String(item);
        if (item && typeof item === 'object') {
          if ('sessionId' in item && 'send' in item)
            return `[actor ${String((item as { id?: unknown }).id)}]`;
          if (seen.has(item)) return '[circular]';
          seen.add(item);
        }
        return item;
      },
      2,
    ) ?? 'undefined'
  );
}
