import fc from 'fast-check';

/**
 * fast-check arbitraries from zod 4 schemas, for the schema-driven fuzz (fuzz.test.ts).
 *
 * zod-fast-check (0.10.1) needs zod 3 and fast-check < 4, so this walks zod 4 schemas through
 * `schema._zod.def` itself. It generates *valid-shaped* input values — what a well-behaved client
 * would send as JSON — which the fuzz then mutates. Valid-shaped, not always valid: refinements
 * (custom checks) and business rules are not modelled, and that is fine for a fuzz.
 *
 * Covered: object, string (length, regex and format patterns), number / int (bounds, coerce),
 * boolean, enum, literal, array, optional, nullable, default / prefault, pipe (preprocess:
 * generate for the target; transform: generate for the source), union (also discriminated),
 * record, intersection, tuple, null, undefined, unknown / any, catch, readonly, nonoptional, lazy.
 * Anything else falls back to a small JSON value and is listed in `unsupportedTypes`.
 */

/** The part of zod 4's internals we read. */
interface ZodDef {
  type: string;
  checks?: { _zod: { def: CheckDef } }[];
  coerce?: boolean;
  format?: string;
  pattern?: RegExp;
  shape?: Record<string, ZodSchema>;
  innerType?: ZodSchema;
  in?: ZodSchema;
  out?: ZodSchema;
  element?: ZodSchema;
  options?: ZodSchema[];
  keyType?: ZodSchema;
  valueType?: ZodSchema;
  left?: ZodSchema;
  right?: ZodSchema;
  items?: ZodSchema[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  getter?: () => ZodSchema;
}

interface CheckDef {
  check: string;
  format?: string;
  pattern?: RegExp;
  value?: number | bigint;
  inclusive?: boolean;
  minimum?: number;
  maximum?: number;
  length?: number;
}

export interface ZodSchema {
  _zod: { def: ZodDef };
  safeParse(value: unknown): { success: boolean };
}

export function isZodSchema(value: unknown): value is ZodSchema {
  return (
    typeof value === 'object' &&
    value !== null &&
    '_zod' in value &&
    typeof (value as { _zod: unknown })._zod === 'object'
  );
}

export function defOf(schema: ZodSchema): ZodDef {
  return schema._zod.def;
}

function checksOf(def: ZodDef): CheckDef[] {
  return (def.checks ?? []).map((c) => c._zod.def);
}

/** zod types met that this generator does not model (the fuzz falls back to JSON values). */
export const unsupportedTypes = new Set<string>();

/** Names of fields that hold record ids: id, ids, groupId, memberIds, ... */
export function isIdName(name: string): boolean {
  return /^(id|ids)$/.test(name) || /[a-z0-9](Id|Ids)$/.test(name);
}

/** The schema a value is generated from, through wrappers that do not change the shape. */
export function unwrap(schema: ZodSchema): ZodSchema {
  let current = schema;
  for (let i = 0; i < 20; i++) {
    const def = defOf(current);
    switch (def.type) {
      case 'optional':
      case 'nullable':
      case 'default':
      case 'prefault':
      case 'catch':
      case 'readonly':
      case 'nonoptional':
        current = def.innerType as ZodSchema;
        break;
      case 'pipe':
        current = (defOf(def.in as ZodSchema).type === 'transform' ? def.out : def.in) as ZodSchema;
        break;
      case 'lazy':
        current = (def.getter as () => ZodSchema)();
        break;
      default:
        return current;
    }
  }
  return current;
}

export interface GenOptions {
  /** Longest generated free text (the fuzz adds huge strings itself). */
  maxText: number;
  /** Longest generated array. */
  maxItems: number;
  /** Ids generated for id-named fields: small, so they hit the records that exist. */
  idArbitrary: fc.Arbitrary<number>;
  /**
   * Values for fields whose rule a schema hides in a refinement (a date string, a check digit):
   * field name → arbitrary, used for a string or number field of that name.
   */
  hints: Record<string, fc.Arbitrary<unknown>>;
}

const DEFAULTS: GenOptions = {
  maxText: 24,
  maxItems: 4,
  idArbitrary: fc.integer({ min: 1, max: 6 }),
  hints: {},
};

function numberArbitrary(def: ZodDef, key: string | undefined, opts: GenOptions) {
  let min = -Number.MAX_SAFE_INTEGER;
  let max = Number.MAX_SAFE_INTEGER;
  let integer = false;
  let minExclusive = false;
  let maxExclusive = false;
  for (const check of checksOf(def)) {
    if (check.check === 'number_format' && /int/.test(check.format ?? '')) integer = true;
    if (check.check === 'greater_than' && typeof check.value === 'number' && check.value >= min) {
      min = check.value;
      minExclusive = check.inclusive === false;
    }
    if (check.check === 'less_than' && typeof check.value === 'number' && check.value <= max) {
      max = check.value;
      maxExclusive = check.inclusive === false;
    }
  }
  // Without an int check a number field still mostly carries integers here (ids, times, money).
  const lo = minExclusive ? Math.floor(min) + 1 : Math.ceil(min);
  const hi = maxExclusive ? Math.ceil(max) - 1 : Math.floor(max);
  if (lo > hi) return fc.constant(min);
  if (key !== undefined && isIdName(key) && lo <= 6 && hi >= 1) return opts.idArbitrary;
  const ints = fc.oneof(
    { arbitrary: fc.integer({ min: lo, max: Math.min(hi, lo + 10) }), weight: 3 },
    { arbitrary: fc.integer({ min: lo, max: hi }), weight: 1 },
  );
  if (integer) return ints;
  return fc.oneof(
    { arbitrary: ints, weight: 3 },
    {
      arbitrary: fc.double({ min, max, noNaN: true, noDefaultInfinity: true }),
      weight: 1,
    },
  );
}

function stringArbitrary(def: ZodDef, opts: GenOptions): fc.Arbitrary<string> {
  let minLength = 0;
  let maxLength = Number.POSITIVE_INFINITY;
  const patterns: RegExp[] = [];
  if (def.pattern) patterns.push(def.pattern);
  for (const check of checksOf(def)) {
    if (check.check === 'min_length' && check.minimum !== undefined) minLength = check.minimum;
    if (check.check === 'max_length' && check.maximum !== undefined) maxLength = check.maximum;
    if (check.check === 'length_equals' && check.length !== undefined) {
      minLength = check.length;
      maxLength = check.length;
    }
    if (check.check === 'string_format' && check.pattern) patterns.push(check.pattern);
  }
  if (patterns[0]) {
    const fits = (s: string) => s.length >= minLength && s.length <= maxLength;
    const matching = fc.stringMatching(patterns[0]);
    // A pattern usually carries its own lengths; when it does not, prefer short matches.
    return fc.oneof(
      matching.filter(fits),
      matching.map((s) => s.slice(0, maxLength)),
    );
  }
  const cap = Math.max(minLength, Math.min(maxLength, minLength + opts.maxText));
  const sized = { minLength, maxLength: cap };
  return fc.oneof(
    { arbitrary: fc.string({ ...sized, unit: fc.constantFrom(...'abcXYZ019_-张三') }), weight: 4 },
    { arbitrary: fc.string({ ...sized, unit: 'grapheme' }), weight: 1 },
    { arbitrary: fc.string({ ...sized, unit: 'binary' }), weight: 1 },
  );
}

/** Valid-shaped input values of a zod 4 schema (undefined = leave the key out). */
export function arbitraryOf(
  schema: ZodSchema,
  options: Partial<GenOptions> = {},
  key?: string,
): fc.Arbitrary<unknown> {
  const opts = { ...DEFAULTS, ...options };
  const def = defOf(schema);
  const inner = (s: ZodSchema | undefined, k = key) =>
    s ? arbitraryOf(s, opts, k) : fc.constant(undefined);
  const hint = key !== undefined ? opts.hints[key] : undefined;
  if (hint && ['string', 'number'].includes(def.type)) return hint;
  switch (def.type) {
    case 'object': {
      const shape = def.shape ?? {};
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, field] of Object.entries(shape))
        model[name] = arbitraryOf(field, opts, name);
      return fc.record(model).map((value) => {
        const out: Record<string, unknown> = {};
        for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = v;
        return out;
      });
    }
    case 'string':
      return stringArbitrary(def, opts);
    case 'number':
      return numberArbitrary(def, key, opts);
    case 'bigint':
      return fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).map(String);
    case 'boolean':
      return fc.boolean();
    case 'date':
      return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? { none: '' }));
    case 'literal':
      return fc.constantFrom(...(def.values ?? [null]));
    case 'null':
      return fc.constant(null);
    case 'undefined':
    case 'void':
      return fc.constant(undefined);
    case 'any':
    case 'unknown':
      return fc.jsonValue({ maxDepth: 1 });
    case 'array': {
      let minLength = 0;
      let maxLength = opts.maxItems;
      for (const check of checksOf(def)) {
        if (check.check === 'min_length' && check.minimum !== undefined) minLength = check.minimum;
        if (check.check === 'max_length' && check.maximum !== undefined)
          maxLength = Math.min(check.maximum, opts.maxItems);
      }
      maxLength = Math.max(minLength, maxLength);
      // An element of an id list is an id (the list's own name says so).
      return fc.array(inner(def.element), { minLength, maxLength });
    }
    case 'tuple':
      return fc.tuple(...(def.items ?? []).map((s) => inner(s)));
    case 'optional':
      return fc.option(inner(def.innerType), { nil: undefined, freq: 3 });
    case 'nullable':
      return fc.option(inner(def.innerType), { nil: null, freq: 4 });
    case 'default':
    case 'prefault':
      return fc.option(inner(def.innerType), { nil: undefined, freq: 3 });
    case 'catch':
    case 'readonly':
    case 'nonoptional':
    case 'success':
      return inner(def.innerType);
    case 'lazy':
      return inner(def.getter?.());
    case 'pipe': {
      // z.preprocess(fn, target) is pipe(transform, target): the client sends what the target
      // takes. schema.transform(fn) is pipe(schema, transform): the client sends what schema takes.
      const source = def.in as ZodSchema;
      return defOf(source).type === 'transform' ? inner(def.out) : inner(source);
    }
    case 'transform':
      return fc.constantFrom<unknown>(undefined, '', 'x', 1);
    case 'union':
      return fc.oneof(...(def.options ?? []).map((s) => inner(s)));
    case 'intersection':
      return fc
        .tuple(inner(def.left), inner(def.right))
        .map(([a, b]) =>
          typeof a === 'object' && a !== null && typeof b === 'object' && b !== null
            ? { ...a, ...b }
            : b,
        );
    case 'record': {
      const keySchema = def.keyType ? unwrap(def.keyType) : undefined;
      const keyDef = keySchema ? defOf(keySchema) : undefined;
      const keys =
        keyDef?.type === 'enum'
          ? fc.constantFrom(...Object.values(keyDef.entries ?? {}).map(String))
          : fc.string({ minLength: 1, maxLength: 12 });
      return fc.dictionary(keys, inner(def.valueType), { maxKeys: 3 });
    }
    default:
      unsupportedTypes.add(def.type);
      return fc.jsonValue({ maxDepth: 1 });
  }
}

