/**
 * The front-path catalogue (PRODUCT.md §4): every section (menu group) and page of the product,
 * with Chinese titles, hidden pages and their list page, and the actions a permission group can
 * grant on each page. The server checks permissions against it, the group editor draws its tree
 * from it, the web builds routes, menus and buttons from it — so the three cannot drift.
 *
 * Keys: a page's key is its front path ("/sysset_authority/authority_member"); an action's key is
 * the page key, a colon and the action ("/sysset_authority/authority_member:add").
 */

/** Actions shared by many pages; a page may also declare its own (ship, publish, ...). */
export const COMMON_ACTIONS = {
  add: '新增',
  edit: '编辑',
  delete: '删除',
  export: '导出',
  reveal: '查看明文',
} as const;
export type CommonAction = keyof typeof COMMON_ACTIONS;

export interface ActionDef {
  key: string;
  title: string;
}

export interface PageDef {
  /** Front path, e.g. "/sysset_home/basic". */
  path: string;
  title: string;
  titleEn: string;
  /** Hidden pages are routable and permission-checked but not in the side menu. */
  hidden?: boolean;
  /** For a hidden page: the list page it belongs to; granting that page grants this one. */
  activeMenu?: string;
  /** Not kept alive in the tag bar's cache. */
  noCache?: boolean;
  /** Pinned tag that cannot be closed. */
  affix?: boolean;
  /** Opens in a new browser tab outside the layout (digital large screen). */
  newTab?: boolean;
  actions?: ActionDef[];
}

export interface SectionDef {
  /** Front path of the menu group, e.g. "/sysset_home". */
  path: string;
  title: string;
  titleEn: string;
  icon: string;
  pages: PageDef[];
}

/** Top tab labels of spec §2 (key = first segment of a front path, split at "_"). */
export const TOP_NAV_LABELS: Record<string, { title: string; titleEn: string }> = {
  sysset: { title: '系统设置', titleEn: 'System settings' },
  manage: { title: '商城管理', titleEn: 'Shop management' },
  decorate: { title: '装修', titleEn: 'Decoration' },
  member: { title: '会员中心', titleEn: 'Member centre' },
  statistics: { title: '统计中心', titleEn: 'Statistics centre' },
  marketing: { title: '应用中心', titleEn: 'Application centre' },
  report: { title: '报告中心', titleEn: 'Report centre' },
  device: { title: '设备中心', titleEn: 'Device centre' },
  integralmall: { title: '积分商城', titleEn: 'Points mall' },
  health: { title: '健康管理', titleEn: 'Health management' },
  'digital-large-screen': { title: '数字大屏', titleEn: 'Digital large screen' },
};

const a = (...keys: (CommonAction | [string, string])[]): ActionDef[] =>
  keys.map((k) =>
    Array.isArray(k) ? { key: k[0], title: k[1] } : { key: k, title: COMMON_ACTIONS[k] },
  );

const hiddenOf = (list: string, path: string, title: string, titleEn: string): PageDef => ({
  path,
  title,
  titleEn,
  hidden: true,
  activeMenu: list,
  noCache: true,
});

