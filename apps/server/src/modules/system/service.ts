import {
  Messages,
  PasswordMessages,
  checkNewPassword,
  type HomeOverview,
  type UpdatePasswordRequest,
  type UserInfo,
} from '@health/contract';
import type { Actor } from '../../platform/actor.js';
import type { AuthenticatedOperator } from '../../platform/auth.js';
import { DAY_MS } from '../../platform/clock.js';
import type { AppContext } from '../../platform/context.js';
import { SessionError, ValidationError } from '../../platform/errors.js';
import { hashPassword, passwordChangeNeed, verifyPassword } from '../../platform/passwords.js';
import { AuthRepo } from '../auth/repo.js';
import { OperateLogRepo } from '../authority/operate-log/repo.js';
import { OperatorsRepo } from '../authority/operators/repo.js';

/** Marker role of the super-admin group in user info (the web's "admin sees all" rule, spec §6). */
export const SUPER_ADMIN_ROLE = 'admin';
const OVERVIEW_DAYS = 7;

/** Local midnight of the day `daysAgo` days before the day of `now`. */
function startOfLocalDay(now: number, daysAgo = 0): number {
  const d = new Date(now);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() - daysAgo).getTime();
}

function localDate(at: number): string {
  const d = new Date(at);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const last = (values: number[]) => values[values.length - 1] ?? 0;

export class SystemService {
  private readonly operators: OperatorsRepo;

  constructor(private readonly ctx: AppContext) {
    this.operators = new OperatorsRepo(ctx.db);
  }

  userInfo(operator: AuthenticatedOperator): UserInfo {
    const need = passwordChangeNeed(
      {
        need_change_type: operator.needChangeType,
        password_changed_at: operator.passwordChangedAt,
      },
      this.ctx.now(),
    );
    const roles: string[] = [operator.staffRole];
    if (operator.builtin && !roles.includes(SUPER_ADMIN_ROLE)) roles.push(SUPER_ADMIN_ROLE);
    return {
      roles,
      name: operator.realName || operator.username,
      avatar: operator.avatar,
      introduction: operator.introduction,
      username: operator.username,
      groupName: operator.groupName,
      staffRole: operator.staffRole,
      need_change_pwd: need !== null,
      need_change_type: need,
    };
  }

  /**
   * Change the caller's password. The old password is required unless this is the forced first
   * change; the new one must pass the password rule and differ from the old. Every other session
   * of the operator ends; the current one stays so the client can log itself out.
   */
  async updatePassword(actor: Actor, input: UpdatePasswordRequest): Promise<void> {
    const state = await this.operators.findPasswordState(actor.operatorId);
    if (!state) throw new SessionError();
    const isFirstChange = state.need_change_type === 'first';
    if (!input.oldPassword && !isFirstChange) {
      throw ValidationError.field('oldPassword', PasswordMessages.oldRequired);
    }
    if (input.oldPassword && !(await verifyPassword(input.oldPassword, state.password_hash))) {
      throw ValidationError.field('oldPassword', Messages.oldPasswordWrong);
    }
    const ruleProblem = checkNewPassword(input.newPassword);
    if (ruleProblem) throw ValidationError.field('newPassword', ruleProblem);
    if (await verifyPassword(input.newPassword, state.password_hash)) {
      throw ValidationError.field('newPassword', Messages.passwordSameAsOld);
    }

    const passwordHash = await hashPassword(input.newPassword);
    const now = this.ctx.now();
    await this.ctx.db.transaction().execute(async (trx) => {
      await new OperatorsRepo(trx).updatePassword(actor.operatorId, passwordHash, now);
      const ended = await this.ctx.sessions.revokeOperatorSessions(
        actor.operatorId,
        'password_changed',
        {
          keepSessionId: actor.sessionId,
          executor: trx,
        },
      );
      await this.ctx.audit.record(
        actor,
        {
          module: 'system',
          action: 'updatePwd',
          target: `操作员 ${actor.operatorName}`,
          after: { endedSessions: ended, wasFirstChange: isFirstChange },
          message: Messages.passwordChanged,
        },
        trx,
      );
    });
  }

  async reloadSettings(): Promise<number> {
    return this.ctx.settings.reload();
  }

  /** KPIs of today and the last 7 days, and a 7-day trend, from a handful of aggregate queries. */
  async homeOverview(operator: AuthenticatedOperator): Promise<HomeOverview> {
    const now = this.ctx.now();
    // dayStarts[0] is 6 days before today; the last entry is tomorrow's midnight.
    const dayStarts = Array.from({ length: OVERVIEW_DAYS + 1 }, (_, i) =>
      startOfLocalDay(now, OVERVIEW_DAYS - 1 - i),
    );
    const [logins, operations, newOperators, sessions, todos] = await Promise.all([
      new AuthRepo(this.ctx.db).loginsPerDay(dayStarts),
      new OperateLogRepo(this.ctx.db).operationsPerDay(dayStarts),
      this.operators.operatorsCreatedPerDay(dayStarts),
      this.ctx.sessions.sessionCounts(now, dayStarts[0] ?? now - OVERVIEW_DAYS * DAY_MS),
      this.ctx.todos.forOperator(operator, this.ctx.db, now),
    ]);
    const kpi = (key: string, title: string, perDay: number[], link?: string) => ({
      key,
      title,
      today: last(perDay),
      last7Days: sum(perDay),
      ...(link ? { link } : {}),
    });
    const dates = dayStarts.slice(0, -1).map(localDate);
    return {
      kpis: [
        kpi('newOperators', '新增操作员', newOperators, '/sysset_authority/authority_member'),
        kpi('logins', '今日登录', logins.ok),
        // Sessions: "today" is the sessions live right now; "last7Days" those used in 7 days.
        {
          key: 'activeSessions',
          title: '在线会话',
          today: sessions.live,
          last7Days: sessions.seen,
        },
        kpi('operations', '操作记录', operations, '/sysset_authority/operate_log'),
        kpi('loginFailures', '登录失败', logins.failed, '/sysset_authority/operate_log'),
      ],
      todos,
      trend: [
        ...dates.map((date, i) => ({ date, series: '登录次数', value: logins.ok[i] ?? 0 })),
        ...dates.map((date, i) => ({ date, series: '操作次数', value: operations[i] ?? 0 })),
      ],
      generatedAt: now,
    };
  }
}
