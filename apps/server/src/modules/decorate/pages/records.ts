import {
  PLANS_PER_PACKAGE,
  type PageBlock,
  type PageDocument,
  type ResolvedGoods,
  type ResolvedPackageType,
  type ResolvedPlan,
  type ResolvedRecords,
  type ResolvedVideo,
} from '@health/contract';
import type { AppContext } from '../../../platform/context.js';
import { GoodsRepo } from '../../integralmall/goods/repo.js';
import { goodsSetOf } from '../../integralmall/goods/service.js';
import { PackageTypesRepo } from '../../integralmall/package-types/repo.js';
import { VideoRepo } from '../videos/repo.js';

/**
 * The records a page's blocks show, read when the page is read (ids are stored, never copies):
 * the goods of each goods list (current name, price and stock; sold-out ones kept or left out as
 * 商品设置 says), each video block's video, each health-service block's packages. A record no
 * longer shown to members (deleted, off shelf, disabled) is left out.
 */
export class PageRecords {
  constructor(private readonly ctx: AppContext) {}

  async resolve(doc: PageDocument): Promise<ResolvedRecords> {
    const out: ResolvedRecords = {};
    const videoIds = new Set<number>();
    const typeIds = new Set<number>();
    for (const block of doc.content) {
      if (block.type === 'video' && block.props.videoId !== null) videoIds.add(block.props.videoId);
      if (block.type === 'healthService')
        block.props.packageTypeIds.forEach((id) => typeIds.add(id));
    }
    // The plans of the packages of blocks that show plans (a few per package).
    const planTypeIds = new Set(
      doc.content.flatMap((b) =>
        b.type === 'healthService' && b.props.showPlans ? b.props.packageTypeIds : [],
      ),
    );
    const [videos, types, goodsOf, plans] = await Promise.all([
      videoIds.size > 0 ? new VideoRepo(this.ctx.db).enabledByIds([...videoIds]) : [],
      // Package types are few (a catalogue of services): read them all.
      typeIds.size > 0 ? new PackageTypesRepo(this.ctx.db).all() : [],
      this.goodsLists(doc),
      // One short query per package (a block has at most eight).
      Promise.all(
        [...planTypeIds].map((typeId) =>
          new GoodsRepo(this.ctx.db)
            .plansOf(typeId, goodsSetOf(this.ctx).showSoldOut, PLANS_PER_PACKAGE)
            .then((rows) => [typeId, rows] as const),
        ),
      ),
    ]);
    const plansOf = new Map(
      plans.map(([typeId, rows]) => [
        typeId,
        rows.map((row): ResolvedPlan => ({
          id: Number(row.id),
          name: row.name,
          pointsPrice: Number(row.points_price),
          cashFen: Number(row.cash_fen),
          soldOut: Number(row.stock) <= 0,
        })),
      ]),
    );
    const videoById = new Map(videos.map((v) => [Number(v.id), v]));
    const typeById = new Map(types.map((t) => [Number(t.id), t]));

    for (const block of doc.content) {
      const id = block.props.id;
      if (block.type === 'goodsList') {
        const ordered = goodsOf(block.props);
        out[id] = {
          goods: ordered.map((r): ResolvedGoods => ({
            id: Number(r.id),
            name: r.name,
            image: (JSON.parse(r.images_json) as string[])[0] ?? '',
            pointsPrice: Number(r.points_price),
            cashFen: Number(r.cash_fen),
            soldOut: Number(r.stock) <= 0,
          })),
        };
      } else if (block.type === 'video') {
        const v = block.props.videoId === null ? undefined : videoById.get(block.props.videoId);
        out[id] = {
          video: v
            ? ({
                id: Number(v.id),
                title: v.title,
                cover: v.cover,
                url: v.url,
                durationS: Number(v.duration_s),
              } satisfies ResolvedVideo)
            : null,
        };
      } else if (block.type === 'healthService') {
        out[id] = {
          packageTypes: block.props.packageTypeIds.flatMap((t): ResolvedPackageType[] => {
            const row = typeById.get(t);
            return row && Number(row.enabled) === 1
              ? [
                  {
                    id: Number(row.id),
                    name: row.name,
                    description: row.description,
                    plans: block.props.showPlans ? (plansOf.get(Number(row.id)) ?? []) : [],
                  },
                ]
              : [];
          }),
        };
      }
    }
    return out;
  }

  /**
   * The goods of every goods list in a few queries, not one per list: the picked goods of all
   * lists in one, and one per other source (newest, best-selling, each package type) for the
   * longest list of that source; each list then takes its own from them.
   */
  private async goodsLists(doc: PageDocument): Promise<(props: GoodsListProps) => GoodsRow[]> {
    const goods = new GoodsRepo(this.ctx.db);
    const includeSoldOut = goodsSetOf(this.ctx).showSoldOut;
    const lists = doc.content.flatMap((b) => (b.type === 'goodsList' ? [b.props] : []));
    const picked = new Set(lists.flatMap((p) => (p.source === 'picked' ? p.goodsIds : [])));
    const longest = new Map<string, GoodsListProps>();
    for (const p of lists) {
      if (p.source === 'picked') continue;
      const key = sourceKey(p);
      if ((longest.get(key)?.count ?? -1) < p.count) longest.set(key, p);
    }
    const [pickedRows, ...bySource] = await Promise.all([
      picked.size > 0
        ? goods.shownToMembers({
            ids: [...picked],
            order: 'newest',
            includeSoldOut,
            limit: picked.size,
          })
        : [],
      ...[...longest.values()].map((p) =>
        goods.shownToMembers({
          packageTypeId: p.source === 'packageType' ? (p.packageTypeId ?? 0) : undefined,
          order: p.source === 'bestSelling' ? 'bestSelling' : 'newest',
          includeSoldOut,
          limit: p.count,
        }),
      ),
    ]);
    const pickedById = new Map(pickedRows.map((r) => [Number(r.id), r]));
    const rowsOf = new Map([...longest.keys()].map((key, i) => [key, bySource[i] ?? []]));
    return (p) =>
      p.source === 'picked'
        ? // Picked goods keep the operator's order.
          p.goodsIds.flatMap((g) => pickedById.get(g) ?? [])
        : (rowsOf.get(sourceKey(p)) ?? []).slice(0, p.count);
  }
}

type GoodsListProps = Extract<PageBlock, { type: 'goodsList' }>['props'];
type GoodsRow = Awaited<ReturnType<GoodsRepo['shownToMembers']>>[number];
/** Goods lists that show the same goods (up to their count). */
const sourceKey = (p: GoodsListProps) =>
  p.source === 'packageType' ? `packageType:${p.packageTypeId ?? 0}` : p.source;
