import { z } from 'zod';
import { outOfRange } from '../content-fields.js';
import { PAGES, type FrontPath } from '../catalogue.js';
import { ApiPaths } from '../api-paths.js';
import { idSchema } from '../ids.js';
import { DEFAULT_INTEGRAL_SET, integralSetSchema } from '../member/points.js';
import { DEFAULT_SIGN_SET, signSetSchema } from '../member/sign-ins.js';
import { DEFAULT_GOODS_SET, goodsSetSchema } from '../integralmall/goods.js';

/**
 * System settings (PRODUCT.md §4 "sysset"): one zod schema per settings section, shared by the
 * server (validation of `setting/update`) and the web settings form (checked in the browser with the
 * same Chinese messages), the defaults an unsaved section answers, and the warning thresholds of PRODUCT.md §3 with the pure function
 * that classifies a measurement against them.
 */

export const SettingsPaths = {
  info: '/v3/system/admin/setting/info',
  update: '/v3/system/admin/setting/update',
  /** Public: platform name and logos (the shell reads it as ApiPaths.siteInfo). */
  siteInfo: ApiPaths.siteInfo,
  /** Enabled doctors who can be picked to take consultations (conversation_set). */
  doctorOptions: '/v3/system/admin/setting/doctorOptions',
} as const;

/* ---------------------------------------------------------------- field helpers */

const int = (label: string, min: number, max: number) =>
  z
    .number({ error: `请输入${label}` })
    .int(`${label}必须是整数`)
    .min(min, outOfRange(label, min, max))
    .max(max, outOfRange(label, min, max));

/** Money in integer fen, edited in yuan: its range is said in yuan ("设备押金应在0到100000元之间"). */
const fen = (label: string, maxYuan: number) =>
  z
    .number({ error: `请输入${label}` })
    .int(`${label}最多保留2位小数`)
    .min(0, outOfRange(label, 0, maxYuan, '元'))
    .max(maxYuan * 100, outOfRange(label, 0, maxYuan, '元'));

/** A decimal with at most `places` decimals (glucose 3.9, cholesterol 5.2). */
const dec = (label: string, min: number, max: number, places = 1) =>
  z
    .number({ error: `请输入${label}` })
    .min(min, outOfRange(label, min, max))
    .max(max, outOfRange(label, min, max))
    .refine((v) => Math.abs(v * 10 ** places - Math.round(v * 10 ** places)) < 1e-6, {
      message: `${label}最多保留${places}位小数`,
    });

const text = (label: string, max: number) =>
  z
    .string({ error: `请输入${label}` })
    .trim()
    .max(max, `${label}最多${max}个字`);

const required = (label: string, max: number) => text(label, max).min(1, `请输入${label}`);

/** An image or link: empty, a site path ("/uploads/…") or an http(s) URL. */
const imageUrl = (label: string) =>
  z
    .string({ error: `${label}格式不正确` })
    .trim()
    .max(500, `${label}地址过长`)
    .refine((v) => v === '' || /^\/[^/]/.test(v) || /^https?:\/\/\S+$/i.test(v), {
      message: `${label}必须是上传的图片或 http(s) 地址`,
    });

const httpUrl = (label: string) =>
  z
    .string({ error: `${label}格式不正确` })
    .trim()
    .max(300, `${label}过长`)
    .refine((v) => v === '' || /^https?:\/\/[^\s/]+\S*$/i.test(v), {
      message: `${label}必须以 http:// 或 https:// 开头`,
    });

/** Mobile, landline or 400 number: digits, spaces and dashes, optional leading +. */
const phone = (label: string) =>
  z
    .string({ error: `${label}格式不正确` })
    .trim()
    .max(20, `${label}过长`)
    .refine((v) => v === '' || /^\+?[0-9][0-9 -]{4,18}[0-9]$/.test(v), {
      message: `${label}格式不正确`,
    });

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const hhmm = (label: string) =>
  z.string({ error: `请选择${label}` }).regex(HHMM, `${label}格式应为 时:分（如 08:30）`);

const VERSION = /^\d{1,3}(\.\d{1,3}){1,3}$/;
const version = (label: string) =>
  z
    .string({ error: `请输入${label}` })
    .trim()
    .regex(VERSION, `${label}格式应为 数字.数字.数字（如 2.3.0）`);

/** -1, 0 or 1 comparing two dotted versions numerically. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  return 0;
}

/* ---------------------------------------------------------------- sections */

