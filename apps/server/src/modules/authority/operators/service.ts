import { randomInt } from 'node:crypto';
import {
  PASSWORD_SPECIAL_CHARS,
  State,
  checkNewPassword,
  maskPhone,
  type InitialPasswordResponse,
  type OperatorDetail,
  type OperatorListItem,
  type OperatorListParams,
  type Page,
  type SessionItem,
  type StaffRole,
  OperatorMessages,
} from '@health/contract';
import type { Actor } from '../../../platform/actor.js';
import { fromDbBool } from '../../../db/values.js';
import { auditedChange } from '../../../platform/changes.js';
import type { AppContext } from '../../../platform/context.js';
import { AppError, NotFoundError, ValidationError } from '../../../platform/errors.js';
import { hashPassword } from '../../../platform/passwords.js';
import { holdsGroup } from '../../../platform/permissions.js';
import { isUniqueViolation } from '../../../db/errors.js';
import { OperatorsRepo, type OperatorRecord } from './repo.js';

const GENERATED_PASSWORD_LENGTH = 12;
// No look-alikes (0/O, 1/l/I) in a password an admin reads out or copies.
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghijkmnpqrstuvwxyz';
const DIGITS = '23456789';
const SPECIAL = '@#$%&*!?';

const pick = (chars: string) => chars[randomInt(chars.length)] ?? '';

/** A random initial password that passes the password rule (all four kinds, 12 characters). */
export function generateInitialPassword(): string {
  const all = UPPER + LOWER + DIGITS + SPECIAL;
  const chars = [pick(UPPER), pick(LOWER), pick(DIGITS), pick(SPECIAL)];
  while (chars.length < GENERATED_PASSWORD_LENGTH) chars.push(pick(all));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j] ?? '', chars[i] ?? ''];
  }
  const password = chars.join('');
  // Guard against a change of the rule or of the character sets above.
  if (checkNewPassword(password) || ![...SPECIAL].every((c) => PASSWORD_SPECIAL_CHARS.includes(c)))
    throw new Error('generated password does not pass the password rule');
  return password;
}

export interface OperatorAddInput {
  username: string;
  realName: string;
  phone: string;
  introduction: string;
  groupId: number;
  staffRole: StaffRole;
  enabled: boolean;
  password?: string;
}

export interface OperatorUpdateInput {
  username: string;
  realName: string;
  phone?: string;
  introduction: string;
  groupId: number;
  staffRole: StaffRole;
}

/** What the operation log keeps of an operator: never the hash, the phone only masked. */
function snapshot(row: OperatorRecord) {
  return {
    id: row.id,
    username: row.username,
    realName: row.real_name,
    phone: maskPhone(row.phone),
    introduction: row.introduction,
    group: row.group_name,
    staffRole: row.staff_role,
    enabled: fromDbBool(row.enabled),
  };
}

export class OperatorsService {
  private readonly repo: OperatorsRepo;

  constructor(private readonly ctx: AppContext) {
    this.repo = new OperatorsRepo(ctx.db);
  }

  /** A group's expanded grants (cached per group version). */
  private async grantsOf(group: { id: number; builtin: boolean; version: number }) {
    const { grants } = await this.ctx.grants.of(group.id, group.version, group.builtin);
    return { builtin: group.builtin, grants };
  }

  /** Whether the caller may manage this account: it holds the account's whole group. */
  private async mayManage(actor: Actor, row: OperatorRecord): Promise<boolean> {
    if (actor.builtin) return true;
    const group = await this.grantsOf({
      id: row.group_id,
      builtin: fromDbBool(row.group_builtin),
      version: Number(row.group_version),
    });
    return holdsGroup(actor, group);
  }

  /**
   * Refuse (267, logged) managing an account whose group the caller does not hold: resetting its
   * password would let the caller sign in with more than it holds. Only a super-admin manages a
   * super-admin.
   */
  private async assertMayManage(actor: Actor, row: OperatorRecord, action: string) {
    if (await this.mayManage(actor, row)) return;
    throw await this.ctx.audit.refusal(
      actor,
      { module: 'authority', action, target: `操作员 ${row.username}` },
      fromDbBool(row.group_builtin)
        ? OperatorMessages.superAdminOnly
        : OperatorMessages.operatorBeyondOwn,
    );
  }

