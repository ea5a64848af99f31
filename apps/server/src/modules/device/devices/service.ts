import { randomBytes } from 'node:crypto';
import {
  DEVICE_MODEL_TYPE_LABELS,
  DEVICE_STATUS_LABELS,
  DEVICE_TRANSITION_LABELS,
  DEVICE_TRANSITIONS,
  DeviceMessages,
  PREVIOUS_SECRET_GRACE_MS,
  REASON_REQUIRED,
  SETTINGS_DEFAULTS,
  formatChinaDate,
  maskPhone,
  type Device,
  type DeviceAddRequest,
  type DeviceDetail,
  type DeviceEventAction,
  type DeviceExportQuery,
  type DeviceListQuery,
  type MemberOption,
  type DeviceReading,
  type DeviceReturn,
  type DeviceSecret,
  type DeviceStatus,
  type DeviceTransition,
  type DeviceTransitionRequest,
  type DeviceUpdateRequest,
  type OrderSet,
  type Page,
} from '@health/contract';
import { fromDbJson, toNumber } from '../../../db/values.js';
import type { Actor } from '../../../platform/actor.js';
import { auditedChange } from '../../../platform/changes.js';
import type { AppContext } from '../../../platform/context.js';
import { queryExport, type AuditedExport, type ExportColumn } from '../../../platform/export.js';
import { AppError, NotFoundError, ValidationError } from '../../../platform/errors.js';
import { paginate, type PageRequest } from '../../../platform/pagination.js';
import { MembersRepo } from '../../member/members/repo.js';
import { memberOptions } from '../../member/members/options.js';
import { MeasurementsRepo } from '../measurements/repo.js';
import { DeviceModelsRepo } from '../models/repo.js';
import { AUDIT_MODULE } from '../models/service.js';
import { DeviceReturnsRepo, type DeviceReturnRow } from '../returns/repo.js';
import { DevicesRepo, type DeviceRow, type JoinedDeviceRow } from './repo.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** A new device secret: 32 random bytes, base64url (43 characters). */
export function newDeviceSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** The SecretBox context a device's secret is sealed under (bound to its serial). */
export function secretContext(serial: string): string {
  return `device-secret:${serial}`;
}

function optionalNumber(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
}

export function toDeviceReturn(r: DeviceReturnRow): DeviceReturn {
  return {
    id: Number(r.id),
    deviceId: Number(r.device_id),
    serial: r.serial,
    memberId: optionalNumber(r.member_id),
    memberName: r.member_name ?? null,
    courier: r.courier,
    trackingNo: r.tracking_no,
    status: r.status,
    filedAt: Number(r.filed_at),
    handledAt: optionalNumber(r.handled_at),
    handledBy: r.handled_by ?? null,
  };
}

/** What the operation log keeps of a device (no secret, ever). */
function snapshot(d: Pick<Device, 'serial' | 'modelName' | 'status' | 'firmware' | 'remark'>) {
  return {
    serial: d.serial,
    model: d.modelName,
    deviceStatus: d.status,
    firmware: d.firmware,
    remark: d.remark,
  };
}

/**
 * Devices through their lifecycle (/device_list/list). Every transition follows the contract's
 * DEVICE_TRANSITIONS table, is guarded against a concurrent change of status, and writes a device
 * event and an operation-log entry in the same transaction.
 */
export class DeviceService {
  private readonly repo: DevicesRepo;

  constructor(private readonly ctx: AppContext) {
    this.repo = new DevicesRepo(ctx.db);
  }

  private orderSet(): OrderSet {
    return {
      ...SETTINGS_DEFAULTS.order,
      ...this.ctx.settings.get('order', SETTINGS_DEFAULTS.order),
    };
  }

  /** Uploads since this time count as online. */
  private onlineSince(): number {
    return this.ctx.now() - this.orderSet().deviceOnlineHours * HOUR_MS;
  }