export const siteInfoSchema = z.object({
  platformName: required('平台名称', 30),
  logo: imageUrl('平台 Logo'),
  adminLogo: imageUrl('后台 Logo'),
  servicePhone: phone('客服电话'),
  icpNumber: text('ICP 备案号', 50),
  copyright: text('版权信息', 100),
  h5Domain: httpUrl('H5 域名'),
});
export type SiteInfo = z.infer<typeof siteInfoSchema>;

export const picSetSchema = z.object({
  goodsPlaceholder: imageUrl('商品默认图'),
  memberAvatar: imageUrl('会员默认头像'),
  deviceImage: imageUrl('设备默认图'),
  shareImage: imageUrl('分享图'),
});
export type PicSet = z.infer<typeof picSetSchema>;

export const orderSetSchema = z.object({
  autoCancelMinutes: int('未支付自动取消时间', 5, 1440),
  autoConfirmDays: int('自动确认收货天数', 1, 60),
  afterSaleDays: int('售后期限天数', 0, 90),
  /** Device-lending deposit in fen (integer money). */
  deviceDepositFen: fen('设备押金', 100_000),
  returnDeadlineDays: int('设备归还期限天数', 1, 365),
  /** A device that uploaded within this many hours counts as online (设备列表). */
  deviceOnlineHours: int('设备在线判定时长', 1, 720).default(24),
  /** 医生工作台: minutes a doctor's claim on an alert lasts (then another may claim it). */
  claimMinutes: int('认领有效时长', 5, 1440).default(30),
  /** 医生工作台: an alert waiting longer than this many minutes shows its clock red. */
  queueWaitLimitMinutes: int('预警等待时限', 1, 1440).default(30),
  /** 健康报告: days a member's report link works (the doctor may choose 1–90). */
  reportLinkDays: int('报告链接有效天数', 1, 90).default(7),
});
export type OrderSet = z.infer<typeof orderSetSchema>;

export const returnAddressSchema = z.object({
  receiver: text('收件人', 20),
  phone: phone('收件电话'),
  address: text('收件地址', 200),
});

export const baseSetSchema = z
  .object({
    registrationOpen: z.boolean({ error: '请选择是否开放注册' }),
    defaultGrade: required('默认会员等级', 20),
    pointsName: required('积分名称', 10),
    serviceStart: hhmm('客服开始时间'),
    serviceEnd: hhmm('客服结束时间'),
    returnAddress: returnAddressSchema,
  })
  .superRefine((v, ctx) => {
    if (HHMM.test(v.serviceStart) && HHMM.test(v.serviceEnd) && v.serviceEnd <= v.serviceStart) {
      ctx.addIssue({
        code: 'custom',
        path: ['serviceEnd'],
        message: '客服结束时间必须晚于开始时间',
      });
    }
    const a = v.returnAddress;
    const filled = [a.receiver, a.phone, a.address].filter((s) => s.trim() !== '').length;
    if (filled > 0 && filled < 3) {
      for (const key of ['receiver', 'phone', 'address'] as const) {
        if (a[key].trim() === '') {
          ctx.addIssue({
            code: 'custom',
            path: ['returnAddress', key],
            message: '归还地址的收件人、电话和地址需填写完整',
          });
        }
      }
    }
  });
export type BaseSet = z.infer<typeof baseSetSchema>;

const appPlatformSchema = (name: string) =>
  z.object({
    latestVersion: version(`${name}最新版本`),
    minVersion: version(`${name}最低版本`),
    downloadUrl: httpUrl(`${name}下载地址`),
    releaseNotes: text(`${name}更新说明`, 1000),
  });

export const appSetSchema = z
  .object({
    appName: required('APP 名称', 20),
    appIcon: imageUrl('APP 图标'),
    android: appPlatformSchema('Android '),
    ios: appPlatformSchema('iOS '),
  })
  .superRefine((v, ctx) => {
    for (const p of ['android', 'ios'] as const) {
      const { latestVersion, minVersion } = v[p];
      if (
        VERSION.test(latestVersion) &&
        VERSION.test(minVersion) &&
        compareVersions(minVersion, latestVersion) > 0
      ) {
        ctx.addIssue({
          code: 'custom',
          path: [p, 'minVersion'],
          message: '最低版本（强制更新）不能高于最新版本',
        });
      }
    }
  });
export type AppSet = z.infer<typeof appSetSchema>;