  /**
   * Refuse (267, logged) any operation on a super-admin's account by a caller that is not one:
   * reading its phone or its sessions as much as changing it. Accounts of other groups the caller
   * does not hold stay readable (their sessions can be looked at, not ended).
   */
  private async assertMayTouch(actor: Actor, row: OperatorRecord, action: string) {
    if (actor.builtin || !fromDbBool(row.group_builtin)) return;
    throw await this.ctx.audit.refusal(
      actor,
      { module: 'authority', action, target: `操作员 ${row.username}` },
      OperatorMessages.superAdminOnly,
    );
  }

  /** Refuse (267, logged) putting an account into a group the caller does not hold. */
  private async assertMayAssign(
    actor: Actor,
    group: { id: number; name: string; builtin: number; updated_at: number },
    action: string,
    target: string,
  ) {
    const grants = await this.grantsOf({
      id: group.id,
      builtin: fromDbBool(group.builtin),
      version: Number(group.updated_at),
    });
    if (holdsGroup(actor, grants)) return;
    throw await this.ctx.audit.refusal(
      actor,
      { module: 'authority', action, target, after: { group: group.name } },
      grants.builtin ? OperatorMessages.superAdminOnly : OperatorMessages.groupNotHeld,
    );
  }

  private static toItem(
    row: OperatorRecord,
    selfId: number,
    manageable: boolean,
  ): OperatorListItem {
    return {
      id: row.id,
      username: row.username,
      realName: row.real_name,
      phone: maskPhone(row.phone),
      groupId: Number(row.group_id),
      groupName: row.group_name,
      groupBuiltin: fromDbBool(row.group_builtin),
      staffRole: row.staff_role,
      enabled: fromDbBool(row.enabled),
      needChangeType: row.need_change_type,
      lastLoginAt: row.last_login_at === null ? null : Number(row.last_login_at),
      createdAt: Number(row.created_at),
      updatedAt: Number(row.updated_at),
      isSelf: row.id === selfId,
      manageable,
    };
  }

  async list(actor: Actor, query: OperatorListParams): Promise<Page<OperatorListItem>> {
    const page = await this.repo.list(query);
    const list = await Promise.all(
      page.list.map(async (row) =>
        OperatorsService.toItem(row, actor.operatorId, await this.mayManage(actor, row)),
      ),
    );
    return { list, pagination: page.pagination };
  }

  private async load(id: number, repo = this.repo): Promise<OperatorRecord> {
    const row = await repo.find(id);
    if (!row) throw new NotFoundError(OperatorMessages.operatorNotFound);
    return row;
  }

  async detail(actor: Actor, id: number): Promise<OperatorDetail> {
    const row = await this.load(id);
    return {
      ...OperatorsService.toItem(row, actor.operatorId, await this.mayManage(actor, row)),
      introduction: row.introduction,
      liveSessions: await this.ctx.sessions.countLiveOf(id, this.ctx.now()),
    };
  }

  private async assertUsernameFree(username: string, exceptId?: number): Promise<void> {
    const other = await this.repo.findByUsername(username);
    if (other && other.id !== exceptId) {
      throw ValidationError.field('username', OperatorMessages.usernameTaken);
    }
  }

  private async requireGroup(groupId: number) {
    const group = await this.repo.findGroup(groupId);
    if (!group) throw ValidationError.field('groupId', OperatorMessages.groupMissing);
    return group;
  }

  /** The entered initial password (checked by the password rule) or a generated one. */
  private static initialPassword(entered: string | undefined) {
    if (entered) {
      const problem = checkNewPassword(entered);
      if (problem) throw ValidationError.field('password', problem);
      return { password: entered, generated: false };
    }
    return { password: generateInitialPassword(), generated: true };
  }

  /** Refuse a change that would leave the super-admin group without an enabled operator. */
  private static async assertNotLastSuperAdmin(repo: OperatorsRepo, row: OperatorRecord) {
    if (!fromDbBool(row.group_builtin) || !fromDbBool(row.enabled)) return;
    if ((await repo.countOtherEnabledSuperAdmins(row.id)) === 0) {
      throw new AppError(State.FAILED, OperatorMessages.lastSuperAdmin);
    }
  }

  private static rethrowUnique(err: unknown): never {
    if (isUniqueViolation(err)) {
      throw ValidationError.field('username', OperatorMessages.usernameTaken);
    }
    throw err;
  }