  private toDevice(row: JoinedDeviceRow, onlineSince = this.onlineSince()): Device {
    const lastUploadAt = optionalNumber(row.last_upload_at);
    return {
      id: Number(row.id),
      serial: row.serial,
      modelId: Number(row.model_id),
      modelName: row.model_name,
      type: row.model_type,
      status: row.status,
      memberId: optionalNumber(row.member_id),
      memberName: row.member_name ?? null,
      memberPhone: row.member_id === null ? null : maskPhone(row.member_phone),
      boundAt: optionalNumber(row.bound_at),
      lentAt: optionalNumber(row.lent_at),
      depositFen: optionalNumber(row.deposit_fen),
      returnDueAt: optionalNumber(row.return_due_at),
      lastUploadAt,
      online: lastUploadAt !== null && lastUploadAt >= onlineSince,
      battery: optionalNumber(row.battery),
      firmware: row.firmware,
      remark: row.remark,
      pendingReturns: toNumber(row.pending_returns),
      createdAt: Number(row.created_at),
      updatedAt: Number(row.updated_at),
    };
  }

  async list(query: DeviceListQuery & PageRequest): Promise<Page<Device>> {
    const since = this.onlineSince();
    return paginate(this.ctx.db, this.repo.query(query, since), query, (r) =>
      this.toDevice(r, since),
    );
  }

  private async loadJoined(id: number): Promise<JoinedDeviceRow> {
    const row = await this.repo.findJoined(id);
    if (!row) throw new NotFoundError(DeviceMessages.notFound);
    return row;
  }

  async detail(id: number): Promise<DeviceDetail> {
    const row = await this.loadJoined(id);
    const [events, returns] = await Promise.all([
      this.repo.events(id),
      new DeviceReturnsRepo(this.ctx.db).ofDevice(id),
    ]);
    const prevUntil = optionalNumber(row.prev_secret_until);
    return {
      ...this.toDevice(row),
      events: events.map((e) => ({
        id: Number(e.id),
        action: e.action as DeviceEventAction,
        fromStatus: e.from_status,
        toStatus: e.to_status,
        memberId: optionalNumber(e.member_id),
        memberName: e.member_name ?? null,
        operatorName: e.operator_name,
        remark: e.remark,
        createdAt: Number(e.created_at),
      })),
      returns: returns.map(toDeviceReturn),
      previousSecretUntil: prevUntil !== null && prevUntil > this.ctx.now() ? prevUntil : null,
    };
  }

  /** Up to 20 members in good standing matching a phone prefix or a name fragment. */
  async memberOptions(keyword: string): Promise<MemberOption[]> {
    return memberOptions(this.ctx.db, keyword);
  }

  /** A device's readings, newest first. */
  async readings(id: number, page: PageRequest): Promise<Page<DeviceReading>> {
    await this.loadJoined(id);
    return paginate(this.ctx.db, new MeasurementsRepo(this.ctx.db).ofDevice(id), page, (r) => ({
      id: Number(r.id),
      type: r.type,
      measuredAt: Number(r.measured_at),
      values: fromDbJson<Record<string, unknown>>(r.values_json) ?? {},
      level: r.level,
      category: r.category,
      label: r.label,
      createdAt: Number(r.created_at),
    }));
  }

  async ofMember(memberId: number): Promise<Device[]> {
    const since = this.onlineSince();
    return (await this.repo.ofMember(memberId)).map((r) => this.toDevice(r, since));
  }

  private async assertModel(modelId: number): Promise<string> {
    const model = await new DeviceModelsRepo(this.ctx.db).find(modelId);
    if (!model) throw ValidationError.field('modelId', DeviceMessages.modelNotFound);
    return model.name;
  }

  /** A new device in stock; its secret is answered this once. */
  async add(actor: Actor, input: DeviceAddRequest): Promise<DeviceSecret> {
    const modelName = await this.assertModel(input.modelId);
    if (await this.repo.findBySerial(input.serial))
      throw ValidationError.field('serial', DeviceMessages.serialTaken);
    const secret = newDeviceSecret();
    const at = this.ctx.now();
    const id = await auditedChange(
      this.ctx,
      actor,
      async (trx) => {
        const repo = new DevicesRepo(trx);
        const id = await repo.insert({
          serial: input.serial,
          model_id: input.modelId,
          status: 'in_stock',
          member_id: null,
          secret_sealed: this.ctx.secrets.seal(secret, secretContext(input.serial)),
          firmware: input.firmware,
          remark: input.remark,
          created_at: at,
          updated_at: at,
        });
        await repo.insertEvent(this.event(actor, id, 'add', null, 'in_stock', null, '', at));
        return {
          result: id,
          entry: {
            module: AUDIT_MODULE,
            action: 'add',
            target: `设备 ${input.serial}`,
            after: snapshot({ ...input, modelName, status: 'in_stock' }),
          },
        };
      },
      () => ValidationError.field('serial', DeviceMessages.serialTaken),
    );
    return { id, serial: input.serial, secret, previousSecretUntil: null };
  }

