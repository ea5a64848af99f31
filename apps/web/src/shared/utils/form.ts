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