  async add(actor: Actor, input: OperatorAddInput): Promise<InitialPasswordResponse> {
    const group = await this.requireGroup(input.groupId);
    await this.assertMayAssign(actor, group, 'add', `操作员 ${input.username}`);
    await this.assertUsernameFree(input.username);
    const initial = OperatorsService.initialPassword(input.password);
    const passwordHash = await hashPassword(initial.password);
    const at = this.ctx.now();
    try {
      const id = await this.ctx.db.transaction().execute(async (trx) => {
        const repo = new OperatorsRepo(trx);
        const newId = await repo.insert({ ...input, passwordHash, at });
        const row = await this.load(newId, repo);
        await this.ctx.audit.record(
          actor,
          {
            module: 'authority',
            action: 'add',
            target: `操作员 ${input.username}`,
            after: {
              ...snapshot(row),
              initialPassword: initial.generated ? '系统生成' : '手动设置',
            },
          },
          trx,
        );
        return newId;
      });
      return {
        id,
        generatedPassword: initial.generated ? initial.password : null,
        endedSessions: 0,
      };
    } catch (err) {
      OperatorsService.rethrowUnique(err);
    }
  }

  async update(actor: Actor, id: number, input: OperatorUpdateInput): Promise<void> {
    const before = await this.load(id);
    const target = `操作员 ${before.username}`;
    await this.assertMayManage(actor, before, 'edit');
    if (id === actor.operatorId && input.groupId !== Number(before.group_id)) {
      throw await this.ctx.audit.refusal(
        actor,
        { module: 'authority', action: 'edit', target },
        OperatorMessages.ownGroupChange,
      );
    }
    const group = await this.requireGroup(input.groupId);
    await this.assertMayAssign(actor, group, 'edit', target);
    await this.assertUsernameFree(input.username, id);
    const at = this.ctx.now();
    await auditedChange(
      this.ctx,
      actor,
      async (trx) => {
        const repo = new OperatorsRepo(trx);
        if (!fromDbBool(group.builtin))
          await OperatorsService.assertNotLastSuperAdmin(repo, before);
        await repo.update(id, {
          username: input.username,
          realName: input.realName,
          phone: input.phone ?? before.phone,
          introduction: input.introduction,
          groupId: input.groupId,
          staffRole: input.staffRole,
          at,
        });
        const after = await this.load(id, repo);
        return {
          result: undefined,
          entry: {
            module: 'authority',
            action: 'edit',
            target: `操作员 ${before.username}`,
            before: snapshot(before),
            after: snapshot(after),
          },
        };
      },
      () => ValidationError.field('username', OperatorMessages.usernameTaken),
    );
  }

  async setEnabled(actor: Actor, id: number, enabled: boolean): Promise<number> {
    const before = await this.load(id);
    const self = actor;
    if (!enabled && id === self.operatorId) {
      throw new AppError(State.FAILED, OperatorMessages.cannotDisableSelf);
    }
    await this.assertMayManage(actor, before, enabled ? 'enable' : 'disable');
    const at = this.ctx.now();
    return auditedChange(this.ctx, actor, async (trx) => {
      const repo = new OperatorsRepo(trx);
      if (!enabled) await OperatorsService.assertNotLastSuperAdmin(repo, before);
      await repo.setEnabled(id, enabled, at);
      // A disabled operator's sessions end at once (the next request answers 266).
      const ended = enabled
        ? 0
        : await this.ctx.sessions.revokeOperatorSessions(id, 'disabled', { executor: trx });
      return {
        result: ended,
        entry: {
          module: 'authority',
          action: enabled ? 'enable' : 'disable',
          target: `操作员 ${before.username}`,
          before: { enabled: fromDbBool(before.enabled) },
          after: { enabled, ...(enabled ? {} : { endedSessions: ended }) },
        },
      };
    });
  }

  async delete(actor: Actor, id: number): Promise<void> {
    const before = await this.load(id);
    if (id === actor.operatorId) {
      throw new AppError(State.FAILED, OperatorMessages.cannotDeleteSelf);
    }
    await this.assertMayManage(actor, before, 'delete');
    await auditedChange(this.ctx, actor, async (trx) => {
      const repo = new OperatorsRepo(trx);
      await OperatorsService.assertNotLastSuperAdmin(repo, before);
      await repo.delete(id);
      return {
        result: undefined,
        entry: {
          module: 'authority',
          action: 'delete',
          target: `操作员 ${before.username}`,
          before: snapshot(before),
        },
      };
    });
  }

