import { Messages, State, httpStatusOf, type FieldError } from '@health/contract';

/**
 * An error the client should see as an envelope `{ state, msg, data }`. Anything thrown that is
 * not an AppError becomes a 500 with a generic message (see error-handler.ts).
 */
export class AppError extends Error {
  readonly httpStatus: number;

  constructor(
    readonly state: number,
    message: string,
    httpStatus?: number,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'AppError';
    this.httpStatus = httpStatus ?? httpStatusOf(state);
  }
}

/** State 255 with the failing fields in `data.errors`; msg is the first field's message. */
export class ValidationError extends AppError {
  constructor(readonly errors: FieldError[]) {
    super(State.FAILED, errors[0]?.msg ?? Messages.validationFailed, undefined, { errors });
    this.name = 'ValidationError';
  }

  static field(field: string, msg: string): ValidationError {
    return new ValidationError([{ field, msg }]);
  }
}

/** 266: missing, expired or revoked token — the client logs out. */
export class SessionError extends AppError {
  constructor(message: string = Messages.sessionInvalid) {
    super(State.SESSION_INVALID, message);
    this.name = 'SessionError';
  }
}

/** 267: the operator's group does not hold the page or action. */
export class PermissionError extends AppError {
  constructor(message: string = Messages.noPermission) {
    super(State.NO_PERMISSION, message);
    this.name = 'PermissionError';
  }
}

/** 268: the session must change its first password before anything else (spec §4 "first"). */
export class PasswordChangeRequiredError extends AppError {
  constructor(message: string = Messages.passwordChangeRequired) {
    super(State.PASSWORD_CHANGE_REQUIRED, message);
    this.name = 'PasswordChangeRequiredError';
  }
}

export class TooManyRequestsError extends AppError {
  constructor(message: string = Messages.tooManyRequests) {
    super(State.TOO_MANY_REQUESTS, message);
    this.name = 'TooManyRequestsError';
  }
}

export class NotFoundError extends AppError {
  constructor(message: string = Messages.notFound) {
    super(State.FAILED, message, 404);
    this.name = 'NotFoundError';
  }
}
