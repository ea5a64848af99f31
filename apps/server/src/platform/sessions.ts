import { ACCESS_TOKEN_LIFETIME_MS, REFRESH_TOKEN_LIFETIME_MS } from '@health/contract';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import { tableWritesOf } from '../db/database.js';
import type { Database } from '../db/schema.js';
import type { TableWrites } from '../db/table-writes.js';
import { toNumber } from '../db/values.js';
import type { Clock } from './clock.js';
import { hashToken, newToken } from './tokens.js';

/**
 * Sessions in the database, so every instance can check a token and logout really revokes.
 * A session holds one access and one refresh token (only their SHA-256); refreshing rotates both
 * in place, so the old pair stops working at once. The refresh expiry is fixed at login: a
 * session lives at most REFRESH_TOKEN_LIFETIME_MS, like the client's own session limit.
 */

export interface IssuedTokens {
  sessionId: number;
  accessToken: string;
  refreshToken: string;
  accessExpiresAt: number;
}

export interface SessionMeta {
  ip: string;
  userAgent: string;
}

/** What the authenticate hook needs (session, operator, group), read in one query. */
export interface SessionPrincipalRow {
  sessionId: number;
  lastSeenAt: number;
  operatorId: number;
  username: string;
  realName: string;
  avatar: string;
  introduction: string;
  enabled: number;
  staffRole: Database['operators']['staff_role'];
  needChangeType: Database['operators']['need_change_type'];
  passwordChangedAt: number;
  groupId: number;
  groupName: string;
  builtin: number;
  groupVersion: number;
  accessExpiresAt: number;
}

/**
 * A principal read from the database serves this process's later checks of the same token for
 * this long without a query (the token check is most of an authenticated read's cost). It is
 * dropped at once when this process writes a session, operator or group (db/table-writes.ts);
 * a change made by another server process (PostgreSQL deployments) reaches this one within it.
 */
export const PRINCIPAL_CACHE_MS = 1000;
/** Past this many live entries the cache starts again (a burst of distinct tokens). */
const PRINCIPAL_CACHE_MAX = 10_000;
/** Every table a principal row is read from. */
const PRINCIPAL_TABLES = ['sessions', 'operators', 'permission_groups', 'group_resources'];

interface CachedPrincipal {
  row: SessionPrincipalRow;
  readAt: number;
  /** The watched tables' write count when it was read. */
  writes: number;
}

// Placeholders the hot query is compiled with once; each call swaps in the real values.
const TOKEN_HASH_PLACEHOLDER = '\u0000token-hash';
const NOW_PLACEHOLDER = -1;

export type RevokeReason =
  'logout' | 'password_changed' | 'disabled' | 'revoked_by_admin' | 'refresh_reuse';

/** What a refresh token turned out to be. */
export type RotateResult =
  | { kind: 'rotated'; tokens: IssuedTokens & { operatorId: number } }
  /** A token this session already rotated out: replayed by someone (the session is suspect). */
  | { kind: 'reused'; sessionId: number; operatorId: number; rotatedAt: number; live: boolean }
  /** Unknown, expired, or of a revoked session. */
  | { kind: 'invalid' };

const USER_AGENT_MAX = 300;

