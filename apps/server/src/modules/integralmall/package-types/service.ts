import {
  PackageTypeMessages,
  type Page,
  type PackageTask,
  type PackageType,
  type PackageTypeListQuery,
  type PackageTypeOption,
  type PackageTypeSaveRequest,
} from '@health/contract';
import { fromDbBool, fromDbJson, toDbBool, toNumber } from '../../../db/values.js';
import type { Actor } from '../../../platform/actor.js';
import { auditedAdd, auditedChange, auditedEdit } from '../../../platform/changes.js';
import type { AppContext } from '../../../platform/context.js';
import { AppError, NotFoundError, ValidationError } from '../../../platform/errors.js';
import { mapPage, type PageRequest } from '../../../platform/pagination.js';
import { GoodsRepo } from '../goods/repo.js';
import { PackageTypesRepo, type PackageTypeRow } from './repo.js';

/** The operation log's module of the points mall. */
export const AUDIT_MODULE = 'integralmall';

/** The health tasks one unit of a service package creates (none for a goods category). */
export function packageTasksOf(row: Pick<PackageTypeRow, 'tasks_json'>): PackageTask[] {
  return fromDbJson<PackageTask[]>(row.tasks_json) ?? [];
}

function toPackageType(row: PackageTypeRow & { goods_count?: unknown }): PackageType {
  return {
    id: Number(row.id),
    name: row.name,
    kind: row.kind,
    tasks: packageTasksOf(row),
    description: row.description,
    sort: Number(row.sort),
    enabled: fromDbBool(row.enabled),
    goodsCount: toNumber(row.goods_count),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

function snapshot(p: PackageTypeSaveRequest & { id: number }) {
  return {
    id: p.id,
    name: p.name,
    packageKind: p.kind,
    tasks: p.tasks.map((t) => ({ taskKind: t.kind, count: t.count })),
    description: p.description,
    sort: p.sort,
    enabled: p.enabled,
  };
}

const nameTaken = () => ValidationError.field('name', PackageTypeMessages.nameTaken);

/** 套餐类型 (/integralmall/package_type): a type goods still use cannot be deleted. */
export class PackageTypeService {
  private readonly repo: PackageTypesRepo;

  constructor(private readonly ctx: AppContext) {
    this.repo = new PackageTypesRepo(ctx.db);
  }

  async list(query: PackageTypeListQuery & PageRequest): Promise<Page<PackageType>> {
    return mapPage(await this.repo.list(query), toPackageType);
  }

  async options(): Promise<PackageTypeOption[]> {
    const rows = await this.repo.all();
    return rows.map((r) => ({
      id: Number(r.id),
      name: r.name,
      kind: r.kind,
      enabled: fromDbBool(r.enabled),
    }));
  }

  private async load(id: number): Promise<PackageTypeRow> {
    const row = await this.repo.find(id);
    if (!row) throw new NotFoundError(PackageTypeMessages.notFound);
    return row;
  }

  async detail(id: number): Promise<PackageType> {
    const row = await this.load(id);
    return toPackageType({ ...row, goods_count: await new GoodsRepo(this.ctx.db).countOfType(id) });
  }

  private async assertNameFree(name: string, exceptId?: number): Promise<void> {
    const other = await this.repo.findByName(name);
    if (other && Number(other.id) !== exceptId) throw nameTaken();
  }

  private static columns(input: PackageTypeSaveRequest) {
    return {
      name: input.name,
      kind: input.kind,
      tasks_json: JSON.stringify(input.kind === 'service' ? input.tasks : []),
      description: input.description,
      sort: input.sort,
      enabled: toDbBool(input.enabled),
    };
  }

  async add(actor: Actor, input: PackageTypeSaveRequest): Promise<number> {
    await this.assertNameFree(input.name);
    const at = this.ctx.now();
    return auditedAdd(
      this.ctx,
      actor,
      {
        module: AUDIT_MODULE,
        target: `套餐类型 ${input.name}`,
        insert: (trx) =>
          new PackageTypesRepo(trx).insert({
            ...PackageTypeService.columns(input),
            created_at: at,
            updated_at: at,
          }),
        after: (id) => snapshot({ id, ...input }),
      },
      nameTaken,
    );
  }

  async update(actor: Actor, id: number, input: PackageTypeSaveRequest): Promise<void> {
    const row = await this.load(id);
    await this.assertNameFree(input.name, id);
    const before = toPackageType(row);
    await auditedEdit(
      this.ctx,
      actor,
      {
        module: AUDIT_MODULE,
        target: `套餐类型 ${before.name}`,
        before: snapshot(before),
        after: snapshot({ id, ...input }),
        update: (trx) =>
          new PackageTypesRepo(trx).update(id, {
            ...PackageTypeService.columns(input),
            updated_at: this.ctx.now(),
          }),
      },
      nameTaken,
    );
  }

  /** Refused while goods (not deleted) use it; deleted goods let go of it. */
  async delete(actor: Actor, id: number): Promise<void> {
    const before = toPackageType(await this.load(id));
    await auditedChange(this.ctx, actor, async (trx) => {
      const goods = new GoodsRepo(trx);
      const count = await goods.countOfType(id);
      if (count > 0) throw new AppError(255, PackageTypeMessages.inUse(count));
      await goods.releaseDeletedOfType(id);
      await new PackageTypesRepo(trx).delete(id);
      return {
        result: undefined,
        entry: {
          module: AUDIT_MODULE,
          action: 'delete',
          target: `套餐类型 ${before.name}`,
          before: snapshot(before),
        },
      };
    });
  }
}
