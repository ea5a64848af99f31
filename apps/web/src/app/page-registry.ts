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
};

export const REGISTERED_PATHS: readonly string[] = Object.keys(PAGE_REGISTRY);