export class SessionStore {
  private readonly principals = new Map<string, CachedPrincipal>();
  /** Write counts of the database (absent for a database not opened by openDatabase: no cache). */
  private readonly writes: TableWrites | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: Clock,
  ) {
    this.writes = tableWritesOf(db);
    this.compiledPrincipalQuery = this.principalQuery(
      TOKEN_HASH_PLACEHOLDER,
      NOW_PLACEHOLDER,
    ).compile();
  }

  async create(operatorId: number, meta: SessionMeta): Promise<IssuedTokens> {
    const now = this.now();
    const accessToken = newToken();
    const refreshToken = newToken();
    const accessExpiresAt = now + ACCESS_TOKEN_LIFETIME_MS;
    const row = await this.db
      .insertInto('sessions')
      .values({
        operator_id: operatorId,
        access_hash: hashToken(accessToken),
        refresh_hash: hashToken(refreshToken),
        access_expires_at: accessExpiresAt,
        refresh_expires_at: now + REFRESH_TOKEN_LIFETIME_MS,
        ip: meta.ip,
        user_agent: meta.userAgent.slice(0, USER_AGENT_MAX),
        created_at: now,
        last_seen_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { sessionId: row.id, accessToken, refreshToken, accessExpiresAt };
  }

  private principalQuery(accessHash: string, now: number) {
    return this.db
      .selectFrom('sessions as s')
      .innerJoin('operators as o', 'o.id', 's.operator_id')
      .innerJoin('permission_groups as g', 'g.id', 'o.group_id')
      .select([
        's.id as sessionId',
        's.last_seen_at as lastSeenAt',
        'o.id as operatorId',
        'o.username as username',
        'o.real_name as realName',
        'o.avatar as avatar',
        'o.introduction as introduction',
        'o.enabled as enabled',
        'o.staff_role as staffRole',
        'o.need_change_type as needChangeType',
        'o.password_changed_at as passwordChangedAt',
        'o.group_id as groupId',
        'g.name as groupName',
        'g.builtin as builtin',
        'g.updated_at as groupVersion',
        's.access_expires_at as accessExpiresAt',
      ])
      .where('s.access_hash', '=', accessHash)
      .where('s.revoked_at', 'is', null)
      .where('s.access_expires_at', '>', now);
  }

  /**
   * Every authenticated request runs this, so it is built and compiled once (building and
   * compiling a Kysely query costs more than running it) and re-run with fresh parameters.
   */
  private readonly compiledPrincipalQuery: CompiledQuery;

  /** The live session of an access token with its operator and group — one indexed query. */
  async findPrincipal(accessToken: string): Promise<SessionPrincipalRow | undefined> {
    const accessHash = hashToken(accessToken);
    const now = this.now();
    const writes = this.writes?.count(PRINCIPAL_TABLES);
    const hit = this.principals.get(accessHash);
    if (
      hit &&
      hit.writes === writes &&
      now >= hit.readAt &&
      now - hit.readAt < PRINCIPAL_CACHE_MS &&
      hit.row.accessExpiresAt > now
    )
      return hit.row;
    const parameters = this.compiledPrincipalQuery.parameters.map((p) =>
      p === TOKEN_HASH_PLACEHOLDER ? accessHash : p === NOW_PLACEHOLDER ? now : p,
    );
    const result = await this.db.executeQuery<SessionPrincipalRow>(
      CompiledQuery.raw(this.compiledPrincipalQuery.sql, parameters),
    );
    const row = result.rows[0];
    if (row && writes !== undefined) {
      if (this.principals.size >= PRINCIPAL_CACHE_MAX) this.principals.clear();
      this.principals.set(accessHash, { row, readAt: now, writes });
    } else this.principals.delete(accessHash);
    return row;
  }

  async touch(sessionId: number, at: number): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ last_seen_at: at })
      .where('id', '=', sessionId)
      .execute();
  }

  /**
   * Swap a live refresh token for a new pair. The update is conditional on the old hash, so two
   * concurrent refreshes with the same token cannot both succeed. The old hash is kept (in the same
   * transaction) so that a later use of it is recognised as reuse rather than an unknown token.
   */
  async rotate(refreshToken: string): Promise<RotateResult> {
    const now = this.now();
    const oldHash = hashToken(refreshToken);
    const accessToken = newToken();
    const nextRefreshToken = newToken();
    const accessExpiresAt = now + ACCESS_TOKEN_LIFETIME_MS;
    return this.db.transaction().execute(async (trx): Promise<RotateResult> => {
      const row = await trx
        .updateTable('sessions')
        .set({
          access_hash: hashToken(accessToken),
          refresh_hash: hashToken(nextRefreshToken),
          access_expires_at: accessExpiresAt,
          last_seen_at: now,
        })
        .where('refresh_hash', '=', oldHash)
        .where('revoked_at', 'is', null)
        .where('refresh_expires_at', '>', now)
        .returning(['id', 'operator_id'])
        .executeTakeFirst();
      if (row) {
        await trx
          .insertInto('session_refresh_rotations')
          .values({ refresh_hash: oldHash, session_id: row.id, rotated_at: now })
          .execute();
        // No session outlives REFRESH_TOKEN_LIFETIME_MS: older rotations can go.
        await trx
          .deleteFrom('session_refresh_rotations')
          .where('rotated_at', '<', now - REFRESH_TOKEN_LIFETIME_MS)
          .execute();
        return {
          kind: 'rotated',
          tokens: {
            sessionId: row.id,
            operatorId: row.operator_id,
            accessToken,
            refreshToken: nextRefreshToken,
            accessExpiresAt,
          },
        };
      }
      const rotated = await trx
        .selectFrom('session_refresh_rotations as r')
        .innerJoin('sessions as s', 's.id', 'r.session_id')
        .select(['r.session_id', 'r.rotated_at', 's.operator_id', 's.revoked_at'])
        .where('r.refresh_hash', '=', oldHash)
        .executeTakeFirst();
      if (!rotated) return { kind: 'invalid' };
      return {
        kind: 'reused',
        sessionId: Number(rotated.session_id),
        operatorId: Number(rotated.operator_id),
        rotatedAt: Number(rotated.rotated_at),
        live: rotated.revoked_at === null,
      };
    });
  }

  /** The session a refresh token belongs to (revoked or not), with its operator. */
  findByRefreshToken(
    refreshToken: string,
  ): Promise<
    { id: number; revokedAt: number | null; operatorId: number; username: string } | undefined
  > {
    return this.db
      .selectFrom('sessions as s')
      .innerJoin('operators as o', 'o.id', 's.operator_id')
      .select([
        's.id as id',
        's.revoked_at as revokedAt',
        'o.id as operatorId',
        'o.username as username',
      ])
      .where('s.refresh_hash', '=', hashToken(refreshToken))
      .executeTakeFirst();
  }

  async revoke(
    sessionId: number,
    reason: RevokeReason,
    executor: Kysely<Database> = this.db,
  ): Promise<void> {
    await executor
      .updateTable('sessions')
      .set({ revoked_at: this.now(), revoke_reason: reason })
      .where('id', '=', sessionId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /**
   * End every live session of an operator, except `keepSessionId` when given (the caller's own).
   * Returns how many ended.
   */
  async revokeOperatorSessions(
    operatorId: number,
    reason: RevokeReason,
    options: { keepSessionId?: number; executor?: Kysely<Database> } = {},
  ): Promise<number> {
    let query = (options.executor ?? this.db)
      .updateTable('sessions')
      .set({ revoked_at: this.now(), revoke_reason: reason })
      .where('operator_id', '=', operatorId)
      .where('revoked_at', 'is', null);
    if (options.keepSessionId !== undefined) query = query.where('id', '!=', options.keepSessionId);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Live sessions (not revoked, refresh still valid), newest activity first. */
  liveOf(operatorId: number, now: number) {
    return this.db
      .selectFrom('sessions')
      .select(['id', 'created_at', 'last_seen_at', 'ip', 'user_agent'])
      .where('operator_id', '=', operatorId)
      .where('revoked_at', 'is', null)
      .where('refresh_expires_at', '>', now)
      .orderBy('last_seen_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  async countLiveOf(operatorId: number, now: number): Promise<number> {
    const row = await this.db
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll<number>().as('c'))
      .where('operator_id', '=', operatorId)
      .where('revoked_at', 'is', null)
      .where('refresh_expires_at', '>', now)
      .executeTakeFirst();
    return toNumber(row?.c);
  }

  findLiveOf(
    operatorId: number,
    sessionId: number,
    now: number,
  ): Promise<{ id: number; ip: string; user_agent: string; created_at: number } | undefined> {
    return this.db
      .selectFrom('sessions')
      .select(['id', 'ip', 'user_agent', 'created_at'])
      .where('id', '=', sessionId)
      .where('operator_id', '=', operatorId)
      .where('revoked_at', 'is', null)
      .where('refresh_expires_at', '>', now)
      .executeTakeFirst();
  }

  /** Sessions live right now, and sessions used since a moment. */
  async sessionCounts(now: number, seenSince: number): Promise<{ live: number; seen: number }> {
    const row = await this.db
      .selectFrom('sessions')
      .select([
        sql<number>`sum(case when revoked_at is null and access_expires_at > ${now} then 1 else 0 end)`.as(
          'live',
        ),
        sql<number>`count(*)`.as('seen'),
      ])
      .where('last_seen_at', '>=', seenSince)
      .executeTakeFirst();
    return { live: toNumber(row?.live), seen: toNumber(row?.seen) };
  }
}
