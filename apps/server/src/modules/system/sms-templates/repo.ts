import type { SmsOutboxListQuery, SmsTemplateListQuery } from '@health/contract';
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import { containsText } from '../../../db/like.js';
import type { Database, SmsTemplatesTable } from '../../../db/schema.js';
import { paginate, type PageRequest } from '../../../platform/pagination.js';
import { listOutbox } from '../../../platform/sms.js';
import { deleteRows, insertRow, updateRow } from '../../../platform/row-writes.js';

export type SmsTemplateRow = Selectable<SmsTemplatesTable>;
export type { SmsOutboxRow } from '../../../platform/sms.js';

/** Queries of SMS templates and of the outbox. */
export class SmsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  listTemplates(query: SmsTemplateListQuery & PageRequest) {
    let q = this.db.selectFrom('sms_templates').selectAll();
    if (query.keyword) {
      const keyword = query.keyword;
      q = q.where((eb) => eb.or([containsText('code', keyword), containsText('name', keyword)]));
    }
    if (query.scene) q = q.where('scene', '=', query.scene);
    if (query.enabled !== undefined) q = q.where('enabled', '=', query.enabled ? 1 : 0);
    return paginate(this.db, q.orderBy('id', 'desc'), query);
  }

  find(id: number): Promise<SmsTemplateRow | undefined> {
    return this.db.selectFrom('sms_templates').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findMany(ids: readonly number[]): Promise<SmsTemplateRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('sms_templates').selectAll().where('id', 'in', ids).execute();
  }

  /** The wording of a template by its code (a warning SMS the ingest API sends). */
  wordingByCode(
    code: string,
  ): Promise<Pick<SmsTemplateRow, 'enabled' | 'content' | 'provider_template_id'> | undefined> {
    return this.db
      .selectFrom('sms_templates')
      .select(['enabled', 'content', 'provider_template_id'])
      .where('code', '=', code)
      .executeTakeFirst();
  }

  findByCode(code: string): Promise<{ id: number } | undefined> {
    return this.db
      .selectFrom('sms_templates')
      .select('id')
      .where('code', '=', code)
      .executeTakeFirst();
  }

  insert(values: Insertable<SmsTemplatesTable>): Promise<number> {
    return insertRow(this.db, 'sms_templates', values);
  }

  update(id: number, values: Updateable<SmsTemplatesTable>): Promise<void> {
    return updateRow(this.db, 'sms_templates', id, values);
  }

  deleteMany(ids: readonly number[]): Promise<number> {
    return deleteRows(this.db, 'sms_templates', ids);
  }

  /** The outbox (the platform's table) with the templates' names. */
  listOutbox(query: SmsOutboxListQuery & PageRequest) {
    return listOutbox(this.db, query);
  }
}
