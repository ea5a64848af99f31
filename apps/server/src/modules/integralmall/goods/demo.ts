import { createHash } from 'node:crypto';
import type { HealthTaskKind } from '@health/contract';
import type { Kysely } from 'kysely';
import type { DemoContext } from '../../../db/demo/context.js';
import type { Database, MallPackageKind, MallReviewStatusValue } from '../../../db/schema.js';
import type { AppContext } from '../../../platform/context.js';
import { publicUrlOf } from '../../../platform/uploads.js';
import { drawProductPicture, type PictureKind } from './demo-pictures.js';

/**
 * 积分商城's demo catalogue: package types (three goods categories, two service packages with
 * their health tasks) and twelve goods of them — some low on stock, one sold out, some off shelf,
 * one pending review and one rejected. Each has its product picture, as the goods rule wants one
 * to nine: its address is fixed here (the orders copy it), its file is drawn and stored once the
 * app's storage is ready (storeGoodsPictures). Nothing sold yet: the orders' demo takes from this
 * stock. Fixed data and times relative to `now`: the same every time.
 */

interface DemoType {
  name: string;
  kind: MallPackageKind;
  tasks: { kind: HealthTaskKind; count: number }[];
  description: string;
}

const TYPES: DemoType[] = [
  { name: '健康器械', kind: 'goods', tasks: [], description: '家用血压计、血糖仪、血氧仪等' },
  { name: '营养保健', kind: 'goods', tasks: [], description: '膳食补充与健康食品' },
  { name: '生活用品', kind: 'goods', tasks: [], description: '适老化居家生活用品' },
  {
    name: '心电判读服务包',
    kind: 'service',
    tasks: [{ kind: 'ecg_reading', count: 3 }],
    description: '兑换后由医生为会员判读3次心电记录',
  },
  {
    name: '上门随访服务包',
    kind: 'service',
    tasks: [
      { kind: 'home_visit', count: 1 },
      { kind: 'follow_up_call', count: 2 },
    ],
    description: '1次上门服务与2次电话随访',
  },
];

interface DemoGoods {
  name: string;
  type: number;
  points: number;
  cashFen?: number;
  stock: number;
  limit?: number;
  onShelf: boolean;
  review?: [MallReviewStatusValue, string];
  description: string;
  /** Its product picture (drawn by demo-pictures.ts, stored once the app is ready). */
  picture: PictureKind;
}

const GOODS: DemoGoods[] = [
  {
    name: '欧姆龙电子血压计 U10',
    picture: 'bp-monitor',
    type: 0,
    points: 12_800,
    stock: 35,
    limit: 1,
    onShelf: true,
    description: '<p>上臂式电子血压计，一键测量，<strong>大屏显示</strong>，适合家庭日常监测。</p>',
  },
  {
    name: '鱼跃指夹式血氧仪 YX306',
    picture: 'oximeter',
    type: 0,
    points: 6_800,
    stock: 8,
    limit: 2,
    onShelf: true,
    description: '<p>指夹式测量血氧饱和度与脉率，OLED 显示屏，夜间也能看清。</p>',
  },
  {
    name: '三诺安稳+血糖仪套装（含50支试纸）',
    picture: 'glucose-kit',
    type: 0,
    points: 9_900,
    stock: 0,
    limit: 1,
    onShelf: true,
    description: '<p>免调码血糖仪，5秒出结果，套装含50支试纸和采血针。</p>',
  },
  {
    name: '医用电子体温计',
    picture: 'thermometer',
    type: 0,
    points: 1_500,
    stock: 120,
    onShelf: true,
    description: '<p>软头电子体温计，约60秒测量完成，蜂鸣提示。</p>',
  },
  {
    name: '钙维生素D咀嚼片（60片）',
    picture: 'calcium',
    type: 1,
    points: 3_200,
    stock: 60,
    limit: 3,
    onShelf: true,
    description: '<p>补充钙和维生素D，<em>中老年人</em>每日1片。</p>',
  },
  {
    name: '深海鱼油软胶囊（100粒）',
    picture: 'fish-oil',
    type: 1,
    points: 4_500,
    cashFen: 1_990,
    stock: 5,
    limit: 2,
    onShelf: true,
    description: '<p>富含 Omega-3 脂肪酸，积分加现金兑换。</p>',
  },
  {
    name: '无糖高纤燕麦片 1kg',
    picture: 'oats',
    type: 1,
    points: 1_800,
    stock: 200,
    onShelf: false,
    review: ['rejected', '商品图片与实物不符，请更换实拍图后重新提交'],
    description: '<p>无添加蔗糖，高膳食纤维，适合控糖人群早餐。</p>',
  },
  {
    name: '记忆棉护颈枕',
    picture: 'pillow',
    type: 2,
    points: 5_600,
    stock: 25,
    onShelf: true,
    description: '<p>慢回弹记忆棉，贴合颈椎曲线，枕套可拆洗。</p>',
  },
  {
    name: '智能提醒药盒（7日分装）',
    picture: 'pill-box',
    type: 2,
    points: 2_600,
    stock: 3,
    onShelf: false,
    description: '<p>一周七格分装，定时声光提醒按时服药。</p>',
  },
  {
    name: '防滑浴室凳',
    picture: 'bath-stool',
    type: 2,
    points: 3_900,
    stock: 40,
    onShelf: false,
    review: ['pending', ''],
    description: '<p>铝合金支架，防滑脚垫，高度可调，老人洗浴更安全。</p>',
  },
  {
    name: '心电判读服务包（3次）',
    picture: 'ecg-service',
    type: 3,
    points: 8_800,
    stock: 500,
    limit: 2,
    onShelf: true,
    description: '<p>兑换后由签约医生为您判读<strong>3次</strong>心电记录并给出建议。</p>',
  },
  {
    name: '上门随访服务包',
    picture: 'home-visit',
    type: 4,
    points: 19_800,
    cashFen: 9_900,
    stock: 50,
    limit: 1,
    onShelf: true,
    description: '<p>护士上门服务1次（测量、用药指导），另含2次电话随访。</p>',
  },
];

