import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { findPage } from '@health/contract';
import { useSettingsStore } from '../../shared/stores/settings';
import { usePermissionStore } from '../../shared/stores/permission';
import { useTagsViewStore } from '../../shared/stores/tags-view';
import type { TagView } from '../../shared/tags/tags-view';
import { i18n } from '../../shared/i18n';
import { useRouteTitle } from '../use-route-title';

/** Adds the current page to the tag bar (and the affix pages first) while the tag bar is on. */
export function useVisitTags(): void {
  const location = useLocation();
  const on = useSettingsStore((s) => s.tagsView);
  const routes = usePermissionStore((s) => s.routes);
  const { handle } = useRouteTitle();

  useEffect(() => {
    if (!on) return;
    const affix: TagView[] = routes
      .filter((r) => r.affix && !r.hidden)
      .map((r) => ({
        path: r.path,
        fullPath: r.path,
        title: r.title,
        titleEn: r.titleEn,
        affix: true,
        noCache: r.noCache,
      }));
    useTagsViewStore.getState().initAffix(affix);
  }, [on, routes]);

  useEffect(() => {
    if (!on || !handle?.tag) return;
    const route = routes.find((r) => r.path === location.pathname);
    const page = route ?? findPage(location.pathname);
    const title = page?.title ?? (handle.titleKey ? i18n.t(handle.titleKey, { lng: 'zh-CN' }) : '');
    const titleEn =
      page?.titleEn ?? (handle.titleKey ? i18n.t(handle.titleKey, { lng: 'en-US' }) : title);
    useTagsViewStore.getState().addView({
      path: location.pathname,
      fullPath: `${location.pathname}${location.search}${location.hash}`,
      title,
      titleEn,
      affix: route?.affix ?? false,
      noCache: route?.noCache ?? false,
    });
  }, [on, handle, routes, location.pathname, location.search, location.hash]);
}
