import {
  NOTIFY_TARGET_LABELS,
  SETTINGS_SECTIONS,
  findPage,
  settingsPageOf,
  PAY_FIELD_LABELS,
  PAY_FIELD_LABELS_EN,
  SEARCH_WORD_TYPE_LABELS,
  SMS_SCENE_LABELS,
  SmsMessages,
  WARNING_LEVEL_LABELS,
  WARNING_LEVEL_LABELS_EN,
  SEARCH_WORD_TYPE_LABELS_EN,
  SMS_SCENE_LABELS_EN,
} from '@health/contract';
import {
  enumFormat,
  type AuditFieldSpec,
  type AuditLabels,
  type Bilingual,
} from '../../platform/audit-labels.js';

const warningLevel = enumFormat(WARNING_LEVEL_LABELS, WARNING_LEVEL_LABELS_EN);
const level = (label: Bilingual): AuditFieldSpec => ({ label, format: warningLevel });

const payField = (key: keyof typeof PAY_FIELD_LABELS): Bilingual => [
  PAY_FIELD_LABELS[key],
  PAY_FIELD_LABELS_EN[key],
];

/** The changed secrets of a payment channel, by name. */
function payFieldList(value: unknown): Bilingual {
  if (!Array.isArray(value) || value.length === 0) return ['（无）', '(none)'];
  const names = value.map((k) =>
    k in PAY_FIELD_LABELS ? payField(k as keyof typeof PAY_FIELD_LABELS) : [String(k), String(k)],
  );
  return [names.map((n) => n[0]).join('、'), names.map((n) => n[1]).join(', ')];
}

/** An SMS's parameters: "name=value" (the names are the template's own). */
function smsParams(value: unknown): Bilingual {
  if (typeof value !== 'object' || value === null) return [String(value), String(value)];
  const text = Object.entries(value as Record<string, unknown>)
    .map(([k, v]) => `${k}=${String(v)}`)
    .join(', ');
  return [text || '（无）', text || '(none)'];
}

