import { PAGES } from '@health/contract';
import type { PageSlice } from '../../shared/routing/route-handle';

/** The device centre's pages. */
export const DEVICE_PAGES: PageSlice = {
  [PAGES.deviceModels]: { load: () => import('./models/DeviceModelPage') },
  [PAGES.devices]: { load: () => import('./devices/DeviceListPage') },
};
