import { z } from 'zod';

/**
 * Record ids in requests: the one strict id schema of every body, form and query.
 *
 * An id is a positive safe integer, given either as a JSON number (12) or as a plain decimal
 * string ("12", what a form or a query string carries). Nothing else is an id: not `true`, not
 * "0x10", "1e3", "012", " 12", "12.0", not an array (a repeated form key) or an object. zod's
 * `z.coerce.number()` accepted all of those (`Number(true) === 1`), so `{"id": true}` once meant
 * operator 1.
 */

/** "1".."9007199254740991" with no sign, no leading zero, no spaces (checked for safety below). */
const CANONICAL_ID = /^[1-9][0-9]{0,15}$/;

/** The id a value stands for, or undefined when it is not a canonical id. */
export function parseId(value: unknown): number | undefined {
  if (typeof value === 'number') {
    return Number.isSafeInteger(value) && value > 0 ? value : undefined;
  }
  if (typeof value === 'string' && CANONICAL_ID.test(value)) {
    const id = Number(value);
    return Number.isSafeInteger(id) ? id : undefined;
  }
  return undefined;
}

const blank = (v: unknown) => v === '' || v === null || v === undefined;

export interface IdMessages {
  /** When the value is not an id (default "<label>不正确"). */
  invalid?: string;
  /** When it is missing (default: the invalid message), e.g. "请选择会员". */
  required?: string;
}

/**
 * A required id; `label` names it in the message ("操作员编号" → "操作员编号不正确").
 * A JSON number stays a number (so the OpenAPI document says integer); a canonical decimal
 * string becomes its number; "" (an empty form field) counts as missing; anything else fails
 * with the one message.
 */
export function idSchema(label = '编号', messages: IdMessages = {}) {
  const invalid = messages.invalid ?? `${label}不正确`;
  const required = messages.required ?? invalid;
  return z.preprocess(
    (v) => (v === '' ? undefined : typeof v === 'string' ? (parseId(v) ?? v) : v),
    z
      .number({ error: (issue) => (issue.input === undefined ? required : invalid) })
      .int(invalid)
      .positive(invalid)
      .max(Number.MAX_SAFE_INTEGER, invalid),
  );
}

/** An optional id (a filter or an optional reference): "" / null / missing → undefined. */
export function optionalIdSchema(label = '编号', messages: IdMessages = {}) {
  return z.preprocess((v) => (blank(v) ? undefined : v), idSchema(label, messages).optional());
}

/** A nullable id (a reference that may be cleared): "" / null / missing → null. */
export function nullableIdSchema(label = '编号', messages: IdMessages = {}) {
  return z.preprocess((v) => (blank(v) ? null : v), idSchema(label, messages).nullable());
}

export interface IdListOptions {
  /** At least this many (default 0). */
  min?: number;
  minMessage?: string;
  /** At most this many (default 100). */
  max?: number;
  maxMessage?: string;
}

/**
 * Several ids: a JSON array of ids, repeated form keys (`ids=1&ids=2`, which the form parser
 * turns into an array; a single key stays a string), or one comma-joined string "1,2". Each item
 * must be a canonical id; "" and a missing field are the empty list.
 */
export function idListSchema(label = '编号', options: IdListOptions = {}) {
  const { min = 0, max = 100 } = options;
  const list = z
    .array(idSchema(label), { error: `${label}不正确` })
    .max(max, options.maxMessage ?? `最多选择${max}项`);
  return z.preprocess(
    (v) => {
      if (blank(v)) return [];
      if (typeof v === 'string') return v.split(',');
      return v;
    },
    min > 0 ? list.min(min, options.minMessage ?? `请选择${label}`) : list,
  );
}

/**
 * Numbers that are not ids (page, amount, sort, time) still come from forms as text, so their
 * schemas coerce with `z.coerce.number()` — which also turns `true` into 1, `[5]` into 5 and
 * `{}` into NaN-or-worse. Wrapped in this, only a number or a text reaches the coercion; any
 * other type fails with the field's own message.
 */
export function fromNumberOrText<T extends z.ZodType>(schema: T) {
  return z.preprocess(
    (v) =>
      v === undefined || v === null || typeof v === 'number' || typeof v === 'string'
        ? v
        : Number.NaN,
    schema,
  );
}
