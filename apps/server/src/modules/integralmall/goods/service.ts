import {
  actionKey,
  DEFAULT_GOODS_SET,
  GoodsMessages,
  goodsSetSchema,
  PAGES,
  SETTINGS_DEFAULTS,
  type Goods,
  type GoodsDefaultSort,
  type GoodsListItem,
  type GoodsListQuery,
  type GoodsReviewRequest,
  type GoodsSaveRequest,
  type GoodsSaved,
  type GoodsSet,
  type Page,
  type PicSet,
} from '@health/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { fromDbBool, fromDbJson, toDbBool } from '../../../db/values.js';
import type { Actor } from '../../../platform/actor.js';
import { auditedChange } from '../../../platform/changes.js';
import type { AppContext } from '../../../platform/context.js';
import { AppError, NotFoundError, ValidationError } from '../../../platform/errors.js';
import { mapPage, type PageRequest } from '../../../platform/pagination.js';
import { holdsAny } from '../../../platform/permissions.js';
import { isBlankRichText, sanitizeRichText } from '../../../platform/rich-text.js';
import { PackageTypesRepo } from '../package-types/repo.js';
import { AUDIT_MODULE } from '../package-types/service.js';
import { GoodsRepo, type GoodsListOrder, type GoodsViewRow } from './repo.js';

/** The last saved `goods_set` seen and its parsed value (settings keep one object per save). */
let goodsSetParsed: { stored: unknown; value: GoodsSet } | null = null;

/** 商品设置 in force: the saved section on top of the defaults. */
export function goodsSetOf(ctx: Pick<AppContext, 'settings'>): GoodsSet {
  const stored = ctx.settings.get<unknown>('goods_set', null);
  if (goodsSetParsed && goodsSetParsed.stored === stored) return goodsSetParsed.value;
  const merged = { ...DEFAULT_GOODS_SET, ...(stored && typeof stored === 'object' ? stored : {}) };
  const checked = goodsSetSchema.safeParse(merged);
  const value = checked.success ? checked.data : DEFAULT_GOODS_SET;
  goodsSetParsed = { stored, value };
  return value;
}

/** The list's order for each of 商品设置's default sorts. */
const DEFAULT_ORDERS: Record<GoodsDefaultSort, GoodsListOrder> = {
  sort: { field: 'sort', order: 'ascend' },
  newest: { field: 'createdAt', order: 'descend' },
  sales: { field: 'sold', order: 'descend' },
};

/** How a row reads: the low-stock threshold and 图片配置's goods placeholder. */
interface ViewContext {
  lowStockThreshold: number;
  placeholder: string;
}

