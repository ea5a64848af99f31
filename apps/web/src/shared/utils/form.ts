import type { FormInstance } from 'antd';
import { isApiError } from '../api/errors';

/** Put a validation failure's field errors (255 with data.errors) on the form's fields. */
export function applyFieldErrors(form: FormInstance, error: unknown): boolean {
  if (!isApiError(error) || error.fieldErrors.length === 0) return false;
  const known = new Set(Object.keys(form.getFieldsValue(true) as object));
  const fields = error.fieldErrors
    .filter((e) => known.has(e.field))
    .map((e) => ({ name: e.field, errors: [e.msg] }));
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
    byField.set(field, [...(byField.get(field) ?? []), e.msg]);
  }
  form.setFields([...byField].map(([field, msgs]) => ({ name: namePathOf(field), errors: msgs })));
  return byField.size;
}
