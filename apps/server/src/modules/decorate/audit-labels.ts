import {
  ADVERT_POSITIONS,
  LINK_TYPES,
  PAGE_KINDS,
  PAGE_KIND_LABELS,
  PAGE_KIND_LABELS_EN,
  VIDEO_CATEGORY_LABELS,
  VIDEO_CATEGORY_LABELS_EN,
} from '@health/contract';
import {
  enumFormat,
  type AuditFieldSpec,
  type AuditLabels,
  type Bilingual,
} from '../../platform/audit-labels.js';

/** 广告位's snapshot fields (title, sort, enabled are the platform's) and its target words. */
const ADVERT_FIELDS: Record<string, AuditFieldSpec> = {
  position: {
    label: ['广告位置', 'Position'],
    format: {
      values: Object.fromEntries(
        Object.entries(ADVERT_POSITIONS).map(([k, p]): [string, Bilingual] => [
          k,
          [p.label, p.labelEn],
        ]),
      ),
    },
  },
  image: ['广告图片', 'Image'],
  navType: {
    label: ['链接类型', 'Link type'],
    format: {
      values: Object.fromEntries(
        Object.entries(LINK_TYPES).map(([k, l]): [string, Bilingual] => [k, [l.label, l.labelEn]]),
      ),
    },
  },
  subContent: ['链接内容', 'Link target'],
  startAt: { label: ['开始投放', 'Starts'], format: 'time' },
  endAt: { label: ['结束投放', 'Ends'], format: 'time' },
};
const ADVERT_TARGET_WORDS = Object.fromEntries(
  Object.values(ADVERT_POSITIONS).map((p) => [p.label, p.labelEn]),
);

/** 健康视频's snapshot fields (title, description, sort, enabled are the platform's), its uploads'. */
const VIDEO_FIELDS: Record<string, AuditFieldSpec> = {
  category: {
    label: ['视频分类', 'Category'],
    format: enumFormat(VIDEO_CATEGORY_LABELS, VIDEO_CATEGORY_LABELS_EN),
  },
  cover: ['视频封面', 'Cover'],
  url: ['视频地址', 'Video address'],
  durationS: ['时长（秒）', 'Duration (s)'],
  storageKey: ['存储路径', 'Storage key'],
  fileName: ['文件名', 'File name'],
  fileSize: ['文件大小（字节）', 'Size (bytes)'],
  sha256: ['SHA-256', 'SHA-256'],
};
const VIDEO_TARGET_WORDS: Record<string, string> = {
  健康视频: 'Health video',
  视频文件: 'Video file',
};

/** The pages' (首页装修, 专题装修, 商城装修) actions, snapshot fields and words. */
const PAGE_ACTIONS: Record<string, Bilingual> = {
  copy: ['复制', 'Copy'],
  publish: ['发布', 'Publish'],
  schedulePublish: ['定时发布', 'Schedule publishing'],
  unschedulePublish: ['取消定时发布', 'Cancel scheduled publishing'],
  rollback: ['回滚', 'Roll back'],
  previewLink: ['生成预览链接', 'Make a preview link'],
  revokePreview: ['撤销预览链接', 'Revoke preview links'],
  takeOver: ['接管编辑', 'Take over editing'],
};
const PAGE_FIELDS: Record<string, AuditFieldSpec> = {
  version: ['版本', 'Version'],
  publishedVersion: ['已发布版本', 'Published version'],
  revision: ['草稿版本号', 'Draft revision'],
  fromVersion: ['回滚自版本', 'Rolled back from version'],
  note: ['发布说明', 'Note'],
  scheduledAt: { label: ['定时发布时间', 'Scheduled for'], format: 'time' },
  revokedLinks: ['撤销链接数', 'Links revoked'],
  lockedBy: ['编辑人', 'Editor'],
  expiresAt: { label: ['失效时间', 'Expires at'], format: 'time' },
};
const PAGE_TARGET_WORDS: Record<string, string> = Object.fromEntries(
  PAGE_KINDS.map((k) => [PAGE_KIND_LABELS[k], PAGE_KIND_LABELS_EN[k]]),
);
const PAGE_MESSAGE_PATTERNS: ReadonlyArray<readonly [RegExp, string]> = [
  [/^已用第(\d+)版生成新草稿$/, 'A new draft from version $1'],
  [/^定时发布失败：(.+)$/, 'Scheduled publishing failed: $1'],
];

/** What 装修 writes to the operation log, in both languages (videos, ad slots, pages). */
export const DECORATE_AUDIT_LABELS: AuditLabels = {
  modules: { decorate: ['装修', 'Decoration'] },
  actions: { ...PAGE_ACTIONS },
  fields: { decorate: { ...ADVERT_FIELDS, ...PAGE_FIELDS, ...VIDEO_FIELDS } },
  targetWords: { ...ADVERT_TARGET_WORDS, ...PAGE_TARGET_WORDS, ...VIDEO_TARGET_WORDS },
  messagePatterns: [...PAGE_MESSAGE_PATTERNS],
};
