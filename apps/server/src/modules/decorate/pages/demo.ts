import { createHash } from 'node:crypto';
import {
  DAY_MS,
  chinaDayStartOf,
  emptyDocument,
  newBlock,
  type AdvertPosition,
  type NavLink,
  type PageBlock,
  type PageDocument,
  type PageKind,
} from '@health/contract';
import type { AppContext } from '../../../platform/context.js';
import { publicUrlOf } from '../../../platform/uploads.js';
import { GoodsRepo } from '../../integralmall/goods/repo.js';
import { PackageTypesRepo } from '../../integralmall/package-types/repo.js';
import { NoticeRepo } from '../../member/notices/repo.js';
import { drawBanner, type BannerMotif, type BannerPalette } from '../adverts/demo-images.js';
import { AdvertsRepo } from '../adverts/repo.js';
import { VideoRepo } from '../videos/repo.js';
import { DecoratePagesRepo } from './repo.js';
import { PAGE_PUBLISH_JOB, targetsJsonOf } from './service.js';

/**
 * 装修's demo pages, made once the ad slots' and videos' files are stored (their images are
 * reused): the enabled home page with every component, three published versions and a draft with
 * unpublished changes; a second home page never published; a published topic and one scheduled to
 * publish tomorrow; the enabled mall home. Written as the builder would leave them.
 */

const NO_LINK: NavLink = { navType: 'none', subContent: '' };
const PUBLISHER = '周强';
const EDITOR = '张伟';

interface Records {
  carousel: string[];
  mallCarousel: string[];
  banner: string | null;
  goodsId: number | null;
  videoId: number | null;
  serviceTypeIds: number[];
  noticeId: number | null;
}

/** A square icon drawn and stored for the navigation grid. */
async function icon(ctx: AppContext, motif: BannerMotif, palette: BannerPalette): Promise<string> {
  const hex = createHash('sha256')
    .update(`page-icon:${motif}:${palette}:${ctx.now()}`)
    .digest('hex');
  const key = `images/demo/page-icon-${motif}-${palette}-${hex.slice(0, 8)}.png`;
  await ctx.storage.put(key, drawBanner(motif, palette, 96, 96));
  return publicUrlOf(key);
}

async function findRecords(ctx: AppContext): Promise<Records> {
  const now = ctx.now();
  const adverts = new AdvertsRepo(ctx.db);
  const images = async (position: AdvertPosition) =>
    (await adverts.showing(position, now, 3)).map((a) => a.image);
  const [goods] = await new GoodsRepo(ctx.db).shownToMembers({
    order: 'bestSelling',
    includeSoldOut: false,
    limit: 1,
  });
  const [video] = await new VideoRepo(ctx.db).enabled(undefined, 1);
  const types = (await new PackageTypesRepo(ctx.db).all()).filter((t) => Number(t.enabled) === 1);
  const notice = (await new NoticeRepo(ctx.db).linkTargets({ limit: 1 })).find(
    (n) => n.status === 'sent',
  );
  return {
    carousel: await images('home_carousel'),
    mallCarousel: await images('mall_carousel'),
    banner: (await images('video_banner'))[0] ?? null,
    goodsId: goods ? Number(goods.id) : null,
    videoId: video ? Number(video.id) : null,
    serviceTypeIds: types
      .filter((t) => t.kind === 'service')
      .map((t) => Number(t.id))
      .slice(0, 4),
    noticeId: notice ? Number(notice.id) : null,
  };
}