export const CATALOGUE: SectionDef[] = [
  {
    path: '/sysset_home',
    title: '概况',
    titleEn: 'Overview',
    icon: 'home',
    pages: [{ path: '/sysset_home/basic', title: '概况', titleEn: 'Overview', affix: true }],
  },
  {
    path: '/sysset_setting',
    title: '系统配置',
    titleEn: 'Configuration',
    icon: 'setting',
    pages: [
      { path: '/sysset_setting/site_info', title: '站点配置', titleEn: 'Site', actions: a('edit') },
      { path: '/sysset_setting/pic_set', title: '图片配置', titleEn: 'Images', actions: a('edit') },
      {
        path: '/sysset_setting/payment',
        title: '支付配置',
        titleEn: 'Payment channels',
        actions: a('edit'),
      },
      {
        path: '/sysset_setting/order',
        title: '运营配置',
        titleEn: 'Operations',
        actions: a('edit'),
      },
      {
        path: '/sysset_setting/base_set',
        title: '基础设置',
        titleEn: 'Basics',
        actions: a('edit'),
      },
      { path: '/sysset_setting/app_set', title: 'APP配置', titleEn: 'App', actions: a('edit') },
      {
        path: '/sysset_setting/pay_set',
        title: '支付设置',
        titleEn: 'Payment rules',
        actions: a('edit'),
      },
      {
        path: '/sysset_setting/search',
        title: '搜索配置',
        titleEn: 'Search',
        actions: a('add', 'edit', 'delete', ['suggest', '重建联想词']),
      },
      hiddenOf(
        '/sysset_setting/search',
        '/sysset_setting/search_edit',
        '编辑搜索词',
        'Edit search word',
      ),
      {
        path: '/sysset_setting/conversation_set',
        title: '问诊配置',
        titleEn: 'Consultation',
        actions: a('edit'),
      },
      {
        path: '/sysset_setting/prewarning_set',
        title: '预警配置',
        titleEn: 'Warning thresholds',
        actions: a('edit'),
      },
    ],
  },
  {
    path: '/sysset_notice_set',
    title: '通知设置',
    titleEn: 'Notifications',
    icon: 'message',
    pages: [
      {
        path: '/sysset_notice_set/msg_tpl',
        title: '短信模板',
        titleEn: 'SMS templates',
        actions: a('add', 'edit', 'delete', ['test', '测试发送']),
      },
    ],
  },
  {
    path: '/sysset_authority',
    title: '权限管理',
    titleEn: 'Permissions',
    icon: 'safety',
    pages: [
      {
        path: '/sysset_authority/authority_group',
        title: '权限组',
        titleEn: 'Permission groups',
        actions: a('add', 'edit', 'delete'),
      },
      hiddenOf(
        '/sysset_authority/authority_group',
        '/sysset_authority/authority_group_edit',
        '编辑权限组',
        'Edit group',
      ),
      {
        path: '/sysset_authority/authority_member',
        title: '操作员管理',
        titleEn: 'Operators',
        actions: a(
          'add',
          'edit',
          'delete',
          'reveal',
          ['reset', '重置密码'],
          ['session', '会话管理'],
        ),
      },
      hiddenOf(
        '/sysset_authority/authority_member',
        '/sysset_authority/authority_member_edit',
        '编辑操作员',
        'Edit operator',
      ),
      {
        path: '/sysset_authority/operate_log',
        title: '操作日志',
        titleEn: 'Operation log',
        actions: a('export'),
      },
    ],
  },
  {
    path: '/sysset_agreement',
    title: '协议管理',
    titleEn: 'Agreements',
    icon: 'file-text',
    pages: [
      {
        path: '/sysset_agreement/lists',
        title: '协议列表',
        titleEn: 'Agreements',
        actions: a('add', 'edit', 'delete'),
      },
      hiddenOf(
        '/sysset_agreement/lists',
        '/sysset_agreement/lists_edit',
        '编辑协议',
        'Edit agreement',
      ),
    ],
  },
  {
    path: '/manage_product',
    title: '商品设置',
    titleEn: 'Goods settings',
    icon: 'shop',
    pages: [
      {
        path: '/manage_product/goods_setting',
        title: '商品设置',
        titleEn: 'Goods settings',
        actions: a('edit'),
      },
    ],
  },
  {
    path: '/decorate_m',
    title: '移动端装修',
    titleEn: 'Mobile decoration',
    icon: 'layout',
    pages: [
      {
        path: '/decorate_m/lists',
        title: '首页装修',
        titleEn: 'Home pages',
        actions: a('add', 'edit', 'delete', ['publish', '发布']),
      },
      {
        path: '/decorate_m/topic_lists',
        title: '专题装修',
        titleEn: 'Topic pages',
        actions: a('add', 'edit', 'delete', ['publish', '发布']),
      },
      hiddenOf('/decorate_m/lists', '/decorate_m/home_edit', '页面编辑', 'Page builder'),
      {
        path: '/decorate_m/adv',
        title: '广告位',
        titleEn: 'Ad slots',
        actions: a('add', 'edit', 'delete'),
      },
      {
        path: '/decorate_m/video',
        title: '健康视频',
        titleEn: 'Health videos',
        actions: a('add', 'edit', 'delete'),
      },
    ],
  },
  {
    path: '/member_manage',
    title: '会员管理',
    titleEn: 'Members',
    icon: 'team',
    pages: [
      {
        path: '/member_manage/lists',
        title: '会员列表',
        titleEn: 'Members',
        actions: a(
          'add',
          'edit',
          'export',
          'reveal',
          ['freeze', '冻结/解冻'],
          ['points', '调整积分'],
        ),
      },
      hiddenOf('/member_manage/lists', '/member_manage/detail', '会员详情', 'Member detail'),
      {
        path: '/member_manage/grade',
        title: '会员等级',
        titleEn: 'Grades',
        actions: a('add', 'edit', 'delete'),
      },
      {
        path: '/member_manage/grade_log',
        title: '等级变更记录',
        titleEn: 'Grade changes',
        actions: a('export'),
      },
      {
        path: '/member_manage/manage',
        title: '家庭成员管理',
        titleEn: 'Family members',
        actions: a('edit', 'export', 'reveal'),
      },
      {
        path: '/member_manage/logoff',
        title: '注销申请',
        titleEn: 'Log-off requests',
        actions: [{ key: 'audit', title: '审核' }],
      },
      {
        path: '/member_manage/action_log',
        title: '行为日志',
        titleEn: 'Member actions',
        actions: a('export'),
      },
      {
        path: '/member_manage/channel',
        title: '渠道管理',
        titleEn: 'Channels',
        actions: a('add', 'edit', 'delete'),
      },
    ],
  },
  {
    path: '/member_integral',
    title: '积分管理',
    titleEn: 'Points',
    icon: 'gift',
    pages: [
      {
        path: '/member_integral/integral_configuration',
        title: '积分配置',
        titleEn: 'Points rules',
        actions: a('edit'),
      },
      {
        path: '/member_integral/integral_details',
        title: '积分明细',
        titleEn: 'Points ledger',
        actions: a('export'),
      },
    ],
  },
  {
    path: '/member_sign',
    title: '签到与通知',
    titleEn: 'Check-in and notices',
    icon: 'calendar',
    pages: [
      {
        path: '/member_sign/sign',
        title: '签到设置',
        titleEn: 'Daily check-in',
        actions: a('edit', 'export'),
      },
      {
        path: '/member_sign/activity',
        title: '消息通知',
        titleEn: 'Notices',
        actions: a('add', 'edit', 'delete', ['publish', '发布/撤回']),
      },
      hiddenOf('/member_sign/activity', '/member_sign/activitydetail', '新建活动', 'New notice'),
    ],
  },
  {
    path: '/statistics_data',
    title: '数据统计',
    titleEn: 'Statistics',
    icon: 'bar-chart',
    pages: [
      {
        path: '/statistics_data/member',
        title: '会员统计',
        titleEn: 'Members',
        actions: a('export'),
      },
      {
        path: '/statistics_data/device',
        title: '设备统计',
        titleEn: 'Devices',
        actions: a('export'),
      },
      {
        path: '/statistics_data/health',
        title: '健康数据统计',
        titleEn: 'Health data',
        actions: a('export'),
      },
      {
        path: '/statistics_data/mall',
        title: '积分统计',
        titleEn: 'Points and orders',
        actions: a('export'),
      },
    ],
  },
  {
    path: '/marketing_app',
    title: '应用中心',
    titleEn: 'Applications',
    icon: 'appstore',
    pages: [{ path: '/marketing_app/center', title: '应用中心', titleEn: 'Applications' }],
  },
  {
    path: '/report_list',
    title: '报告列表',
    titleEn: 'Reports',
    icon: 'file-search',
    pages: [
      {
        path: '/report_list/ecg',
        title: '心电报告',
        titleEn: 'ECG',
        actions: a('export', ['handle', '处理']),
      },
      {
        path: '/report_list/bp',
        title: '血压报告',
        titleEn: 'Blood pressure',
        actions: a('export', ['handle', '处理']),
      },
      {
        path: '/report_list/bg',
        title: '血糖报告',
        titleEn: 'Glucose',
        actions: a('export', ['handle', '处理']),
      },
      {
        path: '/report_list/chol',
        title: '总胆固醇报告',
        titleEn: 'Total cholesterol',
        actions: a('export', ['handle', '处理']),
      },
      {
        path: '/report_list/ua',
        title: '尿酸报告',
        titleEn: 'Uric acid',
        actions: a('export', ['handle', '处理']),
      },
      {
        path: '/report_list/inspection',
        title: '检验报告',
        titleEn: 'Lab reports',
        actions: a('add', 'edit', 'delete', 'export'),
      },
    ],
  },
  {
    path: '/device_list',
    title: '设备管理',
    titleEn: 'Devices',
    icon: 'mobile',
    pages: [
      {
        path: '/device_list/info',
        title: '设备型号',
        titleEn: 'Models',
        actions: a('add', 'edit', 'delete'),
      },
      {
        path: '/device_list/list',
        title: '设备列表',
        titleEn: 'Devices',
        actions: a('add', 'edit', 'export', ['bind', '绑定/解绑'], ['secret', '重置密钥']),
      },
      {
        path: '/device_list/detail',
        title: '码管理',
        titleEn: 'Codes',
        actions: a('add', 'export', ['void', '作废']),
      },
      {
        path: '/device_list/insert',
        title: '批量导入',
        titleEn: 'Batch import',
        actions: a('add'),
      },
    ],
  },
  {
    path: '/integralmall',
    title: '积分商城',
    titleEn: 'Points mall',
    icon: 'shopping',
    pages: [
      {
        path: '/integralmall/goods',
        title: '商品管理',
        titleEn: 'Goods',
        actions: a('add', 'edit', 'delete', ['shelf', '上架/下架']),
      },
      hiddenOf('/integralmall/goods', '/integralmall/edit', '新增商品', 'Edit goods'),
      {
        path: '/integralmall/package_type',
        title: '套餐类型',
        titleEn: 'Package types',
        actions: a('add', 'edit', 'delete'),
      },
      {
        path: '/integralmall/order',
        title: '订单管理',
        titleEn: 'Orders',
        actions: a('export', 'reveal', ['ship', '发货'], ['cancel', '取消订单']),
      },
      hiddenOf('/integralmall/order', '/integralmall/detail', '订单详情', 'Order detail'),
      {
        path: '/integralmall/deco',
        title: '商城装修',
        titleEn: 'Mall decoration',
        actions: a('edit', ['publish', '发布']),
      },
      hiddenOf(
        '/integralmall/deco',
        '/integralmall/integralmall_edit',
        '商城页面编辑',
        'Mall page builder',
      ),
    ],
  },
  {
    path: '/health_medical_studio',
    title: '医护工作室',
    titleEn: 'Medical studio',
    icon: 'medicine-box',
    pages: [
      {
        path: '/health_medical_studio/doctor_workbench',
        title: '医生工作台',
        titleEn: 'Doctor workbench',
        actions: [
          { key: 'claim', title: '认领' },
          { key: 'publish', title: '发布报告' },
        ],
      },
      {
        path: '/health_medical_studio/assistant-workbench',
        title: '助理工作台',
        titleEn: 'Assistant workbench',
        actions: a('edit'),
      },
      {
        path: '/health_medical_studio/medical_staff_report',
        title: '医护工作量',
        titleEn: 'Staff workload',
        actions: a('export'),
      },
    ],
  },
  {
    path: '/health_tasks',
    title: '健康任务',
    titleEn: 'Health tasks',
    icon: 'schedule',
    pages: [
      {
        path: '/health_tasks/health_assign',
        title: '待分配',
        titleEn: 'To assign',
        actions: a('add', ['assign', '分配']),
      },
      {
        path: '/health_tasks/health_order',
        title: '待预约',
        titleEn: 'To book',
        actions: [{ key: 'book', title: '预约' }],
      },
      {
        path: '/health_tasks/health_alltasks',
        title: '全部任务',
        titleEn: 'All tasks',
        actions: a('edit', 'export', ['cancel', '取消任务']),
      },
    ],
  },
  {
    path: '/health_management',
    title: '健康管理',
    titleEn: 'Health management',
    icon: 'heart',
    pages: [
      {
        path: '/health_management/report',
        title: '健康报告',
        titleEn: 'Reports',
        actions: a('add', 'edit', 'delete', ['publish', '发布']),
      },
      hiddenOf(
        '/health_management/report',
        '/health_management/create-ECG-report',
        '创建心电报告',
        'New ECG report',
      ),
      hiddenOf(
        '/health_management/report',
        '/health_management/create-BP-report',
        '创建血压报告',
        'New BP report',
      ),
      hiddenOf(
        '/health_management/report',
        '/health_management/health-report-preview',
        '报告预览',
        'Report preview',
      ),
      {
        path: '/health_management/health-management-plan',
        title: '健康管理方案',
        titleEn: 'Care plans',
        actions: a('add', 'edit', 'delete'),
      },
      hiddenOf(
        '/health_medical_studio/doctor_workbench',
        '/health_management/doctor-workbench-detail',
        '工作台详情',
        'Workbench detail',
      ),
    ],
  },
  {
    path: '/digital-large-screen',
    title: '数字大屏',
    titleEn: 'Digital large screen',
    icon: 'fund',
    pages: [
      {
        path: '/digital-large-screen',
        title: '数字大屏',
        titleEn: 'Digital large screen',
        newTab: true,
      },
    ],
  },
];

