import { z } from 'zod';
import { contentBoolean, contentIdSchema, contentText, outOfRange } from '../content-fields.js';
import { idSchema } from '../ids.js';
import { blankToUndefined as blank, optionalText, sortQuerySchema } from '../list-query.js';
import { listQuerySchema, pageOf } from '../pagination.js';

/**
 * Goods of the points mall (商品管理 /integralmall/goods, PRODUCT.md §4 integralmall) and the
 * settings section `goods_set` (商品设置 /manage_product/goods_setting).
 *
 * A goods item belongs to a package type (套餐类型: a category of goods shipped to the member, or
 * a service package whose redemption creates health tasks), costs points (and optionally cash, in
 * integer fen), has a stock that orders take from with a conditional UPDATE (never below 0), an
 * optional limit per member, and sanitised rich-text details. When 商品设置 asks for it, a new or
 * edited goods item waits for review (pending) and goes on shelf only once approved. Deleting is
 * soft (orders keep pointing at what they redeemed) and refused while the goods is on shelf.
 */
export const GoodsPaths = {
  list: '/v3/integralmall/admin/goods/list',
  detail: '/v3/integralmall/admin/goods/detail',
  add: '/v3/integralmall/admin/goods/add',
  update: '/v3/integralmall/admin/goods/update',
  delete: '/v3/integralmall/admin/goods/delete',
  /** On or off shelf (`{ id, onShelf }`). */
  shelf: '/v3/integralmall/admin/goods/shelf',
  /** Approve or reject a pending goods item (`{ id, approved, remark }`). */
  review: '/v3/integralmall/admin/goods/review',
} as const;

/** goods: a category of goods shipped to the member; service: a service package (health tasks). */
export const PACKAGE_KINDS = ['goods', 'service'] as const;
export type PackageKind = (typeof PACKAGE_KINDS)[number];
export const PACKAGE_KIND_LABELS: Record<PackageKind, string> = {
  goods: '实物商品',
  service: '服务包',
};
export const PACKAGE_KIND_LABELS_EN: Record<PackageKind, string> = {
  goods: 'Goods',
  service: 'Service package',
};

/** none: no review asked (商品设置 off when it was saved); pending → approved | rejected. */
export const GOODS_REVIEW_STATUSES = ['none', 'pending', 'approved', 'rejected'] as const;
export type GoodsReviewStatus = (typeof GOODS_REVIEW_STATUSES)[number];
export const GOODS_REVIEW_STATUS_LABELS: Record<GoodsReviewStatus, string> = {
  none: '无需审核',
  pending: '待审核',
  approved: '审核通过',
  rejected: '审核驳回',
};
export const GOODS_REVIEW_STATUS_LABELS_EN: Record<GoodsReviewStatus, string> = {
  none: 'No review',
  pending: 'Pending review',
  approved: 'Approved',
  rejected: 'Rejected',
};

export const GOODS_NAME_MAX = 60;
export const GOODS_IMAGES_MAX = 9;
export const GOODS_POINTS_MAX = 10_000_000;
/** Cash price at most 99999 yuan (in fen). */
export const GOODS_CASH_MAX_YUAN = 99_999;
export const GOODS_STOCK_MAX = 999_999;
export const GOODS_LIMIT_MAX = 999;
export const GOODS_SORT_MAX = 9999;
export const GOODS_DESCRIPTION_MAX = 50_000;
export const GOODS_REVIEW_REMARK_MAX = 200;

export const GoodsMessages = {
  notFound: '商品不存在或已被删除',
  nameRequired: '请输入商品名称',
  imagesRequired: '请上传至少1张商品图片',
  tooManyImages: `商品图片最多${GOODS_IMAGES_MAX}张`,
  imageInvalid: '商品图片必须是上传的图片或 http(s) 地址',
  packageTypeRequired: '请选择套餐类型',
  packageTypeUnknown: '所选套餐类型不存在',
  packageTypeDisabled: '所选套餐类型已停用',
  descriptionTooLong: '商品详情过长',
  deleteOnShelf: '请先下架商品',
  reviewPending: '商品待审核，审核通过后才能上架',
  reviewRejected: '商品审核未通过，请修改后重新提交审核',
  addOnShelfReview: '已开启商品审核，新商品需审核通过后才能上架',
  notPending: '该商品不在待审核状态',
  noShelfPermission: '没有上架/下架商品的权限',
  rejectReasonRequired: '请输入驳回原因',
  reviewRequired: '请选择审核结果',
  onShelfRequired: '请选择上架或下架',
  alreadyOnShelf: '商品已在架上',
  alreadyOffShelf: '商品已下架',
  submittedForReview: '已保存，商品已提交审核，审核通过后才能上架',
  saved: '保存成功',
  pendingTakenOff: '已保存，商品已下架并提交审核，审核通过后才能重新上架',
} as const;

