import { randomUUID, timingSafeEqual } from 'node:crypto';
import {
  ACCESS_TOKEN_LIFETIME_MS,
  CAPTCHA_TTL_MS,
  LOGIN_DELAY_BASE_MS,
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_LOCK_MS,
  LOGIN_MAX_FAILURES,
  Messages,
  State,
  type CaptchaResponse,
  type TokenResponse,
} from '@health/contract';
import { fromDbBool } from '../../db/values.js';
import { MINUTE_MS } from '../../platform/clock.js';
import type { AppContext } from '../../platform/context.js';
import {
  AppError,
  PermissionError,
  SessionError,
  TooManyRequestsError,
} from '../../platform/errors.js';
import type { GroupGrants } from '../../platform/grants.js';
import {
  passwordChangeNeed,
  verifyAgainstDummy,
  verifyPassword,
} from '../../platform/passwords.js';
import type { IssuedTokens } from '../../platform/sessions.js';
import { captchaAnswerHash, captchaImage } from './captcha.js';
import { AuthRepo, type LoginFailureReason, type LoginOperatorRow } from './repo.js';

/** Who is calling, for sessions, login attempts and the operation log. */
export interface ClientMeta {
  ip: string;
  userAgent: string;
  requestId: string;
}

export interface PasswordLogin {
  username: string;
  password: string;
  verifyCode: string;
  verifyKey: string;
}

/** Operation-log wording of each login outcome. */
const LOGIN_RESULT_MESSAGES: Record<LoginFailureReason | 'ok', string> = {
  ok: '登录成功',
  captcha: '验证码错误或已过期',
  locked: '失败次数过多，已暂时锁定',
  throttled: '连续失败，需稍后再试',
  bad_credentials: '用户名或密码错误',
  disabled: '账号已停用',
  no_permission: '所在权限组没有任何页面权限',
};

/**
 * How long a series of wrong-password failures (newest first) still locks: LOGIN_MAX_FAILURES
 * failures within LOGIN_FAILURE_WINDOW_MS lock for LOGIN_LOCK_MS after the last one. Locked
 * tries are not failures of this kind, so they never extend the lock.
 */
export function lockRemainingMs(failureTimesNewestFirst: readonly number[], now: number): number {
  if (failureTimesNewestFirst.length < LOGIN_MAX_FAILURES) return 0;
  const newest = failureTimesNewestFirst[0] ?? 0;
  const oldest = failureTimesNewestFirst[LOGIN_MAX_FAILURES - 1] ?? 0;
  if (newest - oldest > LOGIN_FAILURE_WINDOW_MS) return 0;
  return Math.max(0, newest + LOGIN_LOCK_MS - now);
}

/**
 * Growing delay before the lock: with k (2 ≤ k < LOGIN_MAX_FAILURES) wrong-password failures of a
 * user name in the window, the next try must wait LOGIN_DELAY_BASE_MS × 2^(k − 2) after the newest.
 * Only per user name: an office behind one IP should not slow down because of one colleague.
 */
export function delayRemainingMs(failureTimesNewestFirst: readonly number[], now: number): number {
  const newest = failureTimesNewestFirst[0];
  if (newest === undefined) return 0;
  const recent = failureTimesNewestFirst.filter((at) => newest - at <= LOGIN_FAILURE_WINDOW_MS);
  if (recent.length < 2 || recent.length >= LOGIN_MAX_FAILURES) return 0;
  return Math.max(0, newest + LOGIN_DELAY_BASE_MS * 2 ** (recent.length - 2) - now);
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

  /** How long this user name and IP must still wait: the lock, or else the growing delay. */
  private async waitRemaining(
    username: string,
    ip: string,
    now: number,
  ): Promise<{ lockedMs: number; delayMs: number }> {
    const horizon = now - LOGIN_LOCK_MS - LOGIN_FAILURE_WINDOW_MS;
    // A successful login clears the user name's count (not the IP's: that guards against spraying).
    const lastSuccess = await this.repo.lastSuccessAt(username);
    const [byUser, byIp] = await Promise.all([
      this.repo.recentFailureTimes(
        'username',
        username,
        Math.max(horizon, lastSuccess ?? horizon),
        LOGIN_MAX_FAILURES,
      ),
      this.repo.recentFailureTimes('ip', ip, horizon, LOGIN_MAX_FAILURES),
    ]);
    return {
      lockedMs: Math.max(lockRemainingMs(byUser, now), lockRemainingMs(byIp, now)),
      delayMs: delayRemainingMs(byUser, now),
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
    await this.ctx.audit.record({
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

    if (
      this.ctx.config.captchaEnabled &&
      !(await this.captchaMatches(input.verifyKey, input.verifyCode, now))
    ) {
      throw await refuse('captcha', new AppError(State.FAILED, Messages.captchaWrong));
    }
    const { lockedMs, delayMs } = await this.waitRemaining(username, client.ip, now);
    if (lockedMs > 0) {
      const minutes = Math.max(1, Math.ceil(lockedMs / MINUTE_MS));
      throw await refuse('locked', new TooManyRequestsError(Messages.loginLocked(minutes)));
    }
    if (delayMs > 0) {
      const seconds = Math.max(1, Math.ceil(delayMs / 1000));
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

  /** Rotate both tokens; the old refresh and access tokens stop working. */
  async refresh(refreshToken: string): Promise<TokenResponse> {
    const rotated = await this.ctx.sessions.rotate(refreshToken);
    if (!rotated) throw new SessionError();
    const operator = await this.repo.findOperatorById(rotated.operatorId);
    if (!operator || !fromDbBool(operator.enabled)) {
      await this.ctx.sessions.revoke(rotated.sessionId, 'disabled');
      throw new SessionError();
    }
    const grants = await this.grantsOf(operator);
    if (!grants.hasAnyPage) throw new PermissionError();
    return this.tokenResponse(operator, grants, rotated, this.ctx.now());
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
    await this.ctx.audit.record({
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
