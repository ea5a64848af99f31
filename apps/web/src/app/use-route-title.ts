import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { localTitle } from '../shared/i18n';
import { usePermissionStore } from '../shared/stores/permission';
import { useRouteHandle, type RouteHandle } from '../shared/routing/route-handle';
import { usePageTitleOf } from '../shared/routing/page-title';

/**
 * The deepest matched route's handle and its title in the current language: the page's own title
 * when it gave one (usePageTitle), else the route's.
 */
export function useRouteTitle(): { title: string; handle: RouteHandle | undefined } {
  const { t, i18n } = useTranslation();
  const routes = usePermissionStore((s) => s.routes);
  const handle = useRouteHandle();
  const own = usePageTitleOf(useLocation().pathname);
  if (!handle) return { title: '', handle };
  if (own) return { title: own, handle };
  if (handle.titleKey) return { title: t(handle.titleKey), handle };
  if (handle.frontPath) {
    const item = routes.find((r) => r.path === handle.frontPath) ?? handle.page;
    return { title: item ? localTitle(item, i18n.language) : '', handle };
  }
  return { title: '', handle };
}