export async function seedGoods(db: Kysely<Database>, demo: DemoContext): Promise<void> {
  const { now, day } = demo;
  const typeIds: number[] = [];
  for (const [i, t] of TYPES.entries()) {
    const at = now - (120 - i) * day;
    const row = await db
      .insertInto('mall_package_types')
      .values({
        name: t.name,
        kind: t.kind,
        tasks_json: JSON.stringify(t.tasks),
        description: t.description,
        sort: i + 1,
        enabled: 1,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    typeIds.push(Number(row.id));
  }
  for (const [i, g] of GOODS.entries()) {
    const at = now - (90 - i * 6) * day;
    const [reviewStatus, remark] = g.review ?? ['none', ''];
    await db
      .insertInto('mall_goods')
      .values({
        name: g.name,
        package_type_id: typeIds[g.type]!,
        images_json: JSON.stringify([publicUrlOf(pictureKey(g.picture, demo))]),
        points_price: g.points,
        cash_fen: g.cashFen ?? 0,
        stock: g.stock,
        sold: 0,
        limit_per_member: g.limit ?? 0,
        description: g.description,
        on_shelf: g.onShelf ? 1 : 0,
        review_status: reviewStatus,
        review_remark: remark,
        sort: (i + 1) * 10,
        // 运营主管 张伟 of the demo operators (运营组 holds 商品管理).
        created_by: '张伟',
        created_at: at,
        updated_at: at + (i % 3) * day,
      })
      .execute();
  }
}

/**
 * "images/demo/goods-<kind>-<8 hex>.png": a storage key naming the picture it holds, new for each
 * demo load (a hash of its time: the demo's random source is left to the other areas' data).
 */
function pictureKey(kind: PictureKind, demo: DemoContext): string {
  const hex = createHash('sha256').update(`${kind}:${demo.now}`).digest('hex').slice(0, 8);
  return `images/demo/goods-${kind}-${hex}.png`;
}
const PICTURE_KEY = /^images\/demo\/goods-([a-z-]+)-[0-9a-f]{8}\.png$/;

/**
 * Draw and store the demo goods' pictures their rows name (run once the app and its storage are
 * ready, after the demo data was loaded).
 */
export async function storeGoodsPictures(ctx: AppContext): Promise<void> {
  const rows = await ctx.db.selectFrom('mall_goods').select('images_json').execute();
  const prefix = publicUrlOf('');
  for (const row of rows) {
    for (const url of JSON.parse(row.images_json) as string[]) {
      const key = url.startsWith(prefix) ? url.slice(prefix.length) : '';
      const kind = PICTURE_KEY.exec(key)?.[1] as PictureKind | undefined;
      if (kind) await ctx.storage.put(key, drawProductPicture(kind));
    }
  }
}