/** The home page with every component; `step` (1-4) makes each version a little different. */
function homePage(r: Records, icons: string[], step: number): PageDocument {
  const doc = emptyDocument('居家健康');
  doc.root.props.backgroundColor = '#f5f7fa';
  doc.root.props.shareTitle = '居家健康，守护家人每一天';
  const blocks: PageBlock[] = [];
  const search = newBlock('search', 'home-search');
  search.props.placeholder = '搜索血压计、健康服务';
  blocks.push(search);
  const carousel = newBlock('carousel', 'home-carousel');
  carousel.props.items = r.carousel.map((image, i) => ({
    image,
    link:
      i === 0 && r.goodsId !== null
        ? { navType: 'jjk_mall_goods' as const, subContent: String(r.goodsId) }
        : NO_LINK,
  }));
  if (carousel.props.items.length > 0) blocks.push(carousel);
  const nav = newBlock('navGrid', 'home-nav');
  const navItems: [string, NavLink][] = [
    ['每日签到', { navType: 'sign_in', subContent: '' }],
    ['我的设备', { navType: 'my_devices', subContent: '' }],
    ['健康报告', { navType: 'my_reports', subContent: '' }],
    ['积分商城', { navType: 'mall_home', subContent: '' }],
  ];
  nav.props.items = navItems.map(([title, link], i) => ({ icon: icons[i] ?? '', title, link }));
  blocks.push(nav);
  const notice = newBlock('notice', 'home-notice');
  notice.props.text =
    step >= 2 ? '冬季血压易波动，请每天早晚各测量一次' : '新会员注册即送 200 积分';
  notice.props.link =
    r.noticeId !== null ? { navType: 'notice', subContent: String(r.noticeId) } : NO_LINK;
  blocks.push(notice);
  if (r.banner) {
    const ad = newBlock('imageAd', 'home-ad');
    ad.props.items = [{ image: r.banner, link: { navType: 'jkyfspy', subContent: '' } }];
    blocks.push(ad);
  }
  const goodsTitle = newBlock('title', 'home-goods-title');
  goodsTitle.props.text = '健康好物';
  goodsTitle.props.subtitle = '积分兑换，包邮到家';
  goodsTitle.props.link = { navType: 'mall_home', subContent: '' };
  blocks.push(goodsTitle);
  const goods = newBlock('goodsList', 'home-goods');
  goods.props.source = step >= 3 ? 'bestSelling' : 'newest';
  goods.props.count = 4;
  blocks.push(goods);
  if (r.videoId !== null) {
    const video = newBlock('video', 'home-video');
    video.props.title = '健康课堂';
    video.props.videoId = r.videoId;
    blocks.push(video);
  }
  if (r.serviceTypeIds.length > 0) {
    const service = newBlock('healthService', 'home-service');
    service.props.title = '居家健康服务';
    service.props.packageTypeIds = r.serviceTypeIds;
    blocks.push(service);
  }
  const blank = newBlock('blank', 'home-divider');
  blank.props.divider = true;
  blank.props.color = '#e5e6eb';
  blocks.push(blank);
  const rich = newBlock('richText', 'home-tips');
  rich.props.html =
    step >= 4
      ? '<h3>冬季健康提示</h3><p>注意保暖，<strong>晨起先测血压再活动</strong>；血压持续偏高请及时联系家庭医生。</p>'
      : '<h3>健康提示</h3><p>规律作息，<strong>每天测量血压</strong>，异常时及时联系家庭医生。</p>';
  blocks.push(rich);
  doc.content = blocks;
  return doc;
}

function topicPage(title: string, r: Records, text: string): PageDocument {
  const doc = emptyDocument(title);
  const heading = newBlock('title', 'topic-title');
  heading.props.text = title;
  heading.props.align = 'center';
  const rich = newBlock('richText', 'topic-text');
  rich.props.html = text;
  doc.content = [heading, rich];
  if (r.videoId !== null) {
    const video = newBlock('video', 'topic-video');
    video.props.videoId = r.videoId;
    doc.content.push(video);
  }
  return doc;
}

function mallPage(r: Records): PageDocument {
  const doc = emptyDocument('积分商城');
  const carousel = newBlock('carousel', 'mall-carousel');
  carousel.props.items = r.mallCarousel.map((image) => ({ image, link: NO_LINK }));
  const best = newBlock('goodsList', 'mall-best');
  best.props.title = '兑换排行';
  best.props.source = 'bestSelling';
  best.props.count = 6;
  const newest = newBlock('goodsList', 'mall-new');
  newest.props.title = '新品上架';
  newest.props.source = 'newest';
  newest.props.layout = 'scroll';
  newest.props.count = 6;
  doc.content = [carousel, best, newest].filter(
    (b) => b.type !== 'carousel' || b.props.items.length > 0,
  );
  return doc;
}

