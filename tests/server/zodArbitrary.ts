/**
 * fast-check arbitraries from zod 4 contracts (classic or mini: both share `_zod.def`), for the
 * fuzz test: values that mostly satisfy the contract (so requests reach the handlers' deep code),
 * and hostile values that no contract should let through to the database.
 */
import fc from 'fast-check';

interface CheckDef {
  check: string;
  minimum?: number;
  maximum?: number;
  value?: number | bigint;
  inclusive?: boolean;
  format?: string;
  pattern?: RegExp;
}
interface Def {
  type: string;
  checks?: { _zod: { def: CheckDef } }[];
  shape?: Record<string, Schema>;
  element?: Schema;
  options?: Schema[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  innerType?: Schema;
  in?: Schema;
  out?: Schema;
  keyType?: Schema;
  valueType?: Schema;
  getter?: () => Schema;
  left?: Schema;
  right?: Schema;
}
interface Schema {
  _zod: { def: Def; optin?: 'optional' };
}

const checksOf = (def: Def) => (def.checks ?? []).map((check) => check._zod.def);

/** Any JSON value, small. */
export const jsonValue = (): fc.Arbitrary<unknown> => fc.jsonValue({ maxDepth: 2 });

function stringArbitrary(def: Def): fc.Arbitrary<string> {
  const checks = checksOf(def);
  const min = Math.max(0, ...checks.filter((c) => c.check === 'min_length').map((c) => c.minimum ?? 0));
  const maxes = checks.filter((c) => c.check === 'max_length').map((c) => c.maximum ?? 40);
  const max = Math.max(min, Math.min(40, ...maxes));
  const format = checks.find((c) => c.check === 'string_format');
  if (format?.format === 'email')
    return fc.emailAddress().filter((email) => email.length <= Math.max(max, 6));
  if (format?.format === 'regex' && format.pattern) {
    const pattern = format.pattern;
    if (/^\^\\d\+\$$/.test(pattern.source) || /^\^\\d/.test(pattern.source))
      return fc.stringMatching(/^\d{1,10}$/).filter((value) => value.length >= min && value.length <= max);
    return fc.oneof(fc.stringMatching(pattern), fc.string({ minLength: min, maxLength: max }));
  }
  return fc.oneof(
    { weight: 4, arbitrary: fc.string({ minLength: Math.max(min, 1), maxLength: max }) },
    { weight: 1, arbitrary: fc.constantFrom('01/02/2024', '2024-02-01', '123', 'https://example.com') },
  );
}

function numberArbitrary(def: Def): fc.Arbitrary<number> {
  const checks = checksOf(def);
  const integer = checks.some((c) => c.check === 'number_format');
  const lower = checks.find((c) => c.check === 'greater_than');
  const upper = checks.find((c) => c.check === 'less_than');
  const min = lower ? Number(lower.value) + (lower.inclusive ? 0 : 1) : integer ? -5 : -1000;
  const max = upper ? Number(upper.value) - (upper.inclusive ? 0 : 1) : integer ? 60 : 1000;
  const low = Math.max(min, -1_000_000);
  const high = Math.min(Math.max(max, low), low + 1_000_000);
  return integer
    ? fc.oneof(
        { weight: 4, arbitrary: fc.integer({ min: low, max: Math.min(high, low + 60) }) },
        fc.integer({ min: low, max: high }),
      )
    : fc.double({ min: low, max: high, noNaN: true, noDefaultInfinity: true });
}

/**
 * Which optional keys (`.optional()`, `.default()`…) an object value carries: `some` (each by
 * chance), `none` (every one left out, at every depth: issue 39, a handler that read an absent
 * optional key answered 500) or `all` (every one present, to leave them out one at a time).
 */
export type OptionalKeys = 'some' | 'none' | 'all';

/** Values that mostly satisfy `schema`; depth-limited. */
export function arbitraryOf(
  schema: Schema,
  depth = 0,
  optionalKeys: OptionalKeys = 'some',
): fc.Arbitrary<unknown> {
  const def = schema._zod.def;
  if (depth > 6) return fc.constant(null);
  const inner = (child: Schema | undefined) =>
    child ? arbitraryOf(child, depth + 1, optionalKeys) : jsonValue();
  switch (def.type) {
    case 'string':
      return stringArbitrary(def);
    case 'number':
    case 'int':
      return numberArbitrary(def);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'undefined':
    case 'void':
      return fc.constant(undefined);
    case 'literal':
      return fc.constantFrom(...((def.values ?? [null]) as unknown[]));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? { none: 'none' }));
    case 'object': {
      const shape = def.shape ?? {};
      const keys = Object.keys(shape);
      const requiredKeys = keys.filter((key) => shape[key]._zod.optin !== 'optional');
      if (optionalKeys === 'none')
        return fc.record(Object.fromEntries(requiredKeys.map((key) => [key, inner(shape[key])])));
      if (optionalKeys === 'all')
        return fc.record(Object.fromEntries(keys.map((key) => [key, inner(shape[key])])));
      return fc.record(Object.fromEntries(keys.map((key) => [key, inner(shape[key])])), { requiredKeys });
    }
    case 'array': {
      const checks = checksOf(def);
      const min = Math.max(0, ...checks.filter((c) => c.check === 'min_length').map((c) => c.minimum ?? 0));
      return fc.array(inner(def.element), {
        minLength: Math.min(min, 3),
        maxLength: Math.max(3, Math.min(min, 3)),
      });
    }
    case 'record':
      return fc.dictionary(fc.string({ maxLength: 12 }), inner(def.valueType), { maxKeys: 4 });
    case 'union':
      return fc.oneof(...(def.options ?? []).map((option) => inner(option)));
    case 'intersection':
      return inner(def.left);
    case 'optional':
      if (optionalKeys === 'none') return fc.constant(undefined);
      if (optionalKeys === 'all') return inner(def.innerType);
      return fc.option(inner(def.innerType), { nil: undefined, freq: 5 });
    case 'nullable':
      return fc.option(inner(def.innerType), { nil: null, freq: 5 });
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
    case 'success':
      return inner(def.innerType);
    case 'pipe':
      // A transform, or a bound checked on the raw value first (the draft's size): the shape is `out`.
      return def.in?._zod.def.type === 'transform' || def.in?._zod.def.type === 'unknown'
        ? inner(def.out)
        : inner(def.in);
    case 'lazy':
      return def.getter ? inner(def.getter()) : jsonValue();
    default:
      return jsonValue();
  }
}

