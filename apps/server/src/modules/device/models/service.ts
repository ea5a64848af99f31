import {
  DeviceModelMessages,
  type DeviceModel,
  type DeviceModelListQuery,
  type DeviceModelOption,
  type DeviceModelParam,
  type DeviceModelSaveRequest,
  type Page,
} from '@health/contract';
import { fromDbJson, toNumber } from '../../../db/values.js';
import type { Actor } from '../../../platform/actor.js';
import { auditedAdd, auditedChange, auditedEdit } from '../../../platform/changes.js';
import type { AppContext } from '../../../platform/context.js';
import { AppError, NotFoundError, ValidationError } from '../../../platform/errors.js';
import { mapPage, type PageRequest } from '../../../platform/pagination.js';
import { DeviceModelsRepo, type DeviceModelRow } from './repo.js';

/** The operation log's module of the device centre. */
export const AUDIT_MODULE = 'device';

function toModel(row: DeviceModelRow & { device_count?: unknown }): DeviceModel {
  return {
    id: Number(row.id),
    name: row.name,
    type: row.type,
    maker: row.maker,
    picture: row.picture,
    params: fromDbJson<DeviceModelParam[]>(row.params_json) ?? [],
    remark: row.remark,
    deviceCount: toNumber(row.device_count),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

function snapshot(m: DeviceModelSaveRequest & { id: number }) {
  return {
    id: m.id,
    name: m.name,
    modelType: m.type,
    maker: m.maker,
    picture: m.picture,
    params: m.params.map((p) => `${p.name}: ${p.value}`).join('；'),
    remark: m.remark,
  };
}

const nameTaken = () => ValidationError.field('name', DeviceModelMessages.nameTaken);

/** Device models (/device_list/info): a model in use by devices or codes cannot be deleted. */
export class DeviceModelService {
  private readonly repo: DeviceModelsRepo;

  constructor(private readonly ctx: AppContext) {
    this.repo = new DeviceModelsRepo(ctx.db);
  }

  async list(query: DeviceModelListQuery & PageRequest): Promise<Page<DeviceModel>> {
    return mapPage(await this.repo.list(query), toModel);
  }

  async options(): Promise<DeviceModelOption[]> {
    const rows = await this.repo.all();
    return rows.map((r) => ({ id: Number(r.id), name: r.name, type: r.type }));
  }

  private async load(id: number): Promise<DeviceModelRow> {
    const row = await this.repo.find(id);
    if (!row) throw new NotFoundError(DeviceModelMessages.notFound);
    return row;
  }

  async detail(id: number): Promise<DeviceModel> {
    const row = await this.load(id);
    return toModel({ ...row, device_count: await this.repo.deviceCount(id) });
  }

  private async assertNameFree(name: string, exceptId?: number): Promise<void> {
    const other = await this.repo.findByName(name);
    if (other && Number(other.id) !== exceptId) throw nameTaken();
  }

  private static columns(input: DeviceModelSaveRequest) {
    return {
      name: input.name,
      type: input.type,
      maker: input.maker,
      picture: input.picture,
      params_json: JSON.stringify(input.params),
      remark: input.remark,
    };
  }

  async add(actor: Actor, input: DeviceModelSaveRequest): Promise<number> {
    await this.assertNameFree(input.name);
    const at = this.ctx.now();
    return auditedAdd(
      this.ctx,
      actor,
      {
        module: AUDIT_MODULE,
        target: `设备型号 ${input.name}`,
        insert: (trx) =>
          new DeviceModelsRepo(trx).insert({
            ...DeviceModelService.columns(input),
            created_at: at,
            updated_at: at,
          }),
        after: (id) => snapshot({ id, ...input }),
      },
      nameTaken,
    );
  }

  /** The type of a model with devices stays: their readings were accepted for it. */
  async update(actor: Actor, id: number, input: DeviceModelSaveRequest): Promise<void> {
    const row = await this.load(id);
    await this.assertNameFree(input.name, id);
    const before = toModel(row);
    if (before.type !== input.type) {
      const devices = await this.repo.deviceCount(id);
      if (devices > 0) throw ValidationError.field('type', DeviceModelMessages.typeLocked(devices));
    }
    await auditedEdit(
      this.ctx,
      actor,
      {
        module: AUDIT_MODULE,
        target: `设备型号 ${before.name}`,
        before: snapshot(before),
        after: snapshot({ id, ...input }),
        update: (trx) =>
          new DeviceModelsRepo(trx).update(id, {
            ...DeviceModelService.columns(input),
            updated_at: this.ctx.now(),
          }),
      },
      nameTaken,
    );
  }

  async delete(actor: Actor, id: number): Promise<void> {
    const before = toModel(await this.load(id));
    await auditedChange(this.ctx, actor, async (trx) => {
      const repo = new DeviceModelsRepo(trx);
      const devices = await repo.deviceCount(id);
      if (devices > 0) throw new AppError(255, DeviceModelMessages.inUse(devices));
      const codes = await repo.codeCount(id);
      if (codes > 0) throw new AppError(255, DeviceModelMessages.codesInUse(codes));
      await repo.delete(id);
      return {
        result: undefined,
        entry: {
          module: AUDIT_MODULE,
          action: 'delete',
          target: `设备型号 ${before.name}`,
          before: snapshot(before),
        },
      };
    });
  }
}