export interface FieldInfo {
  /** Path from the body root, e.g. ["value", "platformName"]. */
  path: string[];
  /** The field's own (unwrapped) schema. */
  schema: ZodSchema;
  /** id, ids, groupId, ...: a number or a list of numbers under an id-like name. */
  id: 'scalar' | 'list' | null;
}

function idKindOf(name: string, schema: ZodSchema): FieldInfo['id'] {
  if (!isIdName(name)) return null;
  const def = defOf(schema);
  if (def.type === 'number') return 'scalar';
  if (def.type === 'array' && def.element && defOf(unwrap(def.element)).type === 'number')
    return 'list';
  return null;
}

/** Every field of an object schema (and of objects nested in it, and of union members). */
export function fieldsOf(schema: ZodSchema, prefix: string[] = [], depth = 0): FieldInfo[] {
  const found = new Map<string, FieldInfo>();
  const add = (info: FieldInfo) => {
    const key = info.path.join('.');
    if (!found.has(key)) found.set(key, info);
  };
  const root = unwrap(schema);
  const def = defOf(root);
  if (def.type === 'union' || def.type === 'intersection') {
    const parts = def.type === 'union' ? (def.options ?? []) : [def.left, def.right];
    for (const part of parts) if (part) for (const f of fieldsOf(part, prefix, depth)) add(f);
  } else if (def.type === 'object' && depth < 3) {
    for (const [name, field] of Object.entries(def.shape ?? {})) {
      const own = unwrap(field);
      add({ path: [...prefix, name], schema: own, id: idKindOf(name, own) });
      for (const f of fieldsOf(own, [...prefix, name], depth + 1)) add(f);
    }
  }
  return [...found.values()];
}
