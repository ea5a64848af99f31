import { z } from 'zod';
import { PAGES, type FrontPath } from '../catalogue.js';
import type { MetricKey } from '../statistics/metrics.js';
import type { SettingsSection } from '../system/settings.js';

/**
 * 应用中心 (/marketing_app/center): the platform's apps as cards. Each names the pages it is run
 * from (an operator sees the apps whose pages they may open, and only those links), the settings
 * section whose `enabled` switch turns it on or off where it has one, and the glossary metric
 * shown as its number today.
 */
export const APP_CENTER_PATHS = { list: '/v3/marketing/admin/apps' } as const;

interface AppDef {
  name: string;
  nameEn: string;
  description: string;
  descriptionEn: string;
  pages: readonly FrontPath[];
  /** The settings section with an `enabled` switch (its page's edit action turns it). */
  settings?: Extract<SettingsSection, 'sign' | 'conversation_set'>;
  metric?: MetricKey;
}

export const APPS = {
  signIn: {
    name: '每日签到',
    nameEn: 'Daily check-in',
    description: '会员每天签到领取积分，连续签到有额外奖励',
    descriptionEn: 'Members check in daily for points, with rewards for streaks',
    pages: [PAGES.signIns],
    settings: 'sign',
    metric: 'signs.checkIns',
  },
  mall: {
    name: '积分商城',
    nameEn: 'Points mall',
    description: '会员用积分兑换商品和健康服务',
    descriptionEn: 'Members spend points on goods and health services',
    pages: [PAGES.goods, PAGES.orders, PAGES.mallDecorate],
    metric: 'orders.created',
  },
  notices: {
    name: '消息通知',
    nameEn: 'Notices',
    description: '向全部会员或按等级、渠道推送活动和通知',
    descriptionEn: 'Activities and notices sent to all members or by grade or channel',
    pages: [PAGES.notices],
  },
  consultation: {
    name: '在线问诊',
    nameEn: 'Online consultation',
    description: '会员在服务时间内向值班医生咨询',
    descriptionEn: 'Members consult the doctors on duty during service hours',
    pages: [PAGES.conversationSet],
    settings: 'conversation_set',
  },
  videos: {
    name: '健康视频',
    nameEn: 'Health videos',
    description: '在 App 中播放的健康科普视频',
    descriptionEn: 'Health education videos played in the app',
    pages: [PAGES.decorateVideos],
  },
  plans: {
    name: '健康管理方案',
    nameEn: 'Health plans',
    description: '医生为会员制定的目标、饮食、运动、用药和随访计划',
    descriptionEn: "Doctors' plans for members: goals, diet, exercise, medication and follow-ups",
    pages: [PAGES.healthPlans],
    metric: 'tasks.done',
  },
} as const satisfies Record<string, AppDef>;

export type AppKey = keyof typeof APPS;
export const APP_KEYS = Object.keys(APPS) as AppKey[];

export const appCardSchema = z.object({
  key: z.string(),
  /** On or off where the app has a switch; null where it has none. */
  enabled: z.boolean().nullable(),
  /** The app's glossary metric today (null: it has none). */
  metric: z.string().nullable(),
  today: z.number().nullable(),
});
export type AppCard = z.infer<typeof appCardSchema>;

export const appCenterSchema = z.object({ apps: z.array(appCardSchema), asOf: z.number() });
export type AppCenter = z.infer<typeof appCenterSchema>;