/** Store a page with its versions (published by PUBLISHER), a draft, and its live targets. */
async function storePage(
  ctx: AppContext,
  p: {
    kind: PageKind;
    name: string;
    versions: PageDocument[];
    draft: PageDocument;
    enabled?: boolean;
    daysAgo: number;
    scheduledAt?: number;
  },
): Promise<number> {
  const repo = new DecoratePagesRepo(ctx.db);
  const now = ctx.now();
  const start = now - p.daysAgo * DAY_MS;
  const id = await repo.insert({
    kind: p.kind,
    name: p.name,
    enabled_kind: p.enabled ? p.kind : null,
    draft_json: JSON.stringify(p.versions[0] ?? p.draft),
    draft_saved_at: start,
    draft_saved_by: EDITOR,
    created_at: start,
    updated_at: start,
  });
  let revision = 1;
  for (const [i, doc] of p.versions.entries()) {
    const at = start + (i + 1) * ((p.daysAgo * DAY_MS) / (p.versions.length + 2));
    revision = i + 2;
    await repo.insertVersion({
      page_id: id,
      version: i + 1,
      revision,
      document_json: JSON.stringify(doc),
      note: i === 0 ? '首次上线' : `第${i + 1}次调整`,
      published_by: PUBLISHER,
      published_at: Math.round(at),
    });
    await repo.update(id, {
      published_version: i + 1,
      published_revision: revision,
      published_at: Math.round(at),
      published_by: PUBLISHER,
      published_targets_json: targetsJsonOf(doc),
    });
  }
  const draftChanged = JSON.stringify(p.draft) !== JSON.stringify(p.versions.at(-1));
  await repo.update(id, {
    draft_json: JSON.stringify(p.draft),
    revision: draftChanged ? revision + 1 : revision,
    draft_saved_at: now - 2 * 60 * 60 * 1000,
    scheduled_at: p.scheduledAt ?? null,
    scheduled_revision: p.scheduledAt ? (draftChanged ? revision + 1 : revision) : null,
    scheduled_by: p.scheduledAt ? PUBLISHER : null,
  });
  if (p.scheduledAt) await ctx.jobs.schedule(PAGE_PUBLISH_JOB, id, p.scheduledAt);
  return id;
}

export async function seedPages(ctx: AppContext): Promise<void> {
  const r = await findRecords(ctx);
  const icons = [
    await icon(ctx, 'gift', 'orange'),
    await icon(ctx, 'heart', 'red'),
    await icon(ctx, 'shield', 'blue'),
    await icon(ctx, 'gift', 'purple'),
  ];
  const versions = [1, 2, 3].map((step) => homePage(r, icons, step));
  await storePage(ctx, {
    kind: 'home',
    name: '居家健康首页',
    versions,
    draft: homePage(r, icons, 4),
    enabled: true,
    daysAgo: 60,
  });
  await storePage(ctx, {
    kind: 'home',
    name: '春节活动首页',
    versions: [],
    draft: homePage(r, icons, 1),
    daysAgo: 3,
  });
  const hypertension = topicPage(
    '高血压防治专题',
    r,
    '<p>高血压是最常见的慢性病之一。<strong>每天固定时间测量</strong>、低盐饮食、规律服药，是控制血压的关键。</p>',
  );
  await storePage(ctx, {
    kind: 'topic',
    name: '高血压防治专题',
    versions: [hypertension],
    draft: hypertension,
    daysAgo: 20,
  });
  const diabetes = topicPage(
    '糖尿病饮食专题',
    r,
    '<p>控制总热量，<strong>少量多餐</strong>，多吃蔬菜和粗粮，定期监测血糖。</p>',
  );
  await storePage(ctx, {
    kind: 'topic',
    name: '糖尿病饮食专题',
    versions: [],
    draft: diabetes,
    daysAgo: 2,
    // Tomorrow at 09:00 China time.
    scheduledAt: chinaDayStartOf(ctx.now()) + DAY_MS + 9 * 60 * 60 * 1000,
  });
  const mall = mallPage(r);
  await storePage(ctx, {
    kind: 'mall',
    name: '积分商城首页',
    versions: [mall],
    draft: mall,
    enabled: true,
    daysAgo: 30,
  });
}
