import { LINK_TYPES, PAGE_KIND_LABELS, type LinkRecordKind, type NavType } from '@health/contract';
import type { AppContext } from '../../platform/context.js';
import { AdvertsRepo } from './adverts/repo.js';
import { DecoratePagesRepo } from './pages/repo.js';

/**
 * Who would show 链接失效 if this record went (taken off shelf, disabled, deleted): the pages whose
 * live version links to it or shows it, and the enabled ad slots not yet ended that link to it —
 * as names the operator reads ("首页“居家健康首页”", "广告“夏季新品”"). The goods, videos and
 * topics pages tell the operator who takes one away.
 */
export async function linkedBy(
  ctx: Pick<AppContext, 'db' | 'now'>,
  kind: LinkRecordKind,
  id: number,
): Promise<string[]> {
  const navTypes = (Object.keys(LINK_TYPES) as NavType[]).filter(
    (t) => LINK_TYPES[t].takes === kind,
  );
  const [pages, adverts] = await Promise.all([
    new DecoratePagesRepo(ctx.db).linkingTo(kind, id),
    new AdvertsRepo(ctx.db).linkingTo(navTypes, id, ctx.now()),
  ]);
  return [
    ...pages.map((p) => `${PAGE_KIND_LABELS[p.kind as keyof typeof PAGE_KIND_LABELS]}“${p.name}”`),
    ...adverts.map((a) => `广告“${a.title}”`),
  ];
}
