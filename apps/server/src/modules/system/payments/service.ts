import {
  PAY_CHANNEL_FIELDS,
  PAY_CHANNELS,
  PAY_FIELD_LABELS,
  PAY_SECRET_FIELDS,
  type PayChannel,
  type PayConfig,
  type PaySecretField,
  type payConfigUpdateSchema,
} from '@health/contract';
import type { Actor } from '../../../platform/actor.js';
import type { z } from 'zod';
import { auditedChange } from '../../../platform/changes.js';
import type { AppContext } from '../../../platform/context.js';
import { ValidationError } from '../../../platform/errors.js';
import type { SecretBox } from '../../../platform/secrets.js';
import { PaymentRepo, type PayConfigRow } from './repo.js';

type PayConfigInput = z.output<typeof payConfigUpdateSchema>;

const SEALED_COLUMN: Record<PaySecretField, keyof PayConfigRow> = {
  apiKey: 'api_key_sealed',
  privateKey: 'private_key_sealed',
  certificate: 'certificate_sealed',
  publicKey: 'public_key_sealed',
};

/** AAD of a sealed secret: the same ciphertext under another channel or field does not open. */
const contextOf = (channel: string, field: PaySecretField) => `pay:${channel}:${field}`;

/** Checks of a new secret's shape (the plain value is never echoed in a message). */
function secretProblem(channel: PayChannel, field: PaySecretField, value: string): string | null {
  if (channel === 'wechat' && field === 'apiKey' && !/^[A-Za-z0-9]{32}$/.test(value))
    return '微信支付 API 密钥（APIv3 密钥）应为 32 位字母或数字';
  if (field === 'certificate' && !value.includes('-----BEGIN CERTIFICATE-----'))
    return '证书应为 PEM 格式（以 -----BEGIN CERTIFICATE----- 开头）';
  if ((field === 'privateKey' || field === 'publicKey') && value.replace(/\s/g, '').length < 64)
    return `${PAY_FIELD_LABELS[field]}内容过短，请粘贴完整的密钥`;
  return null;
}

function emptyRow(channel: PayChannel): PayConfigRow {
  return {
    channel,
    enabled: 0,
    merchant_id: '',
    app_id: '',
    api_key_sealed: null,
    private_key_sealed: null,
    certificate_sealed: null,
    public_key_sealed: null,
    updated_at: 0,
    updated_by: null,
  };
}

/**
 * Payment channels (sysPayConfig). Secrets are write-only: sealed before they reach the database,
 * answered only as `{ set }`, audited only as set / changed, and a blank one keeps the stored one.
 */
export class PaymentService {
  private readonly repo: PaymentRepo;

  constructor(private readonly ctx: AppContext) {
    this.repo = new PaymentRepo(ctx.db);
  }

  private view(row: PayConfigRow | undefined, channel: PayChannel): PayConfig {
    const r = row ?? emptyRow(channel);
    const fields = PAY_CHANNEL_FIELDS[channel];
    return {
      channel,
      title: fields.title,
      enabled: r.enabled === 1,
      merchantId: r.merchant_id,
      appId: r.app_id,
      secrets: Object.fromEntries(
        fields.secrets.map((f) => [f, { set: r[SEALED_COLUMN[f]] !== null }]),
      ),
      updatedAt: row ? r.updated_at : null,
    };
  }

  async list(): Promise<PayConfig[]> {
    const rows = new Map((await this.repo.list()).map((r) => [r.channel, r]));
    return PAY_CHANNELS.map((c) => this.view(rows.get(c), c));
  }

  async update(actor: Actor, input: PayConfigInput): Promise<PayConfig> {
    const { channel } = input;
    const fields = PAY_CHANNEL_FIELDS[channel];
    const current = await this.repo.find(channel);
    const before = current ?? emptyRow(channel);
    const next: PayConfigRow = {
      ...before,
      channel,
      enabled: input.enabled ? 1 : 0,
      merchant_id: fields.ids.includes('merchantId') ? input.merchantId : '',
      app_id: fields.ids.includes('appId') ? input.appId : '',
      updated_at: this.ctx.now(),
      updated_by: actor.operatorId,
    };

    const errors: { field: string; msg: string }[] = [];
    const changed: PaySecretField[] = [];
    for (const field of PAY_SECRET_FIELDS) {
      const value = input[field];
      if (!value || !fields.secrets.includes(field)) continue; // blank = unchanged
      const problem = secretProblem(channel, field, value);
      if (problem) {
        errors.push({ field, msg: problem });
        continue;
      }
      (next[SEALED_COLUMN[field]] as string | null) = this.box.seal(
        value,
        contextOf(channel, field),
      );
      changed.push(field);
    }
    if (input.enabled) {
      for (const id of fields.ids) {
        if (!input[id])
          errors.push({ field: id, msg: `启用${fields.title}需要填写${PAY_FIELD_LABELS[id]}` });
      }
      for (const field of fields.secrets) {
        if (next[SEALED_COLUMN[field]] === null && !errors.some((e) => e.field === field))
          errors.push({ field, msg: `启用${fields.title}需要设置${PAY_FIELD_LABELS[field]}` });
      }
    }
    if (errors.length > 0) throw new ValidationError(errors);

    await auditedChange(this.ctx, actor, async (trx) => {
      await new PaymentRepo(trx).upsert(next);
      return {
        result: undefined,
        entry: {
          module: 'system',
          action: 'edit',
          target: `支付配置 ${fields.title}`,
          before: this.auditView(before, channel),
          after: { ...this.auditView(next, channel), changedKeys: changed },
        },
      };
    });
    return this.view(next, channel);
  }

  /** What the operation log keeps: ids and whether each secret is set — never a secret. */
  private auditView(row: PayConfigRow, channel: PayChannel) {
    const v = this.view(row, channel);
    // Not named "secrets": the audit redacts such keys wholesale, and these are only flags.
    return { enabled: v.enabled, merchantId: v.merchantId, appId: v.appId, keyStatus: v.secrets };
  }

  private get box(): SecretBox {
    return this.ctx.secrets;
  }
}
