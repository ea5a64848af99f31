import type { FastifyRequest } from 'fastify';
import type { StaffRole } from '../db/schema.js';
import type { AuthenticatedOperator } from './auth.js';
import { SessionError } from './errors.js';

/** Where a service may log a failure it handles itself (pino-compatible). */
export interface ActorLog {
  error(obj: unknown, msg?: string): void;
}

/**
 * Who asks for a change, without HTTP: services take an Actor and plain values, never a request.
 * Routes make one with `actorOf(request)`; the audit log records it (operator, IP, request id).
 */
export interface Actor {
  operatorId: number;
  /** Login name (the operation log's operator). */
  operatorName: string;
  /** Real name when set, else the login name (what pages show as "操作人"). */
  displayName: string;
  groupId: number;
  sessionId: number;
  staffRole: StaffRole;
  /** Member of the built-in super-admin group: holds every permission. */
  builtin: boolean;
  /** The permission keys the operator's group grants. */
  grants: ReadonlySet<string>;
  ip: string;
  requestId: string;
  log: ActorLog;
}

/** The Actor of an authenticated request (266 without an operator, like every guarded route). */
export function actorOf(request: FastifyRequest): Actor {
  const operator: AuthenticatedOperator | null = request.operator;
  if (!operator) throw new SessionError();
  return {
    operatorId: operator.id,
    operatorName: operator.username,
    displayName: operator.realName || operator.username,
    groupId: operator.groupId,
    sessionId: operator.sessionId,
    staffRole: operator.staffRole,
    builtin: operator.builtin,
    grants: operator.grants,
    ip: request.ip,
    requestId: request.id,
    log: request.log,
  };
}
