import { randomBytes } from 'node:crypto';
import {
  DAY_MS,
  DEVICE_CODE_ALPHABET,
  DEVICE_CODE_LENGTH,
  DEVICE_CODE_STATUS_LABELS,
  DEVICE_STATUS_LABELS,
  DEVICE_TRANSITION_LABELS,
  DeviceCodeMessages,
  DeviceMessages,
  SETTINGS_DEFAULTS,
  chinaDateOf,
  formatChinaDate,
  maskPhone,
  type DeviceCode,
  type DeviceCodeBatch,
  type DeviceCodeExportQuery,
  type DeviceCodeGenerateRequest,
  type DeviceCodeListQuery,
  type DeviceCodePrintQuery,
  type DeviceCodeRedeemRequest,
  type DeviceCodeRedeemed,
  type DeviceCodeStatus,
  type DeviceCodeVoidRequest,
  type Page,
  type SiteInfo,
} from '@health/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { Actor } from '../../../platform/actor.js';
import { auditedChange, type ChangeEntry } from '../../../platform/changes.js';
import type { AppContext } from '../../../platform/context.js';
import { queryExport, type AuditedExport, type ExportColumn } from '../../../platform/export.js';
import { AppError, NotFoundError, ValidationError } from '../../../platform/errors.js';
import { paginate, type PageRequest } from '../../../platform/pagination.js';
import { MembersRepo } from '../../member/members/repo.js';
import { DevicesRepo } from '../devices/repo.js';
import { DeviceModelsRepo } from '../models/repo.js';
import { AUDIT_MODULE } from '../models/service.js';
import { renderLabelSheet } from './label-sheet.js';
import { DeviceCodesRepo, type DeviceCodeRow, type JoinedDeviceCodeRow } from './repo.js';

/** `n` characters of Crockford's base32, uniformly (32 divides 256: a byte's low five bits). */
export function randomBase32(n: number): string {
  const bytes = randomBytes(n);
  let out = '';
  for (const b of bytes) out += DEVICE_CODE_ALPHABET[b & 31];
  return out;
}

/** A new binding code: 12 random characters (60 bits). */
export function newDeviceCode(): string {
  return randomBase32(DEVICE_CODE_LENGTH);
}

/**
 * What a code's QR label holds: the H5 / mini-program address with the code as `scene`, or the bare
 * code when 站点配置 has no H5 domain (the app's scanner reads either).
 */
export function codeLink(h5Domain: string, code: string): string {
  const domain = h5Domain.trim();
  if (!domain) return code;
  try {
    const url = new URL(domain);
    url.searchParams.set('scene', code);
    return url.toString();
  } catch {
    return code;
  }
}

function optionalNumber(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
}

/** Who redeems a code: an operator on the member's behalf, or the member (no operator). */
export type Redeemer = Actor | null;

/**
 * Binding codes (/device_list/detail): generated in batches for a model, listed with who used
 * them, voided while unused, exported, printed as a PDF sheet of QR labels, and redeemed once to
 * bind an in-stock device of the code's model to a member.
 */
export class DeviceCodeService {
  private readonly repo: DeviceCodesRepo;

  constructor(private readonly ctx: AppContext) {
    this.repo = new DeviceCodesRepo(ctx.db);
  }

  private statusOf(row: DeviceCodeRow, now: number): DeviceCodeStatus {
    if (row.status === 'unused' && Number(row.expires_at) <= now) return 'expired';
    return row.status;
  }

  private toCode(row: JoinedDeviceCodeRow, now: number): DeviceCode {
    const memberId = optionalNumber(row.used_member_id);
    return {
      id: Number(row.id),
      code: row.code,
      batchNo: row.batch_no,
      modelId: Number(row.model_id),
      modelName: row.model_name,
      status: this.statusOf(row, now),
      expiresAt: Number(row.expires_at),
      usedAt: optionalNumber(row.used_at),
      usedMemberId: memberId,
      usedMemberName: row.member_name ?? null,
      usedMemberPhone: memberId === null ? null : maskPhone(row.member_phone),
      usedDeviceId: optionalNumber(row.used_device_id),
      usedDeviceSerial: row.device_serial ?? null,
      voidedAt: optionalNumber(row.voided_at),
      voidedBy: row.voided_by ?? null,
      createdBy: row.created_by,
      createdAt: Number(row.created_at),
    };
  }