/** The settings sections (module system): fields of each, by name or by their ends. */
const SETTINGS_FIELDS: Record<string, AuditFieldSpec> = {
  // 站点配置
  platformName: ['平台名称', 'Platform name'],
  logo: ['平台 Logo', 'Logo'],
  adminLogo: ['后台 Logo', 'Console logo'],
  servicePhone: ['客服电话', 'Service phone'],
  icpNumber: ['ICP 备案号', 'ICP number'],
  copyright: ['版权信息', 'Copyright'],
  h5Domain: ['H5 域名', 'H5 domain'],
  // 图片配置
  goodsPlaceholder: ['商品默认图', 'Goods placeholder'],
  memberAvatar: ['会员默认头像', 'Member avatar'],
  deviceImage: ['设备默认图', 'Device image'],
  shareImage: ['分享图', 'Share image'],
  // 订单配置
  autoCancelMinutes: ['未支付自动取消时间（分钟）', 'Auto-cancel unpaid (minutes)'],
  autoConfirmDays: ['自动确认收货天数', 'Auto-confirm receipt (days)'],
  afterSaleDays: ['售后期限天数', 'After-sale period (days)'],
  deviceDepositFen: { label: ['设备押金', 'Device deposit'], format: 'fen' },
  returnDeadlineDays: ['设备归还期限天数', 'Device return period (days)'],
  deviceOnlineHours: ['设备在线判定时长（小时）', 'Device online window (hours)'],
  claimMinutes: ['认领有效时长（分钟）', 'Claim lasts (minutes)'],
  queueWaitLimitMinutes: ['预警等待时限（分钟）', 'Alert wait limit (minutes)'],
  reportLinkDays: ['报告链接有效天数', 'Report link valid (days)'],
  // 基础设置
  registrationOpen: ['开放注册', 'Registration open'],
  defaultGrade: ['默认会员等级', 'Default grade'],
  pointsName: ['积分名称', 'Points name'],
  serviceStart: ['服务开始时间', 'Service starts'],
  serviceEnd: ['服务结束时间', 'Service ends'],
  returnAddress: ['设备归还地址', 'Device return address'],
  receiver: ['收件人', 'Receiver'],
  address: ['收件地址', 'Address'],
  // APP配置
  appName: ['APP 名称', 'App name'],
  appIcon: ['APP 图标', 'App icon'],
  android: ['Android', 'Android'],
  ios: ['iOS', 'iOS'],
  latestVersion: ['最新版本', 'Latest version'],
  minVersion: ['最低版本', 'Minimum version'],
  downloadUrl: ['下载地址', 'Download URL'],
  releaseNotes: ['更新说明', 'Release notes'],
  // 支付设置
  paymentTimeoutMinutes: ['支付超时时间（分钟）', 'Payment timeout (minutes)'],
  refundApprovalRequired: ['退款需审核', 'Refunds need approval'],
  pointsPerYuan: ['积分抵扣比例（积分/元）', 'Points per yuan'],
  deductionCapPercent: ['积分抵扣上限（%）', 'Points deduction cap (%)'],
  // 问诊设置
  feePoints: ['问诊费用（积分）', 'Fee (points)'],
  freeQuotaPerMonth: ['每月免费次数', 'Free consultations a month'],
  autoCloseIdleMinutes: ['无回复自动结束时间（分钟）', 'Auto-close when idle (minutes)'],
  welcomeText: ['欢迎语', 'Welcome text'],
  doctorIds: ['接诊医生编号', 'Doctor IDs'],
  // 预警配置
  bp: ['血压', 'Blood pressure'],
  bg: ['血糖', 'Blood glucose'],
  chol: ['总胆固醇', 'Total cholesterol'],
  ua: ['尿酸', 'Uric acid'],
  ecg: ['心电', 'ECG'],
  notify: ['通知对象', 'Notify'],
  'notify.doctorQueue': [NOTIFY_TARGET_LABELS.doctorQueue, "Doctors' queue"],
  'notify.memberSms': [NOTIFY_TARGET_LABELS.memberSms, 'Member SMS'],
  'notify.familySms': [NOTIFY_TARGET_LABELS.familySms, 'Family SMS'],
  grade1: ['一级高血压', 'Grade 1 hypertension'],
  grade2: ['二级高血压', 'Grade 2 hypertension'],
  grade3: ['三级高血压', 'Grade 3 hypertension'],
  hypotension: ['低血压', 'Hypotension'],
  systolicMin: ['收缩压下限', 'Systolic from'],
  diastolicMin: ['舒张压下限', 'Diastolic from'],
  systolicBelow: ['收缩压低于', 'Systolic below'],
  diastolicBelow: ['舒张压低于', 'Diastolic below'],
  fasting: ['空腹', 'Fasting'],
  normalMin: ['正常下限', 'Normal from'],
  normalMax: ['正常上限', 'Normal up to'],
  highMin: ['升高下限', 'High from'],
  postprandialHighMin: ['餐后高血糖', 'Post-meal high from'],
  randomHighMin: ['随机高血糖', 'Random high from'],
  lowBelow: ['低血糖', 'Low below'],
  urgentLowBelow: ['严重低血糖', 'Severe low below'],
  borderlineMin: ['边缘升高', 'Borderline from'],
  menAbove: ['男性尿酸上限', 'Men above'],
  womenAbove: ['女性尿酸上限', 'Women above'],
  warningLow: ['心率预警下限', 'Heart rate warning below'],
  warningHigh: ['心率预警上限', 'Heart rate warning above'],
  urgentLow: ['心率紧急下限', 'Heart rate urgent below'],
  urgentHigh: ['心率紧急上限', 'Heart rate urgent above'],
  arrhythmia: ['心律失常', 'Arrhythmia'],
  levels: ['预警级别', 'Warning levels'],
  level: level(['预警级别', 'Warning level']),
  'levels.grade1': level(['一级高血压', 'Grade 1 hypertension']),
  'levels.grade2': level(['二级高血压', 'Grade 2 hypertension']),
  'levels.grade3': level(['三级高血压', 'Grade 3 hypertension']),
  'levels.hypotension': level(['低血压', 'Hypotension']),
  'levels.high': level(['升高', 'High']),
  'levels.low': level(['偏低', 'Low']),
  'levels.urgentLow': level(['严重偏低', 'Severely low']),
  'levels.borderline': level(['边缘升高', 'Borderline']),
  'levels.warning': level(['预警', 'Warning']),
  'levels.urgent': level(['紧急', 'Urgent']),
  // 支付配置（payment channels; secrets are flags only, never their values）
  merchantId: payField('merchantId'),
  appId: payField('appId'),
  keyStatus: ['密钥', 'Keys'],
  apiKey: payField('apiKey'),
  privateKey: payField('privateKey'),
  certificate: payField('certificate'),
  publicKey: payField('publicKey'),
  set: ['已设置', 'Set'],
  changedKeys: { label: ['本次更新的密钥', 'Keys changed'], format: payFieldList },
  // 上传
  key: ['存储路径', 'Storage key'],
  mime: ['文件类型', 'File type'],
  size: ['文件大小（字节）', 'Size (bytes)'],
  sha256: ['SHA-256', 'SHA-256'],
};

