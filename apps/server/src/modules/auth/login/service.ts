import { randomUUID, timingSafeEqual } from 'node:crypto';
import {
  ACCESS_TOKEN_LIFETIME_MS,
  REFRESH_REUSE_GRACE_MS,
  CAPTCHA_TTL_MS,
  LOGIN_CAPTCHA_AFTER_FAILURES,
  LOGIN_DELAY_BASE_MS,
  LOGIN_DELAY_MAX_MS,
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_LOCK_MS,
  LOGIN_MAX_FAILURES,
  LOGIN_SPRAY_INTERVAL_MS,
  LOGIN_SPRAY_NAMES,
  Messages,
  State,
  type CaptchaResponse,
  type TokenResponse,
  type PasswordLogin,
} from '@health/contract';
import { fromDbBool } from '../../../db/values.js';
import { MINUTE_MS } from '../../../platform/clock.js';
import type { AppContext } from '../../../platform/context.js';
import {
  AppError,
  PermissionError,
  SessionError,
  TooManyRequestsError,
} from '../../../platform/errors.js';
import type { GroupGrants } from '../../../platform/grants.js';
import {
  passwordChangeNeed,
  verifyAgainstDummy,
  verifyPassword,
} from '../../../platform/passwords.js';
import type { IssuedTokens } from '../../../platform/sessions.js';
import { captchaAnswerHash, captchaImage } from './captcha.js';
import { AuthRepo, type LoginFailureReason, type LoginOperatorRow } from './repo.js';

/** Who is calling, for sessions, login attempts and the operation log. */
export interface ClientMeta {
  ip: string;
  userAgent: string;
  requestId: string;
}

/** Operation-log wording of each login outcome. */
export const LOGIN_RESULT_MESSAGES: Record<LoginFailureReason | 'ok', string> = {
  ok: '登录成功',
  captcha: '验证码错误或已过期',
  locked: '失败次数过多，已暂时锁定',
  throttled: '连续失败，需稍后再试',
  bad_credentials: '用户名或密码错误',
  disabled: '账号已停用',
  no_permission: '所在权限组没有任何页面权限',
};

/**
 * What a login's recent history says about the next try (see the LOGIN_* constants). Failure
 * lists hold wrong-password failure times inside the window, newest first.
 */
export interface LoginHistory {
  /** Of the user name from every address, since its latest success. */
  userFailures: readonly number[];
  /** Of the user name from this address, since its latest success from this address. */
  pairFailures: readonly number[];
  /** Of this address for any user name. */
  addressFailures: readonly number[];
  /** Different user names that failed from this address. */
  addressFailedNames: number;
  /** Whether the user name has ever signed in from this address. */
  knownAddress: boolean;
}

export interface LoginGate {
  /** A captcha is needed even where the captcha is turned off. */
  captchaRequired: boolean;
  /** The (user name, address) pair is locked for this long. */
  lockedMs: number;
  /** The next try from this address must wait this long. */
  waitMs: number;
}

/**
 * How long LOGIN_MAX_FAILURES failures within LOGIN_FAILURE_WINDOW_MS (newest first) still lock:
 * LOGIN_LOCK_MS after the last one. Locked tries are not failures, so they never extend a lock.
 */
export function lockRemainingMs(failureTimesNewestFirst: readonly number[], now: number): number {
  if (failureTimesNewestFirst.length < LOGIN_MAX_FAILURES) return 0;
  const newest = failureTimesNewestFirst[0] ?? 0;
  const oldest = failureTimesNewestFirst[LOGIN_MAX_FAILURES - 1] ?? 0;
  if (newest - oldest > LOGIN_FAILURE_WINDOW_MS) return 0;
  return Math.max(0, newest + LOGIN_LOCK_MS - now);
}

/**
 * The rules against brute force, credential stuffing and lockout abuse (ASVS V2.2.1):
 * - lock only the (user name, address) pair: a stranger elsewhere cannot lock the owner out;
 * - slow down across addresses: an address that failed for a user name waits longer the more
 *   the user name failed from anywhere (an address with no failure for it is not delayed);
 * - a captcha for a user name under attack, and for every login from a spraying address;
 * - a spraying address tries user names that never signed in from it once per interval; the
 *   colleagues behind it who did are not slowed down.
 */
export function loginGate(h: LoginHistory, now: number): LoginGate {
  const spraying = h.addressFailedNames >= LOGIN_SPRAY_NAMES;
  const captchaRequired = h.userFailures.length >= LOGIN_CAPTCHA_AFTER_FAILURES || spraying;
  const lockedMs = lockRemainingMs(h.pairFailures, now);
  let waitMs = 0;
  const pairNewest = h.pairFailures[0];
  if (pairNewest !== undefined && h.userFailures.length >= 2) {
    const delay = Math.min(
      LOGIN_DELAY_MAX_MS,
      LOGIN_DELAY_BASE_MS * 2 ** Math.min(h.userFailures.length - 2, 30),
    );
    waitMs = Math.max(waitMs, pairNewest + delay - now);
  }
  const addressNewest = h.addressFailures[0];
  if (spraying && !h.knownAddress && addressNewest !== undefined) {
    waitMs = Math.max(waitMs, addressNewest + LOGIN_SPRAY_INTERVAL_MS - now);
  }
  return { captchaRequired, lockedMs, waitMs: Math.max(0, waitMs) };
}