export const paySetSchema = z.object({
  paymentTimeoutMinutes: int('支付超时时间', 1, 1440),
  refundApprovalRequired: z.boolean({ error: '请选择退款是否需要审核' }),
  /** How many points make one yuan when paying with points. */
  pointsPerYuan: int('积分抵扣比例', 1, 100_000),
  /** At most this percentage of an order may be paid with points. */
  deductionCapPercent: int('积分抵扣上限', 0, 100),
});
export type PaySet = z.infer<typeof paySetSchema>;

export const conversationSetSchema = z
  .object({
    enabled: z.boolean({ error: '请选择是否开启在线问诊' }),
    serviceStart: hhmm('服务开始时间'),
    serviceEnd: hhmm('服务结束时间'),
    feePoints: int('问诊费用（积分）', 0, 100_000),
    freeQuotaPerMonth: int('每月免费次数', 0, 100),
    autoCloseIdleMinutes: int('无回复自动结束时间', 5, 1440),
    welcomeText: text('欢迎语', 200),
    doctorIds: z
      .array(idSchema('接诊医生'), { error: '请选择接诊医生' })
      .max(200, '接诊医生最多200位'),
  })
  .superRefine((v, ctx) => {
    if (HHMM.test(v.serviceStart) && HHMM.test(v.serviceEnd) && v.serviceEnd <= v.serviceStart) {
      ctx.addIssue({
        code: 'custom',
        path: ['serviceEnd'],
        message: '服务结束时间必须晚于开始时间',
      });
    }
    if (v.enabled && v.doctorIds.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['doctorIds'],
        message: '开启在线问诊时至少选择一位接诊医生',
      });
    }
  });
export type ConversationSet = z.infer<typeof conversationSetSchema>;

/* ---------------------------------------------------------------- warning thresholds (§3) */

/** What a rule's outcome raises: nothing (recorded only), a warning, or an urgent warning. */
export const WARNING_LEVELS = ['none', 'warning', 'urgent'] as const;
export type WarningLevel = (typeof WARNING_LEVELS)[number];
export const WARNING_LEVEL_LABELS: Record<WarningLevel, string> = {
  none: '不预警',
  warning: '预警',
  urgent: '紧急',
};

/** WARNING_LEVEL_LABELS's English, for the English UI and the operation log. */
export const WARNING_LEVEL_LABELS_EN: Record<WarningLevel, string> = {
  none: 'None',
  warning: 'Warning',
  urgent: 'Urgent',
};
const RANK: Record<WarningLevel, number> = { none: 0, warning: 1, urgent: 2 };
const level = z.enum(WARNING_LEVELS, { error: '请选择预警级别' });

export const NOTIFY_TARGETS = ['doctorQueue', 'memberSms', 'familySms'] as const;
export type NotifyTarget = (typeof NOTIFY_TARGETS)[number];
export const NOTIFY_TARGET_LABELS: Record<NotifyTarget, string> = {
  doctorQueue: '医生工作台',
  memberSms: '会员短信',
  familySms: '家属短信',
};
const notifySchema = z.object({
  doctorQueue: z.boolean(),
  memberSms: z.boolean(),
  familySms: z.boolean(),
});

const mmHgS = (label: string) => int(label, 50, 300);
const mmHgD = (label: string) => int(label, 30, 200);
const mmol = (label: string) => dec(label, 0.5, 40);
const bpm = (label: string) => int(label, 20, 300);

export const MEASUREMENT_TYPES = ['bp', 'bg', 'chol', 'ua', 'ecg'] as const;
export type MeasurementType = (typeof MEASUREMENT_TYPES)[number];
export const MEASUREMENT_TYPE_LABELS: Record<MeasurementType, string> = {
  bp: '血压',
  bg: '血糖',
  chol: '总胆固醇',
  ua: '尿酸',
  ecg: '心电',
};
/** MEASUREMENT_TYPE_LABELS's English. */
export const MEASUREMENT_TYPE_LABELS_EN: Record<MeasurementType, string> = {
  bp: 'Blood pressure',
  bg: 'Blood glucose',
  chol: 'Total cholesterol',
  ua: 'Uric acid',
  ecg: 'ECG',
};
export const MEASUREMENT_UNITS: Record<MeasurementType, string> = {
  bp: 'mmHg',
  bg: 'mmol/L',
  chol: 'mmol/L',
  ua: 'µmol/L',
  ecg: '次/分',
};

