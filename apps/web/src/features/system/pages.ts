import { PAGES } from '@health/contract';
import type { PageSlice } from '../../shared/routing/route-handle';

/** The system area's pages. */
export const SYSTEM_PAGES: PageSlice = {
  [PAGES.overview]: { load: () => import('./overview/OverviewPage') },
  [PAGES.siteInfo]: { load: () => import('./settings/SiteInfoPage') },
  [PAGES.picSet]: { load: () => import('./settings/PicSetPage') },
  [PAGES.payments]: { load: () => import('./payments/PaymentPage') },
  [PAGES.orderSet]: { load: () => import('./settings/OrderSetPage') },
  [PAGES.baseSet]: { load: () => import('./settings/BaseSetPage') },
  [PAGES.appSet]: { load: () => import('./settings/AppSetPage') },
  [PAGES.paySet]: { load: () => import('./settings/PaySetPage') },
  [PAGES.searchWords]: { load: () => import('./search-words/SearchListPage') },
  [PAGES.searchWordEdit]: { load: () => import('./search-words/SearchEditPage') },
  [PAGES.smsTemplates]: { load: () => import('./sms-templates/SmsTemplatePage') },
  [PAGES.agreements]: { load: () => import('./agreements/AgreementListPage') },
  [PAGES.agreementEdit]: { load: () => import('./agreements/AgreementEditPage') },
  [PAGES.conversationSet]: { load: () => import('./settings/ConversationSetPage') },
  [PAGES.prewarningSet]: { load: () => import('./settings/PrewarningSetPage') },
};