  async list(query: DeviceCodeListQuery & PageRequest): Promise<Page<DeviceCode>> {
    const now = this.ctx.now();
    return paginate(this.ctx.db, this.repo.query(query, now), query, (r) => this.toCode(r, now));
  }

  /** A batch of `count` new codes of a model, valid for `expiresInDays`. */
  async generate(actor: Actor, input: DeviceCodeGenerateRequest): Promise<DeviceCodeBatch> {
    const model = await new DeviceModelsRepo(this.ctx.db).find(input.modelId);
    if (!model) throw ValidationError.field('modelId', DeviceMessages.modelNotFound);
    const at = this.ctx.now();
    const expiresAt = at + input.expiresInDays * DAY_MS;
    const batchNo = await this.newBatchNo(at);
    const codes = await this.newCodes(input.count);
    await auditedChange(this.ctx, actor, async (trx) => {
      await new DeviceCodesRepo(trx).insertMany(
        codes.map((code) => ({
          code,
          batch_no: batchNo,
          model_id: input.modelId,
          status: 'unused' as const,
          expires_at: expiresAt,
          used_at: null,
          used_member_id: null,
          used_device_id: null,
          voided_at: null,
          voided_by: null,
          created_by: actor.displayName,
          created_at: at,
        })),
      );
      return {
        result: undefined,
        entry: {
          module: AUDIT_MODULE,
          action: 'add',
          target: `绑定码批次 ${batchNo}`,
          after: { batchNo, model: model.name, codeCount: input.count, expiresAt },
        },
      };
    });
    return { batchNo, count: codes.length, expiresAt };
  }

  /** "B" + the China day + four random characters, not used by another batch. */
  private async newBatchNo(at: number): Promise<string> {
    const day = chinaDateOf(at).replace(/-/g, '');
    for (;;) {
      const batchNo = `B${day}-${randomBase32(4)}`;
      if (!(await this.repo.batchExists(batchNo))) return batchNo;
    }
  }

  /** `count` distinct codes that no stored code equals (a clash of 60 random bits is drawn again). */
  private async newCodes(count: number): Promise<string[]> {
    const codes = new Set<string>();
    while (codes.size < count) {
      const fresh: string[] = [];
      while (codes.size + fresh.length < count) {
        const code = newDeviceCode();
        if (!codes.has(code) && !fresh.includes(code)) fresh.push(code);
      }
      const taken = await this.repo.existingCodes(fresh);
      for (const code of fresh) if (!taken.has(code)) codes.add(code);
    }
    return [...codes];
  }

  /** Void the unused codes of a selection or of a batch; used and void ones stay as they are. */
  async void(actor: Actor, input: DeviceCodeVoidRequest): Promise<number> {
    const single = input.ids.length === 1 && !input.batchNo ? input.ids[0] : undefined;
    if (single !== undefined) {
      const row = await this.repo.find(single);
      if (!row) throw new NotFoundError(DeviceCodeMessages.notFound);
      if (row.status !== 'unused') throw new AppError(255, DeviceCodeMessages.cannotVoid);
    }
    const at = this.ctx.now();
    return auditedChange(this.ctx, actor, async (trx) => {
      const voided = await new DeviceCodesRepo(trx).voidUnused(input, at, actor.displayName);
      if (voided.length === 0) throw new AppError(255, DeviceCodeMessages.nothingToVoid);
      const target =
        voided.length === 1
          ? `绑定码 ${voided[0]}`
          : input.batchNo
            ? `绑定码批次 ${input.batchNo}`
            : `所选绑定码（${voided.length}）`;
      const entry: ChangeEntry = {
        module: AUDIT_MODULE,
        action: 'void',
        target,
        after: {
          ...(input.batchNo ? { batchNo: input.batchNo } : {}),
          codeCount: voided.length,
          // A short list names its codes; a batch's thousand would only fill the log.
          ...(voided.length <= 20 ? { codes: voided.join(', ') } : {}),
        },
      };
      return { result: voided.length, entry };
    });
  }

