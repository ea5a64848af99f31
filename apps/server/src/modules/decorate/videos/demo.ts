import { createHash } from 'node:crypto';
import { VIDEO_CATEGORY_KEYS, type VideoCategory } from '@health/contract';
import type { Kysely } from 'kysely';
import type { DemoContext } from '../../../db/demo/context.js';
import type { Database } from '../../../db/schema.js';
import type { AppContext } from '../../../platform/context.js';
import { publicUrlOf } from '../../../platform/uploads.js';
import { drawVideoCover, drawVideoMp4 } from './demo-art.js';

/**
 * 健康视频's demo: eight videos in three categories (慢病管理, 心脏健康, 饮食营养), one of them
 * switched off. Each has a cover and an MP4 of this site: their addresses are fixed here, their
 * files are drawn (demo-art.ts) and stored once the app's storage is ready (storeVideoMedia).
 * Fixed data and times relative to `now`: the same every time.
 */

interface DemoVideo {
  title: string;
  category: VideoCategory;
  durationS: number;
  description: string;
  sort: number;
  enabled?: boolean;
}

const VIDEOS: DemoVideo[] = [
  {
    title: '高血压患者的家庭自测血压方法',
    category: 'chronic',
    durationS: 245,
    description: '正确的坐姿、袖带位置和测量时间，教您在家测出准确的血压值。',
    sort: 1,
  },
  {
    title: '糖尿病日常血糖监测要点',
    category: 'chronic',
    durationS: 318,
    description: '空腹与餐后血糖怎么测、多久测一次，以及测量结果的记录方法。',
    sort: 2,
  },
  {
    title: '慢阻肺患者的呼吸训练',
    category: 'chronic',
    durationS: 192,
    description: '缩唇呼吸和腹式呼吸的练习步骤，帮助改善日常气短。',
    sort: 3,
  },
  {
    title: '读懂心电图报告的几个关键词',
    category: 'heart',
    durationS: 276,
    description: '窦性心律、早搏、ST 段改变分别是什么意思，什么情况需要尽快就医。',
    sort: 4,
  },
  {
    title: '胸痛时如何判断是否需要急救',
    category: 'heart',
    durationS: 158,
    description: '识别心梗的典型与不典型表现，拨打急救电话前后应该做什么。',
    sort: 5,
  },
  {
    title: '房颤患者的日常注意事项',
    category: 'heart',
    durationS: 224,
    description: '按时服用抗凝药、监测心率，以及出现哪些症状要及时复诊。',
    sort: 6,
    enabled: false,
  },
  {
    title: '控盐控油的家常做法',
    category: 'diet',
    durationS: 205,
    description: '用限盐勺、少油烹饪和天然调味，让清淡饮食也有好味道。',
    sort: 7,
  },
  {
    title: '糖尿病患者怎样吃水果',
    category: 'diet',
    durationS: 173,
    description: '选择低升糖水果、把握分量和时间，血糖平稳也能吃得开心。',
    sort: 8,
  },
];

/** A key naming what its file holds, new for each demo load (a hash of its time). */
function keyHash(name: string, demo: DemoContext): string {
  return createHash('sha256').update(`${name}:${demo.now}`).digest('hex').slice(0, 8);
}
const coverKey = (v: DemoVideo, i: number, demo: DemoContext) =>
  `images/demo/video-${v.category}-${i}-${keyHash(`cover${i}`, demo)}.png`;
const videoKey = (v: DemoVideo, i: number, demo: DemoContext) =>
  `videos/demo/${v.category}-${i}-${v.durationS}-${keyHash(`video${i}`, demo)}.mp4`;

export async function seedVideos(db: Kysely<Database>, demo: DemoContext): Promise<void> {
  const { now, day } = demo;
  for (const [i, v] of VIDEOS.entries()) {
    const at = now - (60 - i * 5) * day;
    await db
      .insertInto('decorate_videos')
      .values({
        title: v.title,
        category: v.category,
        cover: publicUrlOf(coverKey(v, i, demo)),
        url: publicUrlOf(videoKey(v, i, demo)),
        duration_s: v.durationS,
        description: v.description,
        sort: v.sort,
        enabled: v.enabled === false ? 0 : 1,
        created_at: at,
        updated_at: at + (i % 3) * day,
      })
      .execute();
  }
}

const CATEGORY = `(${VIDEO_CATEGORY_KEYS.join('|')})`;
const COVER_KEY = new RegExp(`^images/demo/video-${CATEGORY}-(\\d+)-[0-9a-f]{8}\\.png$`);
const VIDEO_KEY = new RegExp(`^videos/demo/${CATEGORY}-(\\d+)-(\\d+)-[0-9a-f]{8}\\.mp4$`);

/**
 * Draw and store the covers and MP4s the demo videos name (run once the app and its storage are
 * ready, after the demo data was loaded).
 */
export async function storeVideoMedia(ctx: AppContext): Promise<void> {
  const rows = await ctx.db.selectFrom('decorate_videos').select(['cover', 'url']).execute();
  const prefix = publicUrlOf('');
  const keyOf = (url: string) => (url.startsWith(prefix) ? url.slice(prefix.length) : '');
  for (const row of rows) {
    const cover = COVER_KEY.exec(keyOf(row.cover));
    if (cover) {
      const [key, category, variant] = cover as unknown as [string, VideoCategory, string];
      await ctx.storage.put(key, drawVideoCover(category, Number(variant)));
    }
    const video = VIDEO_KEY.exec(keyOf(row.url));
    if (video) {
      const [key, category, variant, seconds] = video as unknown as [
        string,
        VideoCategory,
        string,
        string,
      ];
      await ctx.storage.put(key, drawVideoMp4(category, Number(variant), Number(seconds)));
    }
  }
}
