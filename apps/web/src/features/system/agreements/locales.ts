import { registerFeatureLocale } from '../../../shared/i18n';

/** Strings of the agreement pages and the public /auth_agreement page, namespace "agreement". */
export const AGREEMENT_NS = 'agreement';

const zh = {
  title: '协议列表',
  add: '新增协议',
  editTitle: '编辑协议',
  code: '协议编码',
  codeHint:
    'APP通过编码打开协议，如 user_agreement、privacy_policy；小写字母开头，可含数字和下划线',
  titleLabel: '协议标题',
  keyword: '标题/编码',
  content: '协议内容',
  version: '版本',
  updatedAt: '更新时间',
  updatedBy: '更新人',
  op: '操作',
  edit: '编辑',
  view: '查看',
  delete: '删除',
  preview: '预览',
  deleteConfirm: '确定删除协议“{{title}}”吗？删除后APP中对应的协议链接将无法打开。',
  deleted: '协议已删除',
  saved: '保存成功，当前版本 v{{version}}',
  versionHint: '每次保存版本号自动加1；内容保存时会自动过滤脚本等不安全的内容。',
  wellKnown: '常用协议',
  public: {
    loading: '正在加载协议…',
    version: '版本 v{{version}}',
    updated: '更新于 {{date}}',
    notFound: '未找到该协议',
    notFoundHint: '链接可能有误，或协议已下线。请确认链接后重试。',
    noCode: '缺少协议编码',
    noCodeHint: '请通过APP或网站中的协议链接打开本页面。',
    error: '协议加载失败',
    retry: '重试',
  },
};

const en: typeof zh = {
  title: 'Agreements',
  add: 'New agreement',
  editTitle: 'Edit agreement',
  code: 'Code',
  codeHint: 'The apps open an agreement by its code, e.g. user_agreement, privacy_policy',
  titleLabel: 'Title',
  keyword: 'Title / code',
  content: 'Content',
  version: 'Version',
  updatedAt: 'Updated',
  updatedBy: 'Updated by',
  op: 'Actions',
  edit: 'Edit',
  view: 'View',
  delete: 'Delete',
  preview: 'Preview',
  deleteConfirm: 'Delete the agreement "{{title}}"? Links to it in the apps will stop working.',
  deleted: 'Agreement deleted',
  saved: 'Saved, now version v{{version}}',
  versionHint: 'Every save increases the version; unsafe content such as scripts is removed.',
  wellKnown: 'Common agreements',
  public: {
    loading: 'Loading…',
    version: 'Version v{{version}}',
    updated: 'Updated {{date}}',
    notFound: 'Agreement not found',
    notFoundHint: 'The link may be wrong or the agreement withdrawn.',
    noCode: 'No agreement code',
    noCodeHint: 'Open this page from an agreement link in the app or website.',
    error: 'Could not load the agreement',
    retry: 'Retry',
  },
};

registerFeatureLocale(AGREEMENT_NS, zh, en);