function toGoods(row: GoodsViewRow, view: ViewContext): Goods {
  const images = fromDbJson<string[]>(row.images_json) ?? [];
  const stock = Number(row.stock);
  return {
    id: Number(row.id),
    name: row.name,
    images,
    cover: images[0] ?? view.placeholder,
    pointsPrice: Number(row.points_price),
    cashFen: Number(row.cash_fen),
    stock,
    sold: Number(row.sold),
    limitPerMember: Number(row.limit_per_member),
    packageTypeId: row.package_type_id === null ? null : Number(row.package_type_id),
    packageTypeName: row.type_name ?? '',
    packageKind: row.type_kind ?? null,
    description: row.description,
    onShelf: fromDbBool(row.on_shelf),
    reviewStatus: row.review_status,
    reviewRemark: row.review_remark,
    lowStock: stock <= view.lowStockThreshold,
    sort: Number(row.sort),
    createdBy: row.created_by,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

/** The operation log's picture of a goods item. */
function snapshot(g: Goods) {
  return {
    id: g.id,
    name: g.name,
    images: g.images.join('\n'),
    pointsPrice: g.pointsPrice,
    cashFen: g.cashFen,
    stock: g.stock,
    limitPerMember: g.limitPerMember,
    packageType: g.packageTypeName,
    descriptionLength: g.description.length,
    sort: g.sort,
    onShelf: g.onShelf,
    reviewStatus: g.reviewStatus,
  };
}

/** The fields whose change sends a goods item back to review (stock and sort do not). */
function reviewedChanged(row: GoodsViewRow, input: GoodsSaveRequest, description: string): boolean {
  const images = fromDbJson<string[]>(row.images_json) ?? [];
  return (
    row.name !== input.name ||
    JSON.stringify(images) !== JSON.stringify(input.images) ||
    Number(row.points_price) !== input.pointsPrice ||
    Number(row.cash_fen) !== input.cashFen ||
    Number(row.limit_per_member) !== input.limitPerMember ||
    Number(row.package_type_id) !== input.packageTypeId ||
    row.description !== description
  );
}

/**
 * 商品管理 (/integralmall/goods, /integralmall/edit): goods with their review before listing
 * (商品设置), shelf, soft delete, and stock edits that never undo what orders took.
 */
export class GoodsService {
  private readonly repo: GoodsRepo;

  constructor(private readonly ctx: AppContext) {
    this.repo = new GoodsRepo(ctx.db);
  }

  private view(): ViewContext {
    const pics = this.ctx.settings.get<Partial<PicSet>>('pic_set', SETTINGS_DEFAULTS.pic_set);
    return {
      lowStockThreshold: goodsSetOf(this.ctx).lowStockThreshold,
      placeholder: pics.goodsPlaceholder ?? '',
    };
  }

  async list(query: GoodsListQuery & PageRequest): Promise<Page<GoodsListItem>> {
    const set = goodsSetOf(this.ctx);
    const view = this.view();
    const page = await this.repo.list(query, {
      lowStockThreshold: set.lowStockThreshold,
      defaultOrder: DEFAULT_ORDERS[set.defaultSort],
    });
    return mapPage(page, (row) => {
      const { description: _description, ...item } = toGoods(row as GoodsViewRow, view);
      void _description;
      return item;
    });
  }

  private async load(id: number, repo = this.repo): Promise<GoodsViewRow> {
    const row = await repo.find(id);
    if (!row) throw new NotFoundError(GoodsMessages.notFound);
    return row;
  }

  async detail(id: number): Promise<Goods> {
    return toGoods(await this.load(id), this.view());
  }

  /** The chosen package type exists, and is enabled unless the goods already had it. */
  private async checkType(packageTypeId: number, current?: number | null): Promise<void> {
    const type = await new PackageTypesRepo(this.ctx.db).find(packageTypeId);
    if (!type) throw ValidationError.field('packageTypeId', GoodsMessages.packageTypeUnknown);
    if (!fromDbBool(type.enabled) && current !== packageTypeId) {
      throw ValidationError.field('packageTypeId', GoodsMessages.packageTypeDisabled);
    }
  }

  private static description(input: GoodsSaveRequest): string {
    const html = sanitizeRichText(input.description);
    return isBlankRichText(html) ? '' : html;
  }

  private static columns(input: GoodsSaveRequest, description: string) {
    return {
      name: input.name,
      package_type_id: input.packageTypeId,
      images_json: JSON.stringify(input.images),
      points_price: input.pointsPrice,
      cash_fen: input.cashFen,
      limit_per_member: input.limitPerMember,
      description,
      sort: input.sort,
    };
  }

  private async reread(trx: Kysely<Database>, id: number): Promise<Goods> {
    return toGoods(await this.load(id, new GoodsRepo(trx)), this.view());
  }

  async add(actor: Actor, input: GoodsSaveRequest): Promise<GoodsSaved> {
    await this.checkType(input.packageTypeId);
    const set = goodsSetOf(this.ctx);
    if (input.onShelf) {
      if (!holdsAny(actor, [actionKey(PAGES.goods, 'shelf')])) {
        throw await this.ctx.audit.refusal(
          actor,
          { module: AUDIT_MODULE, action: 'add', target: `商品 ${input.name}` },
          GoodsMessages.noShelfPermission,
        );
      }
      if (set.reviewRequired)
        throw ValidationError.field('onShelf', GoodsMessages.addOnShelfReview);
    }
    const description = GoodsService.description(input);
    const at = this.ctx.now();
    return auditedChange(this.ctx, actor, async (trx) => {
      const id = await new GoodsRepo(trx).insert({
        ...GoodsService.columns(input, description),
        stock: input.stock,
        on_shelf: toDbBool(input.onShelf),
        review_status: set.reviewRequired ? 'pending' : 'none',
        created_by: actor.displayName,
        created_at: at,
        updated_at: at,
      });
      const after = await this.reread(trx, id);
      return {
        result: {
          id,
          stock: after.stock,
          onShelf: after.onShelf,
          reviewStatus: after.reviewStatus,
          tookOffShelf: false,
        },
        entry: {
          module: AUDIT_MODULE,
          action: 'add',
          target: `商品 ${input.name}`,
          after: snapshot(after),
        },
      };
    });
  }

  /**
   * Saves every field; the stock moves by `stock - baseStock` (the stock the form showed), never
   * below 0. Under review (商品设置), a change of what members see sends it back to pending and
   * off shelf until approved; stock and sort edits stay free.
   */
  async update(
    actor: Actor,
    id: number,
    input: GoodsSaveRequest & { baseStock?: number },
  ): Promise<GoodsSaved> {
    const row = await this.load(id);
    await this.checkType(input.packageTypeId, row.package_type_id);
    const set = goodsSetOf(this.ctx);
    const description = GoodsService.description(input);
    const changed = reviewedChanged(row, input, description);
    const wasOnShelf = fromDbBool(row.on_shelf);
    const before = toGoods(row, this.view());
    const review =
      changed && set.reviewRequired
        ? { review_status: 'pending' as const, review_remark: '', on_shelf: toDbBool(false) }
        : changed
          ? { review_status: 'none' as const, review_remark: '' }
          : {};
    const delta = input.stock - (input.baseStock ?? Number(row.stock));
    return auditedChange(this.ctx, actor, async (trx) => {
      const repo = new GoodsRepo(trx);
      await repo.update(id, {
        ...GoodsService.columns(input, description),
        ...review,
        updated_at: this.ctx.now(),
      });
      await repo.moveStock(id, delta);
      const after = await this.reread(trx, id);
      return {
        result: {
          id,
          stock: after.stock,
          onShelf: after.onShelf,
          reviewStatus: after.reviewStatus,
          tookOffShelf: wasOnShelf && !after.onShelf,
        },
        entry: {
          module: AUDIT_MODULE,
          action: 'edit',
          target: `商品 ${before.name}`,
          before: snapshot(before),
          after: snapshot(after),
        },
      };
    });
  }

  /** On or off shelf; under review only an approved (or never reviewed) goods item goes on. */
  async shelf(actor: Actor, id: number, onShelf: boolean): Promise<void> {
    const row = await this.load(id);
    const set = goodsSetOf(this.ctx);
    if (onShelf && set.reviewRequired) {
      if (row.review_status === 'pending') throw new AppError(255, GoodsMessages.reviewPending);
      if (row.review_status === 'rejected') throw new AppError(255, GoodsMessages.reviewRejected);
    }
    const before = toGoods(row, this.view());
    await auditedChange(this.ctx, actor, async (trx) => {
      const changed = await new GoodsRepo(trx).setShelf(id, onShelf, this.ctx.now(), {
        reviewedOnly: set.reviewRequired,
      });
      if (!changed) {
        const now = await new GoodsRepo(trx).find(id);
        if (!now) throw new NotFoundError(GoodsMessages.notFound);
        if (fromDbBool(now.on_shelf) === onShelf) {
          throw new AppError(
            255,
            onShelf ? GoodsMessages.alreadyOnShelf : GoodsMessages.alreadyOffShelf,
          );
        }
        throw new AppError(255, GoodsMessages.reviewPending);
      }
      return {
        result: undefined,
        entry: {
          module: AUDIT_MODULE,
          action: onShelf ? 'onShelf' : 'offShelf',
          target: `商品 ${before.name}`,
          before: { onShelf: before.onShelf },
          after: { onShelf },
        },
      };
    });
  }

  /** Approve, or reject with a reason, a pending goods item. */
  async review(actor: Actor, input: GoodsReviewRequest): Promise<void> {
    const row = await this.load(input.id);
    if (row.review_status !== 'pending') throw new AppError(255, GoodsMessages.notPending);
    const status = input.approved ? ('approved' as const) : ('rejected' as const);
    const remark = input.approved ? '' : input.remark;
    await auditedChange(this.ctx, actor, async (trx) => {
      const done = await new GoodsRepo(trx).review(input.id, status, remark, this.ctx.now());
      if (!done) throw new AppError(255, GoodsMessages.notPending);
      return {
        result: undefined,
        entry: {
          module: AUDIT_MODULE,
          action: 'review',
          target: `商品 ${row.name}`,
          before: { reviewStatus: row.review_status },
          after: { reviewStatus: status, reviewRemark: remark },
        },
      };
    });
  }

  /** Soft delete, refused while on shelf (orders keep pointing at the goods). */
  async delete(actor: Actor, id: number): Promise<void> {
    const row = await this.load(id);
    if (fromDbBool(row.on_shelf)) throw new AppError(255, GoodsMessages.deleteOnShelf);
    const before = toGoods(row, this.view());
    await auditedChange(this.ctx, actor, async (trx) => {
      const done = await new GoodsRepo(trx).softDelete(id, this.ctx.now());
      if (!done) throw new AppError(255, GoodsMessages.deleteOnShelf);
      return {
        result: undefined,
        entry: {
          module: AUDIT_MODULE,
          action: 'delete',
          target: `商品 ${before.name}`,
          before: snapshot(before),
        },
      };
    });
  }
}
