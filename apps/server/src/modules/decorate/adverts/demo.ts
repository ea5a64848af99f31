import { createHash } from 'node:crypto';
import {
  ADVERT_POSITIONS,
  chinaDayStartOf,
  type AdvertPosition,
  type NavLink,
} from '@health/contract';
import type { Kysely } from 'kysely';
import type { DemoContext } from '../../../db/demo/context.js';
import type { Database } from '../../../db/schema.js';
import type { AppContext } from '../../../platform/context.js';
import { publicUrlOf } from '../../../platform/uploads.js';
import { GoodsRepo } from '../../integralmall/goods/repo.js';
import {
  BANNER_MOTIFS,
  BANNER_PALETTES,
  drawBanner,
  type BannerMotif,
  type BannerPalette,
} from './demo-images.js';

/**
 * 广告位's demo slots: live ones on every position, one scheduled, two ended and one switched off;
 * links to the mall's goods (on shelf), built-in pages and a web page. Each image's address is fixed
 * here, its file is drawn at the position's size and stored once the app's storage is ready
 * (storeAdvertImages). Times relative to `now`, at midnight China time: the same every time.
 */

interface DemoSlot {
  position: AdvertPosition;
  title: string;
  motif: BannerMotif;
  palette: BannerPalette;
  /** A goods item by part of its name (falls back to the mall's home when absent), or a link. */
  link: NavLink | { goods: string };
  /** Days from today's midnight (China time). */
  from: number;
  to: number;
  sort: number;
  enabled?: boolean;
}

const SLOTS: DemoSlot[] = [
  {
    position: 'splash',
    title: '守护健康每一天',
    motif: 'shield',
    palette: 'blue',
    link: { navType: 'none', subContent: '' },
    from: -30,
    to: 60,
    sort: 1,
  },
  {
    position: 'home_popup',
    title: '新会员每日签到领积分',
    motif: 'gift',
    palette: 'orange',
    link: { navType: 'sign_in', subContent: '' },
    from: -7,
    to: 23,
    sort: 1,
  },
  {
    position: 'home_popup',
    title: '健康打卡挑战赛',
    motif: 'heart',
    palette: 'red',
    link: { navType: 'sign_in', subContent: '' },
    from: -75,
    to: -60,
    sort: 2,
  },
  {
    position: 'home_carousel',
    title: '家用血压计限时兑换',
    motif: 'heart',
    palette: 'red',
    link: { goods: '电子血压计' },
    from: -10,
    to: 20,
    sort: 1,
  },
  {
    position: 'home_carousel',
    title: '会员积分兑好礼',
    motif: 'gift',
    palette: 'green',
    link: { navType: 'mall_home', subContent: '' },
    from: -14,
    to: 30,
    sort: 2,
  },
  {
    position: 'home_carousel',
    title: '健康管理服务介绍',
    motif: 'shield',
    palette: 'teal',
    link: { navType: 'shh_jkglfw', subContent: '' },
    from: -40,
    to: 90,
    sort: 3,
  },
  {
    position: 'home_carousel',
    title: '健康关爱季 即将开启',
    motif: 'heart',
    palette: 'purple',
    link: { navType: 'ljdz', subContent: 'https://www.example.com/activity/care-season' },
    from: 10,
    to: 30,
    sort: 4,
  },
  {
    position: 'mall_carousel',
    title: '心电判读服务包上新',
    motif: 'heart',
    palette: 'blue',
    link: { goods: '心电判读服务包' },
    from: -5,
    to: 25,
    sort: 1,
  },
  {
    position: 'mall_carousel',
    title: '暖心好物兑换',
    motif: 'gift',
    palette: 'orange',
    link: { navType: 'mall_home', subContent: '' },
    from: -90,
    to: -15,
    sort: 2,
  },
  {
    position: 'mall_carousel',
    title: '积分商城会员日',
    motif: 'gift',
    palette: 'purple',
    link: { navType: 'mall_home', subContent: '' },
    from: -20,
    to: 40,
    sort: 3,
    enabled: false,
  },
  {
    position: 'video_banner',
    title: '高血压防治系列课',
    motif: 'play',
    palette: 'teal',
    link: { navType: 'jkyfspy', subContent: '' },
    from: -20,
    to: 70,
    sort: 1,
  },
];

/**
 * "images/demo/advert-<motif>-<palette>-<w>x<h>-<8 hex>.png": a storage key naming the picture it
 * holds, new for each demo load.
 */
function imageKey(slot: DemoSlot, index: number, demo: DemoContext): string {
  const { width, height } = ADVERT_POSITIONS[slot.position];
  const hex = createHash('sha256').update(`advert:${index}:${demo.now}`).digest('hex').slice(0, 8);
  return `images/demo/advert-${slot.motif}-${slot.palette}-${width}x${height}-${hex}.png`;
}
const IMAGE_KEY = /^images\/demo\/advert-([a-z]+)-([a-z]+)-(\d+)x(\d+)-[0-9a-f]{8}\.png$/;

export async function seedAdverts(db: Kysely<Database>, demo: DemoContext): Promise<void> {
  const { now, day } = demo;
  const today = chinaDayStartOf(now);
  const goods = new GoodsRepo(db);
  for (const [i, slot] of SLOTS.entries()) {
    let link: NavLink = { navType: 'mall_home', subContent: '' };
    if ('goods' in slot.link) {
      const [item] = await goods.linkTargets({ keyword: slot.link.goods, limit: 1 });
      if (item && Number(item.on_shelf) === 1) {
        link = { navType: 'jjk_mall_goods', subContent: String(item.id) };
      }
    } else {
      link = slot.link;
    }
    const at = now - (120 - i * 5) * day;
    await db
      .insertInto('decorate_adverts')
      .values({
        position: slot.position,
        title: slot.title,
        image: publicUrlOf(imageKey(slot, i, demo)),
        nav_type: link.navType,
        sub_content: link.subContent,
        start_at: today + slot.from * day,
        end_at: today + slot.to * day,
        sort: slot.sort,
        enabled: slot.enabled === false ? 0 : 1,
        created_at: at,
        updated_at: at,
      })
      .execute();
  }
}

/** Draw and store the images the demo slots name (once the app and its storage are ready). */
export async function storeAdvertImages(ctx: AppContext): Promise<void> {
  const rows = await ctx.db.selectFrom('decorate_adverts').select('image').execute();
  const prefix = publicUrlOf('');
  for (const { image } of rows) {
    const key = image.startsWith(prefix) ? image.slice(prefix.length) : '';
    const m = IMAGE_KEY.exec(key);
    if (!m) continue;
    const motif = m[1] as BannerMotif;
    const palette = m[2] as BannerPalette;
    if (!BANNER_MOTIFS.includes(motif) || !(palette in BANNER_PALETTES)) continue;
    await ctx.storage.put(key, drawBanner(motif, palette, Number(m[3]), Number(m[4])));
  }
}