const bpRuleSchema = z.object({
  enabled: z.boolean(),
  notify: notifySchema,
  /** Grade N starts at these values (systolic ≥ or diastolic ≥); normal is below grade 1. */
  grade1: z.object({ systolicMin: mmHgS('一级收缩压下限'), diastolicMin: mmHgD('一级舒张压下限') }),
  grade2: z.object({ systolicMin: mmHgS('二级收缩压下限'), diastolicMin: mmHgD('二级舒张压下限') }),
  grade3: z.object({ systolicMin: mmHgS('三级收缩压下限'), diastolicMin: mmHgD('三级舒张压下限') }),
  /** Hypotension: systolic below or diastolic below. */
  hypotension: z.object({
    systolicBelow: mmHgS('低血压收缩压'),
    diastolicBelow: mmHgD('低血压舒张压'),
  }),
  levels: z.object({ grade1: level, grade2: level, grade3: level, hypotension: level }),
});

const bgRuleSchema = z.object({
  enabled: z.boolean(),
  notify: notifySchema,
  fasting: z.object({
    normalMin: mmol('空腹正常下限'),
    normalMax: mmol('空腹正常上限'),
    highMin: mmol('空腹高血糖'),
  }),
  postprandialHighMin: mmol('餐后高血糖'),
  randomHighMin: mmol('随机高血糖'),
  lowBelow: mmol('低血糖'),
  urgentLowBelow: mmol('严重低血糖'),
  levels: z.object({ high: level, low: level, urgentLow: level }),
});

const cholRuleSchema = z.object({
  enabled: z.boolean(),
  notify: notifySchema,
  borderlineMin: dec('边缘升高', 1, 20),
  highMin: dec('升高', 1, 20),
  levels: z.object({ borderline: level, high: level }),
});

const uaRuleSchema = z.object({
  enabled: z.boolean(),
  notify: notifySchema,
  menAbove: int('男性尿酸上限', 100, 1000),
  womenAbove: int('女性尿酸上限', 100, 1000),
  level,
});

const ecgRuleSchema = z.object({
  enabled: z.boolean(),
  notify: notifySchema,
  warningLow: bpm('心率预警下限'),
  warningHigh: bpm('心率预警上限'),
  urgentLow: bpm('心率紧急下限'),
  urgentHigh: bpm('心率紧急上限'),
  arrhythmia: z.object({
    enabled: z.boolean(),
    level: z.enum(['warning', 'urgent'], { error: '请选择预警级别' }),
  }),
  levels: z.object({ warning: level, urgent: level }),
});

type Issue = { path: (string | number)[]; message: string };

/**
 * Contradictions a threshold table must not hold, each reported on the field to fix. Exported so the
 * property tests can state the rules independently of zod.
 */
