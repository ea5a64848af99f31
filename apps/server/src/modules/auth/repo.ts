import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { toDbBool } from '../../db/values.js';

/** Queries of the login flow: captchas, login attempts, the operator signing in. */

export type LoginFailureReason =
  'captcha' | 'locked' | 'throttled' | 'bad_credentials' | 'disabled' | 'no_permission';
export type LoginAttemptReason = 'ok' | LoginFailureReason;

export interface LoginOperatorRow {
  id: number;
  username: string;
  password_hash: string;
  enabled: number;
  need_change_type: 'first' | 'over90' | null;
  password_changed_at: number;
  group_id: number;
  builtin: number;
  group_version: number;
}

export class AuthRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async insertCaptcha(verifyKey: string, answerHash: string, expiresAt: number): Promise<void> {
    await this.db
      .insertInto('captchas')
      .values({
        verify_key: verifyKey,
        answer_hash: answerHash,
        expires_at: expiresAt,
        used_at: null,
      })
      .execute();
  }

  async deleteCaptchasExpiredBefore(at: number): Promise<void> {
    await this.db.deleteFrom('captchas').where('expires_at', '<', at).execute();
  }

  /**
   * Mark a live captcha used and return its answer hash, in one statement so the same captcha
   * can never be used twice. Undefined when unknown, expired or already used.
   */
  async consumeCaptcha(verifyKey: string, now: number): Promise<string | undefined> {
    const row = await this.db
      .updateTable('captchas')
      .set({ used_at: now })
      .where('verify_key', '=', verifyKey)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('answer_hash')
      .executeTakeFirst();
    return row?.answer_hash;
  }

  async recordAttempt(attempt: {
    username: string;
    ip: string;
    reason: LoginAttemptReason;
    at: number;
  }): Promise<void> {
    await this.db
      .insertInto('login_attempts')
      .values({
        username: attempt.username,
        ip: attempt.ip,
        success: toDbBool(attempt.reason === 'ok'),
        reason: attempt.reason,
        created_at: attempt.at,
      })
      .execute();
  }

  async lastSuccessAt(username: string): Promise<number | null> {
    const row = await this.db
      .selectFrom('login_attempts')
      .select('created_at')
      .where('username', '=', username)
      .where('success', '=', 1)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.created_at ?? null;
  }

  /** Times of the latest wrong-password failures of a user name or an IP since a moment, newest first. */
  async recentFailureTimes(
    by: 'username' | 'ip',
    value: string,
    since: number,
    limit: number,
  ): Promise<number[]> {
    const rows = await this.db
      .selectFrom('login_attempts')
      .select('created_at')
      .where(by, '=', value)
      .where('reason', '=', 'bad_credentials')
      .where('created_at', '>', since)
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => r.created_at);
  }

  private operatorWithGroup() {
    return this.db
      .selectFrom('operators as o')
      .innerJoin('permission_groups as g', 'g.id', 'o.group_id')
      .select([
        'o.id',
        'o.username',
        'o.password_hash',
        'o.enabled',
        'o.need_change_type',
        'o.password_changed_at',
        'o.group_id',
        'g.builtin',
        'g.updated_at as group_version',
      ]);
  }

  findOperatorByUsername(username: string): Promise<LoginOperatorRow | undefined> {
    return this.operatorWithGroup().where('o.username', '=', username).executeTakeFirst();
  }

  findOperatorById(id: number): Promise<LoginOperatorRow | undefined> {
    return this.operatorWithGroup().where('o.id', '=', id).executeTakeFirst();
  }

  async markLoggedIn(operatorId: number, at: number): Promise<void> {
    await this.db
      .updateTable('operators')
      .set({ last_login_at: at })
      .where('id', '=', operatorId)
      .execute();
  }
}
