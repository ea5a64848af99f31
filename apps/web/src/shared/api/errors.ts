import type { FieldError } from '@health/contract';

export type ApiErrorKind = 'state' | 'network' | 'timeout' | 'format' | 'aborted';

/** Every failed call rejects with this: the envelope state and msg, and field errors if any. */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly state: number;
  readonly msg: string;
  readonly fieldErrors: FieldError[];
  readonly data: unknown;
  /**
   * The client has already dealt with it: shown the message, ended the session, opened the
   * re-login confirm, or the call was cancelled (or not sent: no session). Left uncaught, it
   * needs no further report.
   */
  handled: boolean;

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
    this.handled = kind === 'aborted';
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

/**
 * A failed call the client has already shown may still reach no `catch`: antd's Popconfirm and
 * Modal.confirm reject again the promise their onConfirm / onOk returned, so every refused
 * confirmed action became an "Uncaught (in promise)" error after its toast. Such a rejection is
 * marked handled here; any other one (a silent call nobody caught, a bug) is still reported.
 */
export function ignoreHandledApiErrors(target: Pick<Window, 'addEventListener'>): void {
  target.addEventListener('unhandledrejection', (event) => {
    if (isApiError(event.reason) && event.reason.handled) event.preventDefault();
  });
}
