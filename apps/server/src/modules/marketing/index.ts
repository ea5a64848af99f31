import type { Area } from '../../platform/area.js';
import { appCenterRoutes } from './apps/routes.js';

/** 应用中心: the platform's apps, each on or off, its number today and its pages. */
export const marketing: Area = {
  name: 'marketing',
  routes: [appCenterRoutes],
};
