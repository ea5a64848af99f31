import {
  Messages,
  PasswordMessages,
  checkNewPassword,
  type SessionItem,
  type UpdatePasswordRequest,
  type UserInfo,
} from '@health/contract';
import type { Actor } from '../../../platform/actor.js';
import type { AuthenticatedOperator } from '../../../platform/auth.js';
import { auditedChange } from '../../../platform/changes.js';
import type { AppContext } from '../../../platform/context.js';
import { SessionError, ValidationError } from '../../../platform/errors.js';
import { hashPassword, passwordChangeNeed, verifyPassword } from '../../../platform/passwords.js';
import { OperatorsRepo } from '../../authority/operators/repo.js';
import { OperatorsService } from '../../authority/operators/service.js';

/** Marker role of the super-admin group in user info (the web's "admin sees all" rule, spec §6). */
export const SUPER_ADMIN_ROLE = 'admin';

/** The operator's own account: user info, password change, own sessions (/profile/index). */
export class ProfileService {
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
    await auditedChange(this.ctx, actor, async (trx) => {
      await new OperatorsRepo(trx).updatePassword(actor.operatorId, passwordHash, now);
      const ended = await this.ctx.sessions.revokeOperatorSessions(
        actor.operatorId,
        'password_changed',
        {
          keepSessionId: actor.sessionId,
          executor: trx,
        },
      );
      return {
        result: undefined,
        entry: {
          module: 'system',
          action: 'updatePwd',
          target: `操作员 ${actor.operatorName}`,
          after: { endedSessions: ended, wasFirstChange: isFirstChange },
          message: Messages.passwordChanged,
        },
      };
    });
  }

  /** The caller's live sessions. */
  sessions(actor: Actor): Promise<SessionItem[]> {
    return new OperatorsService(this.ctx).mySessions(actor);
  }

  /** End another live session of the caller's own. */
  revokeSession(actor: Actor, sessionId: number): Promise<void> {
    return new OperatorsService(this.ctx).revokeOwnSession(actor, sessionId);
  }
}
