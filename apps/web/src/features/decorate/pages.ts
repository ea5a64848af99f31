import { PAGES } from '@health/contract';
import type { PageSlice } from '../../shared/routing/route-handle';

/** 装修's pages (and 积分商城's 商城装修, the same builder). */
export const DECORATE_PAGES: PageSlice = {
  [PAGES.decorateHome]: { load: () => import('./pages/PageListPage') },
  [PAGES.decorateTopics]: { load: () => import('./pages/PageListPage') },
  [PAGES.decoratePageEdit]: { load: () => import('./pages/PageBuilderPage') },
  [PAGES.mallDecorate]: { load: () => import('./pages/PageListPage') },
  [PAGES.mallPageEdit]: { load: () => import('./pages/PageBuilderPage') },
  [PAGES.decorateAdverts]: { load: () => import('./adverts/AdvertListPage') },
  [PAGES.decorateVideos]: { load: () => import('./videos/VideoListPage') },
};
