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
};

export const REGISTERED_PATHS: readonly string[] = Object.keys(PAGE_REGISTRY);
