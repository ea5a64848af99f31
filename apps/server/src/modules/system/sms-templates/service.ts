import {
  SMS_PARAM_VALUE_MAX,
  SMS_SCENES,
  SmsMessages,
  State,
  maskPhone,
  parseSmsPlaceholders,
  renderSmsTemplate,
  type FieldError,
  type Page,
  type SmsOutboxEntry,
  type SmsOutboxListQuery,
  type SmsScene,
  type SmsTemplate,
  type SmsTemplateAddRequest,
  type SmsTemplateListQuery,
  type SmsTestSendRequest,
  type SmsTestSendResult,
} from '@health/contract';
import type { Actor } from '../../../platform/actor.js';
import { fromDbBool, toDbBool } from '../../../db/values.js';
import { auditedAdd, auditedChange, auditedEdit } from '../../../platform/changes.js';
import type { AppContext } from '../../../platform/context.js';
import { AppError, NotFoundError, ValidationError } from '../../../platform/errors.js';
import { mapPage, type PageRequest } from '../../../platform/pagination.js';
import { createSmsSender, type SmsSender } from '../../../platform/sms.js';
import { SmsRepo, type SmsOutboxRow, type SmsTemplateRow } from './repo.js';

const AUDIT_MODULE = 'sms';

const asScene = (scene: string): SmsScene =>
  (SMS_SCENES as readonly string[]).includes(scene) ? (scene as SmsScene) : 'other';

function toTemplate(row: SmsTemplateRow): SmsTemplate {
  const check = parseSmsPlaceholders(row.content);
  return {
    id: Number(row.id),
    code: row.code,
    name: row.name,
    scene: asScene(row.scene),
    content: row.content,
    params: check.ok ? check.names : [],
    providerTemplateId: row.provider_template_id,
    enabled: fromDbBool(row.enabled),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    updatedBy: row.updated_by,
  };
}

function toOutboxEntry(row: SmsOutboxRow): SmsOutboxEntry {
  return {
    id: Number(row.id),
    templateCode: row.template_code,
    templateName: row.template_name ?? '',
    phone: maskPhone(row.phone),
    content: row.content,
    provider: row.provider,
    status: row.status,
    error: row.error,
    operatorName: row.operator_name,
    createdAt: Number(row.created_at),
  };
}

/** What the operation log keeps of a template. */
function snapshot(t: SmsTemplateAddRequest & { id: number }) {
  return {
    id: t.id,
    code: t.code,
    name: t.name,
    scene: t.scene,
    content: t.content,
    providerTemplateId: t.providerTemplateId,
    enabled: t.enabled,
  };
}

const target = (t: { code: string; name: string }) => `短信模板 ${t.name}（${t.code}）`;

/** SMS templates (/sysset_notice_set/msg_tpl), their test send and the outbox. */
export class SmsService {
  private readonly repo: SmsRepo;

  constructor(
    private readonly ctx: AppContext,
    private readonly sender: SmsSender = createSmsSender(ctx),
  ) {
    this.repo = new SmsRepo(ctx.db);
  }

  async list(query: SmsTemplateListQuery & PageRequest): Promise<Page<SmsTemplate>> {
    return mapPage(await this.repo.listTemplates(query), toTemplate);
  }

  private async load(id: number): Promise<SmsTemplateRow> {
    const row = await this.repo.find(id);
    if (!row) throw new NotFoundError(SmsMessages.notFound);
    return row;
  }

  async detail(id: number): Promise<SmsTemplate> {
    return toTemplate(await this.load(id));
  }

  private async assertCodeFree(code: string, exceptId?: number): Promise<void> {
    const other = await this.repo.findByCode(code);
    if (other && Number(other.id) !== exceptId) {
      throw ValidationError.field('code', SmsMessages.codeTaken);
    }
  }

  private columns(actor: Actor, input: SmsTemplateAddRequest) {
    return {
      code: input.code,
      name: input.name,
      scene: input.scene,
      content: input.content,
      provider_template_id: input.providerTemplateId,
      enabled: toDbBool(input.enabled),
      updated_at: this.ctx.now(),
      updated_by: actor.operatorName,
    };
  }