export function prewarningContradictions(v: PrewarningSetShape): Issue[] {
  const out: Issue[] = [];
  const add = (path: (string | number)[], message: string) => out.push({ path, message });
  const severity = (
    path: (string | number)[],
    lower: WarningLevel,
    higher: WarningLevel,
    m: string,
  ) => {
    if (RANK[higher] < RANK[lower]) add(path, m);
  };

  const { bp } = v;
  for (const [k, name] of [
    ['systolicMin', '收缩压'],
    ['diastolicMin', '舒张压'],
  ] as const) {
    if (bp.grade2[k] <= bp.grade1[k])
      add(['bp', 'grade2', k], `二级高血压的${name}下限必须高于一级`);
    if (bp.grade3[k] <= bp.grade2[k])
      add(['bp', 'grade3', k], `三级高血压的${name}下限必须高于二级`);
  }
  if (bp.hypotension.systolicBelow > bp.grade1.systolicMin)
    add(['bp', 'hypotension', 'systolicBelow'], '低血压的收缩压界限不能高于一级高血压下限');
  if (bp.hypotension.diastolicBelow > bp.grade1.diastolicMin)
    add(['bp', 'hypotension', 'diastolicBelow'], '低血压的舒张压界限不能高于一级高血压下限');
  severity(
    ['bp', 'levels', 'grade2'],
    bp.levels.grade1,
    bp.levels.grade2,
    '二级高血压的预警级别不能低于一级',
  );
  severity(
    ['bp', 'levels', 'grade3'],
    bp.levels.grade2,
    bp.levels.grade3,
    '三级高血压的预警级别不能低于二级',
  );

  const { bg } = v;
  if (bg.fasting.normalMax <= bg.fasting.normalMin)
    add(['bg', 'fasting', 'normalMax'], '空腹正常上限必须高于正常下限');
  if (bg.fasting.highMin <= bg.fasting.normalMax)
    add(['bg', 'fasting', 'highMin'], '空腹高血糖界限必须高于空腹正常上限');
  if (bg.postprandialHighMin <= bg.fasting.normalMax)
    add(['bg', 'postprandialHighMin'], '餐后高血糖界限必须高于空腹正常上限');
  if (bg.randomHighMin <= bg.fasting.normalMax)
    add(['bg', 'randomHighMin'], '随机高血糖界限必须高于空腹正常上限');
  if (bg.lowBelow > bg.fasting.normalMin) add(['bg', 'lowBelow'], '低血糖界限不能高于空腹正常下限');
  if (bg.urgentLowBelow >= bg.lowBelow)
    add(['bg', 'urgentLowBelow'], '严重低血糖界限必须低于低血糖界限');
  severity(
    ['bg', 'levels', 'urgentLow'],
    bg.levels.low,
    bg.levels.urgentLow,
    '严重低血糖的预警级别不能低于低血糖',
  );

  const { chol } = v;
  if (chol.highMin <= chol.borderlineMin)
    add(['chol', 'highMin'], '胆固醇“升高”界限必须高于“边缘升高”界限');
  severity(
    ['chol', 'levels', 'high'],
    chol.levels.borderline,
    chol.levels.high,
    '“升高”的预警级别不能低于“边缘升高”',
  );

  const { ecg } = v;
  if (ecg.warningHigh <= ecg.warningLow)
    add(['ecg', 'warningHigh'], '心率预警上限必须高于预警下限');
  if (ecg.urgentLow >= ecg.warningLow) add(['ecg', 'urgentLow'], '心率紧急下限必须低于预警下限');
  if (ecg.urgentHigh <= ecg.warningHigh) add(['ecg', 'urgentHigh'], '心率紧急上限必须高于预警上限');
  severity(
    ['ecg', 'levels', 'urgent'],
    ecg.levels.warning,
    ecg.levels.urgent,
    '紧急心率的预警级别不能低于预警心率',
  );

  for (const type of MEASUREMENT_TYPES) {
    const rule = v[type];
    if (rule.enabled && !NOTIFY_TARGETS.some((t) => rule.notify[t])) {
      add(
        [type, 'notify', 'doctorQueue'],
        `${MEASUREMENT_TYPE_LABELS[type]}规则已启用，请至少选择一个通知对象`,
      );
    }
  }
  return out;
}

const prewarningShape = z.object({
  bp: bpRuleSchema,
  bg: bgRuleSchema,
  chol: cholRuleSchema,
  ua: uaRuleSchema,
  ecg: ecgRuleSchema,
});
type PrewarningSetShape = z.infer<typeof prewarningShape>;

export const prewarningSetSchema = prewarningShape.superRefine((v, ctx) => {
  for (const issue of prewarningContradictions(v)) {
    ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  }
});
export type PrewarningSet = z.infer<typeof prewarningSetSchema>;

/* ---------------------------------------------------------------- defaults */

const notifyAll = { doctorQueue: true, memberSms: true, familySms: false };

export const DEFAULT_PREWARNING_SET: PrewarningSet = {
  bp: {
    enabled: true,
    notify: notifyAll,
    grade1: { systolicMin: 140, diastolicMin: 90 },
    grade2: { systolicMin: 160, diastolicMin: 100 },
    grade3: { systolicMin: 180, diastolicMin: 110 },
    hypotension: { systolicBelow: 90, diastolicBelow: 60 },
    levels: { grade1: 'none', grade2: 'warning', grade3: 'urgent', hypotension: 'warning' },
  },
  bg: {
    enabled: true,
    notify: notifyAll,
    fasting: { normalMin: 3.9, normalMax: 6.1, highMin: 7.0 },
    postprandialHighMin: 11.1,
    randomHighMin: 11.1,
    lowBelow: 3.9,
    urgentLowBelow: 3.0,
    levels: { high: 'warning', low: 'warning', urgentLow: 'urgent' },
  },
  chol: {
    enabled: true,
    notify: { doctorQueue: true, memberSms: false, familySms: false },
    borderlineMin: 5.2,
    highMin: 6.2,
    levels: { borderline: 'none', high: 'warning' },
  },
  ua: {
    enabled: true,
    notify: { doctorQueue: true, memberSms: false, familySms: false },
    menAbove: 420,
    womenAbove: 360,
    level: 'warning',
  },
  ecg: {
    enabled: true,
    notify: { doctorQueue: true, memberSms: true, familySms: true },
    warningLow: 50,
    warningHigh: 120,
    urgentLow: 40,
    urgentHigh: 150,
    arrhythmia: { enabled: true, level: 'warning' },
    levels: { warning: 'warning', urgent: 'urgent' },
  },
};

