import type { FieldError } from '@health/contract';

export type ApiErrorKind = 'state' | 'network' | 'timeout' | 'format' | 'aborted';

/** Every failed call rejects with this: the envelope state and msg, and field errors if any. */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly state: number;
  readonly msg: string;
  readonly fieldErrors: FieldError[];
  readonly data: unknown;

  constructor(
    kind: ApiErrorKind,
    state: number,
    msg: string,
    fieldErrors: FieldError[] = [],
    data?: unknown,
  ) {
    super(msg || `ERROR: ${state}`);
    this.name = 'ApiError';
    this.kind = kind;
    this.state = state;
    this.msg = msg;
    this.fieldErrors = fieldErrors;
    this.data = data;
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

/** Field errors of a validation failure (255 with data.errors), tolerant of odd shapes. */
export function fieldErrorsOf(data: unknown): FieldError[] {
  if (!data || typeof data !== 'object') return [];
  const errors = (data as { errors?: unknown }).errors;
  if (!Array.isArray(errors)) return [];
  return errors.filter(
    (e): e is FieldError =>
      !!e &&
      typeof e === 'object' &&
      typeof (e as FieldError).field === 'string' &&
      typeof (e as FieldError).msg === 'string',
  );
}