  async update(actor: Actor, input: DeviceUpdateRequest): Promise<void> {
    const row = await this.loadJoined(input.id);
    if (row.status === 'scrapped') throw new AppError(255, DeviceMessages.scrappedReadOnly);
    const before = this.toDevice(row);
    const modelName = await this.assertModel(input.modelId);
    const at = this.ctx.now();
    await auditedChange(this.ctx, actor, async (trx) => {
      const repo = new DevicesRepo(trx);
      await repo.update(input.id, {
        model_id: input.modelId,
        firmware: input.firmware,
        remark: input.remark,
        updated_at: at,
      });
      await repo.insertEvent(
        this.event(actor, input.id, 'edit', row.status, row.status, before.memberId, '', at),
      );
      return {
        result: undefined,
        entry: {
          module: AUDIT_MODULE,
          action: 'edit',
          target: `设备 ${row.serial}`,
          before: snapshot(before),
          after: snapshot({ ...before, ...input, modelName }),
        },
      };
    });
  }

  private event(
    actor: Actor,
    deviceId: number,
    action: DeviceEventAction,
    from: DeviceStatus | null,
    to: DeviceStatus,
    memberId: number | null,
    remark: string,
    at: number,
    data: Record<string, unknown> = {},
  ) {
    return {
      device_id: deviceId,
      action,
      from_status: from,
      to_status: to,
      member_id: memberId,
      operator_id: actor.operatorId,
      operator_name: actor.displayName,
      remark,
      data_json: JSON.stringify(data),
      created_at: at,
    };
  }

  /** The member a bind or lend names: it must exist and be in good standing. */
  private async memberFor(memberId: number | undefined) {
    if (!memberId) throw ValidationError.field('memberId', DeviceMessages.memberRequired);
    const member = await new MembersRepo(this.ctx.db).brief(memberId);
    if (!member) throw ValidationError.field('memberId', DeviceMessages.memberNotFound);
    if (member.status !== 'normal')
      throw ValidationError.field('memberId', DeviceMessages.memberNotNormal);
    return member;
  }

  /** One step of the lifecycle (bind, unbind, lend, markReturned, restock, fault, repair, scrap). */
  async transition(
    actor: Actor,
    name: DeviceTransition,
    input: DeviceTransitionRequest,
  ): Promise<Device> {
    const rule = DEVICE_TRANSITIONS[name];
    const row = await this.loadJoined(input.id);
    const from = row.status;
    if (!(rule.from as readonly DeviceStatus[]).includes(from))
      throw new AppError(
        255,
        DeviceMessages.transitionRefused(
          DEVICE_STATUS_LABELS[from],
          DEVICE_TRANSITION_LABELS[name],
        ),
      );
    if (REASON_REQUIRED.has(name) && !input.remark)
      throw ValidationError.field('remark', DeviceMessages.reasonRequired);
    const member = rule.member === 'set' ? await this.memberFor(input.memberId) : null;
    const at = this.ctx.now();
    const values: Parameters<DevicesRepo['moveFrom']>[2] = { status: rule.to, updated_at: at };
    const data: Record<string, unknown> = {};
    if (name === 'bind') Object.assign(values, { member_id: member!.id, bound_at: at });
    if (name === 'lend') {
      const order = this.orderSet();
      const returnDueAt = at + order.returnDeadlineDays * DAY_MS;
      Object.assign(values, {
        member_id: member!.id,
        bound_at: at,
        lent_at: at,
        deposit_fen: order.deviceDepositFen,
        return_due_at: returnDueAt,
      });
      Object.assign(data, { depositFen: order.deviceDepositFen, returnDueAt });
    }
    if (rule.member === 'clear')
      Object.assign(values, {
        member_id: null,
        bound_at: null,
        lent_at: null,
        deposit_fen: null,
        return_due_at: null,
      });
    // The event names the member the step concerns: the new one, or the one the device leaves.
    const eventMember = member ? Number(member.id) : optionalNumber(row.member_id);
    await auditedChange(this.ctx, actor, async (trx) => {
      const repo = new DevicesRepo(trx);
      if (!(await repo.moveFrom(input.id, from, values)))
        throw new AppError(255, DeviceMessages.changedMeanwhile);
      await repo.insertEvent(
        this.event(actor, input.id, name, from, rule.to, eventMember, input.remark, at, data),
      );
      if (name === 'markReturned')
        await new DeviceReturnsRepo(trx).receiveAll(input.id, at, actor.displayName);
      const memberName = member?.name ?? row.member_name;
      return {
        result: undefined,
        entry: {
          module: AUDIT_MODULE,
          action: name,
          target: `设备 ${row.serial}`,
          before: { deviceStatus: from, member: row.member_name ?? '' },
          after: {
            deviceStatus: rule.to,
            member: rule.member === 'clear' ? '' : (memberName ?? ''),
            ...data,
            ...(input.remark ? { remark: input.remark } : {}),
          },
        },
      };
    });
    return this.toDevice(await this.loadJoined(input.id));
  }

