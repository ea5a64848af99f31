import {
  MemberMessages,
  State,
  formatChinaDate,
  maskPhone,
  relationshipLabel,
  type ContactItem,
  type ContactExportParams,
  type ContactListParams,
  type Page,
  ContactMessages,
} from '@health/contract';
import type { Actor } from '../../../platform/actor.js';
import { fromDbBool } from '../../../db/values.js';
import { queryExport, type AuditedExport, type ExportColumn } from '../../../platform/export.js';
import { auditedChange } from '../../../platform/changes.js';
import type { AppContext } from '../../../platform/context.js';
import { AppError, NotFoundError, ValidationError } from '../../../platform/errors.js';
import { MembersRepo } from '../members/repo.js';
import { AUDIT_MODULE, memberTarget } from '../members/service.js';
import { ContactsRepo, type ContactRecord, type ContactValues } from './repo.js';
import { mapPage } from '../../../platform/pagination.js';

const MAX_CONTACTS = 10;

function snapshot(
  row: Pick<ContactRecord, 'name' | 'phone' | 'relationship' | 'receive_warning_sms'>,
) {
  return {
    name: row.name,
    phone: maskPhone(row.phone),
    relationship: relationshipLabel(row.relationship),
    receiveWarningSms: fromDbBool(row.receive_warning_sms),
  };
}

function toItem(row: ContactRecord): ContactItem {
  return {
    id: Number(row.id),
    memberId: Number(row.member_id),
    memberName: row.member_name,
    memberPhone: maskPhone(row.member_phone),
    name: row.name,
    phone: maskPhone(row.phone),
    relationship: row.relationship === null ? null : Number(row.relationship),
    receiveWarningSms: fromDbBool(row.receive_warning_sms),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

/** 家庭成员: a member's family contacts (member detail tab and /member_manage/manage). */
const EXPORT_COLUMNS: ExportColumn<ContactItem>[] = [
  { header: '会员编号', value: (r) => r.memberId, width: 10 },
  { header: '会员姓名', value: (r) => r.memberName, width: 12 },
  { header: '会员手机号', value: (r) => r.memberPhone, width: 16 },
  { header: '家庭成员', value: (r) => r.name, width: 12 },
  { header: '手机号', value: (r) => r.phone, width: 16 },
  // Spec §3: a missing code shows '-', an unknown one shows nothing.
  { header: '关系', value: (r) => relationshipLabel(r.relationship), width: 10 },
  { header: '接收预警短信', value: (r) => (r.receiveWarningSms ? '是' : '否'), width: 14 },
  { header: '添加时间', value: (r) => formatChinaDate(r.createdAt), width: 20 },
];

export class ContactsService {
  private readonly repo: ContactsRepo;

  constructor(private readonly ctx: AppContext) {
    this.repo = new ContactsRepo(ctx.db);
  }

  async list(query: ContactListParams): Promise<Page<ContactItem>> {
    return mapPage(await this.repo.list(query), toItem);
  }

  /**
   * The export (phones masked): the filter, bounded to the rows that exist when the export starts,
   * read in batches of 1,000, never the whole table in memory.
   */
  async export(actor: Actor, query: ContactExportParams): Promise<AuditedExport<ContactItem>> {
    const q = this.repo.filtered(query).where('k.id', '<=', await this.repo.maxId());
    return queryExport(this.ctx.db, q, toItem, {
      actor,
      module: AUDIT_MODULE,
      title: '家庭成员',
      filter: query,
      columns: EXPORT_COLUMNS,
    });
  }

  private async load(id: number, repo = this.repo): Promise<ContactRecord> {
    const row = await repo.find(id);
    if (!row) throw new NotFoundError(ContactMessages.contactNotFound);
    return row;
  }

  async add(actor: Actor, memberId: number, values: ContactValues): Promise<number> {
    const member = await new MembersRepo(this.ctx.db).find(memberId);
    if (!member) throw ValidationError.field('memberId', MemberMessages.notFound);
    if (member.status === 'logged_off') throw new AppError(State.FAILED, MemberMessages.loggedOff);
    if ((await this.repo.countOf(memberId)) >= MAX_CONTACTS)
      throw new AppError(State.FAILED, ContactMessages.tooManyContacts);
    const at = this.ctx.now();
    return auditedChange(this.ctx, actor, async (trx) => {
      const [id] = await new ContactsRepo(trx).insertMany(memberId, [values], at);
      return {
        result: id ?? 0,
        entry: {
          module: AUDIT_MODULE,
          action: 'contactAdd',
          target: `${memberTarget(member)} 的家庭成员 ${values.name}`,
          after: snapshot({
            name: values.name,
            phone: values.phone,
            relationship: values.relationship,
            receive_warning_sms: values.receiveWarningSms ? 1 : 0,
          }),
        },
      };
    });
  }

  async update(
    actor: Actor,
    id: number,
    values: Omit<ContactValues, 'phone'> & { phone?: string },
  ): Promise<void> {
    const before = await this.load(id);
    if (before.member_status === 'logged_off')
      throw new AppError(State.FAILED, MemberMessages.loggedOff);
    const at = this.ctx.now();
    await auditedChange(this.ctx, actor, async (trx) => {
      const repo = new ContactsRepo(trx);
      await repo.update(id, { ...values, phone: values.phone ?? before.phone }, at);
      const after = await this.load(id, repo);
      return {
        result: undefined,
        entry: {
          module: AUDIT_MODULE,
          action: 'contactEdit',
          target: `${memberTarget({ name: before.member_name, phone: before.member_phone })} 的家庭成员 ${before.name}`,
          before: snapshot(before),
          after: snapshot(after),
        },
      };
    });
  }

  async delete(actor: Actor, id: number): Promise<void> {
    const before = await this.load(id);
    await auditedChange(this.ctx, actor, async (trx) => {
      await new ContactsRepo(trx).delete(id);
      return {
        result: undefined,
        entry: {
          module: AUDIT_MODULE,
          action: 'contactDelete',
          target: `${memberTarget({ name: before.member_name, phone: before.member_phone })} 的家庭成员 ${before.name}`,
          before: snapshot(before),
        },
      };
    });
  }

  async revealPhone(actor: Actor, id: number): Promise<string> {
    const row = await this.load(id);
    await this.ctx.audit.record(actor, {
      module: AUDIT_MODULE,
      action: 'reveal',
      target: `${memberTarget({ name: row.member_name, phone: row.member_phone })} 的家庭成员 ${row.name}`,
      after: { field: 'contactPhone', phone: maskPhone(row.phone) },
      message: '查看家庭成员手机号明文',
    });
    return row.phone;
  }
}
