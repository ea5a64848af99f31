import type { ContactExportParams, ContactListParams } from '@health/contract';
import type { Kysely } from 'kysely';
import { containsText } from '../../../db/like.js';
import type { Database } from '../../../db/schema.js';
import { toDbBool } from '../../../db/values.js';
import { applySort, paginate } from '../../../platform/pagination.js';

/** Family members / emergency contacts of members. */

export interface ContactRecord {
  id: number;
  member_id: number;
  member_name: string;
  member_phone: string | null;
  member_status: string;
  name: string;
  phone: string;
  relationship: number | null;
  receive_warning_sms: number;
  created_at: number;
  updated_at: number;
}

export interface ContactValues {
  name: string;
  phone: string;
  relationship: number | null;
  receiveWarningSms: boolean;
}

const SORT_COLUMNS = { createdAt: 'k.created_at' } as const;

export class ContactsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  private base() {
    return this.db
      .selectFrom('member_contacts as k')
      .innerJoin('members as m', 'm.id', 'k.member_id')
      .select([
        'k.id',
        'k.member_id',
        'm.name as member_name',
        'm.phone as member_phone',
        'm.status as member_status',
        'k.name',
        'k.phone',
        'k.relationship',
        'k.receive_warning_sms',
        'k.created_at',
        'k.updated_at',
      ]);
  }

  /** The filtered, sorted query of the list and the export. */
  filtered(input: ContactExportParams) {
    let q = this.base();
    if (input.memberId !== undefined) q = q.where('k.member_id', '=', input.memberId);
    if (input.memberPhone) q = q.where(containsText('m.phone', input.memberPhone));
    if (input.memberName) q = q.where(containsText('m.name', input.memberName));
    if (input.phone) q = q.where(containsText('k.phone', input.phone));
    if (input.relationship !== undefined && input.relationship !== null)
      q = q.where('k.relationship', '=', input.relationship);
    if (input.receiveWarningSms !== undefined)
      q = q.where('k.receive_warning_sms', '=', toDbBool(input.receiveWarningSms));
    // A member's contacts in the order they were added; across members the newest first.
    const fallback =
      input.memberId !== undefined
        ? ({ field: 'createdAt', order: 'ascend' } as const)
        : ({ field: 'createdAt', order: 'descend' } as const);
    return applySort(q, input, SORT_COLUMNS, fallback, 'k.id');
  }

  list(input: ContactListParams) {
    return paginate(this.db, this.filtered(input), input);
  }

  find(id: number): Promise<ContactRecord | undefined> {
    return this.base().where('k.id', '=', id).executeTakeFirst();
  }

  /** The newest contact id (0 when none): bounds an export to the rows that exist at its start. */
  async maxId(): Promise<number> {
    const newest = await this.db
      .selectFrom('member_contacts')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    return Number(newest?.id ?? 0);
  }

  /** The names and phones of a member's contacts who receive warning SMS. */
  warningRecipients(memberId: number): Promise<{ name: string; phone: string }[]> {
    return this.db
      .selectFrom('member_contacts')
      .select(['name', 'phone'])
      .where('member_id', '=', memberId)
      .where('receive_warning_sms', '=', toDbBool(true))
      .orderBy('id')
      .execute();
  }

  /** Delete a member's contacts; returns how many. */
  async deleteOfMember(memberId: number): Promise<number> {
    const deleted = await this.db
      .deleteFrom('member_contacts')
      .where('member_id', '=', memberId)
      .executeTakeFirst();
    return Number(deleted.numDeletedRows);
  }

  async countOf(memberId: number): Promise<number> {
    const row = await this.db
      .selectFrom('member_contacts')
      .select((eb) => eb.fn.countAll().as('c'))
      .where('member_id', '=', memberId)
      .executeTakeFirst();
    return Number(row?.c ?? 0);
  }

  async insertMany(memberId: number, contacts: ContactValues[], at: number): Promise<number[]> {
    if (contacts.length === 0) return [];
    const rows = await this.db
      .insertInto('member_contacts')
      .values(
        contacts.map((c) => ({
          member_id: memberId,
          name: c.name,
          phone: c.phone,
          relationship: c.relationship,
          receive_warning_sms: toDbBool(c.receiveWarningSms),
          created_at: at,
          updated_at: at,
        })),
      )
      .returning('id')
      .execute();
    return rows.map((r) => Number(r.id));
  }

  async update(id: number, values: ContactValues, at: number): Promise<void> {
    await this.db
      .updateTable('member_contacts')
      .set({
        name: values.name,
        phone: values.phone,
        relationship: values.relationship,
        receive_warning_sms: toDbBool(values.receiveWarningSms),
        updated_at: at,
      })
      .where('id', '=', id)
      .execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('member_contacts').where('id', '=', id).execute();
  }
}