  async export(actor: Actor, query: DeviceCodeExportQuery): Promise<AuditedExport<DeviceCode>> {
    const now = this.ctx.now();
    const time = (v: number | null) => (v === null ? '' : formatChinaDate(v));
    const columns: ExportColumn<DeviceCode>[] = [
      { header: '绑定码', value: (c) => c.code, width: 16 },
      { header: '批次号', value: (c) => c.batchNo, width: 16 },
      { header: '型号', value: (c) => c.modelName, width: 18 },
      { header: '状态', value: (c) => DEVICE_CODE_STATUS_LABELS[c.status], width: 10 },
      { header: '有效期至', value: (c) => time(c.expiresAt), width: 20 },
      { header: '使用时间', value: (c) => time(c.usedAt), width: 20 },
      { header: '使用会员', value: (c) => c.usedMemberName ?? '', width: 14 },
      { header: '会员手机号', value: (c) => c.usedMemberPhone ?? '', width: 16 },
      { header: '绑定设备', value: (c) => c.usedDeviceSerial ?? '', width: 20 },
      { header: '作废时间', value: (c) => time(c.voidedAt), width: 20 },
      { header: '作废人', value: (c) => c.voidedBy ?? '', width: 12 },
      { header: '创建人', value: (c) => c.createdBy, width: 12 },
      { header: '创建时间', value: (c) => time(c.createdAt), width: 20 },
    ];
    // The log keeps the filter under the code page's own words (a code status is not a device's).
    const filter = {
      ...(query.code ? { bindCode: query.code } : {}),
      ...(query.batchNo ? { batchNo: query.batchNo } : {}),
      ...(query.modelId ? { modelId: query.modelId } : {}),
      ...(query.status ? { codeStatus: query.status } : {}),
      ...(query.phone ? { phone: query.phone } : {}),
      ...(query.serial ? { serial: query.serial } : {}),
      ...(query.sortField ? { sortField: query.sortField, sortOrder: query.sortOrder } : {}),
    };
    return queryExport(this.ctx.db, this.repo.query(query, now), (r) => this.toCode(r, now), {
      actor,
      module: AUDIT_MODULE,
      title: '绑定码',
      filter,
      columns,
    });
  }

  private h5Domain(): string {
    return this.ctx.settings.get<SiteInfo>('site_info', SETTINGS_DEFAULTS.site_info).h5Domain ?? '';
  }

  /** The label sheet (PDF) of a selection or a batch: its unused, unexpired codes. */
  async print(
    actor: Actor,
    selection: DeviceCodePrintQuery,
  ): Promise<{ fileName: string; pdf: Buffer; labels: number }> {
    const now = this.ctx.now();
    const rows = await this.repo.printable(selection, now);
    if (rows.length === 0) throw new AppError(255, DeviceCodeMessages.nothingToPrint);
    const batches = [...new Set(rows.map((r) => r.batch_no))];
    const named = batches.length === 1 ? batches[0]! : `${rows.length}个`;
    const domain = this.h5Domain();
    const pdf = await renderLabelSheet(
      rows.map((r) => ({
        code: r.code,
        qrText: codeLink(domain, r.code),
        modelName: r.model_name,
        batchNo: r.batch_no,
      })),
      {
        title: `设备绑定码 ${named}`,
        subtitle: `共${rows.length}个 · 打印于 ${formatChinaDate(now)}`,
      },
    );
    await this.ctx.audit.record(actor, {
      module: AUDIT_MODULE,
      action: 'print',
      target: batches.length === 1 ? `绑定码批次 ${named}` : `所选绑定码（${rows.length}）`,
      after: {
        ...(selection.batchNo ? { batchNo: selection.batchNo } : {}),
        codeCount: rows.length,
      },
    });
    const stamp = chinaDateOf(now).replace(/-/g, '');
    return { fileName: `绑定码-${named}-${stamp}.pdf`, pdf, labels: rows.length };
  }