  /**
   * A new secret, answered this once; the one it replaces keeps working for PREVIOUS_SECRET_GRACE_MS
   * so a device in the field can be re-provisioned.
   */
  async resetSecret(actor: Actor, id: number): Promise<DeviceSecret> {
    const row = await this.loadJoined(id);
    if (row.status === 'scrapped') throw new AppError(255, DeviceMessages.scrappedReadOnly);
    const secret = newDeviceSecret();
    const at = this.ctx.now();
    const until = at + PREVIOUS_SECRET_GRACE_MS;
    await auditedChange(this.ctx, actor, async (trx) => {
      const repo = new DevicesRepo(trx);
      await repo.update(id, {
        secret_sealed: this.ctx.secrets.seal(secret, secretContext(row.serial)),
        prev_secret_sealed: row.secret_sealed,
        prev_secret_until: until,
        updated_at: at,
      });
      await repo.insertEvent(
        this.event(actor, id, 'resetSecret', row.status, row.status, null, '', at),
      );
      return {
        result: undefined,
        entry: {
          module: AUDIT_MODULE,
          action: 'resetSecret',
          target: `设备 ${row.serial}`,
          after: { previousSecretUntil: until },
        },
      };
    });
    return { id, serial: row.serial, secret, previousSecretUntil: until };
  }

  /** The secrets a device's signature may use now: the current one, and the previous in its grace. */
  openSecrets(row: DeviceRow, at: number): string[] {
    const out = [this.ctx.secrets.open(row.secret_sealed, secretContext(row.serial))];
    if (row.prev_secret_sealed && Number(row.prev_secret_until ?? 0) > at)
      out.push(this.ctx.secrets.open(row.prev_secret_sealed, secretContext(row.serial)));
    return out;
  }

  async export(actor: Actor, query: DeviceExportQuery): Promise<AuditedExport<Device>> {
    const since = this.onlineSince();
    const yesNo = (v: boolean) => (v ? '是' : '否');
    const time = (v: number | null) => (v === null ? '' : formatChinaDate(v));
    const columns: ExportColumn<Device>[] = [
      { header: '序列号', value: (d) => d.serial, width: 22 },
      { header: '型号', value: (d) => d.modelName, width: 18 },
      { header: '类型', value: (d) => DEVICE_MODEL_TYPE_LABELS[d.type], width: 14 },
      { header: '状态', value: (d) => DEVICE_STATUS_LABELS[d.status], width: 10 },
      { header: '会员', value: (d) => d.memberName ?? '', width: 14 },
      { header: '手机号', value: (d) => d.memberPhone ?? '', width: 16 },
      { header: '最后上传', value: (d) => time(d.lastUploadAt), width: 20 },
      { header: '在线', value: (d) => yesNo(d.online), width: 8 },
      { header: '电量(%)', value: (d) => d.battery ?? '', width: 10 },
      { header: '固件版本', value: (d) => d.firmware, width: 12 },
      {
        header: '押金(元)',
        value: (d) => (d.depositFen === null ? '' : d.depositFen / 100),
        width: 10,
      },
      { header: '应还日期', value: (d) => time(d.returnDueAt), width: 20 },
      { header: '待收寄回', value: (d) => d.pendingReturns, width: 10 },
      { header: '入库时间', value: (d) => time(d.createdAt), width: 20 },
    ];
    return queryExport(this.ctx.db, this.repo.query(query, since), (r) => this.toDevice(r, since), {
      actor,
      module: AUDIT_MODULE,
      title: '设备列表',
      filter: query,
      columns,
    });
  }
}