/**
 * settingInit (the top bar's refresh button) reloads the cache of every settings section: an
 * operator may call it when it may edit at least one of them (action `edit` on one of these
 * pages, one per section of settings.ts; a contract test keeps the two lists equal). Kept here,
 * free of schemas, because the shell's top bar reads it.
 */
export const SETTING_INIT_PAGES: readonly string[] = [
  '/sysset_setting/site_info',
  '/sysset_setting/pic_set',
  '/sysset_setting/order',
  '/sysset_setting/base_set',
  '/sysset_setting/app_set',
  '/sysset_setting/pay_set',
  '/sysset_setting/conversation_set',
  '/sysset_setting/prewarning_set',
  '/member_integral/integral_configuration',
  '/member_sign/sign',
];
export const SETTING_INIT_ACTION = 'edit';

/** Separator between a page key and an action. */
export const ACTION_SEPARATOR = ':';

export function actionKey(pagePath: string, action: string): string {
  return `${pagePath}${ACTION_SEPARATOR}${action}`;
}

const pageIndex = new Map<string, { page: PageDef; section: SectionDef }>();
for (const section of CATALOGUE) {
  for (const page of section.pages) pageIndex.set(page.path, { page, section });
}

export function findPage(path: string): PageDef | undefined {
  return pageIndex.get(path)?.page;
}

