import {
  CATALOGUE,
  findPage,
  topNavKeyOf,
  TOP_NAV_LABELS,
  type Resource,
  type SectionDef,
} from '@health/contract';

export { allowedPathsOf, postLoginTarget } from './login-target';

/**
 * Permission → routes (spec §2, §6), pure: the operator's resource list from login, intersected
 * with the pages this build of the web app has (the page registry), gives the route table, the
 * top tabs and the side menu of each tab. A page not built yet is in none of them.
 */

export interface AppRoute {
  /** Front path, e.g. "/sysset_home/basic". */
  path: string;
  title: string;
  titleEn: string;
  /** Routable but not in the side menu. */
  hidden: boolean;
  /** The menu entry highlighted while this (hidden) page is open. */
  activeMenu?: string;
  /** Not kept alive by the tag bar. */
  noCache: boolean;
  /** Pinned tag. */
  affix: boolean;
  /** Opened in a new browser tab (digital large screen). */
  newTab: boolean;
  /** Actions (buttons) the operator holds on this page. */
  actions: string[];
  /** Front path of the menu group (resource) the page belongs to. */
  sectionPath: string;
  /** Top tab key (first segment split at "_"). */
  topKey: string;
}

export interface MenuItem {
  path: string;
  title: string;
  titleEn: string;
  newTab: boolean;
}

export interface MenuGroup {
  /** Front path of the group, e.g. "/sysset_setting". */
  path: string;
  title: string;
  titleEn: string;
  /** Icon name from the catalogue ("setting", "team", ...). */
  icon: string;
  /** Visible (not hidden) pages of the group, in resource order. */
  children: MenuItem[];
}

export interface TopNavItem {
  key: string;
  /** Label of spec §2's table; a key the table does not know has an empty label. */
  title: string;
  titleEn: string;
  /** Front path of the tab's first visible page. */
  path: string;
  newTab: boolean;
}

export interface PermissionData {
  routes: AppRoute[];
  topNav: TopNavItem[];
  /** Side menu of each top tab key. */
  menus: Record<string, MenuGroup[]>;
}

const sectionIndex = new Map<string, SectionDef>(CATALOGUE.map((s) => [s.path, s]));

export function generatePermission(
  resources: readonly Resource[],
  registered: ReadonlySet<string>,
): PermissionData {
  const routes: AppRoute[] = [];
  const menus: Record<string, MenuGroup[]> = {};
  const topNav: TopNavItem[] = [];
  const tabIndex = new Map<string, TopNavItem>();
  const seen = new Set<string>();

  for (const resource of resources) {
    const topKey = topNavKeyOf(resource.frontPath);
    const section = sectionIndex.get(resource.frontPath);
    const group: MenuGroup = {
      path: resource.frontPath,
      title: resource.title || section?.title || '',
      titleEn: section?.titleEn ?? resource.title,
      icon: section?.icon ?? 'appstore',
      children: [],
    };
    const groupRoutes: AppRoute[] = [];
    for (const child of resource.children) {
      if (!registered.has(child.frontPath) || seen.has(child.frontPath)) continue;
      seen.add(child.frontPath);
      const page = findPage(child.frontPath);
      const route: AppRoute = {
        path: child.frontPath,
        title: child.title || page?.title || '',
        titleEn: page?.titleEn ?? child.title,
        hidden: child.hidden || page?.hidden === true,
        noCache: page?.noCache === true,
        affix: page?.affix === true,
        newTab: page?.newTab === true,
        actions: [...child.actions],
        sectionPath: resource.frontPath,
        topKey,
      };
      const activeMenu = child.activeMenu ?? page?.activeMenu;
      if (activeMenu) route.activeMenu = activeMenu;
      groupRoutes.push(route);
      if (!route.hidden) {
        group.children.push({
          path: route.path,
          title: route.title,
          titleEn: route.titleEn,
          newTab: route.newTab,
        });
      }
    }
    if (groupRoutes.length === 0) continue;
    routes.push(...groupRoutes);
    if (group.children.length > 0) (menus[topKey] ??= []).push(group);

    if (!tabIndex.has(topKey)) {
      const label = TOP_NAV_LABELS[topKey];
      const tab: TopNavItem = {
        key: topKey,
        title: label?.title ?? '',
        titleEn: label?.titleEn ?? '',
        path: '',
        newTab: false,
      };
      tabIndex.set(topKey, tab);
      topNav.push(tab);
    }
  }
  // Each tab links to its first visible page (or its first page when all are hidden).
  for (const tab of topNav) {
    const target = menus[tab.key]?.[0]?.children[0] ?? routes.find((r) => r.topKey === tab.key);
    tab.path = target?.path ?? '';
    tab.newTab = target?.newTab ?? false;
  }
  return { routes, topNav, menus };
}

export function findRoute(data: PermissionData, path: string): AppRoute | undefined {
  return data.routes.find((r) => r.path === path);
}

/** The menu entry to highlight for a path: its activeMenu when hidden, else itself. */
export function activeMenuOf(data: PermissionData, path: string): string {
  const route = findRoute(data, path);
  return route?.activeMenu ?? path;
}

/** The top tab of a path: the first segment of its menu entry, split at "_". */
export function topKeyOfPath(data: PermissionData, path: string): string {
  return topNavKeyOf(activeMenuOf(data, path));
}

/**
 * The root's target (spec §2): the stored landing path when there is one and it may be opened,
 * else the first page of the first top section, else "" (nothing to open).
 */
export function chooseLanding(stored: string | null | undefined, data: PermissionData): string {
  if (stored && data.routes.some((r) => r.path === stored && !r.newTab)) return stored;
  const first = data.topNav.find((t) => !t.newTab && t.path);
  return first?.path ?? '';
}
