import {
  GENDER_LABELS,
  MEMBER_STATUS_LABELS,
  MemberMessages,
  formatChinaDate,
  State,
  maskIdNumber,
  maskPhone,
  relationshipLabel,
  type MemberAddInput,
  type MemberDetail,
  type MemberExportParams,
  type MemberListItem,
  type MemberListParams,
  type MemberUpdateInput,
  type Page,
} from '@health/contract';
import type { Actor } from '../../../platform/actor.js';
import { auditedChange } from '../../../platform/changes.js';
import type { AppContext } from '../../../platform/context.js';
import { AppError, NotFoundError, ValidationError } from '../../../platform/errors.js';
import { queryExport, type AuditedExport, type ExportColumn } from '../../../platform/export.js';
import { ActionLogsRepo } from '../action-logs/repo.js';
import { ChannelsRepo } from '../channels/repo.js';
import { ContactsRepo } from '../contacts/repo.js';
import { GradesRepo } from '../grades/repo.js';
import { GradeService } from '../grades/service.js';
import { PointsService } from '../points/service.js';
import { MembersRepo, type MemberListRecord, type MemberRecord } from './repo.js';
import { mapPage } from '../../../platform/pagination.js';

export const AUDIT_MODULE = 'member';

/** How a member appears in the operation log: personal numbers only masked. */
export function memberSnapshot(row: MemberRecord) {
  return {
    id: row.id,
    name: row.name,
    phone: maskPhone(row.phone),
    idNumber: maskIdNumber(row.id_number),
    gender: row.gender,
    birthday: row.birthday,
    province: row.province,
    city: row.city,
    address: row.address,
    grade: row.grade_name ?? '',
    channel: row.channel_name ?? '',
    status: row.status,
    frozenReason: row.frozen_reason,
    growthValue: Number(row.growth_value),
    remark: row.remark,
  };
}

export function memberTarget(row: Pick<MemberRecord, 'name' | 'phone'>): string {
  return `会员 ${row.name}（${maskPhone(row.phone)}）`;
}

export function toMemberItem(row: MemberListRecord): MemberListItem {
  return {
    id: Number(row.id),
    phone: maskPhone(row.phone),
    name: row.name,
    gender: row.gender,
    gradeId: Number(row.grade_id),
    gradeName: row.grade_name ?? '',
    channelId: row.channel_id === null ? null : Number(row.channel_id),
    channelName: row.channel_name ?? '',
    status: row.status,
    frozenReason: row.frozen_reason,
    pointsBalance: Number(row.points_balance),
    growthValue: Number(row.growth_value),
    registeredAt: Number(row.registered_at),
    lastActiveAt: row.last_active_at === null ? null : Number(row.last_active_at),
  };
}

type MemberExportRow = MemberListItem & { idNumber: string; province: string; city: string };

const EXPORT_COLUMNS: ExportColumn<MemberExportRow>[] = [
  { header: '会员编号', value: (r) => r.id, width: 10 },
  { header: '姓名', value: (r) => r.name, width: 12 },
  { header: '手机号', value: (r) => r.phone, width: 16 },
  { header: '身份证号', value: (r) => r.idNumber, width: 22 },
  { header: '性别', value: (r) => GENDER_LABELS[r.gender], width: 8 },
  { header: '省份', value: (r) => r.province, width: 10 },
  { header: '城市', value: (r) => r.city, width: 10 },
  { header: '会员等级', value: (r) => r.gradeName, width: 12 },
  { header: '渠道', value: (r) => r.channelName, width: 14 },
  { header: '状态', value: (r) => MEMBER_STATUS_LABELS[r.status], width: 10 },
  { header: '积分', value: (r) => r.pointsBalance, width: 10 },
  { header: '成长值', value: (r) => r.growthValue, width: 10 },
  { header: '注册时间', value: (r) => formatChinaDate(r.registeredAt), width: 20 },
  { header: '最近活跃', value: (r) => formatChinaDate(r.lastActiveAt), width: 20 },
];

export class MembersService {
  private readonly repo: MembersRepo;
  private readonly grades: GradeService;

  constructor(private readonly ctx: AppContext) {
    this.repo = new MembersRepo(ctx.db);
    this.grades = new GradeService(ctx);
  }

  async list(query: MemberListParams): Promise<Page<MemberListItem>> {
    return mapPage(await this.repo.list(query), toMemberItem);
  }