export function sectionOfPage(path: string): SectionDef | undefined {
  return pageIndex.get(path)?.section;
}

export const ALL_PAGE_PATHS: readonly string[] = [...pageIndex.keys()];

/** Every key a group can hold: each page and each action of each page. */
export const ALL_PERMISSION_KEYS: readonly string[] = CATALOGUE.flatMap((s) =>
  s.pages.flatMap((p) => [p.path, ...(p.actions ?? []).map((x) => actionKey(p.path, x.key))]),
);

const validKeys = new Set(ALL_PERMISSION_KEYS);

/** A permission key as a person reads it: "操作员管理" or "操作员管理·新增" (the key if unknown). */
export function permissionKeyTitle(key: string): string {
  const sep = key.indexOf(ACTION_SEPARATOR);
  const page = findPage(sep < 0 ? key : key.slice(0, sep));
  if (!page) return key;
  if (sep < 0) return page.title;
  const action = key.slice(sep + 1);
  const title = page.actions?.find((x) => x.key === action)?.title ?? action;
  return `${page.title}·${title}`;
}
export function isPermissionKey(key: string): boolean {
  return validKeys.has(key);
}

/**
 * The top-tab key of a front path (spec §2): its first segment, split at the underscore.
 * "/sysset_home/basic" → "sysset"; "/digital-large-screen" → "digital-large-screen".
 */
