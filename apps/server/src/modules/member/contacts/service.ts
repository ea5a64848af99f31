import {
  MemberMessages,
  State,
  maskPhone,
  relationshipLabel,
  type ContactItem,
  type ContactExportParams,
  type ContactListParams,
  type Page,
} from '@health/contract';
import type { FastifyRequest } from 'fastify';
import { fromDbBool } from '../../../db/values.js';
import { readInBatches } from '../../../platform/pagination.js';
import type { AppContext } from '../../../platform/context.js';
import { AppError, NotFoundError, ValidationError } from '../../../platform/errors.js';
import { MembersRepo } from '../members/repo.js';
import { AUDIT_MODULE, memberTarget } from '../members/service.js';
import { ContactsRepo, type ContactRecord, type ContactValues } from './repo.js';

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
export class ContactsService {
  private readonly repo: ContactsRepo;

  constructor(private readonly ctx: AppContext) {
    this.repo = new ContactsRepo(ctx.db);
  }

  async list(query: ContactListParams): Promise<Page<ContactItem>> {
    const page = await this.repo.list(query);
    return { list: page.list.map(toItem), pagination: page.pagination };
  }

  /** The export's query: the filter, bounded to the rows that exist when the export starts. */
  async exportQuery(query: ContactExportParams) {
    const newest = await this.ctx.db
      .selectFrom('member_contacts')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    return this.repo.filtered(query).where('k.id', '<=', Number(newest?.id ?? 0));
  }

  /** Export rows in batches of 1,000 (phones masked), never the whole table in memory. */
  async *exportBatches(query: ContactExportParams) {
    for await (const rows of readInBatches(await this.exportQuery(query), 1000))
      yield rows.map(toItem);
  }

  private async load(id: number, repo = this.repo): Promise<ContactRecord> {
    const row = await repo.find(id);
    if (!row) throw new NotFoundError(MemberMessages.contactNotFound);
    return row;
  }

  async add(request: FastifyRequest, memberId: number, values: ContactValues): Promise<number> {
    const member = await new MembersRepo(this.ctx.db).find(memberId);
    if (!member) throw ValidationError.field('memberId', MemberMessages.notFound);
    if (member.status === 'logged_off') throw new AppError(State.FAILED, MemberMessages.loggedOff);
    if ((await this.repo.countOf(memberId)) >= MAX_CONTACTS)
      throw new AppError(State.FAILED, MemberMessages.tooManyContacts);
    const at = this.ctx.now();
    return this.ctx.db.transaction().execute(async (trx) => {
      const [id] = await new ContactsRepo(trx).insertMany(memberId, [values], at);
      await this.ctx.audit.recordRequest(
        request,
        {
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
        trx,
      );
      return id ?? 0;
    });
  }

  async update(
    request: FastifyRequest,
    id: number,
    values: Omit<ContactValues, 'phone'> & { phone?: string },
  ): Promise<void> {
    const before = await this.load(id);
    if (before.member_status === 'logged_off')
      throw new AppError(State.FAILED, MemberMessages.loggedOff);
    const at = this.ctx.now();
    await this.ctx.db.transaction().execute(async (trx) => {
      const repo = new ContactsRepo(trx);
      await repo.update(id, { ...values, phone: values.phone ?? before.phone }, at);
      const after = await this.load(id, repo);
      await this.ctx.audit.recordRequest(
        request,
        {
          module: AUDIT_MODULE,
          action: 'contactEdit',
          target: `${memberTarget({ name: before.member_name, phone: before.member_phone })} 的家庭成员 ${before.name}`,
          before: snapshot(before),
          after: snapshot(after),
        },
        trx,
      );
    });
  }

  async delete(request: FastifyRequest, id: number): Promise<void> {
    const before = await this.load(id);
    await this.ctx.db.transaction().execute(async (trx) => {
      await new ContactsRepo(trx).delete(id);
      await this.ctx.audit.recordRequest(
        request,
        {
          module: AUDIT_MODULE,
          action: 'contactDelete',
          target: `${memberTarget({ name: before.member_name, phone: before.member_phone })} 的家庭成员 ${before.name}`,
          before: snapshot(before),
        },
        trx,
      );
    });
  }

  async revealPhone(request: FastifyRequest, id: number): Promise<string> {
    const row = await this.load(id);
    await this.ctx.audit.recordRequest(request, {
      module: AUDIT_MODULE,
      action: 'reveal',
      target: `${memberTarget({ name: row.member_name, phone: row.member_phone })} 的家庭成员 ${row.name}`,
      after: { field: 'contactPhone', phone: maskPhone(row.phone) },
      message: '查看家庭成员手机号明文',
    });
    return row.phone;
  }
}