  /** The export's query, bounded to the members that exist when it starts. */
  /**
   * The export (phone and ID number masked): the filter, bounded to the members that exist when it
   * starts, read in batches of 1,000.
   */
  async export(actor: Actor, query: MemberExportParams): Promise<AuditedExport<MemberExportRow>> {
    const q = (await this.repo.exportQuery(query)).where('m.id', '<=', await this.repo.maxId());
    return queryExport(
      this.ctx.db,
      q,
      (row) => ({
        ...toMemberItem(row),
        idNumber: maskIdNumber(row.id_number),
        province: row.province,
        city: row.city,
      }),
      {
        actor,
        module: AUDIT_MODULE,
        title: '会员列表',
        filter: query,
        columns: EXPORT_COLUMNS,
      },
    );
  }

  private async load(id: number, repo = this.repo): Promise<MemberRecord> {
    const row = await repo.find(id);
    if (!row) throw new NotFoundError(MemberMessages.notFound);
    return row;
  }

  async detail(id: number): Promise<MemberDetail> {
    const row = await this.load(id);
    return {
      ...toMemberItem(row),
      birthday: row.birthday,
      idNumber: maskIdNumber(row.id_number),
      avatar: row.avatar,
      province: row.province,
      city: row.city,
      address: row.address,
      remark: row.remark,
      createdAt: Number(row.created_at),
      updatedAt: Number(row.updated_at),
      counts: await this.counts(id),
    };
  }

  /** What the detail's tabs hold: contacts, grade changes and actions of the member. */
  private async counts(id: number) {
    const [contacts, gradeLogs, actionLogs] = await Promise.all([
      new ContactsRepo(this.ctx.db).countOf(id),
      new GradesRepo(this.ctx.db).logCountOf(id),
      new ActionLogsRepo(this.ctx.db).countOf(id),
    ]);
    return { contacts, gradeLogs, actionLogs };
  }

  private async assertPhoneFree(phone: string, exceptId?: number): Promise<void> {
    const other = await this.repo.findByPhone(phone);
    if (other && Number(other.id) !== exceptId)
      throw ValidationError.field('phone', MemberMessages.phoneTaken);
  }

  private async assertChannel(channelId: number | null): Promise<void> {
    if (channelId !== null && !(await new ChannelsRepo(this.ctx.db).find(channelId)))
      throw ValidationError.field('channelId', MemberMessages.channelMissing);
  }

  /**
   * A member added by an operator: registered now, its grade the one its growth value reaches
   * (grade log 'growth' from none), its family contacts, a 'register' action and the registration
   * points of 积分配置 — one transaction.
   */
  async add(actor: Actor, input: MemberAddInput): Promise<number> {
    await this.assertPhoneFree(input.phone);
    await this.assertChannel(input.channelId);
    // The grade rule of the grades area: the highest grade the growth value reaches.
    const grade = await this.grades.gradeOf(input.growthValue);
    if (!grade) throw new AppError(State.FAILED, MemberMessages.noGrade);
    const operator = actor;
    const at = this.ctx.now();
    return auditedChange(
      this.ctx,
      actor,
      async (trx) => {
        const repo = new MembersRepo(trx);
        const id = await repo.insert({
          phone: input.phone,
          idNumber: input.idNumber,
          name: input.name,
          gender: input.gender,
          birthday: input.birthday,
          province: input.province,
          city: input.city,
          address: input.address,
          channelId: input.channelId,
          remark: input.remark,
          gradeId: Number(grade.id),
          growthValue: input.growthValue,
          at,
        });
        await new GradesRepo(trx).insertLog({
          member_id: id,
          from_grade_id: null,
          to_grade_id: Number(grade.id),
          reason: 'growth',
          growth_value: input.growthValue,
          operator_id: operator.operatorId,
          operator_name: operator.operatorName,
          remark: '后台新增会员',
          created_at: at,
        });
        await new ActionLogsRepo(trx).insert({
          member_id: id,
          action: 'register',
          detail: '后台新增会员',
          ip: actor.ip,
          created_at: at,
        });
        await new ContactsRepo(trx).insertMany(id, input.contacts, at);
        // Registered through the back office is registered all the same: 积分配置's registration
        // points are paid as to a member who signs up in the app (a rule of 0 pays nothing).
        await PointsService.of(this.ctx).earn(trx, {
          memberId: id,
          type: 'register',
          refType: 'member',
          refId: id,
          operator: { id: actor.operatorId, name: actor.operatorName },
          at,
        });
        const row = await this.load(id, repo);
        return {
          result: id,
          entry: {
            module: AUDIT_MODULE,
            action: 'add',
            target: memberTarget(row),
            after: {
              ...memberSnapshot(row),
              contacts: input.contacts.map((c) => ({
                name: c.name,
                phone: maskPhone(c.phone),
                relationship: relationshipLabel(c.relationship),
                receiveWarningSms: c.receiveWarningSms,
              })),
            },
          },
        };
      },
      () => ValidationError.field('phone', MemberMessages.phoneTaken),
    );
  }