export function topNavKeyOf(frontPath: string): string {
  const first = frontPath.replace(/^\/+/, '').split('/')[0] ?? '';
  return first.split('_')[0] ?? '';
}

/** The label of a top tab; a key the table does not know has an empty label (spec §2). */
export function topNavLabel(key: string, locale: 'zh-CN' | 'en-US' = 'zh-CN'): string {
  const label = TOP_NAV_LABELS[key];
  if (!label) return '';
  return locale === 'en-US' ? label.titleEn : label.title;
}

/**
 * Normalise a group's granted keys: drop unknown keys, drop actions whose page is not granted,
 * and add the hidden pages that belong to a granted list page.
 */
export function expandGrants(keys: Iterable<string>): Set<string> {
  const granted = new Set<string>();
  for (const key of keys) if (validKeys.has(key)) granted.add(key);
  for (const key of [...granted]) {
    const sep = key.indexOf(ACTION_SEPARATOR);
    if (sep >= 0 && !granted.has(key.slice(0, sep))) granted.delete(key);
  }
  for (const section of CATALOGUE) {
    for (const page of section.pages) {
      if (page.hidden && page.activeMenu && granted.has(page.activeMenu)) granted.add(page.path);
    }
  }
  return granted;
}

export interface ResourceChild {
  frontPath: string;
  title: string;
  hidden: boolean;
  activeMenu?: string;
  actions: string[];
}
export interface Resource {
  frontPath: string;
  title: string;
  children: ResourceChild[];
}

/**
 * The resource list of spec §3 for a set of granted keys: sections in catalogue order, each with
 * its granted pages and, per page, the granted actions. Sections with no granted page are left out.
 */
export function buildResourceTree(grants: ReadonlySet<string>): Resource[] {
  const tree: Resource[] = [];
  for (const section of CATALOGUE) {
    const children: ResourceChild[] = [];
    for (const page of section.pages) {
      if (!grants.has(page.path)) continue;
      const child: ResourceChild = {
        frontPath: page.path,
        title: page.title,
        hidden: page.hidden ?? false,
        actions: (page.actions ?? [])
          .filter((x) => grants.has(actionKey(page.path, x.key)))
          .map((x) => x.key),
      };
      if (page.activeMenu) child.activeMenu = page.activeMenu;
      children.push(child);
    }
    if (children.length > 0) tree.push({ frontPath: section.path, title: section.title, children });
  }
  return tree;
}
