import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { perDaySums, pickPerDay } from '../../../db/per-day.js';
import { toDbBool } from '../../../db/values.js';
import { OperatorsRepo } from '../../authority/operators/repo.js';

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

  /** The latest successful login of a user name (from one address when given). */
  async lastSuccessAt(username: string, ip?: string): Promise<number | null> {
    let query = this.db
      .selectFrom('login_attempts')
      .select('created_at')
      .where('username', '=', username)
      .where('success', '=', 1);
    if (ip !== undefined) query = query.where('ip', '=', ip);
    const row = await query.orderBy('created_at', 'desc').limit(1).executeTakeFirst();
    return row === undefined ? null : Number(row.created_at);
  }

  /**
   * Times of the latest wrong-password failures since a moment, newest first: of a user name, of
   * an address, or of a user name from one address.
   */
  async recentFailureTimes(
    by: { username?: string; ip?: string },
    since: number,
    limit: number,
  ): Promise<number[]> {
    let query = this.db
      .selectFrom('login_attempts')
      .select('created_at')
      .where('reason', '=', 'bad_credentials')
      .where('created_at', '>', since);
    if (by.username !== undefined) query = query.where('username', '=', by.username);
    if (by.ip !== undefined) query = query.where('ip', '=', by.ip);
    const rows = await query.orderBy('created_at', 'desc').limit(limit).execute();
    return rows.map((r) => Number(r.created_at));
  }

  /** How many different user names failed from an address since a moment (counted up to `cap`). */
  async failedNamesFrom(ip: string, since: number, cap: number): Promise<number> {
    const rows = await this.db
      .selectFrom('login_attempts')
      .select('username')
      .distinct()
      .where('ip', '=', ip)
      .where('reason', '=', 'bad_credentials')
      .where('created_at', '>', since)
      .limit(cap)
      .execute();
    return rows.length;
  }

  findOperatorByUsername(username: string): Promise<LoginOperatorRow | undefined> {
    return new OperatorsRepo(this.db).loginRowBy('username', username);
  }

  findOperatorById(id: number): Promise<LoginOperatorRow | undefined> {
    return new OperatorsRepo(this.db).loginRowBy('id', id);
  }

  markLoggedIn(operatorId: number, at: number): Promise<void> {
    return new OperatorsRepo(this.db).markLoggedIn(operatorId, at);
  }

  /** Successful and failed logins per day. */
  async loginsPerDay(dayStarts: readonly number[]): Promise<{ ok: number[]; failed: number[] }> {
    const days = dayStarts.length - 1;
    const row = await this.db
      .selectFrom('login_attempts')
      .select([
        ...perDaySums('created_at', dayStarts, 'ok', sql`success = 1`),
        ...perDaySums('created_at', dayStarts, 'failed', sql`success = 0`),
      ])
      .where('created_at', '>=', dayStarts[0] ?? 0)
      .executeTakeFirst();
    const values = row as Record<string, unknown> | undefined;
    return { ok: pickPerDay(values, 'ok', days), failed: pickPerDay(values, 'failed', days) };
  }
}