export const DEFAULT_SITE_INFO: SiteInfo = {
  platformName: '居家健康服务平台',
  logo: '',
  adminLogo: '',
  servicePhone: '',
  icpNumber: '',
  copyright: '',
  h5Domain: '',
};

export const SETTINGS_DEFAULTS = {
  site_info: DEFAULT_SITE_INFO,
  pic_set: { goodsPlaceholder: '', memberAvatar: '', deviceImage: '', shareImage: '' } as PicSet,
  order: {
    autoCancelMinutes: 30,
    autoConfirmDays: 7,
    afterSaleDays: 7,
    deviceDepositFen: 20_000,
    returnDeadlineDays: 30,
    deviceOnlineHours: 24,
    claimMinutes: 30,
    queueWaitLimitMinutes: 30,
    reportLinkDays: 7,
  } as OrderSet,
  base_set: {
    registrationOpen: true,
    defaultGrade: '普通会员',
    pointsName: '积分',
    serviceStart: '09:00',
    serviceEnd: '18:00',
    returnAddress: { receiver: '', phone: '', address: '' },
  } as BaseSet,
  app_set: {
    appName: '居家健康',
    appIcon: '',
    android: { latestVersion: '1.0.0', minVersion: '1.0.0', downloadUrl: '', releaseNotes: '' },
    ios: { latestVersion: '1.0.0', minVersion: '1.0.0', downloadUrl: '', releaseNotes: '' },
  } as AppSet,
  pay_set: {
    paymentTimeoutMinutes: 30,
    refundApprovalRequired: true,
    pointsPerYuan: 100,
    deductionCapPercent: 50,
  } as PaySet,
  conversation_set: {
    enabled: false,
    serviceStart: '08:00',
    serviceEnd: '22:00',
    feePoints: 0,
    freeQuotaPerMonth: 3,
    autoCloseIdleMinutes: 30,
    welcomeText: '您好，我是您的健康顾问，请描述您的问题。',
    doctorIds: [],
  } as ConversationSet,
  prewarning_set: DEFAULT_PREWARNING_SET,
  integral: DEFAULT_INTEGRAL_SET,
  sign: DEFAULT_SIGN_SET,
  goods_set: DEFAULT_GOODS_SET,
};

/* ---------------------------------------------------------------- the section registry */

export const SETTINGS_SCHEMAS = {
  site_info: siteInfoSchema,
  pic_set: picSetSchema,
  order: orderSetSchema,
  base_set: baseSetSchema,
  app_set: appSetSchema,
  pay_set: paySetSchema,
  conversation_set: conversationSetSchema,
  prewarning_set: prewarningSetSchema,
  integral: integralSetSchema,
  sign: signSetSchema,
  goods_set: goodsSetSchema,
};
export type SettingsSection = keyof typeof SETTINGS_SCHEMAS;
export type SettingsValue<S extends SettingsSection> = z.infer<(typeof SETTINGS_SCHEMAS)[S]>;
export const SETTINGS_SECTIONS = Object.keys(SETTINGS_SCHEMAS) as SettingsSection[];

/** Sections whose page lives outside 系统设置. */
const SECTION_PAGES: Partial<Record<SettingsSection, FrontPath>> = {
  integral: PAGES.pointsConfig,
  sign: PAGES.signIns,
  goods_set: PAGES.goodsSetting,
};

/** The front path of a section's page: "/sysset_setting/<section>" unless listed above. */
export function settingsPageOf(section: SettingsSection): FrontPath {
  // Every other section's page is in the catalogue under this path (a contract test checks it).
  return SECTION_PAGES[section] ?? (`/sysset_setting/${section}` as FrontPath);
}

export const settingsSectionSchema = z.enum(
  [
    'site_info',
    'pic_set',
    'order',
    'base_set',
    'app_set',
    'pay_set',
    'conversation_set',
    'prewarning_set',
    'integral',
    'sign',
    'goods_set',
  ],
  { error: '未知的配置项' },
);
export const settingInfoQuerySchema = z.object({ section: settingsSectionSchema });

const sectionValue = <S extends SettingsSection>(section: S) =>
  z.object({ section: z.literal(section), value: SETTINGS_SCHEMAS[section] });