/* ---------------------------------------------------------------- 商品设置 (goods_set) */

export const GOODS_DEFAULT_SORTS = ['sort', 'newest', 'sales'] as const;
export type GoodsDefaultSort = (typeof GOODS_DEFAULT_SORTS)[number];
export const GOODS_DEFAULT_SORT_LABELS: Record<GoodsDefaultSort, string> = {
  sort: '按排序值',
  newest: '按上新时间',
  sales: '按销量',
};
export const GOODS_DEFAULT_SORT_LABELS_EN: Record<GoodsDefaultSort, string> = {
  sort: 'By sort value',
  newest: 'Newest first',
  sales: 'Best-selling first',
};

export const GOODS_LOW_STOCK_MAX = 9999;

/** Settings section `goods_set` (商品设置), through the ordinary settings endpoints. */
export const goodsSetSchema = z.object({
  /** A new or edited goods item waits for review before it may go on shelf. */
  reviewRequired: z.boolean({ error: '请选择是否开启商品审核' }),
  /** Stock at or below this shows a low-stock warning (0: only sold out). */
  lowStockThreshold: z
    .number({ error: '请输入库存预警值' })
    .int('库存预警值必须是整数')
    .min(0, outOfRange('库存预警值', 0, GOODS_LOW_STOCK_MAX))
    .max(GOODS_LOW_STOCK_MAX, outOfRange('库存预警值', 0, GOODS_LOW_STOCK_MAX)),
  /** The goods list's order when none is chosen (and the members' mall's). */
  defaultSort: z.enum(GOODS_DEFAULT_SORTS, { error: '请选择商品默认排序' }),
  /** Whether sold-out goods stay visible to members. */
  showSoldOut: z.boolean({ error: '请选择是否展示售罄商品' }),
});
export type GoodsSet = z.infer<typeof goodsSetSchema>;

export const DEFAULT_GOODS_SET: GoodsSet = {
  reviewRequired: false,
  lowStockThreshold: 10,
  defaultSort: 'sort',
  showSoldOut: true,
};

/* ---------------------------------------------------------------- goods */