  async add(actor: Actor, input: SmsTemplateAddRequest): Promise<number> {
    await this.assertCodeFree(input.code);
    return auditedAdd(
      this.ctx,
      actor,
      {
        module: AUDIT_MODULE,
        target: target(input),
        insert: (trx) => {
          const values = this.columns(actor, input);
          return new SmsRepo(trx).insert({ ...values, created_at: values.updated_at });
        },
        after: (id) => snapshot({ id, ...input }),
      },
      () => ValidationError.field('code', SmsMessages.codeTaken),
    );
  }

  async update(actor: Actor, id: number, input: SmsTemplateAddRequest): Promise<void> {
    const before = toTemplate(await this.load(id));
    await this.assertCodeFree(input.code, id);
    await auditedEdit(
      this.ctx,
      actor,
      {
        module: AUDIT_MODULE,
        target: target(before),
        before: snapshot(before),
        after: snapshot({ id, ...input }),
        update: (trx) => new SmsRepo(trx).update(id, this.columns(actor, input)),
      },
      () => ValidationError.field('code', SmsMessages.codeTaken),
    );
  }

  async setEnabled(actor: Actor, id: number, enabled: boolean): Promise<void> {
    const before = toTemplate(await this.load(id));
    await auditedChange(this.ctx, actor, async (trx) => {
      await new SmsRepo(trx).update(id, {
        enabled: toDbBool(enabled),
        updated_at: this.ctx.now(),
        updated_by: actor.operatorName,
      });
      return {
        result: undefined,
        entry: {
          module: AUDIT_MODULE,
          action: enabled ? 'enable' : 'disable',
          target: target(before),
          before: { id, enabled: before.enabled },
          after: { id, enabled },
        },
      };
    });
  }

  async delete(actor: Actor, ids: readonly number[]): Promise<number> {
    const unique = [...new Set(ids)];
    const rows = await this.repo.findMany(unique);
    if (rows.length !== unique.length) throw new NotFoundError(SmsMessages.notFound);
    return this.ctx.db.transaction().execute(async (trx) => {
      const deleted = await new SmsRepo(trx).deleteMany(unique);
      for (const row of rows) {
        const t = toTemplate(row);
        await this.ctx.audit.record(
          actor,
          { module: AUDIT_MODULE, action: 'delete', target: target(t), before: snapshot(t) },
          trx,
        );
      }
      return deleted;
    });
  }

  /**
   * Send the template to a phone with a value for each of its placeholders, through the SMS
   * sender (the outbox by default). A disabled template is refused; every missing value is
   * reported on its field `params.<name>`.
   */
  async testSend(actor: Actor, input: SmsTestSendRequest): Promise<SmsTestSendResult> {
    const template = toTemplate(await this.load(input.id));
    if (!template.enabled) throw new AppError(State.FAILED, SmsMessages.disabled);
    const params: Record<string, string> = {};
    const errors: FieldError[] = [];
    for (const name of template.params) {
      const value = (input.params[name] ?? '').trim();
      if (value === '')
        errors.push({ field: `params.${name}`, msg: SmsMessages.paramRequired(name) });
      else if (value.length > SMS_PARAM_VALUE_MAX) {
        errors.push({ field: `params.${name}`, msg: SmsMessages.paramTooLong(name) });
      } else params[name] = value;
    }
    if (errors.length > 0) throw new ValidationError(errors);

    const content = renderSmsTemplate(template.content, params);
    const audit = {
      module: AUDIT_MODULE,
      action: 'test',
      target: target(template),
      after: { templateCode: template.code, phone: maskPhone(input.phone), params, content },
    };
    try {
      const result = await this.sender.send({
        phone: input.phone,
        templateCode: template.code,
        content,
        params,
        providerTemplateId: template.providerTemplateId || undefined,
        sentBy: actor.operatorName,
      });
      await this.ctx.audit.record(actor, {
        ...audit,
        after: { ...audit.after, provider: result.provider, messageId: result.messageId },
        message: SmsMessages.sent,
      });
      return { outboxId: result.outboxId, provider: result.provider, content };
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      actor.log.error({ err }, 'sms test send failed');
      await this.ctx.audit.record(actor, {
        ...audit,
        result: 'failure',
        message: SmsMessages.sendFailed(reason),
      });
      throw new AppError(State.FAILED, SmsMessages.sendFailed('短信服务暂不可用，请稍后重试'));
    }
  }

  async outbox(query: SmsOutboxListQuery & PageRequest): Promise<Page<SmsOutboxEntry>> {
    return mapPage(await this.repo.listOutbox(query), toOutboxEntry);
  }
}
