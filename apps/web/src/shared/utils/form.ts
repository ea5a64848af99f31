import type { FormInstance } from 'antd';
import { isApiError } from '../api/errors';
import { localMessage } from '../i18n/messages';

/** Put a validation failure's field errors (255 with data.errors) on the form's fields. */
export function applyFieldErrors(form: FormInstance, error: unknown): boolean {
  if (!isApiError(error) || error.fieldErrors.length === 0) return false;
  const known = new Set(Object.keys(form.getFieldsValue(true) as object));
  const fields = error.fieldErrors
    .filter((e) => known.has(e.field))
    .map((e) => ({ name: e.field, errors: [localMessage(e.msg)] }));
  form.setFields(fields);
  return fields.length > 0;
}

/** A dotted field path ("bp.grade2.systolicMin", "items.0.name") as an antd name path. */
export function namePathOf(field: string): (string | number)[] {
  return field.split('.').map((seg) => (/^\d+$/.test(seg) ? Number(seg) : seg));
}

/**
 * Put field errors on nested fields too (settings sections, rule tables). `prefix` is stripped
 * first (the settings update answers "value.bp.grade2.systolicMin"). Only fields the form has
 * rendered receive an error; returns how many did.
 */
export function setNestedFieldErrors(
  form: FormInstance,
  errors: readonly { field: string; msg: string }[],
  prefix = '',
): number {
  const rendered = new Set(form.getFieldsError().map((f) => f.name.join('.')));
  const byField = new Map<string, string[]>();
  for (const e of errors) {
    const field = prefix && e.field.startsWith(prefix) ? e.field.slice(prefix.length) : e.field;
    if (!rendered.has(field)) continue;
    byField.set(field, [...(byField.get(field) ?? []), localMessage(e.msg)]);
  }
  form.setFields([...byField].map(([field, msgs]) => ({ name: namePathOf(field), errors: msgs })));
  return byField.size;
}

/** What `checkWithSchema` needs of a zod schema (the contract's request schemas). */
export interface FormSchema<T> {
  safeParse(
    value: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: readonly { path: PropertyKey[]; message: string }[] } };
}

/** When the form's values are not the request itself (a factor edited for a percent, ...). */
export interface SchemaAdapter {
  /** The request the schema checks (and the form sends once it passes), from the form's values. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the form's values, any shape
  toInput?: (values: any) => unknown;
  /** The form field that shows a request field's errors ("pointsMultiplierPct" → "multiplier"). */
  fieldOf?: Readonly<Record<string, string>>;
}

/**
 * Check a form's values with a contract schema, the browser-side half of a form's validation: each
 * issue's message (in the current language: ../i18n/messages.ts) goes on its field (nested paths too), and the fields that failed last time
 * (`failing`) are cleared when they pass now. Returns the parsed value (null when invalid), the
 * input that was checked (what a request sends: the server parses it with the same schema) and the
 * fields that fail now.
 */
export function checkWithSchema<T>(
  form: FormInstance,
  schema: FormSchema<T>,
  failing: readonly string[],
  adapt: SchemaAdapter = {},
  /** Fields whose own antd rules failed just now: their messages stay. */
  keep: readonly string[] = [],
): { value: T | null; input: unknown; failing: string[] } {
  const values: unknown = form.getFieldsValue(true);
  const input = adapt.toInput ? adapt.toInput(values) : values;
  const result = schema.safeParse(input);
  const issues = result.success ? [] : result.error.issues;
  const next = new Map<string, string[]>();
  for (const issue of issues) {
    const path = issue.path.map(String).join('.');
    const key = adapt.fieldOf?.[path] ?? path;
    if (keep.includes(key)) continue;
    next.set(key, [...(next.get(key) ?? []), localMessage(issue.message)]);
  }
  const cleared = failing.filter((f) => !next.has(f));
  form.setFields([
    ...cleared.map((f) => ({ name: namePathOf(f), errors: [] as string[] })),
    ...[...next].map(([f, errors]) => ({ name: namePathOf(f), errors })),
  ]);
  return { value: result.success ? result.data : null, input, failing: [...next.keys()] };
}
