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

/** The areas of the product: one folder each in contract, server and web (ARCHITECTURE.md). */
export const AREAS = [
  'auth',
  'system',
  'authority',
  'member',
  'device',
  'report',
  'health',
  'integralmall',
  'decorate',
  'statistics',
  'marketing',
] as const;
export type Area = (typeof AREAS)[number];
/** `<area>/<entity>`: the same words name the entity's files in contract, server and web. */
export type EntityName = `${Area}/${string}`;

export interface ActionDef {
  key: string;
  title: string;
}

export interface PageDef {
  /** The page's name in `PAGES` (`PAGES.members` is "/member_manage/lists"). */
  name: PageName;
  /** Front path, e.g. "/sysset_home/basic". */
  path: FrontPath;
  title: string;
  titleEn: string;
  /** The entity whose files serve this page; a page without one is not built yet. */
  entity?: EntityName;
  /** Hidden pages are routable and permission-checked but not in the side menu. */
  hidden?: boolean;
  /** For a hidden page: the list page it belongs to; granting that page grants this one. */
  activeMenu?: FrontPath;
  /** Not kept alive in the tag bar's cache (every hidden page). */
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

/** A page as written in the data below: actions are common keys or [key, title] pairs. */
interface PageData {
  name: string;
  path: string;
  title: string;
  titleEn: string;
  entity?: EntityName;
  hidden?: true;
  activeMenu?: string;
  affix?: true;
  newTab?: true;
  actions?: readonly (CommonAction | readonly [string, string])[];
}
interface SectionData {
  path: string;
  title: string;
  titleEn: string;
  icon: string;
  pages: readonly PageData[];
}

/**
 * The catalogue's data, `as const` so that front paths, page names and action keys are types:
 * a front path or an action typed anywhere else is checked by the compiler.
 */
const CATALOGUE_DATA = [
  {
    path: '/sysset_home',
    title: '概况',
    titleEn: 'Overview',
    icon: 'home',
    pages: [
      {
        name: 'overview',
        path: '/sysset_home/basic',
        title: '概况',
        titleEn: 'Overview',
        entity: 'system/overview',
        affix: true,
      },
    ],
  },
  {
    path: '/sysset_setting',
    title: '系统配置',
    titleEn: 'Configuration',
    icon: 'setting',
    pages: [
      {
        name: 'siteInfo',
        path: '/sysset_setting/site_info',
        title: '站点配置',
        titleEn: 'Site',
        entity: 'system/settings',
        actions: ['edit'],
      },
      {
        name: 'picSet',
        path: '/sysset_setting/pic_set',
        title: '图片配置',
        titleEn: 'Images',
        entity: 'system/settings',
        actions: ['edit'],
      },
      {
        name: 'payments',
        path: '/sysset_setting/payment',
        title: '支付配置',
        titleEn: 'Payment channels',
        entity: 'system/payments',
        actions: ['edit'],
      },
      {
        name: 'orderSet',
        path: '/sysset_setting/order',
        title: '运营配置',
        titleEn: 'Operations',
        entity: 'system/settings',
        actions: ['edit'],
      },
      {
        name: 'baseSet',
        path: '/sysset_setting/base_set',
        title: '基础设置',
        titleEn: 'Basics',
        entity: 'system/settings',
        actions: ['edit'],
      },
      {
        name: 'appSet',
        path: '/sysset_setting/app_set',
        title: 'APP配置',
        titleEn: 'App',
        entity: 'system/settings',
        actions: ['edit'],
      },
      {
        name: 'paySet',
        path: '/sysset_setting/pay_set',
        title: '支付设置',
        titleEn: 'Payment rules',
        entity: 'system/settings',
        actions: ['edit'],
      },
      {
        name: 'searchWords',
        path: '/sysset_setting/search',
        title: '搜索配置',
        titleEn: 'Search',
        entity: 'system/search-words',
        actions: ['add', 'edit', 'delete', ['suggest', '重建联想词']],
      },
      {
        name: 'searchWordEdit',
        path: '/sysset_setting/search_edit',
        title: '编辑搜索词',
        titleEn: 'Edit search word',
        entity: 'system/search-words',
        hidden: true,
        activeMenu: '/sysset_setting/search',
      },
      {
        name: 'conversationSet',
        path: '/sysset_setting/conversation_set',
        title: '问诊配置',
        titleEn: 'Consultation',
        entity: 'system/settings',
        actions: ['edit'],
      },
      {
        name: 'prewarningSet',
        path: '/sysset_setting/prewarning_set',
        title: '预警配置',
        titleEn: 'Warning thresholds',
        entity: 'system/settings',
        actions: ['edit', ['rejudge', '重新判定']],
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
        name: 'smsTemplates',
        path: '/sysset_notice_set/msg_tpl',
        title: '短信模板',
        titleEn: 'SMS templates',
        entity: 'system/sms-templates',
        actions: ['add', 'edit', 'delete', ['test', '测试发送']],
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
        name: 'groups',
        path: '/sysset_authority/authority_group',
        title: '权限组',
        titleEn: 'Permission groups',
        entity: 'authority/groups',
        actions: ['add', 'edit', 'delete'],
      },
      {
        name: 'groupEdit',
        path: '/sysset_authority/authority_group_edit',
        title: '编辑权限组',
        titleEn: 'Edit group',
        entity: 'authority/groups',
        hidden: true,
        activeMenu: '/sysset_authority/authority_group',
      },
      {
        name: 'operators',
        path: '/sysset_authority/authority_member',
        title: '操作员管理',
        titleEn: 'Operators',
        entity: 'authority/operators',
        actions: [
          'add',
          'edit',
          'delete',
          'reveal',
          ['reset', '重置密码'],
          ['session', '会话管理'],
        ],
      },
      {
        name: 'operatorEdit',
        path: '/sysset_authority/authority_member_edit',
        title: '编辑操作员',
        titleEn: 'Edit operator',
        entity: 'authority/operators',
        hidden: true,
        activeMenu: '/sysset_authority/authority_member',
      },
      {
        name: 'operateLogs',
        path: '/sysset_authority/operate_log',
        title: '操作日志',
        titleEn: 'Operation log',
        entity: 'authority/operate-logs',
        actions: ['export'],
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
        name: 'agreements',
        path: '/sysset_agreement/lists',
        title: '协议列表',
        titleEn: 'Agreements',
        entity: 'system/agreements',
        actions: ['add', 'edit', 'delete'],
      },
      {
        name: 'agreementEdit',
        path: '/sysset_agreement/lists_edit',
        title: '编辑协议',
        titleEn: 'Edit agreement',
        entity: 'system/agreements',
        hidden: true,
        activeMenu: '/sysset_agreement/lists',
      },
    ],
  },
  {
    path: '/manage_product',
    title: '商品设置',
    titleEn: 'Goods settings',
    icon: 'shop',
    pages: [
      {
        name: 'goodsSetting',
        path: '/manage_product/goods_setting',
        title: '商品设置',
        titleEn: 'Goods settings',
        entity: 'integralmall/goods',
        actions: ['edit'],
      },
    ],
  },
  {
    path: '/decorate_m',
    title: '移动端装修',
    titleEn: 'Mobile pages',
    icon: 'layout',
    pages: [
      {
        name: 'decorateHome',
        path: '/decorate_m/lists',
        entity: 'decorate/pages',
        title: '首页装修',
        titleEn: 'Home pages',
        actions: [
          'add',
          'edit',
          'delete',
          ['publish', '发布'],
          ['rollback', '回滚'],
          ['enable', '启用'],
        ],
      },
      {
        name: 'decorateTopics',
        path: '/decorate_m/topic_lists',
        entity: 'decorate/pages',
        title: '专题装修',
        titleEn: 'Topic pages',
        actions: ['add', 'edit', 'delete', ['publish', '发布'], ['rollback', '回滚']],
      },
      {
        name: 'decoratePageEdit',
        path: '/decorate_m/home_edit',
        entity: 'decorate/pages',
        title: '页面编辑',
        titleEn: 'Page builder',
        hidden: true,
        activeMenu: '/decorate_m/lists',
      },
      {
        name: 'decorateAdverts',
        path: '/decorate_m/adv',
        title: '广告位',
        titleEn: 'Ad slots',
        entity: 'decorate/adverts',
        actions: ['add', 'edit', 'delete'],
      },
      {
        name: 'decorateVideos',
        path: '/decorate_m/video',
        title: '健康视频',
        titleEn: 'Health videos',
        entity: 'decorate/videos',
        actions: ['add', 'edit', 'delete'],
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
        name: 'members',
        path: '/member_manage/lists',
        title: '会员列表',
        titleEn: 'Members',
        entity: 'member/members',
        actions: [
          'add',
          'edit',
          'export',
          'reveal',
          ['freeze', '冻结/解冻'],
          ['points', '调整积分'],
        ],
      },
      {
        name: 'memberDetail',
        path: '/member_manage/detail',
        title: '会员详情',
        titleEn: 'Member detail',
        entity: 'member/members',
        hidden: true,
        activeMenu: '/member_manage/lists',
      },
      {
        name: 'grades',
        path: '/member_manage/grade',
        title: '会员等级',
        titleEn: 'Grades',
        entity: 'member/grades',
        actions: ['add', 'edit', 'delete'],
      },
      {
        name: 'gradeLogs',
        path: '/member_manage/grade_log',
        title: '等级变更记录',
        titleEn: 'Grade changes',
        entity: 'member/grades',
        actions: ['export'],
      },
      {
        name: 'contacts',
        path: '/member_manage/manage',
        title: '家庭成员管理',
        titleEn: 'Family members',
        entity: 'member/contacts',
        actions: ['edit', 'export', 'reveal'],
      },
      {
        name: 'logoffs',
        path: '/member_manage/logoff',
        title: '注销申请',
        titleEn: 'Log-off requests',
        entity: 'member/logoffs',
        actions: [['audit', '审核']],
      },
      {
        name: 'actionLogs',
        path: '/member_manage/action_log',
        title: '行为日志',
        titleEn: 'Member actions',
        entity: 'member/action-logs',
        actions: ['export'],
      },
      {
        name: 'channels',
        path: '/member_manage/channel',
        title: '渠道管理',
        titleEn: 'Channels',
        entity: 'member/channels',
        actions: ['add', 'edit', 'delete'],
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
        name: 'pointsConfig',
        path: '/member_integral/integral_configuration',
        title: '积分配置',
        titleEn: 'Points rules',
        entity: 'member/points',
        actions: ['edit'],
      },
      {
        name: 'pointsLedger',
        path: '/member_integral/integral_details',
        title: '积分明细',
        titleEn: 'Points ledger',
        entity: 'member/points',
        actions: ['export'],
      },
    ],
  },
  {
    path: '/member_sign',
    title: '签到与通知',
    titleEn: 'Engagement',
    icon: 'calendar',
    pages: [
      {
        name: 'signIns',
        path: '/member_sign/sign',
        title: '签到设置',
        titleEn: 'Daily check-in',
        entity: 'member/sign-ins',
        actions: ['edit', 'export'],
      },
      {
        name: 'notices',
        path: '/member_sign/activity',
        title: '消息通知',
        titleEn: 'Notices',
        entity: 'member/notices',
        actions: ['add', 'edit', 'delete', ['publish', '发布/撤回']],
      },
      {
        name: 'noticeEdit',
        path: '/member_sign/activitydetail',
        title: '新建活动',
        titleEn: 'New notice',
        entity: 'member/notices',
        hidden: true,
        activeMenu: '/member_sign/activity',
      },
    ],
  },
  {
    path: '/statistics_data',
    title: '数据统计',
    titleEn: 'Statistics',
    icon: 'bar-chart',
    pages: [
      {
        name: 'statsMembers',
        path: '/statistics_data/member',
        entity: 'statistics/metrics',
        title: '会员统计',
        titleEn: 'Members',
        actions: ['export'],
      },
      {
        name: 'statsDevices',
        path: '/statistics_data/device',
        entity: 'statistics/devices',
        title: '设备统计',
        titleEn: 'Devices',
        actions: ['export'],
      },
      {
        name: 'statsHealth',
        path: '/statistics_data/health',
        entity: 'statistics/metrics',
        title: '健康数据统计',
        titleEn: 'Health data',
        actions: ['export'],
      },
      {
        name: 'statsMall',
        path: '/statistics_data/mall',
        entity: 'statistics/metrics',
        title: '积分统计',
        titleEn: 'Points and orders',
        actions: ['export'],
      },
    ],
  },
  {
    path: '/marketing_app',
    title: '应用中心',
    titleEn: 'Applications',
    icon: 'appstore',
    pages: [
      {
        name: 'appCenter',
        path: '/marketing_app/center',
        entity: 'marketing/apps',
        title: '应用中心',
        titleEn: 'Applications',
      },
    ],
  },
  {
    path: '/report_list',
    title: '报告列表',
    titleEn: 'Reports',
    icon: 'file-search',
    pages: [
      {
        name: 'reportEcg',
        path: '/report_list/ecg',
        title: '心电报告',
        titleEn: 'ECG',
        entity: 'report/measurements',
        actions: ['export', ['handle', '处理']],
      },
      {
        name: 'reportBp',
        path: '/report_list/bp',
        title: '血压报告',
        titleEn: 'Blood pressure',
        entity: 'report/measurements',
        actions: ['export', ['handle', '处理']],
      },
      {
        name: 'reportBg',
        path: '/report_list/bg',
        title: '血糖报告',
        titleEn: 'Glucose',
        entity: 'report/measurements',
        actions: ['export', ['handle', '处理']],
      },
      {
        name: 'reportChol',
        path: '/report_list/chol',
        title: '总胆固醇报告',
        titleEn: 'Total cholesterol',
        entity: 'report/measurements',
        actions: ['export', ['handle', '处理']],
      },
      {
        name: 'reportUa',
        path: '/report_list/ua',
        title: '尿酸报告',
        titleEn: 'Uric acid',
        entity: 'report/measurements',
        actions: ['export', ['handle', '处理']],
      },
      {
        name: 'reportInspection',
        path: '/report_list/inspection',
        title: '检验报告',
        titleEn: 'Lab reports',
        entity: 'report/inspections',
        actions: ['add', 'edit', 'delete', 'export'],
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
        name: 'deviceModels',
        path: '/device_list/info',
        title: '设备型号',
        titleEn: 'Models',
        entity: 'device/models',
        actions: ['add', 'edit', 'delete'],
      },
      {
        name: 'devices',
        path: '/device_list/list',
        title: '设备列表',
        titleEn: 'Devices',
        entity: 'device/devices',
        actions: [
          'add',
          'edit',
          'export',
          ['bind', '绑定/解绑'],
          ['lend', '出借'],
          ['return', '归还/入库'],
          ['fault', '故障/维修'],
          ['scrap', '报废'],
          ['secret', '重置密钥'],
        ],
      },
      {
        name: 'deviceCodes',
        path: '/device_list/detail',
        title: '码管理',
        titleEn: 'Codes',
        entity: 'device/codes',
        actions: ['add', 'export', ['void', '作废']],
      },
      {
        name: 'deviceImport',
        path: '/device_list/insert',
        title: '批量导入',
        titleEn: 'Batch import',
        entity: 'device/imports',
        actions: ['add'],
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
        name: 'goods',
        path: '/integralmall/goods',
        title: '商品管理',
        titleEn: 'Goods',
        entity: 'integralmall/goods',
        actions: ['add', 'edit', 'delete', ['shelf', '上架/下架'], ['review', '审核']],
      },
      {
        name: 'goodsEdit',
        path: '/integralmall/edit',
        title: '新增商品',
        titleEn: 'Edit goods',
        entity: 'integralmall/goods',
        hidden: true,
        activeMenu: '/integralmall/goods',
      },
      {
        name: 'packageTypes',
        path: '/integralmall/package_type',
        title: '套餐类型',
        titleEn: 'Package types',
        entity: 'integralmall/package-types',
        actions: ['add', 'edit', 'delete'],
      },
      {
        name: 'orders',
        path: '/integralmall/order',
        title: '订单管理',
        titleEn: 'Orders',
        entity: 'integralmall/orders',
        actions: [
          'add',
          'export',
          'reveal',
          ['ship', '发货'],
          ['cancel', '取消订单'],
          ['complete', '确认收货'],
        ],
      },
      {
        name: 'orderDetail',
        path: '/integralmall/detail',
        title: '订单详情',
        titleEn: 'Order detail',
        entity: 'integralmall/orders',
        hidden: true,
        activeMenu: '/integralmall/order',
      },
      {
        name: 'mallDecorate',
        path: '/integralmall/deco',
        entity: 'decorate/pages',
        title: '商城装修',
        titleEn: 'Mall decoration',
        actions: [
          'add',
          'edit',
          'delete',
          ['publish', '发布'],
          ['rollback', '回滚'],
          ['enable', '启用'],
        ],
      },
      {
        name: 'mallPageEdit',
        path: '/integralmall/integralmall_edit',
        entity: 'decorate/pages',
        title: '商城页面编辑',
        titleEn: 'Mall page builder',
        hidden: true,
        activeMenu: '/integralmall/deco',
      },
    ],
  },
  {
    path: '/health_medical_studio',
    title: '医护工作室',
    titleEn: 'Medical studio',
    icon: 'medicine-box',
    pages: [
      {
        name: 'doctorWorkbench',
        path: '/health_medical_studio/doctor_workbench',
        title: '医生工作台',
        titleEn: 'Doctor workbench',
        entity: 'health/workbench',
        actions: [
          ['claim', '认领'],
          ['publish', '发布报告'],
        ],
      },
      {
        name: 'assistantWorkbench',
        path: '/health_medical_studio/assistant-workbench',
        title: '助理工作台',
        titleEn: 'Assistant workbench',
        entity: 'health/assistant',
        actions: ['edit'],
      },
      {
        name: 'staffWorkload',
        path: '/health_medical_studio/medical_staff_report',
        title: '医护工作量',
        titleEn: 'Staff workload',
        entity: 'health/workload',
        actions: ['export'],
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
        name: 'taskAssign',
        path: '/health_tasks/health_assign',
        title: '待分配',
        titleEn: 'To assign',
        entity: 'health/tasks',
        actions: ['add', ['assign', '分配']],
      },
      {
        name: 'taskBooking',
        path: '/health_tasks/health_order',
        title: '待预约',
        titleEn: 'To book',
        entity: 'health/tasks',
        actions: [['book', '预约']],
      },
      {
        name: 'tasks',
        path: '/health_tasks/health_alltasks',
        title: '全部任务',
        titleEn: 'All tasks',
        entity: 'health/tasks',
        actions: ['edit', 'export', ['complete', '完成任务'], ['cancel', '取消任务']],
      },
    ],
  },
  {
    path: '/health_management',
    title: '健康管理',
    titleEn: 'Health care',
    icon: 'heart',
    pages: [
      {
        name: 'healthReports',
        path: '/health_management/report',
        title: '健康报告',
        titleEn: 'Reports',
        entity: 'health/reports',
        actions: ['add', 'edit', 'delete', ['publish', '发布']],
      },
      {
        name: 'ecgReportCreate',
        path: '/health_management/create-ECG-report',
        title: '创建心电报告',
        titleEn: 'New ECG report',
        entity: 'health/reports',
        hidden: true,
        activeMenu: '/health_management/report',
      },
      {
        name: 'bpReportCreate',
        path: '/health_management/create-BP-report',
        title: '创建血压报告',
        titleEn: 'New BP report',
        entity: 'health/reports',
        hidden: true,
        activeMenu: '/health_management/report',
      },
      {
        name: 'healthReportPreview',
        path: '/health_management/health-report-preview',
        title: '报告预览',
        titleEn: 'Report preview',
        entity: 'health/reports',
        hidden: true,
        activeMenu: '/health_management/report',
      },
      {
        name: 'healthPlans',
        path: '/health_management/health-management-plan',
        title: '健康管理方案',
        titleEn: 'Care plans',
        entity: 'health/plans',
        actions: ['add', 'edit', 'delete'],
      },
      {
        name: 'doctorWorkbenchDetail',
        path: '/health_management/doctor-workbench-detail',
        title: '工作台详情',
        titleEn: 'Workbench detail',
        entity: 'health/workbench',
        hidden: true,
        activeMenu: '/health_medical_studio/doctor_workbench',
      },
    ],
  },
  {
    path: '/digital-large-screen',
    title: '数字大屏',
    titleEn: 'Digital large screen',
    icon: 'fund',
    pages: [
      {
        name: 'largeScreen',
        path: '/digital-large-screen',
        title: '数字大屏',
        titleEn: 'Digital large screen',
        entity: 'statistics/screen',
        newTab: true,
        actions: [['links', '大屏链接']],
      },
    ],
  },
] as const satisfies readonly SectionData[];

type AnyPageData = (typeof CATALOGUE_DATA)[number]['pages'][number];
/** Every front path of a page ("/member_manage/lists"). */
export type FrontPath = AnyPageData['path'];
/** Every page's name ("members"). */
export type PageName = AnyPageData['name'];
type ActionKeyOf<A> = A extends readonly [infer K, string] ? K : A;
/** The action keys page P declares ("add" | "edit" | ...). */
export type PageAction<P extends FrontPath> = ActionsOf<Extract<AnyPageData, { path: P }>>;
/** Any action key of any page. */
export type AnyPageAction = ActionsOf<AnyPageData>;
/** The action keys of each page of a union, together (distributes over the pages). */
type ActionsOf<D> = D extends { actions: readonly (infer A)[] } ? ActionKeyOf<A> : never;

/** Every page's front path by its name: `PAGES.members` is "/member_manage/lists". */
export const PAGES = Object.fromEntries(
  CATALOGUE_DATA.flatMap((s) => s.pages.map((p) => [p.name, p.path])),
) as { readonly [N in PageName]: Extract<AnyPageData, { name: N }>['path'] };

/** Every section and page the product plans, built or not (the data above, typed). */
export const PLANNED_CATALOGUE: SectionDef[] = CATALOGUE_DATA.map((s) => ({
  path: s.path,
  title: s.title,
  titleEn: s.titleEn,
  icon: s.icon,
  pages: s.pages.map((p: PageData): PageDef => {
    const page: PageDef = {
      name: p.name as PageName,
      path: p.path as FrontPath,
      title: p.title,
      titleEn: p.titleEn,
    };
    if (p.entity) page.entity = p.entity;
    if (p.hidden) Object.assign(page, { hidden: true, noCache: true });
    if (p.activeMenu) page.activeMenu = p.activeMenu as FrontPath;
    if (p.affix) page.affix = true;
    if (p.newTab) page.newTab = true;
    if (p.actions) {
      page.actions = p.actions.map((x) =>
        typeof x === 'string' ? { key: x, title: COMMON_ACTIONS[x] } : { key: x[0], title: x[1] },
      );
    }
    return page;
  }),
}));

/**
 * The catalogue of what this build offers: the built pages only (a page is built once its area
 * has landed and its data names the `entity` that serves it), and the sections that have one.
 * Resources, permission keys, the group editor's tree and the web's routes all come from it, so a
 * page of an area still to come is offered nowhere; an area lands by naming its pages' entities.
 */
export const CATALOGUE: SectionDef[] = PLANNED_CATALOGUE.map((s) => ({
  ...s,
  pages: s.pages.filter((p) => p.entity !== undefined),
})).filter((s) => s.pages.length > 0);

/**
 * settingInit (the top bar's refresh button) reloads the cache of every settings section: an
 * operator may call it when it may edit at least one of them (action `edit` on one of these
 * pages, one per section of settings.ts; a contract test keeps the two lists equal). Kept here,
 * free of schemas, because the shell's top bar reads it.
 */
export const SETTING_INIT_PAGES: readonly FrontPath[] = [
  PAGES.siteInfo,
  PAGES.picSet,
  PAGES.orderSet,
  PAGES.baseSet,
  PAGES.appSet,
  PAGES.paySet,
  PAGES.conversationSet,
  PAGES.prewarningSet,
  PAGES.pointsConfig,
  PAGES.signIns,
  PAGES.goodsSetting,
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
