import type { FastifyRequest } from 'fastify';
import type { NeedChangeType, StaffRole } from '../db/schema.js';
import { fromDbBool } from '../db/values.js';
import { MINUTE_MS, type Clock } from './clock.js';
import { SessionError } from './errors.js';
import type { GrantsCache, GroupGrants } from './grants.js';
import type { SessionStore } from './sessions.js';
import { bearerToken } from './tokens.js';

/** The logged-in operator of a request, set by the authenticate hook. */
export interface AuthenticatedOperator {
  id: number;
  username: string;
  sessionId: number;
  groupId: number;
  /** Member of the built-in super-admin group: holds every permission. */
  builtin: boolean;
  staffRole: StaffRole;
  /** Profile fields read with the session (user info needs no second query). */
  realName: string;
  avatar: string;
  introduction: string;
  needChangeType: NeedChangeType | null;
  passwordChangedAt: number;
  groupName: string;
  grants: ReadonlySet<string>;
  /** The expanded grants with their resource tree (cached per group version). */
  groupGrants: GroupGrants;
}

declare module 'fastify' {
  interface FastifyRequest {
    operator: AuthenticatedOperator | null;
  }
}

/** last_seen_at is written at most this often per session (it is a hint, not an audit trail). */
export const LAST_SEEN_RESOLUTION_MS = MINUTE_MS;

/**
 * Checks `Authorization: Bearer <token>` on every authenticated route. The hot path is one
 * indexed query (session + operator + group) and a cache lookup; a write happens only when
 * last_seen_at is more than a minute old.
 */
export class Authenticator {
  constructor(
    private readonly sessions: SessionStore,
    private readonly grantsCache: GrantsCache,
    private readonly now: Clock,
  ) {}

  async authenticate(request: FastifyRequest): Promise<void> {
    const token = bearerToken(request.headers.authorization);
    if (!token) throw new SessionError();
    const row = await this.sessions.findPrincipal(token);
    if (!row || !fromDbBool(row.enabled)) throw new SessionError();
    const builtin = fromDbBool(row.builtin);
    const groupGrants = await this.grantsCache.of(row.groupId, row.groupVersion, builtin);
    const now = this.now();
    if (now - row.lastSeenAt >= LAST_SEEN_RESOLUTION_MS)
      await this.sessions.touch(row.sessionId, now);
    request.operator = {
      id: row.operatorId,
      username: row.username,
      sessionId: row.sessionId,
      groupId: row.groupId,
      builtin,
      staffRole: row.staffRole,
      realName: row.realName,
      avatar: row.avatar,
      introduction: row.introduction,
      needChangeType: row.needChangeType,
      passwordChangedAt: row.passwordChangedAt,
      groupName: row.groupName,
      grants: groupGrants.grants,
      groupGrants,
    };
  }
}

/** The operator of an authenticated route (the hook guarantees one; this keeps types honest). */
export function currentOperator(request: FastifyRequest): AuthenticatedOperator {
  if (!request.operator) throw new SessionError();
  return request.operator;
}
