import {
  MemberMessages,
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
import type { FastifyRequest } from 'fastify';
import { isUniqueViolation } from '../../../db/errors.js';
import { currentOperator } from '../../../platform/auth.js';
import type { AppContext } from '../../../platform/context.js';
import { AppError, NotFoundError, ValidationError } from '../../../platform/errors.js';
import { readInBatches } from '../../../platform/pagination.js';
import { ContactsRepo } from '../contacts/repo.js';
import { GradeService } from '../grades/service.js';
import { MembersRepo, type MemberListRecord, type MemberRecord } from './repo.js';

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

export class MembersService {
  private readonly repo: MembersRepo;
  private readonly grades: GradeService;

  constructor(private readonly ctx: AppContext) {
    this.repo = new MembersRepo(ctx.db);
    this.grades = new GradeService(ctx);
  }

  async list(query: MemberListParams): Promise<Page<MemberListItem>> {
    const page = await this.repo.list(query);
    return { list: page.list.map(toMemberItem), pagination: page.pagination };
  }

  /** The export's query, bounded to the members that exist when it starts. */
  async exportQuery(query: MemberExportParams) {
    const maxId = await this.repo.maxId();
    return this.repo.exportQuery(query).where('m.id', '<=', maxId);
  }

  async *exportBatches(query: MemberExportParams) {
    for await (const rows of readInBatches(await this.exportQuery(query), 1000)) {
      yield rows.map((row) => ({
        ...toMemberItem(row),
        idNumber: maskIdNumber(row.id_number),
        province: row.province,
        city: row.city,
      }));
    }
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
      counts: await this.repo.counts(id),
    };
  }

  private async assertPhoneFree(phone: string, exceptId?: number): Promise<void> {
    const other = await this.repo.findByPhone(phone);
    if (other && Number(other.id) !== exceptId)
      throw ValidationError.field('phone', MemberMessages.phoneTaken);
  }

  private async assertChannel(channelId: number | null): Promise<void> {
    if (channelId !== null && !(await this.repo.channelExists(channelId)))
      throw ValidationError.field('channelId', MemberMessages.channelMissing);
  }

  private static rethrowUnique(err: unknown): never {
    if (isUniqueViolation(err)) throw ValidationError.field('phone', MemberMessages.phoneTaken);
    throw err;
  }

  /**
   * A member added by an operator: registered now, its grade the one its growth value reaches
   * (grade log 'growth' from none), its family contacts, a 'register' action — one transaction.
   */
  async add(request: FastifyRequest, input: MemberAddInput): Promise<number> {
    await this.assertPhoneFree(input.phone);
    await this.assertChannel(input.channelId);
    // The grade rule of the grades area: the highest grade the growth value reaches.
    const grade = await this.grades.gradeOf(input.growthValue);
    if (!grade) throw new AppError(State.FAILED, MemberMessages.noGrade);
    const operator = currentOperator(request);
    const at = this.ctx.now();
    try {
      return await this.ctx.db.transaction().execute(async (trx) => {
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
        await repo.insertGradeLog({
          memberId: id,
          fromGradeId: null,
          toGradeId: Number(grade.id),
          growthValue: input.growthValue,
          operatorId: operator.id,
          operatorName: operator.username,
          remark: '后台新增会员',
          at,
        });
        await repo.insertActionLog(id, 'register', '后台新增会员', request.ip, at);
        await new ContactsRepo(trx).insertMany(id, input.contacts, at);
        const row = await this.load(id, repo);
        await this.ctx.audit.recordRequest(
          request,
          {
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
          trx,
        );
        return id;
      });
    } catch (err) {
      MembersService.rethrowUnique(err);
    }
  }

  async update(request: FastifyRequest, input: MemberUpdateInput): Promise<void> {
    const before = await this.load(input.id);
    if (before.status === 'logged_off') throw new AppError(State.FAILED, MemberMessages.loggedOff);
    if (input.phone !== undefined) await this.assertPhoneFree(input.phone, input.id);
    await this.assertChannel(input.channelId);
    const at = this.ctx.now();
    try {
      await this.ctx.db.transaction().execute(async (trx) => {
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
        await this.ctx.audit.recordRequest(
          request,
          {
            module: AUDIT_MODULE,
            action: 'edit',
            target: memberTarget(before),
            before: memberSnapshot(before),
            after: memberSnapshot(after),
          },
          trx,
        );
      });
    } catch (err) {
      MembersService.rethrowUnique(err);
    }
  }

  async freeze(request: FastifyRequest, id: number, reason: string): Promise<void> {
    const before = await this.load(id);
    if (before.status === 'logged_off') throw new AppError(State.FAILED, MemberMessages.loggedOff);
    if (before.status === 'frozen') throw new AppError(State.FAILED, MemberMessages.alreadyFrozen);
    await this.changeStatus(request, before, 'freeze', 'frozen', reason);
  }

  async unfreeze(request: FastifyRequest, id: number, reason: string): Promise<void> {
    const before = await this.load(id);
    if (before.status !== 'frozen') throw new AppError(State.FAILED, MemberMessages.notFrozen);
    await this.changeStatus(request, before, 'unfreeze', 'normal', reason);
  }

  private async changeStatus(
    request: FastifyRequest,
    before: MemberRecord,
    action: 'freeze' | 'unfreeze',
    to: 'frozen' | 'normal',
    reason: string,
  ): Promise<void> {
    const at = this.ctx.now();
    await this.ctx.db.transaction().execute(async (trx) => {
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
      await this.ctx.audit.recordRequest(
        request,
        {
          module: AUDIT_MODULE,
          action,
          target: memberTarget(before),
          before: { status: before.status, frozenReason: before.frozen_reason },
          after: { status: to, frozenReason: to === 'frozen' ? reason : '' },
          message: reason,
        },
        trx,
      );
    });
  }

  /** One plain phone number; the reveal itself is written to the operation log. */
  async revealPhone(request: FastifyRequest, id: number): Promise<string> {
    const row = await this.load(id);
    await this.ctx.audit.recordRequest(request, {
      module: AUDIT_MODULE,
      action: 'reveal',
      target: memberTarget(row),
      after: { field: 'phone', phone: maskPhone(row.phone) },
      message: '查看会员手机号明文',
    });
    return row.phone ?? '';
  }

  async revealIdNumber(request: FastifyRequest, id: number): Promise<string> {
    const row = await this.load(id);
    await this.ctx.audit.recordRequest(request, {
      module: AUDIT_MODULE,
      action: 'reveal',
      target: memberTarget(row),
      after: { field: 'idNumber', idNumber: maskIdNumber(row.id_number) },
      message: '查看会员身份证号明文',
    });
    return row.id_number ?? '';
  }
}
