import type { Area } from '../../platform/area.js';
import { seedAdverts, storeAdvertImages } from './adverts/demo.js';
import { advertRoutes } from './adverts/routes.js';
import { DECORATE_AUDIT_LABELS } from './audit-labels.js';
import { linkTargetRoutes } from './link-targets/routes.js';
import { seedPages } from './pages/demo.js';
import { publicPageCache } from './pages/public-cache.js';
import { decoratePageRoutes } from './pages/routes.js';
import { DecoratePageService, PAGE_PUBLISH_JOB } from './pages/service.js';
import { seedVideos, storeVideoMedia } from './videos/demo.js';
import { videoRoutes } from './videos/routes.js';

/**
 * 装修: the member app's pages built from components (home pages, topics, the mall's home) with
 * drafts, versions and preview links; ad slots; health videos; and the public API the app reads.
 */
export const decorate: Area = {
  name: 'decorate',
  routes: [linkTargetRoutes, advertRoutes, decoratePageRoutes, videoRoutes],
  audit: DECORATE_AUDIT_LABELS,
  jobs: (ctx) => {
    const pages = new DecoratePageService(ctx);
    return {
      [PAGE_PUBLISH_JOB]: async (job) => {
        await pages.publishScheduled(job.refId);
        publicPageCache(ctx).clear();
      },
    };
  },
  demo: async (db, demo) => {
    await seedAdverts(db, demo);
    await seedVideos(db, demo);
  },
  demoThroughApi: async (_app, ctx) => {
    await storeAdvertImages(ctx);
    await storeVideoMedia(ctx);
    // After the slots' and videos' files: the pages show them.
    await seedPages(ctx);
  },
};
