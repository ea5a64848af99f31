import type { ComponentType } from 'react';

/**
 * The pages this build of the web app has, by front path (the catalogue's page keys). The menu,
 * the top tabs and the routes show only pages that are both in the operator's resource list and
 * here: a page not built yet is not in the menu. Adding a page later is one line here (and its
 * entry in the contract catalogue, which it already has).
 *
 * `bare: true` renders the page outside the layout shell (still behind the session and permission
 * checks), e.g. the digital large screen.
 */
export interface PageEntry {
  load: () => Promise<{ default: ComponentType }>;
  bare?: boolean;
}

export const PAGE_REGISTRY: Record<string, PageEntry> = {
  '/member_sign/sign': { load: () => import('../features/sign/pages/SignPage') },
  '/member_sign/activity': { load: () => import('../features/sign/pages/ActivityPage') },
  '/member_sign/activitydetail': {
    load: () => import('../features/sign/pages/ActivityDetailPage'),
  },
  '/sysset_home/basic': { load: () => import('../features/home/pages/OverviewPage') },
  '/sysset_setting/site_info': { load: () => import('../features/system/pages/SiteInfoPage') },
  '/sysset_setting/pic_set': { load: () => import('../features/system/pages/PicSetPage') },
  '/sysset_setting/payment': { load: () => import('../features/system/pages/PaymentPage') },
  '/sysset_setting/order': { load: () => import('../features/system/pages/OrderSetPage') },
  '/sysset_setting/base_set': { load: () => import('../features/system/pages/BaseSetPage') },
  '/sysset_setting/app_set': { load: () => import('../features/system/pages/AppSetPage') },
  '/sysset_setting/pay_set': { load: () => import('../features/system/pages/PaySetPage') },
  '/sysset_setting/search': { load: () => import('../features/system/pages/SearchListPage') },
  '/sysset_setting/search_edit': {
    load: () => import('../features/system/pages/SearchEditPage'),
  },
  '/sysset_notice_set/msg_tpl': {
    load: () => import('../features/system/pages/SmsTemplatePage'),
  },
  '/sysset_agreement/lists': {
    load: () => import('../features/agreement/pages/AgreementListPage'),
  },
  '/sysset_agreement/lists_edit': {
    load: () => import('../features/agreement/pages/AgreementEditPage'),
  },
  '/sysset_setting/conversation_set': {
    load: () => import('../features/system/pages/ConversationSetPage'),
  },
  '/sysset_setting/prewarning_set': {
    load: () => import('../features/system/pages/PrewarningSetPage'),
  },
  '/sysset_authority/authority_group': {
    load: () => import('../features/authority/pages/GroupListPage'),
  },
  '/sysset_authority/authority_group_edit': {
    load: () => import('../features/authority/pages/GroupEditPage'),
  },
  '/sysset_authority/authority_member': {
    load: () => import('../features/authority/pages/MemberListPage'),
  },
  '/sysset_authority/authority_member_edit': {
    load: () => import('../features/authority/pages/MemberEditPage'),
  },
  '/sysset_authority/operate_log': {
    load: () => import('../features/authority/pages/OperateLogPage'),
  },
  '/member_integral/integral_configuration': {
    load: () => import('../features/points/pages/IntegralConfigPage'),
  },
  '/member_integral/integral_details': {
    load: () => import('../features/points/pages/IntegralDetailsPage'),
  },
  '/member_manage/grade': { load: () => import('../features/member/pages/GradePage') },
  '/member_manage/grade_log': { load: () => import('../features/member/pages/GradeLogPage') },
  '/member_manage/channel': { load: () => import('../features/member/pages/ChannelPage') },
  '/member_manage/action_log': { load: () => import('../features/member/pages/ActionLogPage') },
  '/member_manage/logoff': { load: () => import('../features/member/pages/LogoffPage') },
  '/member_manage/lists': { load: () => import('../features/member/pages/MemberListPage') },
  '/member_manage/detail': { load: () => import('../features/member/pages/MemberDetailPage') },
  '/member_manage/manage': { load: () => import('../features/member/pages/FamilyManagePage') },
};

export const REGISTERED_PATHS: readonly string[] = Object.keys(PAGE_REGISTRY);