/** Deeply nested arrays and objects (a parser or a walker that recurses would overflow). */
const deepArray = (levels: number): unknown => {
  let value: unknown = 1;
  for (let level = 0; level < levels; level++) value = [value];
  return value;
};
const deepObject = (levels: number): unknown => {
  let value: unknown = 'x';
  for (let level = 0; level < levels; level++) value = { a: value };
  return value;
};

/** Issue 28 §1: just past the parser's shape limits (33 levels; 20,001 elements), wide and flat. */
const wideObject = (members: number): unknown =>
  Object.fromEntries(Array.from({ length: members }, (_, index) => [`k${index}`, index]));
const flatArray = (items: number): unknown => Array.from({ length: items }, (_, index) => index);

/** One lone UTF-16 code unit of the surrogate range, in a string. */
const loneSurrogates = fc
  .integer({ min: 0xd800, max: 0xdfff })
  .map((unit) => `a${String.fromCharCode(unit)}b`);

/** Values no contract should let reach the database unrefused. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    'a\u0000b',
    '\u0000',
    '\ud800',
    '\udfff x',
    2 ** 31,
    -(2 ** 31) - 1,
    2 ** 53,
    -(2 ** 53),
    1e308,
    -1e308,
    -1,
    0,
    1.5,
    -0.000001,
    '9'.repeat(40),
    '-1',
    '1e999',
    'NaN',
    '0x10',
    '',
    ' ',
    null,
    true,
    false,
    [],
    {},
    [null],
    { id: 1 },
    '2024-02-30',
    '31/02/2024',
    '00/00/0000',
    '9999-12-31',
    '0001-01-01',
    '\u202eevil',
    '👍🏽👨‍👩‍👧',
    'Ω≈ç√∫˜µ≤≥÷',
    "'; DROP TABLE users; --",
    '%00',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    'x'.repeat(300),
    'y'.repeat(70_000),
    deepArray(3000),
    deepObject(3000),
    deepArray(33),
    deepObject(33),
    wideObject(20_001),
    flatArray(20_001),
    { __proto__: { polluted: true } },
    JSON.parse('{"__proto__": {"polluted": true}}'),
    { constructor: { prototype: { polluted: true } } },
  ),
  loneSurrogates,
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.integer(),
  fc.double(),
  fc.array(fc.integer({ min: -(2 ** 40), max: 2 ** 40 }), { maxLength: 5 }),
  fc.jsonValue({ maxDepth: 3 }),
);

/** An object body with one field (known or new) replaced by a hostile value; other bodies replaced. */
export function mutated(valid: fc.Arbitrary<unknown>, knownKeys: readonly string[]): fc.Arbitrary<unknown> {
  const keys = fc.oneof(
    { weight: 5, arbitrary: knownKeys.length ? fc.constantFrom(...knownKeys) : fc.constant('x') },
    { weight: 1, arbitrary: fc.constantFrom('extra', 'a\u0000', '__proto__', 'constructor', '') },
  );
  return fc.tuple(valid, keys, hostileValue, fc.nat(3)).map(([body, key, value, extraMutations]) => {
    if (!body || typeof body !== 'object' || Array.isArray(body)) return value;
    const copy: Record<string, unknown> = { ...(body as Record<string, unknown>) };
    Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
    // Sometimes a second and third field go wrong too.
    const others = knownKeys.filter((other) => other !== key).slice(0, extraMutations);
    for (const other of others) copy[other] = typeof copy[other] === 'string' ? `${copy[other]}\u0000` : null;
    return copy;
  });
}

/** The object shape of a contract (through pipes, defaults, refinements), or none. */
function shapeOf(schema: Schema | undefined): Record<string, Schema> | null {
  let current = schema;
  for (let depth = 0; current && depth < 5; depth++) {
    const def = current._zod.def;
    if (def.type === 'object') return def.shape ?? {};
    current = def.type === 'pipe' ? def.in : def.innerType;
  }
  return null;
}

/** Keys of an object contract (for mutations), or none. */
export function keysOf(schema: Schema | undefined): string[] {
  return Object.keys(shapeOf(schema) ?? {});
}

/** The optional top-level keys of an object contract (each is also left out alone). */
export function optionalKeysOf(schema: Schema | undefined): string[] {
  const shape = shapeOf(schema) ?? {};
  return Object.keys(shape).filter((key) => shape[key]._zod.optin === 'optional');
}

export type { Schema as ZodLike };
