import { Activity, useRef, type ReactNode } from 'react';
import { useLocation, useOutlet } from 'react-router';
import { LockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSettingsStore } from '../../shared/stores/settings';
import { usePermissionStore } from '../../shared/stores/permission';
import { useTagsViewStore } from '../../shared/stores/tags-view';
import { useUserStore } from '../../shared/stores/user';
import { useRouteTitle } from '../use-route-title';

/**
 * The main area. With the tag bar on, visited pages that are not noCache stay alive: their element
 * stays mounted inside a hidden <Activity> (state kept, effects paused) and comes back as it was.
 * Closing a tag or Refresh drops it. With the tag bar off, only the current page is mounted.
 */
export function AppMain() {
  const { t } = useTranslation();
  const outlet = useOutlet();
  // Until the first password is changed the server answers nothing but the change (268): the
  // page is not rendered (its queries would only be refused) and the forced dialog is on top.
  const firstChangePending = useUserStore(
    (s) => !!s.info?.need_change_pwd && s.info.need_change_type === 'first',
  );
  const { pathname } = useLocation();
  const tagsOn = useSettingsStore((s) => s.tagsView);
  const cachedViews = useTagsViewStore((s) => s.cachedViews);
  const route = usePermissionStore((s) => s.routes.find((r) => r.path === pathname));
  const { title, handle } = useRouteTitle();
  const kept = useRef(new Map<string, ReactNode>());

  const cacheable = tagsOn && !!route && !route.noCache;
  const map = kept.current;
  if (!tagsOn) map.clear();
  for (const key of [...map.keys()]) {
    if (key !== pathname && !cachedViews.includes(key)) map.delete(key);
  }
  if (cacheable) map.set(pathname, outlet);

  if (firstChangePending) {
    return (
      <main className="app-main" id="main-content">
        {/* Plain markup, not antd's Result: that would add its status illustrations to every
            first load for a notice each operator sees once. */}
        <div className="first-change-pending" role="status">
          <LockOutlined className="first-change-pending-icon" />
          <h2>{t('password.forcedFirst')}</h2>
          <p>{t('password.firstPending')}</p>
        </div>
      </main>
    );
  }

  return (
    <main className="app-main" id="main-content">
      {title && handle?.tag !== false && (
        <div className="page-head">
          <h1 className="page-title">{title}</h1>
        </div>
      )}
      <div className="page-body">
        {[...map.entries()].map(([key, element]) => (
          <Activity key={key} mode={key === pathname ? 'visible' : 'hidden'}>
            {element}
          </Activity>
        ))}
        {!cacheable && <div key={`live:${pathname}`}>{outlet}</div>}
      </div>
    </main>
  );
}