  async update(actor: Actor, input: MemberUpdateInput): Promise<void> {
    const before = await this.load(input.id);
    if (before.status === 'logged_off') throw new AppError(State.FAILED, MemberMessages.loggedOff);
    if (input.phone !== undefined) await this.assertPhoneFree(input.phone, input.id);
    await this.assertChannel(input.channelId);
    const at = this.ctx.now();
    await auditedChange(
      this.ctx,
      actor,
      async (trx) => {
        const repo = new MembersRepo(trx);
        await repo.update(input.id, {
          phone: input.phone ?? before.phone,
          idNumber: input.idNumber === undefined ? before.id_number : input.idNumber,
          name: input.name,
          gender: input.gender,
          birthday: input.birthday,
          province: input.province,
          city: input.city,
          address: input.address,
          channelId: input.channelId,
          remark: input.remark,
          at,
        });
        const after = await this.load(input.id, repo);
        return {
          result: undefined,
          entry: {
            module: AUDIT_MODULE,
            action: 'edit',
            target: memberTarget(before),
            before: memberSnapshot(before),
            after: memberSnapshot(after),
          },
        };
      },
      () => ValidationError.field('phone', MemberMessages.phoneTaken),
    );
  }

  async freeze(actor: Actor, id: number, reason: string): Promise<void> {
    const before = await this.load(id);
    if (before.status === 'logged_off') throw new AppError(State.FAILED, MemberMessages.loggedOff);
    if (before.status === 'frozen') throw new AppError(State.FAILED, MemberMessages.alreadyFrozen);
    await this.changeStatus(actor, before, 'freeze', 'frozen', reason);
  }

  async unfreeze(actor: Actor, id: number, reason: string): Promise<void> {
    const before = await this.load(id);
    if (before.status !== 'frozen') throw new AppError(State.FAILED, MemberMessages.notFrozen);
    await this.changeStatus(actor, before, 'unfreeze', 'normal', reason);
  }

  private async changeStatus(
    actor: Actor,
    before: MemberRecord,
    action: 'freeze' | 'unfreeze',
    to: 'frozen' | 'normal',
    reason: string,
  ): Promise<void> {
    const at = this.ctx.now();
    await auditedChange(this.ctx, actor, async (trx) => {
      const repo = new MembersRepo(trx);
      const changed = await repo.setStatus(
        before.id,
        before.status,
        to,
        to === 'frozen' ? reason : '',
        at,
      );
      if (!changed)
        throw new AppError(
          State.FAILED,
          action === 'freeze' ? MemberMessages.alreadyFrozen : MemberMessages.notFrozen,
        );
      return {
        result: undefined,
        entry: {
          module: AUDIT_MODULE,
          action,
          target: memberTarget(before),
          before: { status: before.status, frozenReason: before.frozen_reason },
          after: { status: to, frozenReason: to === 'frozen' ? reason : '' },
          message: reason,
        },
      };
    });
  }

  /** One plain phone number; the reveal itself is written to the operation log. */
  async revealPhone(actor: Actor, id: number): Promise<string> {
    const row = await this.load(id);
    await this.ctx.audit.record(actor, {
      module: AUDIT_MODULE,
      action: 'reveal',
      target: memberTarget(row),
      after: { field: 'phone', phone: maskPhone(row.phone) },
      message: '查看会员手机号明文',
    });
    return row.phone ?? '';
  }

  async revealIdNumber(actor: Actor, id: number): Promise<string> {
    const row = await this.load(id);
    await this.ctx.audit.record(actor, {
      module: AUDIT_MODULE,
      action: 'reveal',
      target: memberTarget(row),
      after: { field: 'idNumber', idNumber: maskIdNumber(row.id_number) },
      message: '查看会员身份证号明文',
    });
    return row.id_number ?? '';
  }
}