  /**
   * Bind a device with a code: the code exists, is unused and unexpired and is of the device's
   * model; the device is in stock; the member is in good standing. In one transaction the code is
   * marked used (only if it still is unused: a code is used once even when two requests race), the
   * device moves in_stock → bound (only if it still is in stock), and the device event and the
   * operator's log entry are written. `by` null: the member redeemed it (the mini-program).
   */
  async redeem(by: Redeemer, input: DeviceCodeRedeemRequest): Promise<DeviceCodeRedeemed> {
    const at = this.ctx.now();
    const code = await this.repo.findByCode(input.code);
    if (!code) throw ValidationError.field('code', DeviceCodeMessages.notFound);
    if (code.status === 'used') throw ValidationError.field('code', DeviceCodeMessages.used);
    if (code.status === 'void') throw ValidationError.field('code', DeviceCodeMessages.voided);
    if (Number(code.expires_at) <= at)
      throw ValidationError.field('code', DeviceCodeMessages.expired);
    const device = await new DevicesRepo(this.ctx.db).findBySerial(input.serial);
    if (!device) throw ValidationError.field('serial', DeviceMessages.notFound);
    if (Number(device.model_id) !== Number(code.model_id))
      throw ValidationError.field('code', DeviceCodeMessages.wrongModel);
    if (device.status !== 'in_stock')
      throw new AppError(
        255,
        DeviceMessages.transitionRefused(
          DEVICE_STATUS_LABELS[device.status],
          DEVICE_TRANSITION_LABELS.bind,
        ),
      );
    const member = await new MembersRepo(this.ctx.db).brief(input.memberId);
    if (!member) throw ValidationError.field('memberId', DeviceMessages.memberNotFound);
    if (member.status !== 'normal')
      throw ValidationError.field('memberId', DeviceMessages.memberNotNormal);

    const deviceId = Number(device.id);
    const memberId = Number(member.id);
    const work = async (trx: Kysely<Database>) => {
      if (!(await new DeviceCodesRepo(trx).markUsed(Number(code.id), { memberId, deviceId, at })))
        throw new AppError(255, DeviceCodeMessages.used);
      const devices = new DevicesRepo(trx);
      const moved = await devices.moveFrom(deviceId, 'in_stock', {
        status: 'bound',
        member_id: memberId,
        bound_at: at,
        updated_at: at,
      });
      if (!moved) throw new AppError(255, DeviceMessages.changedMeanwhile);
      await devices.insertEvent({
        device_id: deviceId,
        action: 'codeBind',
        from_status: 'in_stock',
        to_status: 'bound',
        member_id: memberId,
        operator_id: by?.operatorId ?? null,
        operator_name: by?.displayName ?? '会员',
        remark: `绑定码 ${code.code}`,
        data_json: JSON.stringify({ codeId: Number(code.id), code: code.code }),
        created_at: at,
      });
      const entry: ChangeEntry = {
        module: AUDIT_MODULE,
        action: 'codeBind',
        target: `设备 ${device.serial}`,
        before: { deviceStatus: 'in_stock', member: '' },
        after: { deviceStatus: 'bound', member: member.name, bindCode: code.code },
      };
      return { result: undefined, entry };
    };
    if (by) await auditedChange(this.ctx, by, work);
    else await this.ctx.db.transaction().execute(async (trx) => (await work(trx)).result);
    return { deviceId, serial: device.serial, memberId, usedAt: at };
  }
}