export const goodsSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Image URLs, the first is the cover. */
  images: z.array(z.string()),
  /** The first image, or 图片配置's goods placeholder ('' when neither). */
  cover: z.string(),
  pointsPrice: z.number().int(),
  /** Cash price in fen (0: points only). */
  cashFen: z.number().int(),
  stock: z.number().int(),
  sold: z.number().int(),
  /** Units one member may redeem in all (0: no limit). */
  limitPerMember: z.number().int(),
  packageTypeId: z.number().int().nullable(),
  packageTypeName: z.string(),
  /** goods | service, from the package type (null: none). */
  packageKind: z.enum(PACKAGE_KINDS).nullable(),
  description: z.string(),
  onShelf: z.boolean(),
  reviewStatus: z.enum(GOODS_REVIEW_STATUSES),
  /** The reason of a rejection. */
  reviewRemark: z.string(),
  /** Stock at or below 商品设置's threshold (sold out included). */
  lowStock: z.boolean(),
  sort: z.number().int(),
  createdBy: z.string(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type Goods = z.infer<typeof goodsSchema>;

/** A list row: everything but the rich text. */
export const goodsListItemSchema = goodsSchema.omit({ description: true });
export type GoodsListItem = z.infer<typeof goodsListItemSchema>;

const flag = (message: string) => z.preprocess(blank, contentBoolean(message).optional());

export const GOODS_SORT_FIELDS = ['sort', 'createdAt', 'sold', 'stock'] as const;
export type GoodsSortField = (typeof GOODS_SORT_FIELDS)[number];

/** The list's filters; without `sortField`, 商品设置's default order. */
export const goodsListQuerySchema = listQuerySchema
  .extend(sortQuerySchema(GOODS_SORT_FIELDS).shape)
  .extend({
    name: optionalText(GOODS_NAME_MAX),
    packageTypeId: z.preprocess(blank, idSchema('套餐类型').optional()),
    onShelf: flag('上架状态不正确'),
    reviewStatus: z.preprocess(
      blank,
      z.enum(GOODS_REVIEW_STATUSES, { error: '审核状态不正确' }).optional(),
    ),
    /** Only goods at or below the low-stock threshold. */
    lowStock: flag('库存预警筛选不正确'),
  });
export type GoodsListQuery = z.infer<typeof goodsListQuerySchema>;
export const goodsListSchema = pageOf(goodsListItemSchema);

const int = (label: string, min: number, max: number) =>
  z
    .number({ error: `请输入${label}` })
    .int(`${label}必须是整数`)
    .min(min, outOfRange(label, min, max))
    .max(max, outOfRange(label, min, max));

const imageUrl = z
  .string({ error: GoodsMessages.imageInvalid })
  .trim()
  .max(500, '商品图片地址过长')
  .refine((v) => /^\/[^/]/.test(v) || /^https?:\/\/\S+$/i.test(v), {
    message: GoodsMessages.imageInvalid,
  });

const goodsFields = {
  name: contentText(GoodsMessages.nameRequired, GOODS_NAME_MAX, '商品名称'),
  images: z
    .array(imageUrl, { error: GoodsMessages.imagesRequired })
    .min(1, GoodsMessages.imagesRequired)
    .max(GOODS_IMAGES_MAX, GoodsMessages.tooManyImages),
  pointsPrice: int('积分价格', 1, GOODS_POINTS_MAX),
  /** Optional cash price in integer fen (edited in yuan). */
  cashFen: z
    .number({ error: '现金价格格式不正确' })
    .int('现金价格最多保留2位小数')
    .min(0, outOfRange('现金价格', 0, GOODS_CASH_MAX_YUAN, '元'))
    .max(GOODS_CASH_MAX_YUAN * 100, outOfRange('现金价格', 0, GOODS_CASH_MAX_YUAN, '元'))
    // An emptied yuan field sends null: points only.
    .nullish()
    .transform((v) => v ?? 0),
  stock: int('库存', 0, GOODS_STOCK_MAX),
  limitPerMember: int('每人限兑', 0, GOODS_LIMIT_MAX)
    .optional()
    .transform((v) => v ?? 0),
  packageTypeId: idSchema('套餐类型', { required: GoodsMessages.packageTypeRequired }),
  /** Rich text, sanitised by the server. */
  description: z
    .string({ error: '商品详情格式不正确' })
    .max(GOODS_DESCRIPTION_MAX, GoodsMessages.descriptionTooLong)
    .optional()
    .transform((v) => v ?? ''),
  sort: int('排序', 0, GOODS_SORT_MAX)
    .optional()
    .transform((v) => v ?? 0),
};

/** POST add; `onShelf` puts it on shelf at once (needs the shelf action; refused under review). */
export const goodsSaveRequestSchema = z.object({
  ...goodsFields,
  onShelf: contentBoolean('上架状态不正确')
    .optional()
    .transform((v) => v ?? false),
});
export type GoodsSaveRequest = z.infer<typeof goodsSaveRequestSchema>;

/**
 * POST update: the id and every field. `baseStock` is the stock the form showed when it loaded:
 * the edit moves the stock by the difference, so units orders took meanwhile stay taken (missing:
 * the stock now). The stock never goes below 0.
 */
export const goodsUpdateRequestSchema = z.object({
  id: contentIdSchema,
  ...goodsFields,
  baseStock: z
    .number({ error: '原库存格式不正确' })
    .int('原库存格式不正确')
    .min(0, '原库存格式不正确')
    .max(GOODS_STOCK_MAX * 10, '原库存格式不正确')
    .optional(),
});
export type GoodsUpdateRequest = z.infer<typeof goodsUpdateRequestSchema>;

/** The answer of add / update: the id, the stock after the change and what happened. */
export const goodsSavedSchema = z.object({
  id: z.number().int(),
  stock: z.number().int(),
  onShelf: z.boolean(),
  reviewStatus: z.enum(GOODS_REVIEW_STATUSES),
  /** An edit under review took the goods off shelf until it is approved again. */
  tookOffShelf: z.boolean(),
});

/** The `msg` of a save: what the review did to it. */
export function goodsSavedMessage(saved: GoodsSaved): string {
  if (saved.tookOffShelf) return GoodsMessages.pendingTakenOff;
  if (saved.reviewStatus === 'pending') return GoodsMessages.submittedForReview;
  return GoodsMessages.saved;
}
export type GoodsSaved = z.infer<typeof goodsSavedSchema>;

export const goodsShelfRequestSchema = z.object({
  id: contentIdSchema,
  onShelf: contentBoolean(GoodsMessages.onShelfRequired),
});
export type GoodsShelfRequest = z.infer<typeof goodsShelfRequestSchema>;

export const goodsReviewRequestSchema = z
  .object({
    id: contentIdSchema,
    approved: contentBoolean(GoodsMessages.reviewRequired),
    remark: z
      .string()
      .trim()
      .max(GOODS_REVIEW_REMARK_MAX, `驳回原因最多${GOODS_REVIEW_REMARK_MAX}个字符`)
      .optional()
      .transform((v) => v ?? ''),
  })
  .superRefine((v, ctx) => {
    if (v.approved === false && v.remark === '') {
      ctx.addIssue({
        code: 'custom',
        path: ['remark'],
        message: GoodsMessages.rejectReasonRequired,
      });
    }
  });
export type GoodsReviewRequest = z.infer<typeof goodsReviewRequestSchema>;

export const goodsIdBodySchema = z.object({ id: contentIdSchema });
