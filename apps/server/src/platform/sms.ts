import type { SmsOutboxListQuery } from '@health/contract';
import type { Kysely, Selectable } from 'kysely';
import { containsText } from '../db/like.js';
import type { Database, SmsOutboxTable } from '../db/schema.js';
import type { Clock } from './clock.js';
import { paginate, type PageRequest } from './pagination.js';

/**
 * Sending SMS. Modules talk to the `SmsSender` interface only; the embedded default writes every
 * message to the `sms_outbox` table (visible on /sysset_notice_set/msg_tpl), so the product works
 * without a provider account. A real provider is another implementation of the interface, chosen
 * in `createSmsSender` by configuration.
 */

export interface SmsMessage {
  /** Mainland mobile number, 11 digits. */
  phone: string;
  templateCode: string;
  /** The text with its placeholders filled in. */
  content: string;
  /** The placeholder values (providers usually take these with their own template id). */
  params: Record<string, string>;
  /** The provider's id of the template, when it has one. */
  providerTemplateId?: string;
  /** Who triggered the message (operator user name), for the outbox. */
  sentBy?: string;
}

export interface SmsSendResult {
  provider: string;
  /** Id of the outbox row (embedded sender) or the provider's message id. */
  messageId: string;
  /** The outbox row, when the sender keeps one. */
  outboxId: number | null;
}

export interface SmsSender {
  send(message: SmsMessage): Promise<SmsSendResult>;
}

export const OUTBOX_PROVIDER = 'outbox';

/** The embedded default: "sending" is a row in sms_outbox. */
export class OutboxSmsSender implements SmsSender {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: Clock,
  ) {}

  async send(message: SmsMessage): Promise<SmsSendResult> {
    const { id } = await this.db
      .insertInto('sms_outbox')
      .values({
        template_code: message.templateCode,
        phone: message.phone,
        content: message.content,
        params_json: JSON.stringify(message.params),
        provider: OUTBOX_PROVIDER,
        status: 'sent',
        error: '',
        operator_name: message.sentBy ?? '',
        created_at: this.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const outboxId = Number(id);
    return { provider: OUTBOX_PROVIDER, messageId: String(outboxId), outboxId };
  }
}

/** The sender of this deployment: the outbox until a provider adapter is configured. */
export function createSmsSender(deps: { db: Kysely<Database>; now: Clock }): SmsSender {
  return new OutboxSmsSender(deps.db, deps.now);
}

export type SmsOutboxRow = Selectable<SmsOutboxTable> & { template_name: string | null };

/** The outbox, newest first, with the name of each message's template (the SMS page's list). */
export function listOutbox(db: Kysely<Database>, query: SmsOutboxListQuery & PageRequest) {
  let q = db
    .selectFrom('sms_outbox as o')
    .leftJoin('sms_templates as t', 't.code', 'o.template_code')
    .selectAll('o')
    .select('t.name as template_name');
  if (query.templateCode) q = q.where('o.template_code', '=', query.templateCode);
  if (query.phone) q = q.where(containsText('o.phone', query.phone));
  return paginate(db, q.orderBy('o.id', 'desc'), query);
}