/** POST setting/update (JSON): `{ section, value }`; value is checked by the section's schema. */
export const settingUpdateRequestSchema = z.discriminatedUnion(
  'section',
  [
    sectionValue('site_info'),
    sectionValue('pic_set'),
    sectionValue('order'),
    sectionValue('base_set'),
    sectionValue('app_set'),
    sectionValue('pay_set'),
    sectionValue('conversation_set'),
    sectionValue('prewarning_set'),
    sectionValue('integral'),
    sectionValue('sign'),
    sectionValue('goods_set'),
  ],
  { error: '未知的配置项' },
);
export type SettingUpdateRequest = z.infer<typeof settingUpdateRequestSchema>;

/** GET setting/info and the answer of update: the value, and when and by whom it was saved. */
export const settingInfoSchema = z.object({
  section: settingsSectionSchema,
  value: z.record(z.string(), z.unknown()),
  /** null while the section was never saved (the value is the defaults). */
  updatedAt: z.number().int().nullable(),
  updatedBy: z.string().nullable(),
});
export interface SettingInfo<S extends SettingsSection = SettingsSection> {
  section: S;
  value: SettingsValue<S>;
  updatedAt: number | null;
  updatedBy: string | null;
}

/** GET siteInfo (public). */
export const publicSiteInfoSchema = z.object({
  platformName: z.string(),
  logo: z.string(),
  adminLogo: z.string(),
  servicePhone: z.string(),
  icpNumber: z.string(),
  copyright: z.string(),
});
export type PublicSiteInfo = z.infer<typeof publicSiteInfoSchema>;

export const doctorOptionSchema = z.object({ id: z.number().int(), name: z.string() });
export type DoctorOption = z.infer<typeof doctorOptionSchema>;
export const doctorOptionsSchema = z.object({ list: z.array(doctorOptionSchema) });

/* ---------------------------------------------------------------- classification */

export type Measurement =
  | { type: 'bp'; systolic: number; diastolic: number }
  | { type: 'bg'; value: number; context: 'fasting' | 'postprandial' | 'random' }
  | { type: 'chol'; value: number }
  | { type: 'ua'; value: number; sex: 'male' | 'female' }
  | { type: 'ecg'; heartRate?: number | null; arrhythmia?: boolean };

export interface Classification {
  /** normal: nothing raised; warning / urgent: a warning of that level. */
  level: 'normal' | 'warning' | 'urgent';
  /** The outcome's key (normal, grade1, hypotension, high, low, urgentLow, ...). */
  category: string;
  label: string;
  /** Whom to notify (empty when nothing is raised). */
  notify: NotifyTarget[];
}

const LEVEL_RANK = { normal: 0, warning: 1, urgent: 2 } as const;

const BP_LABELS = {
  normal: '正常',
  grade1: '一级高血压',
  grade2: '二级高血压',
  grade3: '三级高血压',
  hypotension: '低血压',
} as const;

/**
 * Classify one measurement against the thresholds (PRODUCT.md §3). Blood pressure: the higher of
 * the systolic and diastolic grades counts; hypotension when below either bound and not
 * hypertensive. A disabled rule classifies everything as normal.
 */
