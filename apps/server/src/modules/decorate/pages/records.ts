import type {
  PageDocument,
  ResolvedGoods,
  ResolvedPackageType,
  ResolvedRecords,
  ResolvedVideo,
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
    const goods = new GoodsRepo(this.ctx.db);
    const includeSoldOut = goodsSetOf(this.ctx).showSoldOut;
    const out: ResolvedRecords = {};
    const videoIds = new Set<number>();
    const typeIds = new Set<number>();
    for (const block of doc.content) {
      if (block.type === 'video' && block.props.videoId !== null) videoIds.add(block.props.videoId);
      if (block.type === 'healthService')
        block.props.packageTypeIds.forEach((id) => typeIds.add(id));
    }
    const [videos, types] = await Promise.all([
      videoIds.size > 0 ? new VideoRepo(this.ctx.db).enabledByIds([...videoIds]) : [],
      // Package types are few (a catalogue of services): read them all.
      typeIds.size > 0 ? new PackageTypesRepo(this.ctx.db).all() : [],
    ]);
    const videoById = new Map(videos.map((v) => [Number(v.id), v]));
    const typeById = new Map(types.map((t) => [Number(t.id), t]));

    for (const block of doc.content) {
      const id = block.props.id;
      if (block.type === 'goodsList') {
        const p = block.props;
        const rows = await goods.shownToMembers({
          ids: p.source === 'picked' ? p.goodsIds : undefined,
          packageTypeId: p.source === 'packageType' ? (p.packageTypeId ?? 0) : undefined,
          order: p.source === 'bestSelling' ? 'bestSelling' : 'newest',
          includeSoldOut,
          limit: p.source === 'picked' ? Math.max(p.goodsIds.length, 1) : p.count,
        });
        const byId = new Map(rows.map((r) => [Number(r.id), r]));
        // Picked goods keep the operator's order.
        const ordered = p.source === 'picked' ? p.goodsIds.flatMap((g) => byId.get(g) ?? []) : rows;
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
              ? [{ id: Number(row.id), name: row.name, description: row.description }]
              : [];
          }),
        };
      }
    }
    return out;
  }
}