  /**
   * A new initial password (entered or generated) that must be changed at the next login; every
   * session of the operator ends (the caller's own stays when resetting oneself).
   */
  async resetPassword(
    actor: Actor,
    id: number,
    entered: string | undefined,
  ): Promise<InitialPasswordResponse> {
    const before = await this.load(id);
    await this.assertMayManage(actor, before, 'resetPwd');
    const initial = OperatorsService.initialPassword(entered);
    const passwordHash = await hashPassword(initial.password);
    const self = actor;
    const at = this.ctx.now();
    const ended = await auditedChange(this.ctx, actor, async (trx) => {
      const repo = new OperatorsRepo(trx);
      await repo.setInitialPassword(id, passwordHash, at);
      const count = await this.ctx.sessions.revokeOperatorSessions(id, 'revoked_by_admin', {
        executor: trx,
        ...(id === self.operatorId ? { keepSessionId: self.sessionId } : {}),
      });
      return {
        result: count,
        entry: {
          module: 'authority',
          action: 'resetPwd',
          target: `操作员 ${before.username}`,
          before: { needChangeType: before.need_change_type },
          after: {
            needChangeType: 'first',
            initialPassword: initial.generated ? '系统生成' : '手动设置',
            endedSessions: count,
          },
        },
      };
    });
    return {
      id,
      generatedPassword: initial.generated ? initial.password : null,
      endedSessions: ended,
    };
  }

  /** One plain phone number; the reveal itself is written to the operation log. */
  async revealPhone(actor: Actor, id: number): Promise<string> {
    const row = await this.load(id);
    await this.assertMayTouch(actor, row, 'reveal');
    await this.ctx.audit.record(actor, {
      module: 'authority',
      action: 'reveal',
      target: `操作员 ${row.username}`,
      after: { field: 'phone', phone: maskPhone(row.phone) },
      message: '查看手机号明文',
    });
    return row.phone;
  }

  async sessions(actor: Actor, operatorId: number): Promise<SessionItem[]> {
    const row = await this.load(operatorId);
    if (operatorId !== actor.operatorId) await this.assertMayTouch(actor, row, 'session');
    return this.sessionsOf(operatorId, actor.sessionId);
  }

  async mySessions(actor: Actor): Promise<SessionItem[]> {
    const self = actor;
    return this.sessionsOf(self.operatorId, self.sessionId);
  }

  private async sessionsOf(operatorId: number, currentSessionId: number): Promise<SessionItem[]> {
    const rows = await this.ctx.sessions.liveOf(operatorId, this.ctx.now());
    return rows.map((s) => ({
      id: s.id,
      createdAt: Number(s.created_at),
      lastSeenAt: Number(s.last_seen_at),
      ip: s.ip,
      userAgent: s.user_agent,
      current: s.id === currentSessionId,
    }));
  }

  /** End another live session of the caller's own (personal centre). */
  revokeOwnSession(actor: Actor, sessionId: number): Promise<void> {
    return this.revokeSession(actor, actor.operatorId, sessionId);
  }

  /** End one live session of an operator (not the caller's current one). */
  async revokeSession(actor: Actor, operatorId: number, sessionId: number) {
    const operator = await this.load(operatorId);
    const self = actor;
    if (operatorId !== self.operatorId)
      await this.assertMayManage(actor, operator, 'revokeSession');
    if (sessionId === self.sessionId) {
      throw new AppError(State.FAILED, OperatorMessages.cannotRevokeCurrent);
    }
    const session = await this.ctx.sessions.findLiveOf(operatorId, sessionId, this.ctx.now());
    if (!session) throw new NotFoundError(OperatorMessages.sessionNotFound);
    await auditedChange(this.ctx, actor, async (trx) => {
      const own = operatorId === self.operatorId;
      await this.ctx.sessions.revoke(sessionId, own ? 'logout' : 'revoked_by_admin', trx);
      return {
        result: undefined,
        entry: {
          module: 'authority',
          action: operatorId === self.operatorId ? 'revokeMySession' : 'revokeSession',
          target: `操作员 ${operator.username} 的会话 #${sessionId}`,
          before: { ip: session.ip, userAgent: session.user_agent, createdAt: session.created_at },
          after: { revoked: true },
        },
      };
    });
  }
}