export function classifyMeasurement(rules: PrewarningSet, m: Measurement): Classification {
  const rule = rules[m.type];
  const result = (category: string, label: string, lv: WarningLevel): Classification => {
    const on = rule.enabled && lv !== 'none';
    return {
      level: on ? (lv as 'warning' | 'urgent') : 'normal',
      category: rule.enabled ? category : 'normal',
      label: rule.enabled ? label : '正常',
      notify: on ? NOTIFY_TARGETS.filter((t) => rule.notify[t]) : [],
    };
  };
  const normal = result('normal', '正常', 'none');

  switch (m.type) {
    case 'bp': {
      const r = rules.bp;
      const gradeOf = (value: number, key: 'systolicMin' | 'diastolicMin') =>
        value >= r.grade3[key] ? 3 : value >= r.grade2[key] ? 2 : value >= r.grade1[key] ? 1 : 0;
      const g = Math.max(gradeOf(m.systolic, 'systolicMin'), gradeOf(m.diastolic, 'diastolicMin'));
      if (g > 0) {
        const key = `grade${g}` as 'grade1' | 'grade2' | 'grade3';
        return result(key, BP_LABELS[key], r.levels[key]);
      }
      if (m.systolic < r.hypotension.systolicBelow || m.diastolic < r.hypotension.diastolicBelow)
        return result('hypotension', BP_LABELS.hypotension, r.levels.hypotension);
      return normal;
    }
    case 'bg': {
      const r = rules.bg;
      if (m.value < r.urgentLowBelow) return result('urgentLow', '严重低血糖', r.levels.urgentLow);
      if (m.value < r.lowBelow) return result('low', '低血糖', r.levels.low);
      const high =
        m.context === 'fasting'
          ? r.fasting.highMin
          : m.context === 'postprandial'
            ? r.postprandialHighMin
            : r.randomHighMin;
      if (m.value >= high) return result('high', '高血糖', r.levels.high);
      if (m.context === 'fasting' && m.value > r.fasting.normalMax)
        return result('impaired', '空腹血糖受损', 'none');
      return normal;
    }
    case 'chol': {
      const r = rules.chol;
      if (m.value >= r.highMin) return result('high', '胆固醇升高', r.levels.high);
      if (m.value >= r.borderlineMin)
        return result('borderline', '胆固醇边缘升高', r.levels.borderline);
      return normal;
    }
    case 'ua': {
      const r = rules.ua;
      const limit = m.sex === 'male' ? r.menAbove : r.womenAbove;
      return m.value > limit ? result('high', '高尿酸', r.level) : normal;
    }
    case 'ecg': {
      const r = rules.ecg;
      const hr = m.heartRate;
      let best: Classification = normal;
      if (typeof hr === 'number') {
        if (hr < r.urgentLow || hr > r.urgentHigh)
          best = result(
            hr < r.urgentLow ? 'urgentLow' : 'urgentHigh',
            hr < r.urgentLow ? '心率过缓（紧急）' : '心率过速（紧急）',
            r.levels.urgent,
          );
        else if (hr < r.warningLow || hr > r.warningHigh)
          best = result(
            hr < r.warningLow ? 'low' : 'high',
            hr < r.warningLow ? '心率过缓' : '心率过速',
            r.levels.warning,
          );
      }
      if (m.arrhythmia && r.arrhythmia.enabled && rule.enabled) {
        // A recording the device flags always reaches the doctor queue (PRODUCT.md §3).
        const a = result('arrhythmia', '心律失常', r.arrhythmia.level);
        const flagged: Classification = a.notify.includes('doctorQueue')
          ? a
          : { ...a, notify: ['doctorQueue', ...a.notify] };
        if (LEVEL_RANK[flagged.level] > LEVEL_RANK[best.level]) best = flagged;
      }
      return best;
    }
  }
}

/**
 * What classifyMeasurement judges of a reading's values (as uploaded, or as stored on the row).
 * Uric acid is judged by sex; a member of unknown sex by the stricter of the two limits.
 */
export function measurementOf(
  type: MeasurementType,
  values: Readonly<Record<string, unknown>>,
  gender: string | null | undefined,
  rules: PrewarningSet,
): Measurement {
  const num = (key: string) => Number(values[key]);
  switch (type) {
    case 'bp':
      return { type, systolic: num('systolic'), diastolic: num('diastolic') };
    case 'bg':
      return {
        type,
        value: num('mmol'),
        context: values.context as 'fasting' | 'postprandial' | 'random',
      };
    case 'chol':
      return { type, value: num('mmol') };
    case 'ua': {
      const stricter = rules.ua.womenAbove <= rules.ua.menAbove ? 'female' : 'male';
      const sex = gender === 'male' || gender === 'female' ? gender : stricter;
      return { type, value: num('umol'), sex };
    }
    case 'ecg':
      return {
        type,
        heartRate: typeof values.heartRate === 'number' ? values.heartRate : null,
        arrhythmia: values.arrhythmia === true,
      };
  }
}

/**
 * The English of every label classifyMeasurement gives (a reading stores its Chinese label), keyed
 * by that label.
 */
export const CLASSIFICATION_LABELS_EN: Readonly<Record<string, string>> = {
  正常: 'Normal',
  一级高血压: 'Grade 1 hypertension',
  二级高血压: 'Grade 2 hypertension',
  三级高血压: 'Grade 3 hypertension',
  低血压: 'Hypotension',
  严重低血糖: 'Severe hypoglycaemia',
  低血糖: 'Hypoglycaemia',
  高血糖: 'Hyperglycaemia',
  空腹血糖受损: 'Impaired fasting glucose',
  胆固醇升高: 'High cholesterol',
  胆固醇边缘升高: 'Borderline cholesterol',
  高尿酸: 'High uric acid',
  '心率过缓（紧急）': 'Bradycardia (urgent)',
  '心率过速（紧急）': 'Tachycardia (urgent)',
  心率过缓: 'Bradycardia',
  心率过速: 'Tachycardia',
  心律失常: 'Arrhythmia',
};

/** GET /{service}/v3/system/admin/setting/settingInit */
export const settingInitResponseSchema = z.object({ reloadedAt: z.number().int() });