export class AuthService {
  private readonly repo: AuthRepo;

  constructor(private readonly ctx: AppContext) {
    this.repo = new AuthRepo(ctx.db);
  }

  async issueCaptcha(): Promise<CaptchaResponse> {
    const now = this.ctx.now();
    const text = this.ctx.captchaText();
    const verifyKey = randomUUID();
    await this.repo.deleteCaptchasExpiredBefore(now);
    await this.repo.insertCaptcha(
      verifyKey,
      captchaAnswerHash(verifyKey, text),
      now + CAPTCHA_TTL_MS,
    );
    return { img: captchaImage(text), verifyKey, enabled: this.ctx.config.captchaEnabled };
  }

  /** Single use: any try consumes the captcha, right or wrong. */
  private async captchaMatches(
    verifyKey: string,
    verifyCode: string,
    now: number,
  ): Promise<boolean> {
    if (!verifyKey || !verifyCode) return false;
    const stored = await this.repo.consumeCaptcha(verifyKey, now);
    if (!stored) return false;
    const given = Buffer.from(captchaAnswerHash(verifyKey, verifyCode));
    return timingSafeEqual(given, Buffer.from(stored));
  }

  /** The recent login history of this user name and address (see loginGate). */
  private async history(username: string, ip: string, now: number): Promise<LoginHistory> {
    // Locks last LOGIN_LOCK_MS after a failure, so a lock's failures reach back this far.
    const lockHorizon = now - LOGIN_LOCK_MS - LOGIN_FAILURE_WINDOW_MS;
    const window = now - LOGIN_FAILURE_WINDOW_MS;
    const [userSuccess, pairSuccess] = await Promise.all([
      this.repo.lastSuccessAt(username),
      this.repo.lastSuccessAt(username, ip),
    ]);
    const [userFailures, pairFailures, addressFailures, addressFailedNames] = await Promise.all([
      // A success clears the count of the user name (and of the pair, from that address).
      this.repo.recentFailureTimes({ username }, Math.max(window, userSuccess ?? window), 64),
      this.repo.recentFailureTimes(
        { username, ip },
        Math.max(lockHorizon, pairSuccess ?? lockHorizon),
        LOGIN_MAX_FAILURES,
      ),
      this.repo.recentFailureTimes({ ip }, window, 1),
      this.repo.failedNamesFrom(ip, window, LOGIN_SPRAY_NAMES),
    ]);
    return {
      userFailures,
      pairFailures,
      addressFailures,
      addressFailedNames,
      knownAddress: pairSuccess !== null,
    };
  }

  private async recordLogin(
    username: string,
    operatorId: number | null,
    reason: LoginFailureReason | 'ok',
    client: ClientMeta,
    at: number,
  ): Promise<void> {
    await this.repo.recordAttempt({ username, ip: client.ip, reason, at });
    await this.ctx.audit.write({
      operator: { id: operatorId, username },
      module: 'auth',
      action: 'login',
      target: `操作员 ${username}`,
      ip: client.ip,
      result: reason === 'ok' ? 'success' : 'failure',
      message: LOGIN_RESULT_MESSAGES[reason],
      requestId: client.requestId,
      at,
    });
  }

  async passwordLogin(input: PasswordLogin, client: ClientMeta): Promise<TokenResponse> {
    const now = this.ctx.now();
    const { username } = input;
    const refuse = async (
      reason: LoginFailureReason,
      error: AppError,
      operatorId: number | null = null,
    ) => {
      await this.recordLogin(username, operatorId, reason, client, now);
      return error;
    };

    const gate = loginGate(await this.history(username, client.ip, now), now);
    const captchaOn = this.ctx.config.captchaEnabled || gate.captchaRequired;
    if (captchaOn && !(await this.captchaMatches(input.verifyKey, input.verifyCode, now))) {
      // Where the captcha is off, the answer tells the login form to show it.
      const asked = !this.ctx.config.captchaEnabled;
      throw await refuse(
        'captcha',
        new AppError(
          State.FAILED,
          asked && !input.verifyCode ? Messages.captchaRequired : Messages.captchaWrong,
          undefined,
          { captchaRequired: true },
        ),
      );
    }
    if (gate.lockedMs > 0) {
      const minutes = Math.max(1, Math.ceil(gate.lockedMs / MINUTE_MS));
      throw await refuse('locked', new TooManyRequestsError(Messages.loginLocked(minutes)));
    }
    if (gate.waitMs > 0) {
      const seconds = Math.max(1, Math.ceil(gate.waitMs / 1000));
      throw await refuse('throttled', new TooManyRequestsError(Messages.loginTooSoon(seconds)));
    }
    const operator = await this.repo.findOperatorByUsername(username);
    const passwordOk = operator
      ? await verifyPassword(input.password, operator.password_hash)
      : await verifyAgainstDummy(input.password);
    // One message for an unknown user and a wrong password: nothing tells which user names exist.
    if (!operator || !passwordOk) {
      throw await refuse(
        'bad_credentials',
        new AppError(State.FAILED, Messages.badCredentials),
        operator?.id ?? null,
      );
    }
    if (!fromDbBool(operator.enabled)) {
      throw await refuse(
        'disabled',
        new AppError(State.FAILED, Messages.operatorDisabled),
        operator.id,
      );
    }
    const grants = await this.grantsOf(operator);
    if (!grants.hasAnyPage) throw await refuse('no_permission', new PermissionError(), operator.id);

    const tokens = await this.ctx.sessions.create(operator.id, client);
    await this.repo.markLoggedIn(operator.id, now);
    await this.recordLogin(username, operator.id, 'ok', client, now);
    return this.tokenResponse(operator, grants, tokens, now);
  }