/** What the system area writes to the operation log: settings, payments, uploads, words, SMS, agreements. */
export const SYSTEM_AUDIT_LABELS: AuditLabels = {
  modules: {
    search: ['搜索配置', 'Search words'],
    sms: ['短信模板', 'SMS templates'],
    agreement: ['协议管理', 'Agreements'],
    // Keys of earlier versions (settings, payments and uploads are now under 系统设置).
    setting: ['站点与运营配置', 'Site and operations settings'],
    upload: ['文件上传', 'Uploads'],
    payment: ['支付配置', 'Payments'],
  },
  actions: {
    upload: ['上传', 'Upload'],
    suggest: ['重建联想词', 'Rebuild suggestions'],
    test: ['测试发送', 'Test send'],
    // Written by earlier versions; old entries keep their names.
    update: ['修改', 'Update'],
    save: ['保存', 'Save'],
    publish: ['发布', 'Publish'],
    settingInit: ['刷新配置', 'Reload settings'],
  },
  fields: {
    system: SETTINGS_FIELDS,
    setting: SETTINGS_FIELDS,
    payment: SETTINGS_FIELDS,
    upload: SETTINGS_FIELDS,
    search: {
      keyword: ['搜索词', 'Keyword'],
      type: {
        label: ['类型', 'Type'],
        format: enumFormat(SEARCH_WORD_TYPE_LABELS, SEARCH_WORD_TYPE_LABELS_EN),
      },
      validFrom: { label: ['生效时间', 'Valid from'], format: 'time' },
      validTo: { label: ['失效时间', 'Valid to'], format: 'time' },
      count: ['联想词数', 'Suggestions'],
      keywords: ['联想词（前50个）', 'Suggestions (first 50)'],
    },
    sms: {
      scene: {
        label: ['场景', 'Scene'],
        format: enumFormat(SMS_SCENE_LABELS, SMS_SCENE_LABELS_EN),
      },
      content: ['短信内容', 'Content'],
      providerTemplateId: ['服务商模板编号', 'Provider template ID'],
      templateCode: ['模板编码', 'Template code'],
      params: { label: ['参数', 'Parameters'], format: smsParams },
      provider: ['短信服务商', 'Provider'],
      messageId: ['短信编号', 'Message ID'],
      error: ['失败原因', 'Error'],
    },
    agreement: {
      version: ['版本', 'Version'],
      content: ['协议内容', 'Content'],
      updatedBy: ['修改人', 'Changed by'],
    },
  },
  targetWords: {
    // "系统配置 <the settings page>": the page by its catalogue title.
    ...Object.fromEntries(
      SETTINGS_SECTIONS.flatMap((section) => {
        const page = findPage(settingsPageOf(section));
        return page ? [[page.title, page.titleEn]] : [];
      }),
    ),
    在线会话: 'Online sessions',
    系统配置: 'Settings',
    支付配置: 'Payment settings',
    微信支付: 'WeChat Pay',
    支付宝: 'Alipay',
    余额支付: 'Balance',
    图片: 'Image',
    短信模板: 'SMS template',
    搜索联想词: 'Search suggestions',
    热门搜索词: 'Hot word',
    默认搜索词: 'Default word',
    协议: 'Agreement',
  },
  messages: { [SmsMessages.sent]: 'Test SMS sent' },
  messagePatterns: [
    [/^联想词已重建，共(\d+)条$/, 'Suggestions rebuilt: $1'],
    [/^短信发送失败：(.+)$/, 'SMS not sent: $1'],
  ],
};