  /**
   * Rotate both tokens; the old refresh and access tokens stop working. A refresh token that was
   * already rotated out means two parties hold the session's tokens (one stole them): the whole
   * session ends and the operation log gets a security event. Within REFRESH_REUSE_GRACE_MS of
   * the rotation it is taken for two tabs of one browser refreshing at once: refused, nothing ended.
   */
  async refresh(refreshToken: string, client: ClientMeta): Promise<TokenResponse> {
    const result = await this.ctx.sessions.rotate(refreshToken);
    if (result.kind === 'reused') await this.onRefreshReuse(result, client);
    if (result.kind !== 'rotated') throw new SessionError();
    const rotated = result.tokens;
    const operator = await this.repo.findOperatorById(rotated.operatorId);
    if (!operator || !fromDbBool(operator.enabled)) {
      await this.ctx.sessions.revoke(rotated.sessionId, 'disabled');
      throw new SessionError();
    }
    const grants = await this.grantsOf(operator);
    if (!grants.hasAnyPage) throw new PermissionError();
    return this.tokenResponse(operator, grants, rotated, this.ctx.now());
  }

  private async onRefreshReuse(
    reuse: { sessionId: number; operatorId: number; rotatedAt: number; live: boolean },
    client: ClientMeta,
  ): Promise<void> {
    const now = this.ctx.now();
    if (!reuse.live || now - reuse.rotatedAt <= REFRESH_REUSE_GRACE_MS) return;
    await this.ctx.sessions.revoke(reuse.sessionId, 'refresh_reuse');
    const operator = await this.repo.findOperatorById(reuse.operatorId);
    const username = operator?.username ?? '';
    await this.ctx.audit.write({
      operator: { id: reuse.operatorId, username },
      module: 'auth',
      action: 'refreshReuse',
      target: `操作员 ${username} 的会话 #${reuse.sessionId}`,
      ip: client.ip,
      result: 'failure',
      message: Messages.refreshReused,
      requestId: client.requestId,
      after: { sessionId: reuse.sessionId, rotatedAt: reuse.rotatedAt, revoked: true },
    });
  }

  /**
   * Revoke the bearer's session, or the session of the given refresh token. Logging out a session
   * that is already revoked succeeds when its refresh token is given (the client may retry).
   */
  async logout(
    accessToken: string | null,
    refreshToken: string | undefined,
    client: ClientMeta,
  ): Promise<void> {
    let session: { id: number; operatorId: number; username: string; revoked: boolean } | null =
      null;
    const principal = accessToken ? await this.ctx.sessions.findPrincipal(accessToken) : undefined;
    if (principal) {
      session = {
        id: principal.sessionId,
        operatorId: principal.operatorId,
        username: principal.username,
        revoked: false,
      };
    } else if (refreshToken) {
      const found = await this.ctx.sessions.findByRefreshToken(refreshToken);
      if (found) session = { ...found, revoked: found.revokedAt !== null };
    }
    if (!session) throw new SessionError();
    if (session.revoked) return;
    await this.ctx.sessions.revoke(session.id, 'logout');
    await this.ctx.audit.write({
      operator: { id: session.operatorId, username: session.username },
      module: 'auth',
      action: 'logout',
      target: `操作员 ${session.username}`,
      ip: client.ip,
      message: Messages.loggedOut,
      requestId: client.requestId,
    });
  }

  private grantsOf(operator: LoginOperatorRow): Promise<GroupGrants> {
    return this.ctx.grants.of(
      operator.group_id,
      operator.group_version,
      fromDbBool(operator.builtin),
    );
  }

  private tokenResponse(
    operator: LoginOperatorRow,
    grants: GroupGrants,
    tokens: IssuedTokens,
    now: number,
  ): TokenResponse {
    const need = passwordChangeNeed(operator, now);
    return {
      access_token: tokens.accessToken,
      refresh_token: tokens.refreshToken,
      token_type: 'bearer',
      expires_in: Math.floor(ACCESS_TOKEN_LIFETIME_MS / 1000),
      resourceList: grants.resourceTree,
      need_change_pwd: need !== null,
      need_change_type: need,
      username: operator.username,
    };
  }
}
